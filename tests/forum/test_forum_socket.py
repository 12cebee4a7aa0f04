"""A reply reaches the topic's author on the real ASGI application: their open pages'
``/ws/me/`` hears ``forum_reply`` once the reply commits; their own replies, and a blocked
player's, are not told. Every open page of a topic (``/ws/forum/<id>/``) hears each reply, edit,
removal and new title as it commits; a team's topic is heard by its members only."""

import pytest
from channels.db import database_sync_to_async
from django.utils import translation

from accounts.services import preferences_update
from community.services import block
from forum.categories import team_slug
from forum.edges.consumers import CLOSE_FORBIDDEN
from forum.schemas import TopicChange
from forum.services import post_edit, post_remove, post_reply, topic_change, topic_delete
from games.edges.consumers import CLOSE_NOT_FOUND
from teams.services import team_leave, team_remove
from tests.factories import make_moderator, make_user
from tests.forum.conftest import start
from tests.games.conftest import ws  # noqa: F401 (a fixture)
from tests.games.test_consumers import connect, next_of_type
from tests.teams.conftest import make_team


@pytest.mark.django_db(transaction=True)
async def test_the_topics_author_hears_of_a_reply(ws) -> None:  # noqa: F811
    ann, bob, cy = [await database_sync_to_async(make_user)(name) for name in ("ann", "bob", "cy")]
    topic = await database_sync_to_async(start)(ann)
    await database_sync_to_async(block)(user=ann, other=cy)
    anns, _ = await connect(ws, "/ws/me/", ann)
    for writer, text in ((ann, "Mine"), (cy, "Blocked"), (bob, "An answer")):
        await database_sync_to_async(post_reply)(user=writer, topic_id=topic.public_id, text=text)
    told = await next_of_type(anns, "forum_reply")
    assert told == {
        "type": "forum_reply",
        "topic": topic.public_id,
        "title": "Knights in Chesskers",
        "from": "bob",
        "url": f"/forum/general/{topic.public_id}/#p4",
    }


async def moderator():
    return await database_sync_to_async(make_moderator)("mod")


async def refused(ws, path: str, user=None) -> tuple[dict, int]:  # noqa: F811
    """Connects to ``path``; returns the error the socket is told and the code it closes with."""
    comm = await ws(path, user)
    assert (await comm.connect())[0]
    said = await comm.receive_json_from(timeout=5)
    closed = await comm.receive_output(timeout=5)
    assert closed["type"] == "websocket.close"
    return said, closed["code"]


@pytest.mark.django_db(transaction=True)
async def test_a_topics_open_pages_hear_each_change_as_it_commits(ws) -> None:  # noqa: F811
    ann, bob = [await database_sync_to_async(make_user)(name) for name in ("ann", "bob")]
    topic = await database_sync_to_async(start)(ann)
    path = f"/ws/forum/{topic.public_id}/"
    reader, heard = await connect(ws, path)  # signed out: the site's forums are anyone's to read
    assert heard == {
        "type": "topic",
        "topic": topic.public_id,
        "title": "Knights in Chesskers",
        "posts": 1,
    }
    author, _ = await connect(ws, path, ann)
    post = await database_sync_to_async(post_reply)(
        user=bob, topic_id=topic.public_id, text="Both ways."
    )
    await database_sync_to_async(post_edit)(user=bob, post_id=post.pk, text="Both ways, yes.")
    await database_sync_to_async(post_remove)(user=bob, post_id=post.pk)
    title = TopicChange(title="Sweeping knights")
    await database_sync_to_async(topic_change)(user=ann, topic_id=topic.public_id, change=title)
    told = [
        {"type": "post", "number": 2},
        {"type": "edited", "number": 2},
        {"type": "removed", "number": 2},
        {"type": "title", "title": "Sweeping knights"},
    ]
    for page in (reader, author):
        assert [await page.receive_json_from(timeout=5) for _ in told] == told
    # A page that reconnected asks again: the topic as it is now.
    await reader.send_json_to({"type": "sync"})
    again = await next_of_type(reader, "topic")
    assert (again["title"], again["posts"]) == ("Sweeping knights", 2)


@pytest.mark.django_db(transaction=True)
async def test_a_topics_open_pages_hear_it_closed_pinned_and_deleted(ws) -> None:  # noqa: F811
    ann, mod = await database_sync_to_async(make_user)("ann"), await moderator()
    topic = await database_sync_to_async(start)(ann)
    reader, _ = await connect(ws, f"/ws/forum/{topic.public_id}/")
    for change in (
        TopicChange(closed=True),
        TopicChange(closed=True),  # closed already: nothing to tell
        TopicChange(sticky=True),
        TopicChange(sticky=True),  # pinned already: nothing to tell
        TopicChange(closed=False, sticky=False),
    ):
        await database_sync_to_async(topic_change)(
            user=mod, topic_id=topic.public_id, change=change
        )
    await database_sync_to_async(topic_delete)(user=mod, topic_id=topic.public_id)
    told = [
        {"type": "closed", "closed": True},
        {"type": "pinned", "pinned": True},
        {"type": "closed", "closed": False},
        {"type": "pinned", "pinned": False},
        {"type": "deleted", "forum": "/forum/general/"},
    ]
    assert [await reader.receive_json_from(timeout=5) for _ in told] == told


@pytest.mark.django_db(transaction=True)
async def test_a_teams_topic_is_heard_by_its_members_only(ws) -> None:  # noqa: F811
    lead, ann, bob = [
        await database_sync_to_async(make_user)(name) for name in ("lead", "ann", "bob")
    ]
    team = await database_sync_to_async(make_team)(lead, [ann])
    topic = await database_sync_to_async(start)(ann, team_slug(team.public_id), "Friday's match")
    path = f"/ws/forum/{topic.public_id}/"
    for stranger in (bob, None):
        said, code = await refused(ws, path, stranger)
        assert said["error"] == "Only the team's members read its forum."
        assert (said["code"], code) == ("forbidden", CLOSE_FORBIDDEN)
    member, heard = await connect(ws, path, ann)
    assert (heard["type"], heard["posts"]) == ("topic", 1)
    await database_sync_to_async(post_reply)(user=lead, topic_id=topic.public_id, text="Me.")
    assert await member.receive_json_from(timeout=5) == {"type": "post", "number": 2}
    # Out of the team, the member's page is refused at once, unasked, and the socket closed.
    await database_sync_to_async(team_leave)(public_id=team.public_id, user=ann)
    said = await member.receive_json_from(timeout=5)
    assert (said["code"], said["error"]) == ("forbidden", "Only the team's members read its forum.")
    closed = await member.receive_output(timeout=5)
    assert (closed["type"], closed["code"]) == ("websocket.close", CLOSE_FORBIDDEN)
    said, code = await refused(ws, "/ws/forum/nosuchtopic/")
    assert (said["code"], code) == ("not_found", CLOSE_NOT_FOUND)


@pytest.mark.django_db(transaction=True)
async def test_a_member_taken_out_of_a_team_stops_hearing_its_topics_only(ws) -> None:  # noqa: F811
    lead, cy = [await database_sync_to_async(make_user)(name) for name in ("lead", "cy")]
    mod = await moderator()
    team = await database_sync_to_async(make_team)(lead, [cy, mod])
    own = await database_sync_to_async(start)(lead, team_slug(team.public_id), "Friday's match")
    site = await database_sync_to_async(start)(lead)
    await database_sync_to_async(preferences_update)(user=cy, changes={"language": "ru"})
    cys_team, _ = await connect(ws, f"/ws/forum/{own.public_id}/", cy)
    cys_site, _ = await connect(ws, f"/ws/forum/{site.public_id}/", cy)
    mods_team, _ = await connect(ws, f"/ws/forum/{own.public_id}/", mod)
    for member in (cy, mod):
        await database_sync_to_async(team_remove)(
            public_id=team.public_id, leader=lead, username=member.username
        )
    # Cy's page of the team's topic is told why, in Cy's language, and closed.
    said = await cys_team.receive_json_from(timeout=5)
    assert said["code"] == "forbidden"
    with translation.override("ru"):
        assert said["error"] == translation.gettext("Only the team's members read its forum.")
    assert said["error"] != "Only the team's members read its forum."
    closed = await cys_team.receive_output(timeout=5)
    assert (closed["type"], closed["code"]) == ("websocket.close", CLOSE_FORBIDDEN)
    # The site's topic stays Cy's, and a moderator still reads the team's.
    for text, topic in (("For all.", site), ("For the team.", own)):
        await database_sync_to_async(post_reply)(user=lead, topic_id=topic.public_id, text=text)
    assert await cys_site.receive_json_from(timeout=5) == {"type": "post", "number": 2}
    assert await mods_team.receive_json_from(timeout=5) == {"type": "post", "number": 2}
