"""The puzzle finder (``engine.bot.puzzles``): a position is a puzzle exactly when one move
wins; its solution follows the best line while the solver's move stays the only one; a game's
positions are kept where the move before threw the game away."""

import pytest

from engine import variants
from engine.bot.puzzles import (
    THEMES,
    only_winning_move,
    puzzles_of_game,
    scan,
    solve,
    themes_of,
)
from engine.errors import EngineError
from tests.engine.test_playable import WORST_CAPTURES

NODES = 20_000
BACK_RANK = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1"  # Ra8 mates, nothing else wins
BACK_RANK_BLACK = "r5k1/5ppp/8/8/8/8/5PPP/6K1 b - - 0 1"
TWO_MATES = "6k1/5ppp/8/8/8/8/5PPP/RR4K1 w - - 0 1"  # Ra8 and Rb8 both mate
QUEEN_TWICE = "6k1/5ppp/8/8/8/8/q4PPP/R5K1 w - - 0 1"  # the queen is taken two ways
GUARDED = "4r1k1/5ppp/8/8/8/8/5PPP/R5K1 b - - 0 1"  # the rook guards the back rank


def test_the_only_mate_is_a_puzzle_of_one_move_for_the_side_to_move() -> None:
    white = solve("chesskers", BACK_RANK, NODES)
    assert (white.solver, white.moves, white.ply) == ("white", ("Ra8#",), 0)
    black = solve("chesskers", BACK_RANK_BLACK, NODES)
    assert (black.solver, black.moves) == ("black", ("Ra1#",))


def test_two_winning_moves_make_no_puzzle() -> None:
    assert only_winning_move("chesskers", TWO_MATES, NODES) is None
    assert solve("chesskers", QUEEN_TWICE, NODES) is None


def test_a_quiet_position_and_a_lost_one_make_no_puzzle() -> None:
    assert solve("chesskers", variants.get("chesskers").start_fen, 5_000) is None
    assert solve("chesskers", "7k/8/8/8/8/8/8/K6q w - - 0 1", NODES) is None  # a king in check


def test_a_games_blunder_is_kept_and_its_punishment_becomes_the_puzzle() -> None:
    game = variants.get("chesskers").new_game(GUARDED)
    fens = [game.fen()]
    game.push_text("Re2")  # the back rank left
    fens.append(game.fen())
    assert scan("chesskers", fens) == [1]
    [puzzle] = puzzles_of_game("chesskers", fens, deep_nodes=NODES)
    assert (puzzle.fen, puzzle.ply, puzzle.moves) == (fens[1], 1, ("Ra8#",))


def test_every_solution_is_legal_and_ends_on_the_solvers_move() -> None:
    for fen in (BACK_RANK, BACK_RANK_BLACK):
        puzzle = solve("chesskers", fen, NODES)
        game = variants.get("chesskers").new_game(fen)
        for text in puzzle.moves:
            game.push_text(text)
        assert len(puzzle.moves) % 2 == 1
        assert game.winner() is not None and game.winner().name_lower == puzzle.solver


@pytest.mark.parametrize("variant", ["international", "checkers"])
def test_a_draughts_start_is_no_puzzle(variant) -> None:
    assert solve(variant, variants.get(variant).start_fen, 3_000) is None


SHOT = (
    "B:W24,26,32,34,36,37,38,40,41,44,45,46,47,48,49:B1,3,5,6,7,8,9,10,11,13,14,15,16,17,23:H0:F15"
)


def test_a_draughts_shot_is_solved_to_its_forced_capture() -> None:
    """Black gives two men (23-28, 14-19), each capture compelled, then takes four and crowns
    on 50: the last capture is Black's only legal move, shown as part of the solution."""
    puzzle = solve("international", SHOT, 10_000)
    assert (puzzle.solver, puzzle.moves) == (
        "black",
        ("23-28", "32x23", "14-19", "23x14", "10x19x30x39x50"),
    )
    game = variants.get("international").new_game(SHOT)
    before = game.position.pieces()
    for text in puzzle.moves:
        game.push_text(text)
    after = game.position.pieces()

    def count(pieces, side: str) -> int:
        return sum(1 for owner, _ in pieces.values() if owner.name_lower == side)

    assert (
        count(before, "white") - count(after, "white"),
        count(before, "black") - count(after, "black"),
    ) == (4, 2)


def test_a_position_the_engine_refuses_ends_the_search_of_its_game() -> None:
    """A finished game reaching a position past the capture budget (as an import could) gives
    the puzzles before it, and no error that would stop the search of every later game."""
    variant, refused = sorted(WORST_CAPTURES.items())[0]
    with pytest.raises(EngineError):
        solve(variant, refused, NODES)
    start = variants.get(variant).start_fen
    assert scan(variant, [start, refused, start], 1_000) == []
    assert puzzles_of_game(variant, [start, refused], 1_000, 1_000) == []


def test_a_solutions_themes_say_what_it_does() -> None:
    assert themes_of("international", SHOT, solve("international", SHOT, 10_000).moves) == (
        "advantage",
        "sacrifice",
        "chain",
        "promotion",
        "long",
    )  # gives a man, takes four at once, crowns on 50: three moves of Black's
    assert solve("chesskers", BACK_RANK, NODES).themes == ("win", "one-move")
    assert themes_of("chesskers", "8/1P3k2/8/8/8/8/8/K7 w - - 0 1", ["b8=Q"]) == (
        "advantage",
        "promotion",
        "one-move",
    )
    sweep = themes_of("chesskers", "k7/8/8/8/8/8/1pp5/1N5K w - - 0 1", ["N~c3"])
    assert sweep == ("advantage", "sweep", "one-move")  # a knight's sweep: Chesskers' own
    assert set(sweep) <= set(THEMES)
