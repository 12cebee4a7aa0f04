"""A puzzle storm in Chromium: a player opens it from the puzzles' index, solves a puzzle (the
clock starts), misses the next (ten seconds lost, the combo broken), ends the storm and sees
their new best and their name among the day's best; a visitor on a phone plays until the clock
runs out and the page ends the run itself. At 1280 and 375 px, screenshotted."""

import re
from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Page, expect

from engine import variants
from puzzles.models import Puzzle, StormRun
from tests.browser.board_helpers import log_in, shot, tap
from tests.factories import make_user
from tests.puzzles.test_storm import king_steps


def play_current(page: Page, right: bool = True) -> None:
    """Plays the shown puzzle's solution move (``right``) or another legal move, read from the
    database as a player who knows it would."""
    expect(page.get_by_test_id("storm-status")).to_contain_text("Find the best move")
    run = StormRun.objects.latest("id")
    puzzle = Puzzle.objects.get(public_id=run.puzzles[-1])
    game = variants.get(puzzle.variant).new_game(puzzle.fen)
    solution = game.parse_move(puzzle.moves[0])
    move = solution if right else next(m for m in game.legal_moves() if m != solution)
    tap(page, *move.path_names())


def test_a_player_solves_misses_and_ends_a_storm_with_a_new_best(new_page) -> None:
    king_steps(6)
    make_user("alice")
    StormRun.objects.create(
        user=make_user("bea"), variant="chesskers", score=3, deadline=timezone.now()
    )
    page = new_page(1280, 800)
    log_in(page, "alice")
    page.goto("/training/puzzles/")
    page.locator("[data-game=chesskers]").get_by_test_id("puzzles-storm-link").click()
    page.wait_for_url("**/training/puzzles/chesskers/storm/")
    clock = page.get_by_test_id("storm-clock")
    expect(clock).to_have_text("3:00")
    leaders = page.get_by_test_id("storm-leaders").locator("li")
    expect(leaders).to_have_text(["bea 3"])
    expect(page.get_by_test_id("storm-status")).to_have_text(
        "Find the best move for White. Your first move starts the clock."
    )
    page.wait_for_timeout(1200)
    expect(clock).to_have_text("3:00")  # not running before the first move
    play_current(page)
    expect(page.get_by_test_id("storm-score")).to_have_text("1")
    expect(page.get_by_test_id("storm-combo")).to_have_text("1")
    expect(page.locator("body[data-storm=running]")).to_have_count(1)
    expect(clock).to_have_text("2:58", timeout=5000)  # counting down
    play_current(page, right=False)
    expect(page.get_by_test_id("storm-misses")).to_have_text("1")
    expect(page.get_by_test_id("storm-combo")).to_have_text("0")
    expect(page.get_by_test_id("storm-bonus")).to_have_text("\u221210 s")
    expect(clock).to_have_text(re.compile(r"^2:[34]\d$"))  # ten seconds gone at once
    shot(page, "storm-running-1280")
    page.get_by_test_id("storm-end").click()
    result = page.get_by_test_id("storm-result")
    expect(result).to_be_visible()
    expect(page.get_by_test_id("storm-status")).to_have_text("You ended the storm.")
    expect(page.get_by_test_id("storm-summary")).to_have_text(
        "1 puzzle solved · 1 mistake · best combo 1"
    )
    expect(page.get_by_test_id("storm-best")).to_have_text("A new best: 1!")
    expect(leaders).to_have_text(["bea 3", "alice 1"])  # the day's best, now with hers
    expect(leaders.last).to_have_class("storm-leader-me")
    review = page.get_by_test_id("storm-review").locator("a")
    expect(review).to_have_count(2)  # the one solved, the one missed; not the one shown now
    done = StormRun.objects.filter(user__username="alice").get().puzzles[:2]
    expect(review.first).to_have_text(re.compile(r"^\u2713Solved 1,50\d$"))
    expect(review.last).to_have_text(re.compile(r"^\u2717Missed 1,50\d$"))
    for link, puzzle_id in zip(review.all(), done, strict=True):
        expect(link).to_have_attribute("href", f"/training/puzzles/chesskers/{puzzle_id}/")
    expect(page.locator("#board [data-square].is-movable")).to_have_count(0)
    shot(page, "storm-over-1280")
    page.get_by_test_id("storm-again").click()
    expect(result).to_be_hidden()
    expect(page.get_by_test_id("storm-score")).to_have_text("0")
    expect(clock).to_have_text("3:00")
    assert StormRun.objects.filter(user__username="alice").count() == 2


def test_a_visitor_plays_until_the_clock_runs_out(new_page) -> None:
    king_steps(3)
    page = new_page(375, 812)
    page.goto("/training/puzzles/chesskers/storm/")
    expect(page.get_by_test_id("storm-leaders-none")).to_have_text(
        "Nobody has played a storm of this game today."
    )
    play_current(page)
    expect(page.get_by_test_id("storm-score")).to_have_text("1")
    # Two seconds left on the server's clock: the next answer says so, the page counts them
    # down and ends the run itself.
    StormRun.objects.update(deadline=timezone.now() + timedelta(seconds=2))
    play_current(page)
    expect(page.get_by_test_id("storm-score")).to_have_text("2")
    expect(page.get_by_test_id("storm-result")).to_be_visible(timeout=8000)
    expect(page.get_by_test_id("storm-clock")).to_have_text("0:00")
    expect(page.get_by_test_id("storm-status")).to_have_text("Time is up.")
    expect(page.get_by_test_id("storm-summary")).to_have_text(
        "2 puzzles solved · 0 mistakes · best combo 2"
    )
    expect(page.get_by_test_id("storm-best")).to_have_text("Log in to keep your best score.")
    assert StormRun.objects.get().ended_at is not None
    shot(page, "storm-time-up-375")
