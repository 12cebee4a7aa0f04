"""The opening explorer in Chromium against a real Daphne: the analysis board lists the moves the
site's games played in the position shown, with their results; a tap on one plays it on the
board and the explorer follows; the speeds ticked narrow it and, like the panel's being open,
are kept over a reload; the latest game of a move opens its page; a draughts game's board
does the same with its own notation."""

import re

import pytest
from playwright.sync_api import expect

from engine import variants
from games.domain.clock import TimeControl
from games.services.core import Actor
from games.services.play import game_resign
from tests.browser.board_helpers import off_the_loop, shot, square
from tests.factories import make_user
from tests.games.archive_helpers import finished_game, play_out
from tests.games.conftest import start_game


def played_games() -> dict[str, str]:
    """Four Chesskers games and one International game, all finished; returns the blitz
    game's id and the International game's first move."""
    alice, bob = make_user("alice"), make_user("bob")
    finished_game(alice, bob, ["e4", "e5", "Nf3"], resign=True)  # White won
    finished_game(bob, alice, ["e4", "c5"], resign=True)  # Black won
    finished_game(alice, bob, ["d4"], resign=True)  # White won
    blitz = start_game(alice, bob, clock=TimeControl(initial=180, increment=2))
    play_out(blitz, ["e4", "e5"], alice, bob)
    game_resign(game_id=blitz.public_id, actor=Actor.of(alice))  # Black won
    draughts = start_game(alice, bob, variant="international")
    eg = variants.get("international").new_game(draughts.fen)
    first = min(eg.move_text(move) for move in eg.legal_moves())
    play_out(draughts, [first], alice, bob)
    game_resign(game_id=draughts.public_id, actor=Actor.of(alice))
    return {"blitz": blitz.public_id, "draughts_move": first}


def expect_rows(page, expected: list[tuple[str, str]]) -> None:
    """Waits until the explorer lists ``expected`` as a person reads it: each move, and the
    count of games that played it."""
    expect(page.get_by_test_id("explorer-move")).to_have_text([move for move, _ in expected])
    counts = page.locator("[data-testid=explorer-table] tbody .explorer-count")
    expect(counts).to_have_text([re.compile(rf"^{count}\b") for _, count in expected])


@pytest.mark.parametrize("width, height", [(1280, 800), (375, 812)])
def test_the_explorer_lists_the_moves_played_and_plays_the_one_tapped(
    new_page, live_db, width, height
) -> None:
    games = off_the_loop(played_games)
    page = new_page(width, height)
    page.goto("/analysis/")
    explorer = page.get_by_test_id("explorer")
    expect(page.get_by_test_id("explorer-table")).to_be_hidden()  # closed until asked
    explorer.locator("summary").click()
    expect(page.get_by_test_id("explorer-status")).to_have_text("4 games reached this position.")
    expect_rows(page, [("e4", "3"), ("d4", "1")])
    e4 = page.locator("[data-testid=explorer-table] tbody tr").first
    expect(e4.get_by_role("img")).to_have_attribute(
        "aria-label", "White won 33%, drawn 0%, Black won 67%"
    )
    expect(page.get_by_test_id("explorer-total")).to_contain_text("4")
    shot(page, f"explorer-start-{width}")

    page.get_by_test_id("explorer-move").filter(has_text="e4").click()
    expect(page.locator("#move-tree .node.is-current")).to_have_text(re.compile("e4"))
    expect(square(page, "e4").locator(".pc[data-piece=wP]")).to_have_count(1)
    expect(square(page, "e2").locator(".pc[data-piece]")).to_have_count(0)
    expect(page.get_by_test_id("explorer-status")).to_have_text("3 games reached this position.")
    expect_rows(page, [("e5", "2"), ("c5", "1")])
    page.get_by_test_id("explorer-move").filter(has_text="e5").click()
    expect(page.locator("#move-tree .node.is-current")).to_have_text(re.compile("e5"))
    expect_rows(page, [("Nf3", "1")])
    page.keyboard.press("ArrowLeft")  # back to after 1. e4: the explorer follows the board
    expect(page.get_by_test_id("explorer-status")).to_have_text("3 games reached this position.")

    page.get_by_test_id("explorer-speed-blitz").check()
    expect(page.get_by_test_id("explorer-status")).to_have_text("1 game reached this position.")
    expect_rows(page, [("e5", "1")])
    latest = page.get_by_test_id("explorer-game")
    expect(latest).to_have_count(1)
    expect(latest).to_have_attribute("href", f"/game/{games['blitz']}/")

    page.reload()  # the panel stays open, blitz stays ticked
    expect(page.get_by_test_id("explorer-speed-blitz")).to_be_checked()
    expect(page.get_by_test_id("explorer-status")).to_have_text("1 game reached this position.")
    expect_rows(page, [("e4", "1")])
    page.get_by_test_id("explorer-speed-blitz").uncheck()
    page.get_by_test_id("explorer-speed-bullet").check()
    expect(page.get_by_test_id("explorer-status")).to_have_text(
        "No game played here has reached this position yet."
    )
    expect(page.get_by_test_id("explorer-move")).to_have_count(0)
    page.get_by_test_id("explorer-speed-bullet").uncheck()
    expect(page.get_by_test_id("explorer-status")).to_have_text("4 games reached this position.")

    page.goto("/analysis/international/")
    move = games["draughts_move"]
    expect(page.get_by_test_id("explorer-status")).to_have_text("1 game reached this position.")
    expect_rows(page, [(move, "1")])
    page.get_by_test_id("explorer-move").click()
    expect(page.locator("#move-tree .node.is-current")).to_have_text(re.compile(re.escape(move)))
    expect(page.get_by_test_id("explorer-status")).to_have_text(
        "No game played here has reached this position yet."
    )
    shot(page, f"explorer-draughts-{width}")
