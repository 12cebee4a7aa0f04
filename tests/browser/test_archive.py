"""The archive in Chromium on a real Daphne: a finished game opened at a ply link, replayed chain
by chain and sweep by sweep, flipped, annotated (still there after a reload), analysed with the
graph, found in the archive list; a clocked game's move times drawn when it ends."""

import re

import pytest
from playwright.sync_api import Page, expect

from games.domain.clock import TimeControl
from tests.browser.board_helpers import dom_board, fen_pieces, log_in, off_the_loop, square
from tests.browser.conftest import screenshot
from tests.factories import make_user
from tests.games.archive_helpers import EVERYTHING, finished_game
from tests.games.test_move_times import played as timed

RECORD_PAWN = """() => {
  window.seen = [];
  new MutationObserver(() => {
    const frame = [...document.querySelectorAll('#board .sq:not(.is-removed) .pc[data-piece]')]
      .map(e => e.parentElement.dataset.square + e.dataset.piece).sort().join(' ');
    if (window.seen.at(-1) !== frame) window.seen.push(frame);
  }).observe(document.getElementById('board'), {subtree: true, attributes: true});
}"""


@pytest.fixture
def game(live_db):
    alice, bob = make_user("alice"), make_user("bob")
    return off_the_loop(finished_game, alice, bob, EVERYTHING)


def frames_with(page: Page, piece_square: str) -> list[str]:
    return [frame for frame in page.evaluate("window.seen") if piece_square in frame.split()]


def test_a_ply_link_opens_that_position_and_a_chain_replays_jump_by_jump(new_page, game) -> None:
    page = new_page(1280, 900)
    moves = list(game.moves.order_by("ply"))
    # /game/<id>/#7: the position after 7 plies, before Black's chain c7:e5:c3.
    page.goto(f"/game/{game.public_id}/#7")
    expect(page.locator(".movelist [data-ply='6']")).to_have_attribute("aria-current", "true")
    assert dom_board(page) == fen_pieces(moves[6].fen_after)
    page.evaluate(RECORD_PAWN)
    page.keyboard.press("ArrowRight")
    page.wait_for_function("() => (window.seen.at(-1) || '').split(' ').includes('c3bP')")
    # The pawn stopped on e5 with the knight on d6 gone and the pawn on d4 still there, then
    # landed on c3 with d4 gone too.
    middle = frames_with(page, "e5bP")
    assert middle and "d4wP" in middle[0].split() and "d6wN" not in middle[0].split()
    assert dom_board(page) == fen_pieces(moves[7].fen_after)
    expect(page).to_have_url(re.compile(r"#8$"))

    # The sweep N~d6+ (ply 6) shows the pawn it took leaving: back two plies, then forward.
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    expect(page).to_have_url(re.compile(r"#6$"))
    page.wait_for_timeout(600)  # the previous replay's frames are over
    taken = moves[6].captured[0]
    page.keyboard.press("ArrowRight")
    expect(square(page, taken)).to_have_class(re.compile(r"(^|\s)is-removed(\s|$)"))
    expect(square(page, taken)).not_to_have_class(re.compile(r"(^|\s)is-removed(\s|$)"))
    assert dom_board(page) == fen_pieces(moves[6].fen_after)

    # A link to another ply is followed on the same page; flip keeps the position.
    page.evaluate("location.hash = '#2'")
    expect(page.locator(".movelist [data-ply='1']")).to_have_attribute("aria-current", "true")
    page.keyboard.press("f")
    assert page.eval_on_selector("#board .cb-board", "e => e.dataset.orientation") == "black"
    assert dom_board(page) == fen_pieces(moves[1].fen_after)
    page.get_by_role("button", name="Final position").click()
    expect(page).to_have_url(re.compile(r"#14$"))
    screenshot(page, "archive-replay")


def test_a_player_annotates_a_move_and_sees_it_after_reload(new_page, game) -> None:
    page = new_page(1280, 900)
    log_in(page, "alice")
    page.goto(f"/game/{game.public_id}/")
    page.click(".movelist [data-ply='8']")  # 5. Qxd7+
    panel = page.get_by_test_id("annotations")
    expect(panel.locator(".annotations-title")).to_have_text("Annotations on Qxd7+")
    panel.get_by_label("Glyph").select_option("??")
    panel.get_by_label("Comment").fill("The queen for a pawn.")
    panel.get_by_role("button", name="Add note").click()
    expect(panel.locator(".annotation")).to_contain_text("?? The queen for a pawn. — alice")
    page.reload()
    expect(page.locator(".movelist [data-ply='8'] .move-glyph")).to_have_text("??")
    page.click(".movelist [data-ply='8']")
    expect(panel.locator(".annotation")).to_contain_text("The queen for a pawn.")
    # Edit, then a spectator sees it but has no form.
    panel.get_by_role("button", name="Edit").click()
    panel.get_by_label("Glyph").select_option("?")
    panel.get_by_role("button", name="Save").click()
    expect(page.locator(".movelist [data-ply='8'] .move-glyph")).to_have_text("?")
    other = new_page(1280, 900)
    other.goto(f"/game/{game.public_id}/#9")
    expect(other.get_by_test_id("annotations").locator(".annotation")).to_contain_text(
        "? The queen for a pawn. — alice"
    )
    expect(other.get_by_test_id("annotation-form")).to_be_hidden()
    screenshot(page, "archive-annotation")


def test_the_analysis_fills_the_graph_and_a_click_on_it_jumps(new_page, game) -> None:
    page = new_page(1280, 900)
    log_in(page, "bob")
    page.goto(f"/game/{game.public_id}/")
    expect(page.get_by_test_id("eval-graph")).to_be_hidden()
    page.get_by_test_id("analyse").click()
    expect(page.get_by_test_id("analysis-progress")).to_have_text("Analysed", timeout=60_000)
    graph = page.get_by_test_id("eval-graph")
    expect(graph).to_be_visible()
    expect(page.locator(".movelist .move-judgement").first).to_be_visible()
    box = graph.bounding_box()
    assert box is not None
    graph.click(position={"x": 1, "y": box["height"] / 2})  # the far left: the start
    expect(page).to_have_url(re.compile(r"#0$"))
    assert dom_board(page) == fen_pieces(game.initial_fen)
    screenshot(page, "archive-analysis")


def test_the_archive_lists_the_game_with_its_board(new_page, game) -> None:
    page = new_page(1280, 900)
    page.goto("/games/?player=alice&termination=checkmate")
    row = page.locator(f".game-row[data-game='{game.public_id}']")
    expect(row).to_contain_text("alice \u2013 bob")
    expect(row).to_contain_text("0-1")
    expect(row.locator("svg.mini-board image")).to_have_count(len(fen_pieces(game.fen)))
    screenshot(page, "archive-list")
    row.locator(".game-row-players").click()
    expect(page).to_have_url(re.compile(rf"/game/{game.public_id}/$"))


def test_the_move_times_show_when_a_clocked_game_ends_and_a_bar_jumps(new_page) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    game = off_the_loop(
        lambda: timed(alice, bob, TimeControl(initial=180, increment=2), resign=False)
    )
    page = new_page(1280, 900)
    log_in(page, "alice")
    page.goto(f"/game/{game.public_id}/")
    expect(page.locator("body[data-live=open]")).to_have_count(1)
    chart = page.get_by_test_id("move-times")
    expect(chart).to_have_count(0)  # nothing while the game is played
    resign = page.locator("[data-action=resign]")
    resign.click()
    expect(resign).to_have_text("Confirm resign")
    resign.click()
    expect(page.get_by_test_id("result-banner")).to_contain_text("White resigned")
    # The page saw the game end: it asks for the times once and draws a bar a timed move.
    bars = chart.locator("rect.move-time")
    expect(bars).to_have_count(4)
    expect(bars.nth(3).locator("title")).to_have_text("3… Bc5: 30.0 s")
    bars.nth(1).click(position={"x": 1, "y": 1})  # 2… Nc6: a tall bar under the line
    expect(page).to_have_url(re.compile(r"#4$"))
    expect(chart.locator("rect.is-current")).to_have_attribute("data-ply", "3")
    screenshot(page, "archive-move-times")
