"""A study's socket on the real ASGI application: everyone who may see the study hears each change
as it commits — a move, the chapters, the study renamed — whoever made it; a study made private
closes the sockets of those who may no longer see it; a contributor taken off a private study is
closed too; a private or unknown study is refused on connect."""

import pytest
from channels.db import database_sync_to_async

from games.edges.consumers import CLOSE_NOT_FOUND
from studies import services
from studies.models import Study
from tests.factories import make_user
from tests.games.conftest import ws  # noqa: F401 (a fixture)

pytestmark = pytest.mark.django_db(transaction=True)


def made(owner_name: str, visibility: str = "public") -> tuple[Study, dict]:
    owner = make_user(owner_name)
    study = services.study_create(owner.pk, {"name": "Lines", "visibility": visibility})
    return study, {"owner": owner, "chapter": study.chapters.get().public_id}


async def joined(comm) -> None:
    """Connects and waits until the socket hears the study."""
    assert (await comm.connect())[0]
    assert await comm.receive_json_from(timeout=5) == {"type": "joined"}


async def next_of(comm, kind: str) -> dict:
    while True:
        message = await comm.receive_json_from(timeout=5)
        if message["type"] == kind:
            return message


async def test_every_open_page_hears_each_change_as_it_commits(ws) -> None:  # noqa: F811
    study, parts = await database_sync_to_async(made)("alice")
    path = f"/ws/studies/{study.public_id}/"
    visitor = await ws(path)
    await joined(visitor)
    owner = await ws(path, parts["owner"])
    await joined(owner)
    answer = await database_sync_to_async(services.chapter_change)(
        parts["owner"].pk,
        study.public_id,
        parts["chapter"],
        {"op": "play", "node": "0", "move": "e4"},
    )
    for comm in (visitor, owner):
        heard = await next_of(comm, "change")
        assert heard == {"type": "change", "chapter": parts["chapter"], **answer}
    await database_sync_to_async(services.chapter_create)(
        parts["owner"].pk, study.public_id, {"name": "Second", "variant": "russian"}
    )
    chapters = (await next_of(visitor, "chapters"))["chapters"]
    assert [(c["name"], c["variant"]) for c in chapters] == [
        ("Chapter 1", "chesskers"),
        ("Second", "russian"),
    ]
    await database_sync_to_async(services.study_update)(
        parts["owner"].pk, study.public_id, {"name": "Renamed"}
    )
    assert (await next_of(visitor, "study"))["name"] == "Renamed"


async def test_a_study_made_private_closes_the_pages_of_those_who_may_not_see_it(ws) -> None:  # noqa: F811
    study, parts = await database_sync_to_async(made)("alice")
    bob = await database_sync_to_async(make_user)("bob")
    await database_sync_to_async(services.member_add)(parts["owner"].pk, study.public_id, "bob")
    path = f"/ws/studies/{study.public_id}/"
    visitor, member = await ws(path), await ws(path, bob)
    await joined(visitor)
    await joined(member)
    await database_sync_to_async(services.study_update)(
        parts["owner"].pk, study.public_id, {"visibility": "private"}
    )
    assert (await next_of(visitor, "gone"))["reason"] == "This study is private."
    assert (await visitor.receive_output(timeout=5))["type"] == "websocket.close"
    assert (await next_of(member, "study"))["visibility"] == "private"
    # Taken off the private study, the contributor's page is closed too.
    await database_sync_to_async(services.member_remove)(parts["owner"].pk, study.public_id, "bob")
    assert (await next_of(member, "members"))["removed"] == "bob"
    assert (await next_of(member, "gone"))["type"] == "gone"
    # Connecting again: refused, as if there were no such study.
    again = await ws(path, bob)
    assert (await again.connect())[0]
    refused = await again.receive_json_from(timeout=5)
    assert refused["error"] == f"There is no study {study.public_id}."
    closed = await again.receive_output(timeout=5)
    assert (closed["type"], closed["code"]) == ("websocket.close", CLOSE_NOT_FOUND)


async def test_a_deleted_study_is_told_gone(ws) -> None:  # noqa: F811
    study, parts = await database_sync_to_async(made)("alice")
    page = await ws(f"/ws/studies/{study.public_id}/")
    await joined(page)
    await database_sync_to_async(services.study_delete)(parts["owner"].pk, study.public_id)
    assert (await next_of(page, "gone"))["type"] == "gone"
    unknown = await ws("/ws/studies/nosuchstudy/")
    assert (await unknown.connect())[0]
    assert (await unknown.receive_json_from(timeout=5))["code"] == "not_found"
