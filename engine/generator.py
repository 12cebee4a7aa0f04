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

from engine import movegen
from engine.moves import Move, MoveKind
from engine.pieces import PieceType

try:
    from engine import _native
except ImportError:  # not built
    _native = None

Kings = tuple[int, int]


class PythonGenerator:
    """The generator of ``engine.movegen``."""

    name = "python"

    def legal_moves(
        self,
        board: list[int],
        side: int,
        castling: int,
        ep: int,
        kings: Kings,
        first_only: bool = False,
    ) -> list[Move]:
        """Returns every legal move of ``side``; ``first_only`` stops at the first piece with a
        legal move (the king is tried first). See ``movegen.legal_moves``."""
        return movegen.legal_moves(board, side, castling, ep, kings, first_only)

    def has_legal_move(
        self, board: list[int], side: int, castling: int, ep: int, kings: Kings
    ) -> bool:
        """Returns whether ``side`` has a legal move."""
        return movegen.has_legal_move(board, side, castling, ep, kings)

    def is_attacked(self, board: list[int], square: int, by_side: int) -> bool:
        """Returns whether ``by_side`` has a capture of any kind removing the piece on
        ``square`` (§2)."""
        return movegen.is_attacked(board, square, by_side)

    def marked_moves(
        self, board: list[int], side: int, castling: int, ep: int, kings: Kings
    ) -> tuple[list[Move], list[int]]:
        """Returns the legal moves of ``side`` and, for each, 0 (no check), 1 (check) or 2
        (checkmate): what their canonical texts need (§4 ``+`` and ``#``)."""
        board = board.copy()
        moves = movegen.legal_moves(board, side, castling, ep, kings)
        checks = movegen.checks(board, side, kings, moves)
        marks = []
        for move, check in zip(moves, checks, strict=True):
            if not check:
                marks.append(0)
                continue
            undo = movegen.apply_move(board, move, side)
            after = kings
            if move.piece is PieceType.KING:
                after = (move.path[-1], kings[1]) if side == 1 else (kings[0], move.path[-1])
            replies = movegen.has_legal_move(
                board,
                -side,
                movegen.next_castling(castling, move),
                movegen.double_step_target(move),
                after,
            )
            movegen.undo_move(board, undo)
            marks.append(1 if replies else 2)
        return moves, marks


class NativeGenerator:
    """The generator of ``engine/_native.c``, its answers wrapped as the Python one's."""

    name = "c"

    # The C module numbers move kinds and piece types as these enums' order and values.
    KINDS = (
        MoveKind.QUIET,
        MoveKind.CASTLE,
        MoveKind.REPLACEMENT,
        MoveKind.EN_PASSANT,
        MoveKind.JUMP,
        MoveKind.SWEEP,
    )

    def legal_moves(
        self,
        board: list[int],
        side: int,
        castling: int,
        ep: int,
        kings: Kings,
        first_only: bool = False,
    ) -> list[Move]:
        """``PythonGenerator.legal_moves`` in C: the same moves in the same order."""
        return self._moves(_native.legal_moves(board, side, castling, ep, kings, first_only))

    def has_legal_move(
        self, board: list[int], side: int, castling: int, ep: int, kings: Kings
    ) -> bool:
        """``PythonGenerator.has_legal_move`` in C."""
        return _native.has_legal_move(board, side, castling, ep, kings)

    def is_attacked(self, board: list[int], square: int, by_side: int) -> bool:
        """``PythonGenerator.is_attacked`` in C."""
        return _native.is_attacked(board, square, by_side)

    def marked_moves(
        self, board: list[int], side: int, castling: int, ep: int, kings: Kings
    ) -> tuple[list[Move], list[int]]:
        """``PythonGenerator.marked_moves`` in C, in one call."""
        raw, marks = _native.marked_moves(board, side, castling, ep, kings)
        return self._moves(raw), marks

    def _moves(self, raw: list[tuple]) -> list[Move]:
        # Wraps the C module's (kind, piece, path, captured, promotion) tuples, reusing the
        # quiet and replacement moves the Python generator interns (moves are values).
        kinds = self.KINDS
        types = movegen.PIECE_TYPES
        quiet = movegen.QUIET_MOVES
        replacement = movegen.REPLACEMENT_MOVES
        out = []
        add = out.append
        for kind, t, path, caps, promotion in raw:
            if promotion:
                add(Move(kinds[kind], types[t], path, caps, types[promotion]))
            elif kind == 0:
                add(quiet[t][path[0]][path[1]] or movegen.intern_quiet(t, path[0], path[1]))
            elif kind == 2:
                add(
                    replacement[t][path[0]][path[1]]
                    or movegen.intern_replacement(t, path[0], path[1])
                )
            else:
                add(Move(kinds[kind], types[t], path, caps))
        return out


assert tuple(MoveKind)[: len(NativeGenerator.KINDS)] == NativeGenerator.KINDS

NATIVE = _native is not None and os.environ.get("CHESSKERS_PURE_PYTHON", "") in ("", "0")
"""Whether the C generator runs."""

GENERATOR: PythonGenerator | NativeGenerator = NativeGenerator() if NATIVE else PythonGenerator()
"""The generator the engine runs (see the module docstring)."""
