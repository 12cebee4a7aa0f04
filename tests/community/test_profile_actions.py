"""A profile's Follow, Block and Report buttons (forms that work without script), and the page
of whom you follow."""

import pytest
from django.test import Client
from django.urls import reverse

from community.models import Block, Follow, Report
from community.services import follow
from tests.factories import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def signed_in() -> tuple[Client, object]:
    user = make_user("alice")
    client = Client()
    client.force_login(user)
    return client, user


def test_the_buttons_show_on_someone_elses_profile_only(signed_in) -> None:
    client, _ = signed_in
    make_user("bob")
    assert b'data-testid="profile-actions"' in client.get("/@/bob").content
    assert b'data-testid="profile-actions"' not in client.get("/@/alice").content
    assert b'data-testid="profile-actions"' not in Client().get("/@/bob").content


def test_follow_then_block_from_the_profile(signed_in) -> None:
    client, alice = signed_in
    bob = make_user("bob")
    page = client.post(reverse("profile-relation", args=["bob", "follow"]), follow=True)
    assert b"You follow bob" in page.content
    assert b">Unfollow<" in page.content
    assert Follow.objects.filter(follower=alice, followed=bob).exists()
    page = client.post(reverse("profile-relation", args=["bob", "block"]), follow=True)
    assert b"You blocked bob" in page.content and b">Unblock<" in page.content
    assert Block.objects.filter(blocker=alice, blocked=bob).exists()
    assert not Follow.objects.exists()  # a block ends the follow
    page = client.post(reverse("profile-relation", args=["bob", "follow"]), follow=True)
    assert b"one of you blocked the other" in page.content
    assert not Follow.objects.exists()


def test_a_report_from_the_profile_reaches_the_moderators(signed_in) -> None:
    client, alice = signed_in
    bob = make_user("bob")
    page = client.post(
        reverse("profile-report", args=["bob"]),
        {"reason": "spam", "text": "sends links"},
        follow=True,
    )
    assert b"a moderator will look at your report of bob" in page.content
    report = Report.objects.get()
    assert (report.reporter, report.user, report.reason, report.text) == (
        alice,
        bob,
        "spam",
        "sends links",
    )
    page = client.post(reverse("profile-report", args=["bob"]), {"reason": "x"}, follow=True)
    assert b"reason is one of" in page.content
    assert Report.objects.count() == 1


def test_the_following_page_lists_the_followed_and_their_live_games(signed_in) -> None:
    client, alice = signed_in
    bob, carol = make_user("bob"), make_user("carol")
    follow(user=alice, other=bob)
    game = start_game(bob, carol)
    page = client.get(reverse("following")).content.decode()
    assert 'data-following="bob"' in page and 'data-following="carol"' not in page
    assert f'href="/game/{game.public_id}/"' in page


def test_a_report_from_a_game_page_names_the_game(signed_in) -> None:
    client, alice = signed_in
    bob = make_user("bob")
    game = start_game(alice, bob)
    page = client.get(f"/game/{game.public_id}/").content.decode()
    assert 'data-testid="game-report"' in page and 'value="bob"' in page
    assert 'value="alice"' not in page  # not oneself
    back = client.post(
        reverse("game-report", args=[game.public_id]),
        {"user": "bob", "reason": "cheat", "text": "engine moves"},
        follow=True,
    )
    assert back.redirect_chain[-1][0] == f"/game/{game.public_id}/"
    assert b"a moderator will look at your report of bob" in back.content
    report = Report.objects.get()
    assert (report.user, report.reason, report.game) == (bob, "cheat", game.public_id)
    wrong = client.post(reverse("game-report", args=[game.public_id]), {"user": "zed"}, follow=True)
    assert b"Choose one of the game" in wrong.content
    assert Report.objects.count() == 1
