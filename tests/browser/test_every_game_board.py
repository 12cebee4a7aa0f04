"""Games other than Chesskers played by clicking in pass-and-play, in Chromium against a real
Daphne: Alquerque (points on lines), International (10x10, square numbers), Turkish (every
square, orthogonal chains) and Byelorussian Cheskers (a hybrid).

Each game is started from the pass-and-play page's game picker; its moves are a seeded game of
the engine's that prefers captures (``tests.games.test_every_game.ending``), played up to and
including its first two captures by tapping the squares of each move's path. After every move
the board the page shows is the server's position, piece for piece, and the captured pieces are
gone from it.
"""

import re

import pytest
from playwright.sync_api import Page, expect

from engine import variants
from tests.browser.board_helpers import log_in, server_state, shot, square, tap, wait_moves
from tests.factories import make_user
from tests.games.test_every_game import ending

GAMES = ["alquerque", "international", "turkish", "byelorussian-cheskers"]


def shown_pieces(page: Page) -> dict[str, str]:
    return page.eval_on_selector_all(
        "#board .sq:not(.is-removed) .pc[data-piece]",
        "els => Object.fromEntries(els.map(e => [e.parentElement.dataset.square, "
        "e.dataset.piece]))",
    )


def pieces_of(variant_id: str, fen: str) -> dict[str, str]:
    """Returns what the board should show for ``fen``: square name -> "wM", "bK", …"""
    variant = variants.get(variant_id)
    letters = {kind.symbol: (kind.letter or "M").upper() for kind in variant.pieces}
    names = variant.board.names
    return {
        names[sq]: ("w" if color.name == "WHITE" else "b") + letters[piece.symbol]
        for sq, (color, piece) in variant.position(fen).pieces().items()
    }


def start(page: Page, variant_id: str) -> str:
    page.goto("/play/local/")
    page.select_option("#local-variant", variant_id)
    page.click("[data-testid=new-local]")
    page.wait_for_url(re.compile(r"/game/[^/]+/$"))
    expect(page.locator("#board .cb-board")).to_be_visible()
    expect(page.locator("body[data-live=open]")).to_have_count(1)
    return page.url.rstrip("/").rsplit("/", 1)[1]


def wait_for_board(page: Page, expected: dict[str, str]) -> None:
    page.wait_for_function(
        """expected => {
          const shown = {};
          for (const e of document.querySelectorAll('#board .sq:not(.is-removed) .pc[data-piece]'))
            shown[e.parentElement.dataset.square] = e.dataset.piece;
          return JSON.stringify(Object.entries(shown).sort()) ===
            JSON.stringify(Object.entries(expected).sort());
        }""",
        arg=expected,
    )


@pytest.mark.parametrize("variant_id", GAMES)
def test_a_game_is_played_by_clicking_and_taken_pieces_leave_the_board(
    new_page, variant_id: str
) -> None:
    page = new_page(1280, 800)
    game_id = start(page, variant_id)
    variant = variants.get(variant_id)
    expect(page.get_by_test_id("game-variant").get_by_role("link")).to_have_text(variant.name)
    expect(page.locator("#board .cb-board")).to_have_attribute("data-variant", variant_id)
    wait_for_board(page, pieces_of(variant_id, variant.start_fen))
    assert shown_pieces(page) == pieces_of(variant_id, variant.start_fen)

    moves = ending(variant_id).moves
    captures = [index for index, move in enumerate(moves) if move.captured]
    last = captures[1]
    for ply, move in enumerate(moves[: last + 1]):
        path = move.path_names()
        tap(page, *(path * 2 if len(path) == 1 else path))  # a removal: tap the piece twice
        wait_moves(page, ply + 1)
        state = server_state(page, game_id)
        expected = pieces_of(variant_id, state["fen"])
        wait_for_board(page, expected)
        assert shown_pieces(page) == expected
        for taken in move.captured_names():
            if taken not in expected:  # a capture's square is empty unless a piece landed there
                expect(square(page, taken).locator(".pc[data-piece]")).to_have_count(0)
        if ply == captures[0]:
            shot(page, f"every-game-{variant_id}-first-capture")
    assert [m["text"] for m in state["moves"]] == page.eval_on_selector_all(
        ".movelist [data-ply] .move-text", "els => els.map(e => e.textContent)"
    )
    shot(page, f"every-game-{variant_id}")


def test_a_seek_for_turkish_made_and_accepted_in_the_lobby_opens_a_turkish_board(new_page) -> None:
    make_user("alice")
    make_user("bob")
    alice, bob = new_page(), new_page()
    log_in(alice, "alice")
    log_in(bob, "bob")
    alice.goto("/play/")
    alice.select_option("#seek-variant", "turkish")
    alice.get_by_test_id("seek-white").click()
    bob.goto("/play/")
    expect(bob.get_by_test_id("seek-game-alice")).to_have_text("Turkish Checkers · Rated")
    bob.get_by_test_id("accept-alice").click()
    game_url = re.compile(r"/game/[^/]+/$")
    bob.wait_for_url(game_url)
    alice.wait_for_url(game_url)
    assert alice.url == bob.url
    start_fen = variants.get("turkish").start_fen
    for page in (alice, bob):
        expect(page.get_by_test_id("game-variant").get_by_role("link")).to_have_text(
            "Turkish Checkers"
        )
        expect(page.locator("body[data-live=open]")).to_have_count(1)
        wait_for_board(page, pieces_of("turkish", start_fen))
    # Alice (White) moves a man straight ahead; Bob's board shows it.
    tap(alice, "a3", "a4")
    wait_moves(bob, 1)
    expected = pieces_of("turkish", server_state(bob, bob.url.rstrip("/").rsplit("/", 1)[1])["fen"])
    assert expected["a4"] == "wM" and "a3" not in expected
    wait_for_board(bob, expected)
    shot(bob, "every-game-turkish-online-black")


def test_a_checkers_game_won_by_leaving_the_opponent_no_move_says_so(new_page) -> None:
    """The rules page's example, played at one screen from its FEN: Black's 16-19 leaves White's
    man on 28 with no step and no jump, and the banner gives that reason, as the rules do."""
    fen = "B:W28:B16,24:H0:F1"
    checkers = variants.get("checkers")
    move = checkers.parse_move(checkers.position(fen), "16-19")
    page = new_page(1280, 800)
    page.goto("/play/local/")
    page.select_option("#local-variant", "checkers")
    page.fill("#fen", fen)
    page.click("[data-testid=new-local]")
    page.wait_for_url(re.compile(r"/game/[^/]+/$"))
    expect(page.locator("body[data-live=open]")).to_have_count(1)
    game_id = page.url.rstrip("/").rsplit("/", 1)[1]
    tap(page, *move.path_names())
    wait_moves(page, 1)
    state = server_state(page, game_id)
    assert (state["status"], state["result"], state["termination"]) == (
        "finished",
        "0-1",
        "no-moves",
    )
    banner = page.get_by_test_id("result-banner")
    expect(banner).to_contain_text("Black wins — White cannot move")
    shot(page, "every-game-checkers-no-move-banner")
