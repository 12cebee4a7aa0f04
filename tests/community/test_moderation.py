"""The moderators' pages (docs/site.md "Moderation"): staff only; a report shows its context —
the game and its whole chat, the player's earlier reports and what moderators did — and each
action on it (warn, mute, dismiss, close the account) is done and logged; a warning shows on its
player's pages until they say they read it."""

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import user_token
from community.inbox import clear, send_message
from community.models import ModerationAction, Report
from community.selectors import muted_until
from community.services import report_create
from tests.factories import make_moderator, make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def moderator() -> Client:
    staff = make_moderator()
    client = Client()
    client.force_login(staff)
    return client


def chat(user, game, text: str) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    assert client.post(f"/api/games/{game.public_id}/chat/", {"text": text}).status_code == 201


def test_only_staff_see_the_moderation_pages(client: Client, alice) -> None:
    assert client.get(reverse("moderation")).status_code == 302  # to the log-in
    client.force_login(alice)
    for name, args in (("moderation", []), ("moderation-log", [])):
        refused = client.get(reverse(name, args=args))
        assert refused.status_code == 403
        assert b"Only moderators may see this page." in refused.content


def test_a_report_shows_the_game_and_its_whole_chat(moderator, alice, bob) -> None:
    game = start_game(alice, bob)
    chat(bob, game, "you are <b>terrible</b>")
    chat(make_user("carol"), game, "spectators say hi")
    report = report_create(
        reporter=alice, user=bob, reason="abuse", text="insults", game=game.public_id
    )
    listing = moderator.get(reverse("moderation"))
    assert listing.status_code == 200
    assert f'data-report="{report.pk}"'.encode() in listing.content
    page = moderator.get(reverse("moderation-report", args=[report.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "insults" in html and game.public_id in html
    assert "you are &lt;b&gt;terrible&lt;/b&gt;" in html  # shown as text, never as markup
    assert "spectators say hi" in html  # both rooms
    assert "<b>terrible</b>" not in html


def test_a_mute_from_the_report_page_mutes_closes_the_report_and_is_logged(
    moderator, alice, bob
) -> None:
    report = report_create(reporter=alice, user=bob, reason="spam")
    answer = moderator.post(
        reverse("moderation-report", args=[report.pk]),
        {"action": "mute", "hours": "6", "note": "flooding"},
        follow=True,
    )
    assert "bob&#x27;s chat is muted for 6 hours." in answer.content.decode()
    assert muted_until(bob.pk) is not None
    report.refresh_from_db()
    assert report.state == Report.State.CLOSED
    action = ModerationAction.objects.get()
    assert (action.kind, action.hours, action.note, action.report_id) == (
        "mute",
        6,
        "flooding",
        report.pk,
    )
    log = moderator.get(reverse("moderation-log")).content.decode()
    assert 'data-action="mute"' in log and "flooding" in log


@pytest.mark.parametrize(
    ("form", "sentence"),
    [
        ({"action": "mute", "hours": "0"}, "A mute lasts 1 to 720 hours."),
        ({"action": "mute", "hours": "lots"}, "A mute lasts 1 to 720 hours."),
        ({"action": "warn", "note": "  "}, "A warning needs its words."),
        ({"action": "close"}, "Tick the box to close the account"),
        ({"action": "dance"}, "Choose an action"),
    ],
)
def test_a_wrong_action_says_why_and_does_nothing(moderator, alice, bob, form, sentence) -> None:
    report = report_create(reporter=alice, user=bob, reason="spam")
    answer = moderator.post(reverse("moderation-report", args=[report.pk]), form, follow=True)
    assert sentence in answer.content.decode().replace("&#x27;", "'")
    assert not ModerationAction.objects.exists()
    assert User.objects.get(pk=bob.pk).is_active
    report.refresh_from_db()
    assert report.state == Report.State.OPEN


def test_a_warning_shows_on_the_players_pages_until_read(moderator, alice, bob) -> None:
    report = report_create(reporter=alice, user=bob, reason="abuse")
    moderator.post(
        reverse("moderation-report", args=[report.pk]),
        {"action": "warn", "note": "Be kind in the chat."},
    )
    player = Client()
    player.force_login(bob)
    page = player.get(reverse("players")).content.decode()
    assert 'data-testid="moderator-warning"' in page and "Be kind in the chat." in page
    warning = ModerationAction.objects.get(kind="warn")
    back = player.post(reverse("warning-read", args=[warning.pk]), {"next": "/players/"})
    assert back.status_code == 302 and back.url == "/players/"
    assert "Be kind in the chat." not in player.get(reverse("players")).content.decode()


def test_closing_an_account_from_a_report_is_logged(moderator, alice, bob) -> None:
    report = report_create(reporter=alice, user=bob, reason="cheat")
    moderator.post(
        reverse("moderation-report", args=[report.pk]),
        {"action": "close", "confirm": "on", "note": "engine use"},
    )
    closed = User.objects.get(pk=bob.pk)
    assert not closed.is_active and closed.username.startswith("closed-")
    action = ModerationAction.objects.get()
    assert (action.kind, action.user_id, action.note) == ("close", bob.pk, "engine use")
    page = moderator.get(reverse("moderation-report", args=[report.pk]))
    assert page.status_code == 200 and b"The account is closed." in page.content


def test_a_report_shows_the_players_messages_to_the_reporter_and_no_others(
    moderator, alice, bob
) -> None:
    carol = make_user("carol")
    send_message(sender=bob, recipient=alice, text="you are <i>awful</i>")
    send_message(sender=alice, recipient=bob, text="alice's own words")
    send_message(sender=bob, recipient=carol, text="to carol, who reported nothing")
    clear(user=alice, other=bob)  # deleted from her inbox: the moderators still read it
    report = report_create(reporter=alice, user=bob, reason="abuse", text="his messages")
    html = moderator.get(reverse("moderation-report", args=[report.pk])).content.decode()
    assert "you are &lt;i&gt;awful&lt;/i&gt;" in html
    assert "alice's own words" not in html and "to carol" not in html
    staff = APIClient()
    staff.force_login(User.objects.get(username="mod"))
    detail = staff.get(f"/api/moderation/reports/{report.pk}/").json()
    assert [line["text"] for line in detail["messages"]] == ["you are <i>awful</i>"]
