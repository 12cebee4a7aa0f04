"""The game page asks its socket for the legal moves as a tree (``?legal=tree``) and the board
offers exactly what it offered from the list: a chain tap by tap, then the other side's moves
from a state that came as a tree. Any console error fails the test (``new_page``)."""

import json

from playwright.sync_api import expect

from tests.browser.board_helpers import (
    assert_matches_server,
    cls,
    square,
    start_local,
    tap,
    wait_moves,
)
from tests.browser.test_board_local import CHAIN_FEN


def test_the_board_plays_from_the_sockets_trees(new_page) -> None:
    page = new_page(1280, 800)
    sockets: list[str] = []
    states: list[dict] = []

    def watch(ws) -> None:
        sockets.append(ws.url)
        ws.on("framereceived", record)

    def record(payload) -> None:
        message = json.loads(payload)
        if message.get("type") == "state":
            states.append(message)

    page.on("websocket", watch)
    game_id = start_local(page, CHAIN_FEN)
    game_sockets = [url for url in sockets if "/ws/games/" in url]
    assert len(game_sockets) == 1
    assert game_sockets[0].endswith(f"/ws/games/{game_id}/?legal=tree")

    tap(page, "a1", "a4", "c4")
    expect(square(page, "c6")).to_have_class(cls("dest-jump"))
    tap(page, "c6")
    wait_moves(page, 1)
    assert_matches_server(page, game_id)

    tap(page, "e8")  # Black's moves come from the tree of the state after the chain
    expect(square(page, "f8")).to_have_class(cls("dest-quiet"))
    tap(page, "f8")
    wait_moves(page, 2)
    assert_matches_server(page, game_id)
    assert [state["ply"] for state in states][-2:] == [1, 2]
    assert all("legal_tree" in state and "legal_moves" not in state for state in states)
