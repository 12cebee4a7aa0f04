"""The moderators' API (``/api/moderation/``, docs/api.md "Moderation"): staff only; the reports,
one with its context (its game's whole chat, the player's earlier reports, what moderators did),
each action done and logged as from the pages, and a wrong action refused with its reason and
nothing done."""

import pytest

from accounts.models import User
from community.models import ModerationAction, Report
from community.selectors import muted_until
from community.services import report_create
from tests.community.conftest import api
from tests.community.test_moderation import chat
from tests.factories import make_moderator, make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff() -> User:
    return make_moderator()


def test_only_moderators_reach_the_moderation_api(alice, bob) -> None:
    report = report_create(reporter=alice, user=bob, reason="spam")
    paths = ["/api/moderation/reports/", f"/api/moderation/reports/{report.pk}/"]
    paths.append("/api/moderation/log/")
    for path in paths:
        assert api().get(path).status_code == 401
        refused = api(alice).get(path)
        assert refused.status_code == 403
        assert refused.json() == {"error": "Only moderators may do this."}
    acted = api(bob).post(paths[1], {"action": "dismiss"}, format="json")
    assert acted.status_code == 403
    assert Report.objects.get(pk=report.pk).state == Report.State.OPEN


def test_a_moderator_reads_a_report_with_its_game_and_whole_chat(staff, alice, bob) -> None:
    game = start_game(alice, bob)
    chat(bob, game, "you are terrible")
    chat(make_user("carol"), game, "spectators say hi")
    earlier = report_create(reporter=make_user("dave"), user=bob, reason="cheat")
    report = report_create(
        reporter=alice, user=bob, reason="abuse", text="insults", game=game.public_id
    )
    listed = api(staff).get("/api/moderation/reports/").json()
    assert [(r["id"], r["user"], r["reporter"]) for r in listed] == [
        (report.pk, "bob", "alice"),
        (earlier.pk, "bob", "dave"),
    ]
    found = api(staff).get(f"/api/moderation/reports/{report.pk}/").json()
    assert (found["reason"], found["text"], found["game"]) == ("abuse", "insults", game.public_id)
    assert [(line["user"], line["text"]) for line in found["chat"]] == [
        ("bob", "you are terrible"),
        ("carol", "spectators say hi"),
    ]
    assert [r["id"] for r in found["earlier"]] == [earlier.pk]
    assert found["actions"] == [] and found["muted_until"] is None
    missing = api(staff).get("/api/moderation/reports/99999/")
    assert missing.status_code == 404 and missing.json() == {"error": "No such report."}


def test_a_mute_through_the_api_mutes_closes_the_report_and_is_logged(staff, alice, bob) -> None:
    report = report_create(reporter=alice, user=bob, reason="spam")
    done = api(staff).post(
        f"/api/moderation/reports/{report.pk}/",
        {"action": "mute", "hours": 6, "note": "flooding"},
        format="json",
    )
    assert done.status_code == 200
    assert done.json() == {"message": "bob's chat is muted for 6 hours."}
    assert muted_until(bob.pk) is not None
    assert Report.objects.get(pk=report.pk).state == Report.State.CLOSED
    log = api(staff).get("/api/moderation/log/").json()
    assert [
        (a["kind"], a["user"], a["moderator"], a["hours"], a["note"], a["report"]) for a in log
    ] == [("mute", "bob", "mod", 6, "flooding", report.pk)]
    assert api(staff).get(f"/api/moderation/reports/{report.pk}/").json()["muted_until"]


@pytest.mark.parametrize(
    ("asked", "sentence"),
    [
        ({"action": "mute", "hours": 0}, "A mute lasts 1 to 720 hours."),
        ({"action": "mute", "hours": "lots"}, "A mute lasts 1 to 720 hours."),
        ({"action": "warn", "note": "  "}, "A warning needs its words."),
        ({"action": "close"}, "Tick the box to close the account: it cannot be undone."),
        ({"action": "dance"}, "Choose an action: warn, mute, unmute, close or dismiss."),
    ],
)
def test_a_wrong_action_is_refused_and_does_nothing(staff, alice, bob, asked, sentence) -> None:
    report = report_create(reporter=alice, user=bob, reason="spam")
    refused = api(staff).post(f"/api/moderation/reports/{report.pk}/", asked, format="json")
    assert refused.status_code == 400
    assert refused.json() == {"error": sentence}
    assert not ModerationAction.objects.exists()
    assert User.objects.get(pk=bob.pk).is_active
    assert Report.objects.get(pk=report.pk).state == Report.State.OPEN


def test_closing_an_account_through_the_api_needs_the_confirmation(staff, alice, bob) -> None:
    report = report_create(reporter=alice, user=bob, reason="abuse")
    done = api(staff).post(
        f"/api/moderation/reports/{report.pk}/",
        {"action": "close", "confirm": True, "note": "repeated abuse"},
        format="json",
    )
    assert done.status_code == 200
    assert done.json()["message"].startswith("The account is closed")
    assert not User.objects.get(pk=bob.pk).is_active
    assert ModerationAction.objects.get().kind == "close"
