"""Zen mode in Chromium: `z` (or the *Zen* button) leaves the board, the clocks, the moves and
the game's buttons alone on the page — the site's header and foot step aside — the board
still plays, the browser remembers it for the next game, and the button brings it all back."""

import pytest
from playwright.sync_api import expect

from engine import STARTING_FEN
from tests.browser.board_helpers import start_local, tap, wait_moves


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_zen_mode_hides_all_but_the_game_and_is_remembered(new_page, width, height) -> None:
    page = new_page(width, height)
    start_local(page, STARTING_FEN)
    header, footer = page.locator(".site-header"), page.locator(".site-footer")
    zen = page.get_by_test_id("zen")
    expect(header).to_be_visible()
    expect(zen).to_have_attribute("aria-pressed", "false")
    page.locator("body").press("z")
    expect(header).to_be_hidden()
    expect(footer).to_be_hidden()
    expect(zen).to_have_attribute("aria-pressed", "true")
    expect(page.locator("#board .cb-board")).to_be_visible()
    expect(page.locator("#movelist")).to_be_visible()
    tap(page, "e2", "e4")  # the board plays on
    wait_moves(page, 1)

    page.reload()  # the browser remembers it
    expect(header).to_be_hidden()
    expect(page.get_by_test_id("zen")).to_have_attribute("aria-pressed", "true")
    page.get_by_test_id("zen").click()
    expect(header).to_be_visible()
    expect(footer).to_be_visible()
    page.locator("#move-input").press("z")  # a z typed in the move box is a letter, not zen
    expect(header).to_be_visible()
