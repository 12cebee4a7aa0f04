"""The bot's own capture generator (engine.bot.captures) agrees with the engine's legal moves:
filtered by king safety, it lists exactly the legal captures of every kind and the queen
promotions by a step (docs/rules/chesskers.md §1)."""

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Game, MoveKind, PieceType
from engine.bot import adapter
from engine.bot.captures import pseudo_captures
from engine.chesskers import CHESSKERS

# A position rich in captures: a rook chain (Ra1:a4:a6), a pawn jump (d5:b7), a sweep (N~a6),
# en passant (dxe6), and promotions by a step and by a replacement.
#   . n . . k . . .
#   P . p . . . . .
#   . p p p . . . .
#   p . p P p . . .
#   . N . . . . . .
#   p . . . . . . q
#   . . . . . . . .
#   R . . . K . . .
RICH = "1n2k3/P1p5/1ppp4/p1pPp3/1N6/p6q/8/R3K3 w - e6 0 1"


def legal_captures(fen: str) -> set:
    position = Game(CHESSKERS, fen).position
    return {
        m
        for m in position.legal_moves()
        if m.captured or (m.kind is MoveKind.QUIET and m.promotion is PieceType.QUEEN)
    }


def filtered_pseudo_captures(fen: str) -> set:
    position = Game(CHESSKERS, fen).position
    board, side, _, ep, _, _ = adapter.state_of(position)
    before = board.copy()
    moves = pseudo_captures(board, side, ep)
    assert board == before, "generation leaves the board as it found it"
    return {m for m in moves if position.is_legal(m)}


def test_the_capture_generator_lists_every_legal_capture_kind():
    found = filtered_pseudo_captures(RICH)
    assert found == legal_captures(RICH)
    assert {m.kind for m in found} >= {
        MoveKind.REPLACEMENT,
        MoveKind.EN_PASSANT,
        MoveKind.JUMP,
        MoveKind.SWEEP,
    }


def random_fen(seed: int) -> str:
    rng = random.Random(seed)
    game = Game(CHESSKERS)
    for _ in range(rng.randrange(0, 90)):
        moves = game.legal_moves()
        if not moves or game.is_over():
            break
        captures = [m for m in moves if m.captured]
        # Prefer quiet moves a little so that games keep their pieces and chains stay possible.
        game.push(rng.choice(moves if not captures or rng.random() < 0.7 else captures))
    return game.fen()


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9))
def test_the_capture_generator_agrees_with_the_engine_on_random_positions(seed):
    fen = random_fen(seed)
    assert filtered_pseudo_captures(fen) == legal_captures(fen)
