"""Perft against the reference counts of data/perft.txt (docs/rules/chesskers.md §8), and
against the reference generator (engine.reference) on small depths."""

from pathlib import Path

import pytest

from engine import STARTING_FEN, Position, reference
from engine.perft import divide, perft

DATA = Path(__file__).with_name("data") / "perft.txt"


def _cases() -> list[tuple[str, int, int]]:
    cases = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        fen, *pairs = (part.strip() for part in line.split(";"))
        for pair in pairs:
            depth, count = pair.split()
            cases.append((fen, int(depth), int(count)))
    return cases


CASES = _cases()
FAST = [c for c in CASES if c[1] <= 3 or (c[0] == STARTING_FEN and c[1] == 4)]
SLOW = [c for c in CASES if c not in FAST]


@pytest.mark.parametrize(("fen", "depth", "count"), FAST)
def test_perft_matches_the_reference_counts(fen, depth, count):
    assert perft(Position.from_fen(fen), depth) == count


@pytest.mark.slow
@pytest.mark.parametrize(("fen", "depth", "count"), SLOW)
def test_deep_perft_matches_the_reference_counts(fen, depth, count):
    assert perft(Position.from_fen(fen), depth) == count


def test_start_position_depth_five_is_among_the_slow_cases():
    assert (STARTING_FEN, 5, 4914031) in SLOW


MIDDLE_GAMES = sorted({fen for fen, _, _ in CASES if fen != STARTING_FEN})


@pytest.mark.parametrize("fen", MIDDLE_GAMES)
def test_perft_depth_two_agrees_with_the_literal_reference_generator(fen):
    expected = reference.perft(reference.RefPosition.from_fen(fen), 2)
    assert perft(Position.from_fen(fen), 2) == expected


def test_divide_sums_to_perft():
    position = Position.from_fen(STARTING_FEN)
    rows = divide(position, 3)
    assert len(rows) == 20
    assert sum(count for _, count in rows) == 8916


def test_depth_three_gains_sixteen_jumps_and_loses_two_king_moves_over_chess():
    # §8: 8902 in chess; +16 jumps at ply 3; -2 king moves (1.d4 e5 2.Kd2, 1.f4 e5 2.Kf2).
    position = Position.from_fen(STARTING_FEN)
    jumps = 0
    for first in position.legal_moves():
        after_first = position.play(first)
        for second in after_first.legal_moves():
            after = after_first.play(second)
            jumps += sum(1 for m in after.legal_moves() if m.kind.value == "jump")
    assert jumps == 16
