"""The engine's hybrid generators against the plain statement of the rules (``reference``): the
same legal moves and the same check in every position of seeded random games, captures
preferred so the games reach crowded fights, promotions and the ends of the games. Three games
of each run every time; nine more are marked slow."""

import random

import pytest

from engine.hybrids import reference
from engine.variants import VARIANTS

HYBRIDS = [v.id for v in VARIANTS.values() if v.family == "hybrid"]


def engine_keys(position) -> set[reference.Key]:
    return {
        (
            m.kind.value,
            tuple(m.path_names()),
            tuple(m.captured_names()),
            m.promotion.symbol if m.promotion is not None else None,
        )
        for m in position.legal_moves()
    }


@pytest.mark.parametrize(
    ("variant_id", "depth", "count"),
    [
        ("cheskers", 3, 652),
        ("byelorussian-cheskers", 2, 232),
        ("game-mix", 2, 463),
        ("mix-chess", 2, 463),
    ],
)
def test_the_reference_itself_counts_the_reference_perft(variant_id, depth, count):
    start = reference.from_fen(variant_id, VARIANTS[variant_id].start_fen)
    assert reference.perft(start, depth) == count


SEEDS = [*range(3), *(pytest.param(seed, marks=pytest.mark.slow) for seed in range(3, 12))]


@pytest.mark.parametrize("variant_id", HYBRIDS)
@pytest.mark.parametrize("seed", SEEDS)
def test_the_engine_makes_the_references_moves_in_random_games(variant_id, seed):
    rng = random.Random(seed * 101 + len(variant_id))
    variant = VARIANTS[variant_id]
    game = variant.new_game()
    compared = 0
    for ply in range(80):
        position = game.position
        ref = reference.from_fen(variant_id, game.fen())
        assert engine_keys(position) == reference.keys(ref), game.fen()
        assert position.is_check() == reference.in_check(variant_id, ref.board, ref.side), (
            game.fen()
        )
        compared += 1
        if game.is_over():
            break
        moves = game.legal_moves()
        captures = [m for m in moves if m.captured]
        game.push(rng.choice(captures if captures and ply % 3 else moves))
    assert compared >= 5
