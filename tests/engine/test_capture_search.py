"""The capture search's work is bounded (issue #35): it counts the jumps it tries, refuses a
position past its budget with a sentence, finds the largest captures without listing the others,
and gives the very same sequences as walking every one to its end wherever the budget allows.

Every game whose pieces capture through the core (the draughts family and the hybrids, from the
registry) is held to the plain enumeration it replaced (``tests/engine/draughts/exhaustive.py``)
on random boards. Work is measured in jumps, never in time."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import cli
from engine.bot import think
from engine.draughts import captures, movegen
from engine.draughts.captures import Sequence, capture_sequences, takes_square
from engine.draughts.rules import Power
from engine.errors import CaptureSearchError, WorkLimitError
from engine.variants import VARIANTS
from engine.work import CAPTURE_BUDGET, JumpBudget, work_limit
from tests.engine.draughts.exhaustive import every_sequence
from tests.engine.test_playable import WORST_CAPTURES

CORE_GAMES = sorted(v.id for v in VARIANTS.values() if v.family in ("draughts", "hybrid"))
REFUSAL = (
    f"this position's captures take more than {CAPTURE_BUDGET:,} jumps to search, more than a "
    "game here may have"
)
# One White king against 17 Black pieces: its one move takes all 17, and listing every sequence
# to find it walks 48,918 jumps, over the budget; the pruned search needs 8,017.
PRUNED = "W:WK6:B9,11,12,13,20,K21,K29,K32,34,46,47,K48,K50,60,K62,K63,64:H0:F1"
SETTINGS = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)


def random_board(variant_id: str, rng: random.Random) -> tuple[list[int], dict[int, int]]:
    """Returns a board of the game with random pieces on its squares (no rule of placement but
    the core's: signed codes), and the capture power of each code that has one. Half the boards
    scatter both sides anywhere; the other half put Black's pieces on a lattice (every other rank,
    off the edges, where they can be jumped in many orders) and a few of White's elsewhere, so
    that the captures branch and meet again."""
    variant = VARIANTS[variant_id]
    tables = variant.tables
    board_of = variant.board
    if variant.family == "draughts":
        powers = {
            Power[kind.piece.name].value: Power[kind.piece.name].value for kind in variant.pieces
        }
        squares = list(tables.squares)
    else:
        powers = {code: tables.power[code] for code in range(1, tables.size)}
        squares = list(range(64))
    board = [0] * board_of.size
    codes = list(powers)
    if rng.random() < 0.5:
        for sq in rng.sample(squares, rng.randrange(2, len(squares) * 2 // 3)):
            board[sq] = rng.choice(codes) * rng.choice((1, -1))
    else:
        lattice = [
            sq
            for sq in squares
            if board_of.rank_of(sq) % 2
            and 0 < board_of.file_of(sq) < board_of.files - 1
            and board_of.rank_of(sq) < board_of.ranks - 1
        ]
        others = [sq for sq in squares if sq not in lattice]
        for sq in rng.sample(lattice, rng.randrange(1, len(lattice) + 1)):
            board[sq] = -rng.choice(codes)
        for sq in rng.sample(others, rng.randrange(1, 6)):
            board[sq] = rng.choice(codes)
    return board, {code: power for code, power in powers.items() if power}


def longest_of(seqs: list[Sequence]) -> list[Sequence]:
    most = max((len(seq[1]) for seq in seqs), default=0)
    return [seq for seq in seqs if len(seq[1]) == most]


@SETTINGS
@given(st.sampled_from(CORE_GAMES), st.randoms(use_true_random=False))
def test_the_search_gives_the_sequences_of_walking_every_one_in_their_order(variant_id, rng):
    spec = VARIANTS[variant_id].tables.spec
    board, powers = random_board(variant_id, rng)
    before = list(board)
    for side in (1, -1):
        pieces = [
            (sq, powers[code * side]) for sq, code in enumerate(board) if code * side in powers
        ]
        try:
            every = capture_sequences(board, side, pieces, spec, budget=JumpBudget(5000))
        except CaptureSearchError:
            continue  # too large for the reference to walk quickly
        reference = every_sequence(board, side, pieces, spec)
        assert every == reference
        longest = longest_of(reference)
        assert capture_sequences(board, side, pieces, spec, longest=True) == longest
        pruned: list[Sequence] = []
        captures._longest(board, side, pieces, spec, pruned, CAPTURE_BUDGET)  # past QUICK
        assert pruned == longest
        for target, code in enumerate(board):
            if code * side < 0:
                jumped = any(target in caps for _, caps, _ in reference)
                assert takes_square(board, side, pieces, spec, target) == jumped
        assert board == before


@pytest.mark.parametrize("variant_id", sorted(WORST_CAPTURES))
def test_refusing_the_worst_positions_found_costs_the_budget_and_no_more(variant_id) -> None:
    with work_limit(10 * CAPTURE_BUDGET) as limit, pytest.raises(CaptureSearchError) as refused:
        VARIANTS[variant_id].playable_position(WORST_CAPTURES[variant_id])
    assert str(refused.value) == REFUSAL
    assert limit.spent == CAPTURE_BUDGET + 1  # the jump that found it spent


def test_the_largest_capture_is_found_without_listing_every_sequence() -> None:
    canadian = VARIANTS["canadian"]
    board, side = canadian.position(PRUNED).copy_state()
    pieces = [(sq, abs(code)) for sq, code in enumerate(board) if code * side > 0]
    spec = canadian.tables.spec
    listing, pruning = JumpBudget(), JumpBudget()
    with pytest.raises(CaptureSearchError):
        capture_sequences(board, side, pieces, spec, budget=listing)
    longest = capture_sequences(board, side, pieces, spec, longest=True, budget=pruning)
    assert CAPTURE_BUDGET - pruning.left < CAPTURE_BUDGET // 2 < CAPTURE_BUDGET - listing.left
    reference = longest_of(every_sequence(board, side, pieces, spec))
    assert longest == reference and {len(caps) for _, caps, _ in longest} == {17}
    moves = movegen.capture_moves(board, side, canadian.tables, reference)[0]
    assert canadian.playable_position(PRUNED).legal_moves() == moves


def test_a_search_may_spend_exactly_its_budget_and_not_one_jump_more() -> None:
    russian = VARIANTS["russian"]  # free choice: every sequence is listed
    board, side = russian.position("W:WKa1:Bb2,d4,f6,b4,d6,f4,c7:H0:F1").copy_state()
    pieces = [(0, Power.KING.value)]
    spec = russian.tables.spec
    measured = JumpBudget(10**6)
    found = capture_sequences(board, side, pieces, spec, budget=measured)
    needed = 10**6 - measured.left
    assert needed > 1 and found
    assert capture_sequences(board, side, pieces, spec, budget=JumpBudget(needed)) == found
    with pytest.raises(CaptureSearchError, match=f"more than {needed - 1:,} jumps"):
        capture_sequences(board, side, pieces, spec, budget=JumpBudget(needed - 1))
    assert board == russian.position("W:WKa1:Bb2,d4,f6,b4,d6,f4,c7:H0:F1").copy_state()[0]


def test_a_work_limit_bounds_many_positions_together() -> None:
    canadian = VARIANTS["canadian"]
    with work_limit(2 * 8017) as limit:
        canadian.playable_position(PRUNED)
        canadian.playable_position(PRUNED)  # another position object: searched again
        with pytest.raises(WorkLimitError) as refused:
            canadian.playable_position(PRUNED)
    assert str(refused.value) == (
        "the positions of this request take more than 16,034 jumps of capture search in all, "
        "more than one request may spend"
    )
    assert limit.spent == limit.jumps + 1


@pytest.mark.parametrize("variant_id", CORE_GAMES)
def test_real_games_stay_far_below_the_budget(variant_id) -> None:
    """Seeded random games, captures chosen most of the time: the most any position's moves
    cost in jumps stays under a twentieth of the budget."""
    rng = random.Random(variant_id)
    variant = VARIANTS[variant_id]
    most = 0
    for _ in range(20):
        game = variant.new_game()
        for _ in range(200):
            with work_limit(CAPTURE_BUDGET) as limit:
                over = game.is_over()
            most = max(most, limit.spent)
            if over:
                break
            moves = game.legal_moves()
            taking = [move for move in moves if move.captured]
            game.push(rng.choice(taking if taking and rng.random() < 0.8 else moves))
    assert most < CAPTURE_BUDGET // 20


# Black to move must capture: d4xd2 leaves White a capture search over the budget (a move the
# site refuses), g7xg2 does not.
INTO_A_REFUSAL = (
    "B:WKa1,Kb1,Kc1,Ke1,Kf1,Kg1,Kh2,Kd3,g3,Kh4,Kh5,Kh6,Kh7,Kh8"
    ":Bb2,Kf2,a3,Kc3,e3,b4,d4,Kd5,Kc6,f6,Ka7,e7,Kg7,d8,Kf8:H0:F1"
)


@pytest.mark.parametrize("level", [5, 6, 7, 8])
def test_the_bot_does_not_move_into_a_position_whose_captures_are_refused(level) -> None:
    turkish = VARIANTS["turkish"]
    position = turkish.playable_position(INTO_A_REFUSAL)
    moves = {move.machine(): move for move in position.legal_moves()}
    assert sorted(moves) == ["d4-d2", "g7-g2"]
    with pytest.raises(CaptureSearchError):
        position.play_unchecked(moves["d4-d2"]).legal_moves()
    assert position.play_unchecked(moves["g7-g2"]).legal_moves()  # within the budget
    result = think(INTO_A_REFUSAL, level, seed=1, node_limit=300, variant="turkish")
    assert result.move.machine() == "g7-g2"


def test_the_command_line_refuses_the_position_with_the_sentence(capsys) -> None:
    fen = WORST_CAPTURES["turkish"]
    assert cli.main(["--variant", "turkish", "moves", fen]) == 2
    assert capsys.readouterr().err == f"error: {REFUSAL}\n"
