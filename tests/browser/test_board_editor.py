"""The board editor in Chromium against a real Daphne: a position set up piece by piece, judged by
the server as it changes (refused with the server's reason, or accepted with its legal moves),
then taken to the analysis board and to pass-and-play; a FEN typed in; reached from the analysis
board. On desktop and at 375 px, screenshotted."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.models import Game
from tests.browser.board_helpers import dom_board, shot, square, tap


def choose(page: Page, piece: str) -> None:
    """Chooses a piece of the palette ("wK") or the eraser ("erase")."""
    button = page.locator(f"#palette [data-tool='{piece}']")
    button.click()
    expect(button).to_have_attribute("aria-checked", "true")


def refusals_of_the_position_api(console_watch) -> int:
    """Takes out of the console's errors the 400s the position API answered for refused
    positions (each a refusal the page shows; Chromium logs every 4xx of a fetch) and returns how
    many there were. Any other error stays for the page's own check."""
    ours = [error for error in console_watch.errors if "status of 400" in error]
    console_watch.errors[:] = [error for error in console_watch.errors if error not in ours]
    return len(ours)


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_a_position_is_set_up_piece_by_piece_judged_and_analysed(
    new_page, console_watch, width, height
) -> None:
    page = new_page(width, height)
    page.goto("/editor/")
    verdict = page.get_by_test_id("editor-verdict")
    expect(verdict).to_have_text("White to move. 20 legal moves.")
    page.get_by_test_id("editor-clear").click()
    expect(page.get_by_test_id("editor-fen")).to_have_value("8/8/8/8/8/8/8/8 w - - 0 1")
    expect(verdict).to_have_attribute("data-state", "refused")
    expect(verdict).to_contain_text("king")  # the engine's reason, as the server words it
    expect(page.get_by_test_id("editor-analyse")).to_have_attribute("aria-disabled", "true")
    expect(page.get_by_test_id("editor-bot")).to_be_disabled()

    choose(page, "wK")
    tap(page, "e1")
    choose(page, "wR")
    tap(page, "a1", "h1")
    choose(page, "bK")
    tap(page, "e8")
    choose(page, "bP")
    tap(page, "h7", "a7")
    choose(page, "erase")
    tap(page, "a7")
    choose(page, "wR")
    tap(page, "h1")  # the same piece again takes it off
    page.get_by_test_id("castling-Q").check()
    page.get_by_test_id("editor-turn").select_option("black")
    assert dom_board(page) == {"e1": "wK", "a1": "wR", "e8": "bK", "h7": "bP"}
    expect(page.get_by_test_id("editor-fen")).to_have_value("4k3/7p/8/8/8/8/8/R3K3 b Q - 0 1")
    expect(verdict).to_have_attribute("data-state", "accepted")
    expect(verdict).to_have_text(re.compile(r"^Black to move\. \d+ legal moves\.$"))
    expect(page).to_have_url(re.compile(r"/editor/chesskers/4k3/7p/8/8/8/8/8/R3K3_b_Q_-_0_1$"))
    shot(page, f"editor-set-up-{width}x{height}")
    assert refusals_of_the_position_api(console_watch) >= 1

    page.get_by_test_id("editor-analyse").click()
    page.wait_for_url(re.compile(r"/analysis/chesskers/4k3/7p/8/8/8/8/8/R3K3_b_Q_-_0_1$"))
    expect(page.locator("#hint")).to_have_text("Black to move.")
    assert dom_board(page) == {"e1": "wK", "a1": "wR", "e8": "bK", "h7": "bP"}
    # And back: the analysis board opens the editor on the position it shows.
    page.get_by_test_id("edit-position").click()
    page.wait_for_url(re.compile(r"/editor/chesskers/4k3/"))
    expect(page.get_by_test_id("editor-fen")).to_have_value("4k3/7p/8/8/8/8/8/R3K3 b Q - 0 1")
    expect(page.get_by_test_id("castling-Q")).to_be_checked()
    expect(page.get_by_test_id("castling-K")).not_to_be_checked()


def test_a_typed_fen_the_engine_refuses_says_why_and_offers_nothing(new_page, console_watch):
    page = new_page()
    page.goto("/editor/chesskers/")
    page.get_by_test_id("editor-fen").fill("P3k3/8/8/8/8/8/8/4K3 w - - 0 1")
    page.get_by_role("button", name="Set up this FEN").click()
    verdict = page.get_by_test_id("editor-verdict")
    expect(verdict).to_contain_text("a pawn stands on rank 1 or 8")
    expect(verdict).to_have_attribute("data-state", "refused")
    expect(square(page, "a8").locator(".pc")).to_have_attribute("data-piece", "wP")
    for action in ("editor-bot", "editor-local"):
        expect(page.get_by_test_id(action)).to_be_disabled()
    page.get_by_test_id("editor-analyse").click(force=True)  # a disabled link goes nowhere
    expect(page).to_have_url(re.compile(r"/editor/chesskers/"))
    choose(page, "erase")
    tap(page, "a8")
    expect(verdict).to_have_attribute("data-state", "accepted")
    expect(verdict).to_contain_text("The game is over here")  # two bare kings: a draw
    expect(page.get_by_test_id("editor-local")).to_be_disabled()
    expect(page.get_by_test_id("editor-analyse")).to_have_attribute("aria-disabled", "false")
    choose(page, "move")  # the move tool: tap a piece, then its new square
    tap(page, "e1")
    expect(square(page, "e1")).to_have_class(re.compile(r"\bis-selected\b"))
    tap(page, "d1")
    assert dom_board(page) == {"d1": "wK", "e8": "bK"}
    expect(page.get_by_test_id("editor-fen")).to_have_value("4k3/8/8/8/8/8/8/3K4 w - - 0 1")
    tap(page, "d1", "e8")  # a piece put on another takes its place
    assert dom_board(page) == {"e8": "wK"}
    expect(verdict).to_have_attribute("data-state", "refused")
    assert refusals_of_the_position_api(console_watch) == 2


def test_a_numbered_draughts_position_is_set_up_and_played_as_pass_and_play(
    new_page, console_watch
) -> None:
    page = new_page()
    page.goto("/play/local/")
    page.get_by_test_id("editor-link").click()
    page.get_by_test_id("editor-game").select_option("international")
    page.get_by_role("button", name="Open").click()
    expect(page).to_have_url(re.compile(r"/editor/international/W:W31,"))
    verdict = page.get_by_test_id("editor-verdict")
    expect(verdict).to_have_text("White to move. 9 legal moves.")
    page.get_by_test_id("editor-clear").click()
    expect(verdict).to_have_attribute("data-state", "refused")
    choose(page, "wM")
    tap(page, "c5")  # square 27
    choose(page, "bK")
    tap(page, "b10")  # square 1
    choose(page, "bM")
    tap(page, "d6")  # square 22: the white man on 27 must take it
    expect(page.get_by_test_id("editor-fen")).to_have_value("W:W27:BK1,22:H0:F1")
    expect(verdict).to_have_text("White to move. 1 legal move.")
    # A piece dragged goes where it is let go, if the game uses that square.
    square(page, "b10").drag_to(square(page, "d10"))
    expect(page.get_by_test_id("editor-fen")).to_have_value("W:W27:BK2,22:H0:F1")
    square(page, "d10").drag_to(square(page, "c10"))  # a light square, unused
    square(page, "d10").drag_to(square(page, "b10"))
    expect(page.get_by_test_id("editor-fen")).to_have_value("W:W27:BK1,22:H0:F1")
    expect(verdict).to_have_text("White to move. 1 legal move.")
    assert refusals_of_the_position_api(console_watch) >= 1

    page.get_by_test_id("editor-local").click()
    page.wait_for_url(re.compile(r"/game/[^/]+/$"))
    game = Game.objects.get(public_id=page.url.rstrip("/").rsplit("/", 1)[1])
    assert (game.variant, game.mode, game.initial_fen) == (
        "international",
        Game.Mode.LOCAL,
        "W:W27:BK1,22:H0:F1",
    )
    expect(page.locator("#board .sq[data-square='d6'] .pc")).to_have_attribute("data-piece", "bM")
