"""Notices, as docs/site.md "Notices" promises: a reply to a player's forum topic, a team's
answer to their ask and a moderator acting on their report (not dismissing it) are kept for
them, the newest 100; the bell and the menu count the unread on every page; the notices page
lists them and reads them; the API gives them (held against the schema) and marks them read;
closing an account forgets them."""

import io
import json
import zipfile

import pytest
from django.test import Client

from community.models import MAX_NOTICES, Notice
from community.notices import notify, unread_notices
from community.services import dismiss, report_create, warn
from forum.services import post_reply
from players.closing import close_account
from players.mydata import data_archive
from teams.services import team_answer, team_join
from tests.factories import api_client, make_moderator, make_user
from tests.forum.conftest import start
from tests.games.test_openapi import SchemaChecked
from tests.teams.conftest import make_team
from tests.tournaments.conftest import make_tournament

pytestmark = pytest.mark.django_db


def kinds(user) -> list[tuple[str, dict]]:
    return list(Notice.objects.filter(user=user).order_by("id").values_list("kind", "data"))


def test_what_happens_to_a_player_is_kept_for_them(alice, bob) -> None:
    topic = start(alice)
    post_reply(user=alice, topic_id=topic.public_id, text="My own: no notice")
    post_reply(user=bob, topic_id=topic.public_id, text="An answer")
    team = make_team(make_user("lead"), open=False)
    team_join(public_id=team.public_id, user=alice, text="Let me in")
    team_answer(
        public_id=team.public_id, leader=team.memberships.get().user, username="alice", accept=True
    )
    mod, cy = make_moderator("mod"), make_user("cy")
    acted = report_create(reporter=alice, user=cy, reason="abuse", text="Rude")
    warn(moderator=mod, user=cy, note="Be kind.", report=acted)
    dismissed = report_create(reporter=alice, user=bob, reason="spam", game="")
    dismiss(moderator=mod, report=dismissed)
    assert kinds(alice) == [
        (
            "forum_reply",
            {
                "topic": topic.public_id,
                "title": "Knights in Chesskers",
                "from": "bob",
                "url": f"/forum/general/{topic.public_id}/#p3",
            },
        ),
        ("team_answer", {"team": team.public_id, "name": "Knights of Kyiv", "accepted": True}),
        ("report_acted", {"username": "cy"}),
    ]
    assert unread_notices(alice.pk) == 3 and kinds(bob) == []


def test_a_player_keeps_the_newest_notices(alice) -> None:
    for n in range(MAX_NOTICES + 5):
        notify(alice.pk, "report_acted", {"username": f"p{n}"})
    kept = [data["username"] for _kind, data in kinds(alice)]
    assert kept == [f"p{n}" for n in range(5, MAX_NOTICES + 5)]


def test_the_bell_counts_them_and_the_page_reads_them(alice, bob) -> None:
    topic = start(alice, title="Sweeping <b>knights</b>")
    post_reply(user=bob, topic_id=topic.public_id, text="Both legs")
    web = Client()
    web.force_login(alice)
    home = web.get("/").content.decode()
    assert "data-notice-count>1</span>" in home
    page = web.get("/notices/").content.decode()
    assert "bob replied to your topic “Sweeping &lt;b&gt;knights&lt;/b&gt;”." in page
    assert f'href="/forum/general/{topic.public_id}/#p2"' in page and "is-unread" in page
    assert unread_notices(alice.pk) == 0
    assert "is-unread" not in web.get("/notices/").content.decode()
    assert "data-notice-count hidden>" in web.get("/").content.decode()
    assert Client().get("/notices/").status_code == 302  # to log in


def test_the_api_gives_them_and_marks_them_read(alice, bob) -> None:
    topic = start(alice)
    post_reply(user=bob, topic_id=topic.public_id, text="An answer")
    checked = SchemaChecked()
    given = checked(api_client(alice), "get", "/api/notices/", "/api/notices/", 200)
    assert (given["unread"], [n["kind"] for n in given["notices"]]) == (1, ["forum_reply"])
    assert given["notices"][0]["read"] is False
    checked(api_client(alice), "post", "/api/notices/read/", "/api/notices/read/", 204)
    assert checked(api_client(alice), "get", "/api/notices/", "/api/notices/", 200)["unread"] == 0
    assert api_client().get("/api/notices/").status_code == 401
    assert checked.problems == []


def test_closing_an_account_forgets_its_notices(alice) -> None:
    notify(alice.pk, "report_acted", {"username": "cy"})
    close_account(user=alice)
    assert not Notice.objects.exists()


def test_a_teams_members_hear_of_its_tournament_and_its_maker_does_not(alice, bob) -> None:
    lead, cy = make_user("lead"), make_user("cy")
    team = make_team(lead, [alice, bob])
    made = make_tournament([], maker=lead, team=team.public_id, name="Friday Arena")
    told = {
        "tournament": made.public_id,
        "name": "Friday Arena",
        "team": team.public_id,
        "team_name": "Knights of Kyiv",
        "starts_at": made.starts_at.isoformat(),
        "url": f"/tournaments/{made.public_id}/",
    }
    assert kinds(alice) == kinds(bob) == [("team_tournament", told)]
    assert kinds(lead) == kinds(cy) == []
    web = Client()
    web.force_login(alice)
    page = web.get("/notices/").content.decode()
    assert "Knights of Kyiv made a tournament for its members: Friday Arena" in page
    assert f'href="/tournaments/{made.public_id}/"' in page


def test_many_notices_at_once_are_kept_to_the_newest_when_read(alice) -> None:
    Notice.objects.bulk_create(
        [Notice(user=alice, kind="report_acted", data={"n": n}) for n in range(MAX_NOTICES + 3)]
    )
    assert Notice.objects.filter(user=alice).count() == MAX_NOTICES + 3
    web = Client()
    web.force_login(alice)
    web.get("/notices/")
    assert Notice.objects.filter(user=alice).count() == MAX_NOTICES


def test_a_players_notices_are_in_their_data(alice, bob) -> None:
    topic = start(alice)
    post_reply(user=bob, topic_id=topic.public_id, text="An answer")
    notify(alice.pk, "report_acted", {"username": "cy"})
    Notice.objects.filter(user=alice, kind="forum_reply").update(read=True)
    notify(bob.pk, "report_acted", {"username": "dee"})  # not hers
    with zipfile.ZipFile(io.BytesIO(data_archive(alice).read())) as archive:
        account = json.loads(archive.read("account.json"))
    assert [(n["kind"], n["data"].get("from"), n["read"]) for n in account["notices"]] == [
        ("forum_reply", "bob", True),
        ("report_acted", None, False),
    ]
