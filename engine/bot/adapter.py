"""The bot's one seam onto the engine's internals: a mutable board for search.

Search needs to play and take back moves millions of times, which the public ``Position.play``
(a new immutable position per move) is too slow for. Everything the bot uses that is not in
``engine.__all__`` goes through this module, so that a change of the engine's internals is
fixed here and nowhere else. It owns no rule: legality, check and the effect of a move all come
from the engine.

Internal names used: ``engine.generator.GENERATOR`` (``legal_moves``, ``is_attacked``) and
``engine.moving`` (``apply_move``, ``undo_move``, ``next_castling``, ``double_step_target``).
Public names used: ``Position.copy_state``, ``Position.halfmove``, ``Move``.
"""

from collections.abc import Callable

from engine import moving
from engine.generator import GENERATOR
from engine.moves import Move, MoveKind
from engine.pieces import PieceType
from engine.position import Position

CASTLE = MoveKind.CASTLE
KING = PieceType.KING
PAWN = PieceType.PAWN

Undo = object

legal_moves: Callable[[list[int], int, int, int, tuple[int, int]], list[Move]] = (
    GENERATOR.legal_moves
)
"""Returns the legal moves of ``side`` on ``board`` (board, side, castling, ep, kings)."""


def is_attacked(board: list[int], square: int, by_side: int) -> bool:
    """Returns whether ``by_side`` has a capture of any kind removing the piece on ``square``."""
    return GENERATOR.is_attacked(board, square, by_side)


def touched_squares(move: Move) -> tuple[int, ...]:
    """Returns every square whose content ``move`` may change (for hashing)."""
    origin, target = move.path[0], move.path[-1]
    if move.kind is CASTLE:
        if target > origin:
            return (origin, target, origin + 3, origin + 1)
        return (origin, target, origin - 4, origin - 1)
    return (origin, target, *move.captured)


def make(board: list[int], move: Move, side: int) -> Undo:
    """Plays ``move`` (legal here) on ``board`` in place; returns what ``unmake`` needs."""
    return moving.apply_move(board, move, side)


def unmake(board: list[int], undo: Undo) -> None:
    """Takes back the move whose ``make`` returned ``undo``."""
    moving.undo_move(board, undo)  # type: ignore[arg-type]


def next_castling(castling: int, move: Move) -> int:
    """Returns the castling rights after ``move``."""
    return moving.next_castling(castling, move)


def double_step_target(move: Move) -> int:
    """Returns the square a pawn double step passed over, or -1."""
    return moving.double_step_target(move)


def state_of(position: Position) -> tuple[list[int], int, int, int, tuple[int, int], int]:
    """Returns a private (board, side, castling, ep, kings, halfmove) of ``position``."""
    board, side, castling, ep, kings = position.copy_state()
    return board, side, castling, ep, kings, position.halfmove


def resets_halfmove(move: Move) -> bool:
    """Returns whether ``move`` resets the fifty-move count (a pawn move or any capture)."""
    return move.piece is PAWN or bool(move.captured)


def kings_after(kings: tuple[int, int], move: Move, side: int) -> tuple[int, int]:
    """Returns (White king, Black king) squares after ``move`` by ``side``."""
    if move.piece is not KING:
        return kings
    return (move.path[-1], kings[1]) if side == 1 else (kings[0], move.path[-1])
