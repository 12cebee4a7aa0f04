"""The board alone, in Chromium, on every kind of board the games use.

No Django view is involved: each test opens a page it writes itself (served at ``/board-test/``
by Playwright's router, on the test server's origin) that loads the real modules and styles
from the Daphne test server's ``/static/``. The boards are drawn from the variant descriptors
and the hand-written legal-move lists of the node tests (``tests/js/fixtures``).
"""

import json
import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.browser.board_helpers import cls, shot

pytestmark = pytest.mark.browser

FIXTURES = Path(__file__).resolve().parent.parent / "js" / "fixtures"

PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Board test</title>
<link rel="stylesheet" href="/static/css/site.css">
<link rel="stylesheet" href="/static/css/board.css">
<style>
main { width: 100%; max-width: 640px; margin: 0 auto; padding: 8px; box-sizing: border-box; }
</style>
</head><body><main><div id="board"></div></main>
<script type="module">
import { createPlayBoard } from "/static/js/board.js";
window.played = [];
window.makeBoard = (variant, position, orientation) => {
  window.board = createPlayBoard(document.getElementById("board"), {
    variant, orientation, label: "Test board", onMove: (move) => window.played.push(move),
  });
  window.board.set(position);
};
document.body.dataset.ready = "yes";
</script></body></html>
"""


def variant(name: str) -> dict:
    return json.loads((FIXTURES / "variants" / f"{name}.json").read_text())


def game(name: str) -> dict:
    return json.loads((FIXTURES / "games" / f"{name}.json").read_text())


def open_board(page: Page, descriptor: dict, position: dict, orientation: str = "white") -> None:
    """Opens the test page and draws ``position`` on a board of ``descriptor``."""
    page.route(
        "**/board-test/",
        lambda route: route.fulfill(status=200, content_type="text/html", body=PAGE),
    )
    page.goto("/board-test/")
    expect(page.locator("body[data-ready=yes]")).to_have_count(1)
    page.evaluate(
        "([variant, position, orientation]) => makeBoard(variant, position, orientation)",
        [descriptor, position, orientation],
    )
    expect(page.locator("#board .cb-board")).to_be_visible()


def play(page: Page, name: str, descriptor: dict | None = None) -> dict:
    """Draws a game fixture's position with its legal moves, ready to be tapped."""
    data = game(name)
    position = {"fen": data["fen"], "legalMoves": data["legal_moves"], "interactive": True}
    open_board(page, descriptor or variant(data["variant"]), position)
    return data


def square(page: Page, name: str):
    return page.locator(f"#board [data-square='{name}']")


def tap(page: Page, *names: str) -> None:
    for name in names:
        square(page, name).click()


def pieces(page: Page) -> dict[str, str]:
    """Returns the pieces the board shows (square -> code), leaving out pieces shown taken."""
    return page.eval_on_selector_all(
        "#board .sq:not(.is-removed) .pc[data-piece]",
        "els => Object.fromEntries(els.map(e => [e.parentElement.dataset.square, "
        "e.dataset.piece]))",
    )


def played(page: Page) -> list[str]:
    return page.evaluate("window.played.map(move => move.text)")


def test_alquerque_is_drawn_as_points_on_its_lines_and_a_chain_is_tapped_through(new_page):
    page = new_page(1280, 900)
    play(page, "alquerque_chain")
    expect(page.locator("#board .cb-board.is-points")).to_have_count(1)
    expect(page.locator("#board .sq")).to_have_count(25)
    expect(page.locator("#board .sq-unused")).to_have_count(0)
    expect(page.locator("#board .cb-lines line")).to_have_count(56)
    expect(page.locator("#board .cb-lines circle")).to_have_count(25)
    assert pieces(page) == {"b2": "wM", "c3": "bM", "d3": "bM"}
    expect(square(page, "b2").locator(".pc")).to_have_attribute("data-art", "chesskers/wMan")
    tap(page, "b2")
    expect(square(page, "d4")).to_have_class(cls("dest-jump"))
    expect(square(page, "c3")).to_have_class(cls("is-victim"))
    tap(page, "d4")
    expect(square(page, "c3")).to_have_class(cls("is-removed"))
    expect(square(page, "d2")).to_have_class(cls("dest-jump"))
    expect(square(page, "d3")).to_have_class(cls("is-victim"))
    expect(square(page, "b2")).to_have_class(cls("is-undo"))
    shot(page, "board-alquerque-chain-1280")
    tap(page, "d4")  # stopping half way is no move: nothing is sent
    assert played(page) == []
    tap(page, "d2")
    assert played(page) == ["b2xd4xd2"]
    assert pieces(page) == {"d2": "wM"}


def test_international_is_numbered_on_its_dark_squares_and_takes_numbered_moves(new_page):
    page = new_page(1280, 900)
    data = game("international_flying_king")
    numbered = variant("international")
    labels = numbered["board"]["labels"]
    # The server may write the squares of a numbered game by number: the board reads either.
    moves = [
        {**move, "path": [labels[s] for s in move["path"]],
         "captured": [labels[s] for s in move["captured"]]}
        for move in data["legal_moves"]
    ]  # fmt: skip
    open_board(page, numbered, {"fen": data["fen"], "legalMoves": moves, "interactive": True})
    expect(page.locator("#board .sq")).to_have_count(100)
    expect(page.locator("#board .sq-unused")).to_have_count(50)
    expect(page.locator("#board .coord-num")).to_have_count(50)
    expect(square(page, "b10").locator(".coord-num")).to_have_text("1")
    expect(square(page, "a1").locator(".coord-num")).to_have_text("46")
    expect(square(page, "a1")).to_have_attribute("aria-label", "46, white king")
    expect(square(page, "b1")).not_to_have_attribute("tabindex", re.compile(".*"))
    expect(square(page, "b1")).to_have_attribute("aria-disabled", "true")
    square(page, "b1").click(force=True)  # an unused square takes no tap
    expect(page.locator("#board .is-selected")).to_have_count(0)
    tap(page, "a1")
    expect(square(page, "f6")).to_have_class(cls("dest-jump"))
    expect(square(page, "c3")).to_have_class(cls("is-victim"))
    tap(page, "f6")
    for name in ("h4", "i3", "j2"):
        expect(square(page, name)).to_have_class(cls("dest-jump"))
    expect(square(page, "g5")).to_have_class(cls("is-victim"))
    expect(square(page, "c3")).to_have_class(cls("is-removed"))
    shot(page, "board-international-flying-king-1280")
    tap(page, "i3")
    assert page.evaluate("window.played") == [moves[1]], "the move is given back as it came"
    assert pieces(page) == {"i3": "wK", "i1": "wM"}


def test_a_numbered_board_is_flipped_with_its_numbers(new_page):
    page = new_page(1280, 900)
    open_board(page, variant("international"), {"fen": variant("international")["start_fen"]})
    a1 = square(page, "a1").bounding_box()
    j10 = square(page, "j10").bounding_box()
    assert a1 and j10 and a1["x"] < j10["x"] and a1["y"] > j10["y"]
    page.evaluate("board.flip()")
    expect(page.locator("#board .cb-board")).to_have_attribute("data-orientation", "black")
    a1 = square(page, "a1").bounding_box()
    j10 = square(page, "j10").bounding_box()
    assert a1 and j10 and a1["x"] > j10["x"] and a1["y"] < j10["y"]
    expect(square(page, "a1").locator(".coord-num")).to_have_text("46")
    assert len(pieces(page)) == 40
    shot(page, "board-international-start-flipped-1280")


def test_the_keyboard_walks_the_used_squares_only(new_page):
    page = new_page(1280, 900)
    open_board(
        page,
        variant("international"),
        {"fen": variant("international")["start_fen"], "interactive": False},
    )
    square(page, "a1").focus()
    page.keyboard.press("ArrowRight")
    expect(square(page, "c1")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(square(page, "b2")).to_be_focused()
    page.keyboard.press("ArrowUp")
    expect(square(page, "c3")).to_be_focused()  # back to the column the focus set out from
    page.keyboard.press("ArrowLeft")
    expect(square(page, "a3")).to_be_focused()
    page.keyboard.press("ArrowLeft")  # the edge: the focus stays
    expect(square(page, "a3")).to_be_focused()
    expect(page.locator("#board .sq[tabindex='0']")).to_have_count(1)


def test_turkish_uses_every_square(new_page):
    page = new_page(1280, 900)
    descriptor = variant("turkish")
    open_board(page, descriptor, {"fen": descriptor["start_fen"]})
    expect(page.locator("#board .sq")).to_have_count(64)
    expect(page.locator("#board .sq-unused")).to_have_count(0)
    expect(page.locator("#board .sq-dark")).to_have_count(32)
    shown = pieces(page)
    assert len(shown) == 32
    assert {shown[f"{f}2"] for f in "abcdefgh"} == {"wM"}
    assert {shown[f"{f}7"] for f in "abcdefgh"} == {"bM"}
    expect(square(page, "a1").locator(".coord-rank")).to_have_text("1")
    expect(square(page, "h1").locator(".coord-file")).to_have_text("h")
    shot(page, "board-turkish-start-1280")


def test_italian_is_the_mirrored_board_numbered_from_a8(new_page):
    page = new_page(1280, 900)
    descriptor = variant("italian")
    open_board(page, descriptor, {"fen": descriptor["start_fen"]}, orientation="white")
    expect(square(page, "h1")).to_have_class(cls("sq-dark"))
    expect(square(page, "a1")).to_have_class(cls("sq-unused"))
    expect(square(page, "a1")).to_have_class(cls("sq-light"))
    expect(square(page, "a8").locator(".coord-num")).to_have_text("1")
    expect(square(page, "h1").locator(".coord-num")).to_have_text("32")
    shown = pieces(page)
    assert len(shown) == 24 and shown["h1"] == "wM" and shown["a8"] == "bM"
    # The board's bottom right-hand corner is a dark square, as the game wants it.
    box = page.locator("#board .cb-board").bounding_box()
    h1 = square(page, "h1").bounding_box()
    assert box and h1
    assert abs(h1["x"] + h1["width"] - box["x"] - box["width"]) < 1
    assert abs(h1["y"] + h1["height"] - box["y"] - box["height"]) < 1
    shot(page, "board-italian-start-1280")


def test_byelorussian_cheskers_offers_its_four_promotions_by_name(new_page):
    page = new_page(1280, 900)
    descriptor = variant("byelorussian-cheskers")
    open_board(page, descriptor, {"fen": descriptor["start_fen"]})
    shown = pieces(page)
    assert shown["a1"] == "wM" and shown["b1"] == "wN" and shown["e8"] == "bK"
    expect(square(page, "a1").locator(".pc")).to_have_attribute("data-art", "chesskers/wMan")
    expect(square(page, "e1")).to_have_attribute("aria-label", "e1, white king")
    expect(square(page, "c1")).to_have_attribute("aria-label", "c1, white draughtsman")
    shot(page, "board-byelorussian-start-1280")
    play(page, "byelorussian_pawn_promotion")
    tap(page, "b7", "b8")
    choices = page.locator(".cb-promo-choice")
    expect(choices).to_have_count(4)
    labels = choices.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert labels == [
        "Promote to queen", "Promote to rook", "Promote to bishop", "Promote to knight",
    ]  # fmt: skip
    page.get_by_role("button", name="Promote to knight").click()
    assert played(page) == ["b8=N"]


def test_cheskers_and_game_mix_promote_to_their_own_pieces(new_page):
    page = new_page(1280, 900)
    play(page, "cheskers_promotion")
    tap(page, "b2", "d4", "f6", "h8")
    choices = page.locator(".cb-promo-choice")
    labels = choices.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert labels == ["Promote to bishop", "Promote to camel", "Promote to king"]
    arts = choices.locator(".pc").evaluate_all("els => els.map(e => e.dataset.art)")
    assert arts == ["cburnett/wB", "chesskers/wCamel", "chesskers/wKing"]
    shot(page, "board-cheskers-promotion-1280")
    page.get_by_role("button", name="Promote to camel").click()
    assert played(page) == ["b2:d4:f6:h8=C"]
    play(page, "game_mix_promotion")
    tap(page, "b7", "b8")
    labels = choices.evaluate_all("els => els.map(e => e.getAttribute('aria-label'))")
    assert labels == ["Promote to liner", "Promote to knight", "Promote to silver"]
    page.keyboard.press("Escape")
    expect(choices).to_have_count(0)
    play(page, "game_mix_dama")
    tap(page, "b7", "c8")  # a checker's crown is no choice: played at once
    expect(choices).to_have_count(0)
    assert played(page) == ["Cc8"]


def test_a_hawaiian_piece_is_removed_by_tapping_it_twice(new_page):
    page = new_page(1280, 900)
    play(page, "hawaiian_start")
    assert len(pieces(page)) == 64
    tap(page, "d5")
    expect(square(page, "d5")).to_have_class(cls("dest-removal"))
    expect(square(page, "d5")).to_have_class(cls("is-selected"))
    expect(square(page, "d5")).to_have_attribute("aria-label", re.compile("tap again to remove"))
    shot(page, "board-hawaiian-removal-1280")
    tap(page, "d5")
    assert played(page) == ["d5"]
    shown = pieces(page)
    assert len(shown) == 63 and "d5" not in shown


def test_another_players_flying_capture_is_replayed_landing_by_landing(new_page):
    page = new_page(1280, 900)
    data = game("international_flying_king")
    move = data["legal_moves"][0]
    open_board(page, variant("international"), {"fen": data["fen"]})
    page.evaluate(
        """() => {
          window.kingSeen = [];
          window.takenSeen = [];
          new MutationObserver(() => {
            const king = document.querySelector('#board .pc[data-piece="wK"]');
            const sq = king && king.parentElement.dataset.square;
            if (sq && window.kingSeen.at(-1) !== sq) window.kingSeen.push(sq);
            for (const e of document.querySelectorAll('#board .is-removed')) {
              if (!window.takenSeen.includes(e.dataset.square)) {
                window.takenSeen.push(e.dataset.square);
              }
            }
          }).observe(document.getElementById('board'), {subtree: true, attributes: true});
        }"""
    )
    after = "W:W50,K34:H0:F1".replace(":H0", ":B:H0")
    page.evaluate("([fen, move]) => board.set({fen, lastMove: move, replay: move})", [after, move])
    page.wait_for_function("window.kingSeen.at(-1) === 'h4'")
    expect(page.locator("#board .is-removed")).to_have_count(0)
    assert page.evaluate("window.kingSeen") == ["f6", "h4"]
    assert page.evaluate("window.takenSeen") == ["c3", "g5"]
    assert pieces(page) == {"h4": "wK", "i1": "wM"}
    for name in ("a1", "f6", "h4"):
        expect(square(page, name)).to_have_class(cls("is-last"))


@pytest.mark.parametrize("name", ["international", "canadian", "alquerque", "game-mix"])
def test_every_board_fits_a_phone_360_px_wide(browser, daphne_server, console_watch, name):
    context = browser.new_context(
        viewport={"width": 360, "height": 740},
        has_touch=True,
        is_mobile=True,
        device_scale_factor=2,
        base_url=daphne_server.url,
    )
    page = console_watch.attach(context.new_page())
    descriptor = variant(name)
    open_board(page, descriptor, {"fen": descriptor["start_fen"]})
    board = page.locator("#board .cb-board").bounding_box()
    assert board is not None and 330 <= board["width"] <= 360
    assert abs(board["width"] - board["height"]) < 1
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    files = descriptor["board"]["files"]
    cell = square(page, "a1").bounding_box()
    assert cell and abs(cell["width"] - board["width"] / files) < 1
    shot(page, f"board-{name}-start-360")
    context.close()
    assert console_watch.errors == [], "\n".join(console_watch.errors)
