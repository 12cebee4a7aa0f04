"""In Chromium: a person reads a game's name, never its internal id — in the challenge pop-up of
the pages away from the lobby (compact on a phone, and put away with its Dismiss button)."""

from playwright.sync_api import expect

from games.lobby import challenge_create
from games.models import Challenge
from tests.browser.board_helpers import log_in, off_the_loop, shot
from tests.factories import make_user


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
        "alice challenges you (Byelorussian Cheskers, rated, they play White)"
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
