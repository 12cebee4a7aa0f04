"""A game framed by another site, in Chromium against a real Daphne: a page of another origin
holds the game's `<iframe>`; it opens at the last position, and its buttons and the arrow keys
step through the moves, the board showing each position the server recorded."""

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from playwright.sync_api import expect

from games.services.core import Actor
from games.services.play import game_create_local
from tests.browser.board_helpers import dom_board, fen_pieces, off_the_loop, shot
from tests.factories import api_client, make_user

MOVES = ["e4", "e5", "Nf3", "Nc6"]


def played_game() -> tuple[str, list[str], str]:
    """A pass-and-play game of four moves: its id, the FEN after each, and its start."""
    alice = make_user("alice")
    game = game_create_local(actor=Actor.of(alice))
    client, fens = api_client(alice), []
    for ply, move in enumerate(MOVES):
        answer = client.post(
            f"/api/games/{game.public_id}/moves/", {"move": move, "ply": ply}, format="json"
        )
        assert answer.status_code == 201, answer.json()
        fens.append(answer.json()["fen"])
    return game.public_id, fens, game.initial_fen


@contextmanager
def another_site(page_html: str) -> Iterator[str]:
    """Serves ``page_html`` from a server of its own on a free port of this machine (another
    origin than the site's) while the block runs; yields its address."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = page_html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()


def test_a_framed_game_steps_through_its_moves(new_page, daphne_server) -> None:
    game_id, fens, start = off_the_loop(played_game)
    page = new_page(480, 640)
    blog = (
        "<!doctype html><title>A blog</title><h1>My game</h1>"
        f'<iframe src="{daphne_server.url}/embed/{game_id}/?theme=dark" width="420" '
        'height="560" title="A game"></iframe>'
    )
    with another_site(blog) as elsewhere:
        page.goto(elsewhere)
        frame_element = page.frame_locator("iframe")
        expect(frame_element.get_by_test_id("embed-move")).to_have_text("4 of 4: Nc6")
    frame = page.frames[1]
    assert dom_board(frame, "#embed-board") == fen_pieces(fens[-1])
    shot(page, "embed-framed")

    frame_element.get_by_role("button", name="Previous move").click()
    expect(frame_element.get_by_test_id("embed-move")).to_have_text("3 of 4: Nf3")
    assert dom_board(frame, "#embed-board") == fen_pieces(fens[2])
    frame_element.get_by_role("button", name="First position").click()
    expect(frame_element.get_by_test_id("embed-move")).to_have_text("Start position")
    assert dom_board(frame, "#embed-board") == fen_pieces(start)
    frame_element.get_by_test_id("embed-board").click()  # the keys go to the frame
    page.keyboard.press("ArrowRight")
    expect(frame_element.get_by_test_id("embed-move")).to_have_text("1 of 4: e4")
    assert dom_board(frame, "#embed-board") == fen_pieces(fens[0])
    page.keyboard.press("End")
    expect(frame_element.get_by_test_id("embed-move")).to_have_text("4 of 4: Nc6")
    expect(frame_element.get_by_test_id("embed-open")).to_have_attribute(
        "href", f"{daphne_server.url}/game/{game_id}/"
    )
