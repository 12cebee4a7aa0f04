"""Learn from your mistakes in Chromium: the player who made them reads the analysed game's
tally on its page, opens the lesson from there, plays the game's own move again (told so, the
board put back), views the first solution, tries a losing move on the blunder (told to do
better), finds the best move and sees the lesson's end; Black's side has nothing to ask. At 1280
and 375 px, screenshotted (the accessibility sweep, tests/browser/test_accessibility.py, checks
the page too)."""

import re

from playwright.sync_api import Page, expect

from engine import variants
from tests.browser.board_helpers import dom_board, fen_pieces, log_in, off_the_loop, shot, tap
from tests.factories import make_user
from tests.games.archive_helpers import EVERYTHING, finished_game
from tests.games.test_learn import analysed


def tap_move(page: Page, fen: str, text: str) -> None:
    """Taps ``text``, a move of the position ``fen``, square by square as a player does."""
    tap(page, *variants.get("chesskers").new_game(fen).parse_move(text).path_names())


def test_a_player_learns_from_their_mistakes(new_page) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    game = off_the_loop(lambda: analysed(finished_game(alice, bob, EVERYTHING)))
    before = dict(game.moves.values_list("ply", "fen_after"))
    page = new_page(1280, 900)
    log_in(page, "alice")
    page.goto(f"/game/{game.public_id}/")
    summary = page.get_by_test_id("analysis-summary")
    expect(summary).to_be_visible()  # the tally, read from the analysis
    expect(summary.locator("tbody tr")).to_have_text(
        ["Inaccuracies12", "Mistakes10", "Blunders10", "Average centipawn loss17425"]
    )
    shot(page, "analysis-summary")
    # A count shows the side's next move of its kind: White's blunder 5. Qxd7+ (ply 8).
    summary.get_by_test_id("summary-white-blunder").get_by_role("button").click()
    expect(page).to_have_url(re.compile(r"#9$"))
    expect(page.locator(".movelist [data-ply='8']")).to_have_attribute("aria-current", "true")
    page.get_by_test_id("learn-link").click()
    page.wait_for_url(f"**/game/{game.public_id}/learn/")
    status, verdict = page.get_by_test_id("learn-status"), page.get_by_test_id("learn-verdict")
    expect(status).to_have_text("N~d6+ was a mistake. Find a better move for White.")
    expect(page.get_by_test_id("learn-progress")).to_have_text("Mistake 1 of 2")
    assert dom_board(page) == fen_pieces(before[5])

    tap_move(page, before[5], "N~d6+")
    expect(verdict).to_have_text("N~d6+ is the game's move: find a better one.")
    expect(verdict).to_have_class(re.compile(r"\blearn-missed\b"))
    page.wait_for_timeout(300)  # the move's slide back is over
    assert dom_board(page) == fen_pieces(before[5])  # put back: try again
    page.get_by_test_id("learn-solution").click()
    expect(verdict).to_have_text("The best move was Bxh6.")
    analyse = page.get_by_test_id("learn-analyse")
    expect(analyse).to_have_attribute("href", "/analysis/chesskers/" + before[5].replace(" ", "_"))
    expect(page.get_by_test_id("learn-solution")).to_be_hidden()

    page.get_by_test_id("learn-next").click()
    expect(status).to_have_text("Qxd7+ was a blunder. Find a better move for White.")
    expect(page.get_by_test_id("learn-progress")).to_have_text("Mistake 2 of 2")
    expect(analyse).to_be_hidden()  # its engine lines would tell the answer
    tap_move(page, before[7], "Qd2")  # the queen given to the pawn on c3
    expect(verdict).to_have_text("You can do better than Qd2: try another move.", timeout=30_000)
    shot(page, "learn-try-again")
    tap_move(page, before[7], "Bxh6")
    expect(verdict).to_have_text("Bxh6 is the best move!")
    expect(verdict).to_have_class(re.compile(r"\blearn-found\b"))
    expect(status).to_have_text("Done: you found 1 of 2.")
    summary = page.get_by_test_id("learn-summary").locator("li")
    expect(summary).to_have_text(["N~d6+ ✗ solution shown", "Qxd7+ ✓ found"])
    expect(summary.nth(1).locator("a")).to_have_attribute("href", f"/game/{game.public_id}/#9")
    shot(page, "learn-done")

    phone = new_page(375, 740)
    phone.goto(f"/game/{game.public_id}/learn/")  # a visitor: White's side, as asked first
    expect(phone.get_by_test_id("learn-status")).to_have_text(
        "N~d6+ was a mistake. Find a better move for White."
    )
    phone.get_by_test_id("learn-side-black").click()
    expect(phone.get_by_test_id("learn-status")).to_have_text(
        "Black made no mistake or blunder in this game."
    )
    board = phone.locator("#board").bounding_box()
    assert board is not None and board["x"] >= 0 and board["x"] + board["width"] <= 375
    shot(phone, "learn-phone")
