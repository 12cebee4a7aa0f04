"""A long game in the browser, through Daphne started with the documented message caps: two
players and a spectator open a game of 396 plies (its whole state is several times larger than
one socket message may be), play it on to 400 by typing moves, and every page keeps one
connection and the whole move list. One game of each family."""

import pytest
from playwright.sync_api import Page, expect

from engine.variant import FAMILIES
from tests.browser.board_helpers import dom_moves, log_in, off_the_loop, server_state, wait_moves
from tests.browser.conftest import screenshot
from tests.factories import make_user
from tests.games.archive_helpers import play_out
from tests.games.conftest import start_game
from tests.games.test_long_games import PLIES, first_game_with_a_long_line

TYPED = 4  # the last plies, typed in the pages


def counting_sockets(page: Page) -> list:
    """Returns the list of the game sockets ``page`` will open (one, if it never reconnects)."""
    opened: list = []
    page.on("websocket", lambda ws: opened.append(ws) if "/ws/games/" in ws.url else None)
    return opened


@pytest.mark.parametrize("family", FAMILIES)
def test_a_400_ply_game_plays_on_in_the_browser_without_reconnecting(new_page, family) -> None:
    variant, line = first_game_with_a_long_line(family)
    alice_user, bob_user = make_user("alice"), make_user("bob")
    game = off_the_loop(lambda: start_game(alice_user, bob_user, variant=variant.id))
    off_the_loop(play_out, game, list(line.texts[: PLIES - TYPED]), alice_user, bob_user)

    pages = {}
    for name in ("alice", "bob", "visitor"):
        page = new_page(1280, 800)
        opened = counting_sockets(page)
        if name != "visitor":
            log_in(page, name)
        page.goto(f"/game/{game.public_id}/")
        expect(page.locator("body[data-live=open]")).to_have_count(1)
        wait_moves(page, PLIES - TYPED)
        pages[name] = (page, opened)

    for ply in range(PLIES - TYPED, PLIES):
        turn = server_state(pages["visitor"][0], game.public_id)["turn"]
        mover = pages["alice" if turn == "white" else "bob"][0]
        mover.fill("#move-input", line.texts[ply])
        mover.press("#move-input", "Enter")
        for page, _ in pages.values():
            wait_moves(page, ply + 1)

    state = server_state(pages["visitor"][0], game.public_id)
    assert state["ply"] == PLIES
    for page, opened in pages.values():
        assert dom_moves(page) == [move["text"] for move in state["moves"]]
        expect(page.locator("#connection")).to_be_hidden()
        assert len(opened) == 1  # the socket was never dropped and opened again
    screenshot(pages["visitor"][0], f"long-game-{family}-visitor")
