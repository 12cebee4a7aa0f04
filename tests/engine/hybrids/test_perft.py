"""Perft of the four hybrids from their start positions, against the reference counts of
data/perft.txt (docs/rules/hybrids.md §6).

Counts up to 60,000 leaves run on every test run; the deeper ones are marked slow (``make
test-slow``; Game Mix and Mix Chess at depth 5 take a few minutes each in pure Python).
"""

from pathlib import Path

import pytest

from engine.variants import VARIANTS

DATA = Path(__file__).with_name("data") / "perft.txt"
FAST_LIMIT = 60_000  # leaves; a second or so in pure Python


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
SLOW = [c for c in CASES if c[3] > FAST_LIMIT]


@pytest.mark.parametrize(("variant_id", "fen", "depth", "count"), FAST)
def test_perft_matches_the_reference_counts(variant_id, fen, depth, count):
    variant = VARIANTS[variant_id]
    assert variant.perft(variant.position(fen), depth) == count


@pytest.mark.slow
@pytest.mark.parametrize(("variant_id", "fen", "depth", "count"), SLOW)
def test_deep_perft_matches_the_reference_counts(variant_id, fen, depth, count):
    variant = VARIANTS[variant_id]
    assert variant.perft(variant.position(fen), depth) == count


def test_every_hybrid_has_its_reference_counts_to_depth_five():
    depths: dict[str, int] = {}
    for variant_id, _, depth, _ in CASES:
        depths[variant_id] = max(depth, depths.get(variant_id, 0))
    hybrids = {v.id for v in VARIANTS.values() if v.family == "hybrid"}
    assert hybrids and depths.keys() == hybrids
    assert all(depth >= 5 for depth in depths.values())


def test_divide_sums_to_perft_and_perft_zero_is_one():
    variant = VARIANTS["byelorussian-cheskers"]
    start = variant.start_position()
    assert variant.perft(start, 0) == 1
    rows = variant.divide(start, 3)
    assert len(rows) == 15
    assert sum(count for _, count in rows) == 3345


def test_game_mix_and_mix_chess_part_at_depth_four_by_the_eight_dama_lines():
    # §6: the lines 1.c3/c4 d5/d6 2.Da4 Kd7 and 1.e3/e4 d5/d6 2.Dg4 Kd7 are legal in Game Mix
    # only — the dama sees d7 but cannot jump it.
    for first, dama in (("c3", "Da4"), ("c4", "Da4"), ("e3", "Dg4"), ("e4", "Dg4")):
        for reply in ("d5", "d6"):
            counts = []
            for variant_id in ("game-mix", "mix-chess"):
                game = VARIANTS[variant_id].new_game()
                for text in (first, reply, dama):
                    game.push_text(text)
                counts.append({text for _, text in game.describe_legal_moves()})
            assert counts[0] - counts[1] == {"Kd7"}, (first, reply, dama)
