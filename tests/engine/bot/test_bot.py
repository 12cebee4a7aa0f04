"""The bot: it finds mates and wins material by every capture kind, plays only legal
moves, keeps to its limits, differs by level, and is reproducible with a seed.

Section numbers (§) refer to docs/rules/chesskers.md.
"""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import STARTING_FEN, Game, MoveKind, Status
from engine.bot import LEVELS, analyse, choose_move, think
from engine.bot.search import Limits, Searcher
from engine.chesskers import CHESSKERS

# §1.4: the knight lands on h6, sweeping the bishop off g5, and then attacks h8 through
# its leg h7-h8 (h6 to g8 is empty). The king can't go to g8 (the knight lands there), the
# knight on g7 can't reach g8 or h6, and a sweep can't be blocked.
#   . . . . . . . k
#   . . . . . . n p
#   . . . . . . . .
#   . . . . . . b .
#   . . . . . . N .
#   . . . . . . . .
#   . . . . . . . .
#   K . . . . . . .
SWEEP_MATE = "7k/6np/8/6b1/6N1/8/8/K7 w - - 0 1"

# §1.3: the rook jumps a3, a5 and a7 in one chain and lands on a8: back-rank mate.
#   . . . . . . k .
#   p . . . . p p p
#   . . . . . . . .
#   p . . . . . . .
#   . . . . . . . .
#   p . . . . . . .
#   . . . . . . . .
#   R . . . . . . K
CHAIN_MATE = "6k1/p4ppp/8/p7/8/p7/8/R6K w - - 0 1"

# The black queen on d3 can be taken four ways (cxd3, exd3, the jumps c2:e4 and e2:c4); the
# knight's sweep c3-e4 takes it together with the rook on e3 (§1.4), the best capture.
#   . . . . . . . .
#   . . . . . . . .
#   . . . . . . . .
#   . . . . . . . .
#   . . . . . . . .
#   . . N q r . . .
#   . . P P P . . .
#   K . . . . . . k
HANGING_QUEEN = "8/8/8/8/8/2Nqr3/2PPP3/K6k w - - 0 1"

MIDDLE_GAME = "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4"


def played(fen: str, machine: str) -> Game:
    game = Game(CHESSKERS, fen)
    game.push(game.parse_move(machine))
    return game


@pytest.mark.parametrize("level", [2, 5, 8])
def test_the_bot_finds_a_mate_in_one_by_a_knight_sweep(level):
    move = choose_move(SWEEP_MATE, level, seed=1, time_limit=1.0)
    game = Game(CHESSKERS, SWEEP_MATE)
    assert game.move_text(game.parse_move(move)) == "N~h6#"
    assert played(SWEEP_MATE, move).status() is Status.CHECKMATE


@pytest.mark.parametrize("level", [2, 5, 8])
def test_the_bot_finds_a_mate_in_one_by_a_chain(level):
    move = choose_move(CHAIN_MATE, level, seed=1, time_limit=1.0)
    assert move == "a1-a4-a6-a8"
    assert played(CHAIN_MATE, move).status() is Status.CHECKMATE


@pytest.mark.parametrize("level", [2, 4, 6, 8])
def test_the_bot_takes_a_hanging_queen_by_the_best_capture_kind(level):
    move = Game(CHESSKERS, HANGING_QUEEN).parse_move(
        choose_move(HANGING_QUEEN, level, seed=3, time_limit=1)
    )
    assert move.kind is MoveKind.SWEEP
    assert sorted(move.captured_names()) == ["d3", "e3"]


def random_position(seed: int) -> str:
    """Returns the FEN after up to 60 random plies from the start (fewer if the game ends)."""
    rng = random.Random(seed)
    game = Game(CHESSKERS)
    for _ in range(rng.randrange(0, 60)):
        moves = game.legal_moves()
        if not moves or game.is_over():
            break
        game.push(rng.choice(moves))
    return game.fen()


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), level=st.integers(1, 8))
def test_the_bot_never_returns_an_illegal_move(seed, level):
    fen = random_position(seed)
    game = Game(CHESSKERS, fen)
    if not game.legal_moves():
        with pytest.raises(ValueError, match="no legal move"):
            choose_move(fen, level, seed=seed, time_limit=0.05)
        return
    move = choose_move(fen, level, seed=seed, time_limit=0.05)
    assert game.parse_move(move) in game.legal_moves()


def test_the_bot_stops_at_its_node_limit():
    result = think(MIDDLE_GAME, 8, seed=1, node_limit=300)
    assert result.nodes <= 300
    assert Game(CHESSKERS, MIDDLE_GAME).position.is_legal(result.move)


def test_the_bot_stops_at_its_depth_limit_and_reports_it():
    searcher = Searcher(Game(CHESSKERS, MIDDLE_GAME).position, limits=Limits(depth=2))
    result = searcher.search()
    assert result.depth == 2


def test_the_bot_answers_within_a_short_time_budget_roughly():
    # Not a timing test: only that a tiny budget stops a level-8 search early and shallow.
    result = think(MIDDLE_GAME, 8, seed=1, time_limit=0.1)
    assert result.depth < 6
    assert result.seconds < 2.0


def test_stronger_levels_search_deeper_and_visit_more_nodes():
    figures = {n: think(STARTING_FEN, n, seed=5, time_limit=5.0) for n in (2, 3, 5)}
    assert [figures[n].depth for n in (2, 3, 5)] == [1, 2, 3]
    assert figures[2].nodes < figures[3].nodes
    assert [LEVELS[n].depth for n in range(1, 9)] == sorted(LEVELS[n].depth for n in range(1, 9))
    assert [LEVELS[n].time for n in range(1, 9)] == sorted(LEVELS[n].time for n in range(1, 9))
    # Where the clock cuts every search, a level still has four times the level two below.
    assert [LEVELS[n].time / LEVELS[n - 2].time for n in (7, 8)] == [4, 4]
    assert [LEVELS[n].time / LEVELS[n - 1].time for n in (6, 7, 8)] == [2, 2, 2]
    assert LEVELS[1].random_rate > LEVELS[2].random_rate > LEVELS[4].random_rate == 0


def test_the_bot_is_deterministic_with_a_fixed_seed():
    for level in (1, 2, 3):
        first = [choose_move(MIDDLE_GAME, level, seed=s, time_limit=5.0) for s in range(4)]
        again = [choose_move(MIDDLE_GAME, level, seed=s, time_limit=5.0) for s in range(4)]
        assert first == again
    # A search cut by a node limit (not by the clock) is reproducible at any level.
    first = think(MIDDLE_GAME, 8, seed=1, node_limit=400)
    again = think(MIDDLE_GAME, 8, seed=1, node_limit=400)
    assert (first.move, first.score, first.nodes) == (again.move, again.score, again.nodes)


def test_level_one_is_weak_enough_to_leave_a_hanging_queen_sometimes():
    sweeps_at_one = sum(
        Game(CHESSKERS, HANGING_QUEEN).parse_move(choose_move(HANGING_QUEEN, 1, seed=s)).kind
        is MoveKind.SWEEP
        for s in range(30)
    )
    assert sweeps_at_one < 30
    moves_at_one = {choose_move(MIDDLE_GAME, 1, seed=s) for s in range(30)}
    assert len(moves_at_one) > 3


def test_the_bot_rejects_a_bad_level_a_bad_budget_and_a_finished_game():
    with pytest.raises(ValueError, match="level"):
        choose_move(STARTING_FEN, 0)
    with pytest.raises(ValueError, match="level"):
        choose_move(STARTING_FEN, 9)
    with pytest.raises(ValueError, match="time limit"):
        choose_move(STARTING_FEN, 3, time_limit=0)
    mated = played(SWEEP_MATE, "g4-h6").fen()
    with pytest.raises(ValueError, match="no legal move"):
        choose_move(mated, 3)


def test_analysis_scores_from_whites_side_with_the_best_move_and_depth():
    # After the sweep White keeps a knight and three pawns against a bare king.
    score, move, depth = analyse(HANGING_QUEEN, depth=2)
    assert score > 500 and move == "c3-e4" and depth == 2
    mirrored = "k6K/2ppp3/2nQR3/8/8/8/8/8 b - - 0 1"  # the same, colours and ranks swapped
    assert analyse(mirrored, depth=2) == (-score, "c6-e5", 2)
    score, move, _ = analyse(CHAIN_MATE, depth=3)
    assert score > 90_000 and move == "a1-a4-a6-a8"


# White is lost (a bare king against a queen) but Kb1 repeats the position of two plies ago
# of the game: with that history the move is a draw (§3), without it the loss remains.
LOST = "7k/8/8/3q4/8/8/8/K7 w - - 4 30"
LOST_HISTORY = [
    "7k/8/8/3q4/8/8/8/K7 w - - 0 28",
    "7k/8/8/3q4/8/8/8/1K6 b - - 1 28",
    "7k/8/8/7q/8/8/8/1K6 w - - 2 29",
    "7k/8/8/7q/8/8/8/K7 b - - 3 29",
]


def test_a_repetition_of_an_earlier_position_of_the_game_scores_as_a_draw():
    score, move, _ = analyse(LOST, depth=3, history_fens=LOST_HISTORY)
    assert (score, move) == (0, "a1-b1")
    score, _, _ = analyse(LOST, depth=3)
    assert score < -500
    assert choose_move(LOST, 5, history_fens=[*LOST_HISTORY, LOST], seed=1) == "a1-b1"
