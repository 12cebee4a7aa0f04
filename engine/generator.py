"""Which Chesskers move generator the engine runs: decided once, here, when the engine loads.

Two generators make the same moves in the same order (tests/engine/test_native.py checks it on
perft positions and random games): the C one, ``engine/_native.c``, and the Python one,
``engine.movegen``. Both implement docs/rules/chesskers.md §1-§2; ``engine.reference`` states the
same rules plainly and the tests hold both to it.

The C generator runs when it is built (``make``, ``python -m engine.build_native``) unless the
environment sets ``CHESSKERS_PURE_PYTHON=1``; otherwise the Python one runs, with the same
answers, several times slower. Everything that needs moves, attacks or check marks asks
``GENERATOR``; ``NATIVE`` says which one it is.
"""

import os

from engine import attacks, movegen, moving
from engine.moves import Move, MoveKind
from engine.pieces import PieceType

try:
    import engine._native as _native
except ImportError:  # not built
    _native = None

Kings = tuple[int, int]


def python_marked_moves(
    board: list[int], side: int, castling: int, ep: int, kings: Kings
) -> tuple[list[Move], list[int]]:
    """Returns the legal moves of ``side`` and, for each, 0 (no check), 1 (check) or 2
    (checkmate): what their canonical texts need (§4 ``+`` and ``#``), with ``movegen``."""
    board = board.copy()
    moves = movegen.legal_moves(board, side, castling, ep, kings)
    checks = attacks.checks(board, side, kings, moves)
    marks = []
    for move, check in zip(moves, checks, strict=True):
        if not check:
            marks.append(0)
            continue
        undo = moving.apply_move(board, move, side)
        after = kings
        if move.piece is PieceType.KING:
            after = (move.path[-1], kings[1]) if side == 1 else (kings[0], move.path[-1])
        replies = movegen.has_legal_move(
            board,
            -side,
            moving.next_castling(castling, move),
            moving.double_step_target(move),
            after,
        )
        moving.undo_move(board, undo)
        marks.append(1 if replies else 2)
    return moves, marks


# The C module numbers move kinds and piece types as these enums' order and values.
_KINDS = (
    MoveKind.QUIET,
    MoveKind.CASTLE,
    MoveKind.REPLACEMENT,
    MoveKind.EN_PASSANT,
    MoveKind.JUMP,
    MoveKind.SWEEP,
)
_TYPES = moving.PIECE_TYPES
_QUIET = moving.QUIET_MOVES
_REPLACEMENT = moving.REPLACEMENT_MOVES


def _wrapped(raw: list[tuple]) -> list[Move]:
    # The C module's (kind, piece, path, captured, promotion) tuples as ``Move`` values,
    # reusing the quiet and replacement moves the Python generator interns (moves are values).
    out = []
    add = out.append
    for kind, t, path, caps, promotion in raw:
        if promotion:
            add(Move(_KINDS[kind], _TYPES[t], path, caps, _TYPES[promotion]))
        elif kind == 0:
            add(_QUIET[t][path[0]][path[1]] or moving.intern_quiet(t, path[0], path[1]))
        elif kind == 2:
            add(_REPLACEMENT[t][path[0]][path[1]] or moving.intern_replacement(t, path[0], path[1]))
        else:
            add(Move(_KINDS[kind], _TYPES[t], path, caps))
    return out


def native_legal_moves(
    board: list[int], side: int, castling: int, ep: int, kings: Kings, first_only: bool = False
) -> list[Move]:
    """``movegen.legal_moves`` in C: the same moves in the same order."""
    return _wrapped(_native.legal_moves(board, side, castling, ep, kings, first_only))


def native_marked_moves(
    board: list[int], side: int, castling: int, ep: int, kings: Kings
) -> tuple[list[Move], list[int]]:
    """``python_marked_moves`` in C, in one call."""
    raw, marks = _native.marked_moves(board, side, castling, ep, kings)
    return _wrapped(raw), marks


class PythonGenerator:
    """The Python generator: ``movegen``'s functions (see their docstrings).

    ``legal_moves(board, side, castling, ep, kings, first_only=False)`` returns every legal move
    (with ``first_only``, stopping at the first piece that has one, the king tried first);
    ``has_legal_move(board, side, castling, ep, kings)``; ``is_attacked(board, square,
    by_side)``, whether ``by_side`` has a capture of any kind removing the piece on ``square``
    (§2); ``marked_moves(board, side, castling, ep, kings)``, the legal moves with their check
    marks.
    """

    name = "python"
    legal_moves = staticmethod(movegen.legal_moves)
    has_legal_move = staticmethod(movegen.has_legal_move)
    is_attacked = staticmethod(attacks.is_attacked)
    marked_moves = staticmethod(python_marked_moves)


class NativeGenerator:
    """The C generator, its answers wrapped as the Python one's: the same four functions, the
    same moves in the same order."""

    name = "c"
    legal_moves = staticmethod(native_legal_moves)
    marked_moves = staticmethod(native_marked_moves)

    @staticmethod
    def has_legal_move(board: list[int], side: int, castling: int, ep: int, kings: Kings) -> bool:
        """``movegen.has_legal_move`` in C."""
        return _native.has_legal_move(board, side, castling, ep, kings)

    @staticmethod
    def is_attacked(board: list[int], square: int, by_side: int) -> bool:
        """``attacks.is_attacked`` in C."""
        return _native.is_attacked(board, square, by_side)


assert tuple(MoveKind)[: len(_KINDS)] == _KINDS

NATIVE = _native is not None and os.environ.get("CHESSKERS_PURE_PYTHON", "") in ("", "0")
"""Whether the C generator runs."""

GENERATOR: PythonGenerator | NativeGenerator = NativeGenerator() if NATIVE else PythonGenerator()
"""The generator the engine runs (see the module docstring)."""
