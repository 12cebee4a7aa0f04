"""In Chromium: a person reads a game's name, never its internal id — in the challenge pop-up of
the pages away from the lobby (compact on a phone, and put away with its Dismiss button) and
in the profile's rating heading and list."""

import pytest
from playwright.sync_api import expect

from games.models import Challenge
from games.services.core import Actor
from games.services.lobby import challenge_create
from games.services.play import game_resign
from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.factories import make_user
from tests.games.conftest import opened, start_game


# The challenge is made in the test's process and pushed to the page's socket in Daphne's:
# across processes, the channel layer must be Redis.
@pytest.mark.services
def test_the_challenge_pop_up_names_the_game_and_is_compact_on_a_phone(new_page) -> None:
    alice = make_user("alice")
    make_user("bob")
    bob = new_page(375, 812)
    log_in(bob, "bob")
    bob.goto("/games/")  # the archive: away from the lobby
    notices = bob.get_by_test_id("challenge-notices")
    expect(notices).to_be_empty()
    off_the_loop(
        lambda: challenge_create(
            user=alice, to="bob", color="white", variant="byelorussian-cheskers"
        )
    )
    card = notices.locator(".challenge-card")
    expect(card.locator("p").first).to_have_text(
        "alice challenges you (Byelorussian Cheskers, unlimited, rated, they play White)"
    )
    expect(card).not_to_contain_text("byelorussian-cheskers")
    for action in ("Accept", "Decline"):
        expect(card.get_by_role("button", name=action)).to_be_in_viewport()
    box = card.bounding_box()
    assert box is not None and box["height"] <= 110, box  # was about 150 px
    assert box["x"] >= 0 and box["x"] + box["width"] <= 375
    shot(bob, "challenge-pop-up-named-375x812")
    card.get_by_role("button", name="Dismiss this notice").click()
    expect(card).to_have_count(0)
    # Put away, not declined: the challenge still stands.
    assert off_the_loop(lambda: Challenge.objects.get().state) == Challenge.State.OPEN


def seed_draughts_player() -> None:
    """gina wins two rated games of International Checkers and one of Chesskers against hal."""
    gina, hal = make_user("gina"), make_user("hal")
    for variant in ("international", "international", "chesskers"):
        game = opened(start_game(gina, hal, variant=variant))  # rated once both have moved
        game_resign(game_id=game.public_id, actor=Actor.of(hal))


def test_the_profile_names_its_rating_category(new_page) -> None:
    off_the_loop(seed_draughts_player)
    page = new_page(375, 812)
    page.goto("/@/gina")
    expect(page.get_by_role("heading", name="Rating International Checkers")).to_be_visible()
    ratings = page.get_by_test_id("profile-ratings")
    expect(ratings.get_by_role("link")).to_have_text(
        ["International Checkers", "Chesskers classical"]
    )
    expect(page.get_by_test_id("rating-chart")).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    shot(page, "profile-named-375x812")
    ratings.get_by_role("link", name="Chesskers classical").click()
    expect(page.get_by_test_id("profile-category")).to_have_text("Chesskers classical")
