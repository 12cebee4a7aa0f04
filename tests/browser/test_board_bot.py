"""A game against the bot on the game page: the human's side at the bottom, the bot's replies
appear by themselves, and a takeback goes back to the human's last turn."""

from playwright.sync_api import expect

from tests.browser.board_helpers import (
    assert_matches_server,
    cls,
    shot,
    square,
    tap,
    wait_moves,
)


def test_play_the_bot_and_take_back(new_page) -> None:
    page = new_page(1280, 800)
    page.goto("/play/local/")
    game = page.evaluate(
        """() => fetch('/api/games/bot/', {method: 'POST',
             headers: {'Content-Type': 'application/json'},
             body: JSON.stringify({level: 1, color: 'white'})}).then(r => r.json())"""
    )
    page.goto(f"/game/{game['id']}/")
    assert page.eval_on_selector("#board .cb-board", "el => el.dataset.orientation") == "white"
    tap(page, "e2", "e4")
    wait_moves(page, 2)  # the bot answers by itself
    expect(page.locator("#hint")).to_have_text("Your move.")
    state = assert_matches_server(page, game["id"])
    assert state["moves"][0]["text"] == "e4"
    for sq in state["moves"][1]["path"]:
        expect(square(page, sq)).to_have_class(cls("is-last"))
    shot(page, "bot-1280x800")
    page.click("[data-action=takeback]")
    wait_moves(page, 0)
    assert_matches_server(page, game["id"])
