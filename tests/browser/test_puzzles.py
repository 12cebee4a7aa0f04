"""Puzzles in Chromium: a player finds the moves on the board, sees the opponent's reply played,
solves the puzzle and sees their rating move; the next puzzle turns the board to its solver, a
wrong move there shows the solution; a visitor plays unrated and asks for the solution; a game
without puzzles says so; a visitor chooses a theme and its puzzles follow. At 1280 and 375 px,
screenshotted."""

import re
from datetime import timedelta

from django.utils import timezone
from playwright.sync_api import Page, expect

from engine import variants
from puzzles.models import Puzzle, PuzzleRound
from tests.browser.board_helpers import dom_board, log_in, shot, tap
from tests.factories import make_user

BACK_RANK_BLACK = "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"  # Ra1 mates


def line_puzzle() -> Puzzle:
    """A puzzle of three plies from the start: e4, the reply e5, Nf3."""
    return Puzzle.objects.create(
        variant="chesskers",
        fen=variants.get("chesskers").start_fen,
        solver="white",
        moves=["e4", "e5", "Nf3"],
        themes=["advantage", "long"],
    )


def mate_puzzle() -> Puzzle:
    return Puzzle.objects.create(
        variant="chesskers", fen=BACK_RANK_BLACK, solver="black", moves=["Ra1#"]
    )


def top_left(page: Page) -> str:
    return page.eval_on_selector_all(
        "#board [data-square]",
        "els => els.find(e => e.style.gridRow === '1' && e.style.gridColumn === '1')"
        ".dataset.square",
    )


def test_a_player_solves_a_puzzle_and_fails_the_next(new_page) -> None:
    line = line_puzzle()  # the only one: the next puzzle for anyone
    make_user("alice")
    page = new_page(1280, 800)
    log_in(page, "alice")
    page.get_by_role("link", name="Puzzles").first.click()
    expect(page.get_by_test_id("puzzles-index")).to_be_visible()
    page.locator("[data-game=chesskers]").get_by_role("link", name="Chesskers").click()
    status = page.get_by_test_id("puzzle-status")
    expect(status).to_have_text("Your turn: find the best move for White.")
    page.wait_for_url(f"**/training/puzzles/chesskers/{line.public_id}/")
    assert top_left(page) == "a8"
    tap(page, "e2", "e4")
    expect(status).to_have_text("Best move! Keep going…")
    expect(page.locator("#board [data-square='e5'] .pc[data-piece=bP]")).to_have_count(1)
    tap(page, "g1", "f3")
    expect(status).to_have_text("Solved!")
    expect(page.get_by_test_id("puzzle-solution").locator("li")).to_have_text(["e4", "e5", "Nf3"])
    expect(page.get_by_test_id("puzzle-themes")).to_have_text("Themes: Wins material · Long")
    expect(page.get_by_test_id("puzzle-mine")).to_have_text(
        re.compile(r"^Your puzzle rating: 1,500 → 1,\d{3} \(\+\d+\)$")
    )
    shot(page, "puzzle-solved-1280")
    assert PuzzleRound.objects.get(puzzle=line).won is True
    mate = mate_puzzle()  # alice's next: the only one she has not played
    page.get_by_test_id("puzzle-next").click()
    expect(status).to_have_text("Your turn: find the best move for Black.")
    page.wait_for_url(f"**/training/puzzles/chesskers/{mate.public_id}/")
    assert top_left(page) == "h1"  # the board turned to the solver
    tap(page, "g8", "f8")
    expect(status).to_have_text("That is not the move. The solution is below.")
    expect(page.get_by_test_id("puzzle-solution").locator("li")).to_have_text(["Ra1#"])
    assert dom_board(page)["f8"] == "bK"
    assert PuzzleRound.objects.get(puzzle=mate).won is False
    failed = page.get_by_test_id("puzzle-mine").inner_text()
    lost = r"Your puzzle rating: (\S+) → (\S+) \(\u2212\d+\)"  # \u2212: the minus sign
    before, after = re.fullmatch(lost, failed).groups()
    assert before != after
    page.get_by_test_id("puzzle-retry").click()
    expect(page.get_by_test_id("puzzle-mine")).to_have_text(f"Your puzzle rating: {after}")
    tap(page, "a8", "a1")
    expect(status).to_have_text("Solved!")
    expect(page.get_by_test_id("puzzle-mine")).to_contain_text("not rated")
    expect(page.get_by_test_id("puzzle-analyse")).to_have_attribute(
        "href", "/analysis/chesskers/" + BACK_RANK_BLACK.replace(" ", "_")
    )


def test_a_visitor_plays_unrated_and_views_the_solution(new_page) -> None:
    line = line_puzzle()
    mate_puzzle()
    # Found yesterday: the day's puzzle (drawn among those found before the day began).
    Puzzle.objects.filter(pk=line.pk).update(created_at=timezone.now() - timedelta(days=1))
    page = new_page(375, 812)
    page.goto("/")
    daily = page.get_by_test_id("daily-puzzle")
    expect(daily).to_contain_text("White to play and win.")
    shot(page, "home-daily-puzzle-375")
    daily.click()
    page.wait_for_url(f"**/training/puzzles/chesskers/{line.public_id}/")
    expect(page.get_by_test_id("puzzle-mine")).to_have_text("Log in to have your puzzles rated.")
    tap(page, "e2", "e4")
    expect(page.get_by_test_id("puzzle-status")).to_have_text("Best move! Keep going…")
    page.get_by_test_id("puzzle-give-up").click()
    expect(page.get_by_test_id("puzzle-status")).to_have_text("The solution is below.")
    solution = page.get_by_test_id("puzzle-solution").locator("button")
    expect(solution).to_have_text(["e4", "e5", "Nf3"])
    expect(solution.first).to_have_attribute("aria-current", "step")  # shown from its start
    expect(page.locator("#board [data-square='e4'] .pc[data-piece=wP]")).to_have_count(1)
    solution.last.click()
    expect(page.locator("#board [data-square='f3'] .pc[data-piece=wN]")).to_have_count(1)
    assert "g1" not in dom_board(page) and dom_board(page)["e5"] == "bP"
    expect(page.get_by_test_id("puzzle-give-up")).to_be_hidden()
    shot(page, "puzzle-solution-375")
    assert not PuzzleRound.objects.exists()
    page.goto("/training/puzzles/dameo/")
    expect(page.get_by_test_id("puzzle-status")).to_have_text(
        "This game has no puzzles yet: they are found in the games played here."
    )
    expect(page.get_by_test_id("puzzle-next")).to_be_hidden()


SHOT = (
    "B:W24,26,32,34,36,37,38,40,41,44,45,46,47,48,49:B1,3,5,6,7,8,9,10,11,13,14,15,16,17,23:H0:F15"
)


def test_a_draughts_shot_is_played_landing_by_landing(new_page) -> None:
    """International: Black gives two men, each taken at once by the reply the server plays,
    then takes four in one chain tapped landing by landing on the numbered board, and crowns."""
    named = {label: name for name, label in variants.get("international").square_labels().items()}
    puzzle = Puzzle.objects.create(
        variant="international",
        fen=SHOT,
        solver="black",
        moves=["23-28", "32x23", "14-19", "23x14", "10x19x30x39x50"],
        themes=["advantage", "sacrifice", "chain", "promotion", "long"],
    )
    page = new_page(1280, 800)
    page.goto(f"/training/puzzles/international/{puzzle.public_id}/")
    status = page.get_by_test_id("puzzle-status")
    expect(status).to_have_text("Your turn: find the best move for Black.")
    tap(page, named["23"], named["28"])
    expect(status).to_have_text("Best move! Keep going…")
    expect(page.locator(f"#board [data-square='{named['23']}'] .pc[data-piece=wM]")).to_have_count(
        1
    )
    tap(page, named["14"], named["19"])
    expect(status).to_have_text("Best move! Keep going…")
    expect(page.locator(f"#board [data-square='{named['14']}'] .pc[data-piece=wM]")).to_have_count(
        1
    )
    tap(page, named["10"], named["19"], named["30"], named["39"], named["50"])
    expect(status).to_have_text("Solved!")
    board = dom_board(page)
    assert board[named["50"]] == "bK" and named["10"] not in board
    assert not {named[n] for n in ("14", "24", "34", "44")} & set(board)  # the four taken
    shot(page, "puzzle-draughts-shot-1280")


def solve_shown(page: Page, right: bool = True) -> None:
    """Plays the shown puzzle's first move (``right``) or another legal move, read from the
    database by the id the page shows, as a player who knows it would."""
    shown = re.search(r"Puzzle (\w+)", page.get_by_test_id("puzzle-figures").inner_text())
    puzzle = Puzzle.objects.get(public_id=shown.group(1))
    game = variants.get(puzzle.variant).new_game(puzzle.fen)
    solution = game.parse_move(puzzle.moves[0])
    move = solution if right else next(m for m in game.legal_moves() if m != solution)
    tap(page, *move.path_names())


def test_a_streak_goes_on_until_a_miss_and_keeps_its_best(new_page) -> None:
    for n, rating in enumerate((1000, 1100, 1200)):
        Puzzle.objects.create(
            variant="chesskers",
            fen=f"7k/8/8/8/8/Q7/8/{n * 2 or ''}K{7 - n * 2} w - - 0 1",
            solver="white",
            moves=[f"K{'ace'[n]}2"],
            rating=rating,
        )
    page = new_page(375, 812)
    page.goto("/training/puzzles/chesskers/")
    page.get_by_test_id("puzzle-streak-link").click()
    page.wait_for_url("**/training/puzzles/chesskers/streak/")
    streak = page.get_by_test_id("puzzle-streak")
    expect(streak).to_have_text("Streak: 0 · best 0")
    status = page.get_by_test_id("puzzle-status")
    for solved in (1, 2):
        expect(status).to_have_text("Your turn: find the best move for White.")
        first = page.get_by_test_id("puzzle-figures").inner_text()
        solve_shown(page)
        expect(streak).to_have_text(f"Streak: {solved} · best {solved}")
        expect(page.get_by_test_id("puzzle-figures")).not_to_have_text(first)  # the next one
    expect(status).to_have_text("Your turn: find the best move for White.")
    solve_shown(page, right=False)
    expect(streak).to_have_text("Streak over: 2 puzzles solved · best 2")
    expect(page.get_by_test_id("puzzle-next")).to_be_hidden()
    shot(page, "puzzle-streak-over-375")
    page.reload()
    expect(streak).to_have_text("Streak: 0 · best 2")  # the best kept by the browser
    assert page.url.endswith("/training/puzzles/chesskers/streak/")
    assert not PuzzleRound.objects.exists()  # a visitor's streak: unrated


def test_a_visitor_chooses_a_theme_and_its_puzzles_follow(new_page) -> None:
    line_puzzle()
    mate = Puzzle.objects.create(
        variant="chesskers",
        fen=BACK_RANK_BLACK,
        solver="black",
        moves=["Ra1#"],
        themes=["win", "one-move"],
    )
    page = new_page(1280, 800)
    page.goto("/training/puzzles/chesskers/")
    choice = page.get_by_test_id("puzzle-theme")
    expect(choice.locator("option")).to_have_text(
        ["Every theme", "Wins the game (1)", "Wins material (1)", "One move (1)", "Long (1)"]
    )
    choice.select_option("win")
    page.get_by_role("button", name="Open").click()
    # The page asks for the theme's puzzle and keeps the theme in its address.
    page.wait_for_url(f"**/training/puzzles/chesskers/{mate.public_id}/?theme=win")
    expect(page.get_by_test_id("puzzle-status")).to_have_text(
        "Your turn: find the best move for Black."
    )
    expect(page.get_by_test_id("puzzle-theme")).to_have_value("win")
    tap(page, "a8", "a1")
    expect(page.get_by_test_id("puzzle-status")).to_have_text("Solved!")
    shot(page, "puzzle-theme")
    page.get_by_test_id("puzzle-next").click()  # the theme's only puzzle again
    expect(page.get_by_test_id("puzzle-status")).to_have_text(
        "Your turn: find the best move for Black."
    )
    assert page.url.endswith(f"/training/puzzles/chesskers/{mate.public_id}/?theme=win")
    page.goto("/training/puzzles/chesskers/?theme=sacrifice")
    expect(page.get_by_test_id("puzzle-status")).to_have_text(
        "This game has no puzzles of this theme yet: choose another below."
    )
