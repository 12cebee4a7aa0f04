"""Perft of every game of the draughts family from its start position, against the reference
counts of data/perft.txt (docs/rules/draughts.md §1.14).

Counts up to 60,000 leaves run on every test run; the deeper ones are marked slow (``make
test-slow``), and the deepest, which take hours in Python, are left to the command line.
"""

from pathlib import Path

import pytest

from engine.variants import VARIANTS

DATA = Path(__file__).with_name("data") / "perft.txt"
FAST_LIMIT = 60_000  # leaves; a few seconds at most in pure Python
SLOW_LIMIT = 12_000_000  # leaves; minutes


def _cases() -> list[tuple[str, str, int, int]]:
    cases = []
    for line in DATA.read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        variant_id, fen, *pairs = (part.strip() for part in line.split(";"))
        for pair in pairs:
            depth, count = pair.split()
            cases.append((variant_id, fen, int(depth), int(count)))
    return cases


CASES = _cases()
FAST = [c for c in CASES if c[3] <= FAST_LIMIT]
SLOW = [c for c in CASES if FAST_LIMIT < c[3] <= SLOW_LIMIT]


@pytest.mark.parametrize(("variant_id", "fen", "depth", "count"), FAST)
def test_perft_matches_the_reference_counts(variant_id, fen, depth, count):
    variant = VARIANTS[variant_id]
    assert variant.perft(variant.position(fen), depth) == count


@pytest.mark.slow
@pytest.mark.parametrize(("variant_id", "fen", "depth", "count"), SLOW)
def test_deep_perft_matches_the_reference_counts(variant_id, fen, depth, count):
    variant = VARIANTS[variant_id]
    assert variant.perft(variant.position(fen), depth) == count


def test_every_draughts_game_has_reference_counts_to_depth_four_or_more():
    depths = {}
    for variant_id, _, depth, _ in CASES:
        depths[variant_id] = max(depth, depths.get(variant_id, 0))
    family = {v.id for v in VARIANTS.values() if v.family == "draughts"}
    assert set(depths) == family
    assert all(depth >= 4 for depth in depths.values())
    assert all(any(c[0] == v and c[2] >= 2 for c in FAST) for v in family)


def test_perft_zero_is_one_and_divide_sums_to_perft():
    variant = VARIANTS["international"]
    start = variant.start_position()
    assert variant.perft(start, 0) == 1
    rows = variant.divide(start, 3)
    assert len(rows) == 9
    assert sum(count for _, count in rows) == 658
