"""Blindfold mode in Chromium: `b` (or the *Blindfold* button) stops the board drawing its
pieces — a person sees the squares and the marks, no piece — while the board still takes taps
and the move box typed moves, each played by the server; the browser remembers it, and the
button brings the pieces back. A `b` typed in the move box is a letter."""

import pytest
from playwright.sync_api import expect

from engine import STARTING_FEN
from games.models import Game
from tests.browser.board_helpers import dom_board, off_the_loop, shot, start_local, tap, wait_moves


def pieces_seen(page) -> int:
    """The board's pieces a person can see: those drawn, not hidden by the page's style."""
    return page.eval_on_selector_all(
        "#board .sq .pc[data-piece]",
        "els => els.filter((e) => getComputedStyle(e).visibility === 'visible').length",
    )


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_blindfold_hides_the_pieces_and_the_game_plays_on(new_page, width, height) -> None:
    page = new_page(width, height)
    game_id = start_local(page, STARTING_FEN)
    button = page.get_by_test_id("blindfold")
    assert pieces_seen(page) == 32
    page.locator("body").press("b")
    expect(button).to_have_attribute("aria-pressed", "true")
    assert pieces_seen(page) == 0
    assert len(dom_board(page)) == 32  # still there, not drawn
    tap(page, "e2", "e4")  # the board plays on, from memory
    wait_moves(page, 1)
    page.locator("#move-input").fill("e5")  # and typed moves
    page.locator("#move-input").press("Enter")
    wait_moves(page, 2)
    assert off_the_loop(lambda: Game.objects.get(public_id=game_id).ply) == 2
    assert pieces_seen(page) == 0
    shot(page, f"blindfold-{width}")

    page.reload()  # the browser remembers it
    expect(page.get_by_test_id("blindfold")).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board .cb-board")).to_be_visible()
    assert pieces_seen(page) == 0
    page.get_by_test_id("blindfold").click()
    expect(page.get_by_test_id("blindfold")).to_have_attribute("aria-pressed", "false")
    assert pieces_seen(page) == 32
    page.locator("#move-input").press("b")  # a b typed in the move box is a letter
    expect(page.get_by_test_id("blindfold")).to_have_attribute("aria-pressed", "false")
