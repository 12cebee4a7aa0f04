"""Perft: the number of leaf nodes of the legal move tree (docs/rules/chesskers.md §6 and §8).

This module owns counting only. It plays moves in place on a private copy of the board and
counts the legal moves at the last ply without playing them (bulk counting).
"""

from engine import moving
from engine.generator import GENERATOR
from engine.moves import Move
from engine.pieces import PieceType
from engine.position import Position


def perft(position: Position, depth: int) -> int:
    """Returns the number of legal move sequences of ``depth`` plies from ``position``."""
    if depth <= 0:
        return 1
    board, side, castling, ep, kings = position.copy_state()
    return _perft(board, side, castling, ep, kings, depth)


def divide(position: Position, depth: int) -> list[tuple[Move, int]]:
    """Returns each legal move with the perft count of ``depth - 1`` below it."""
    board, side, castling, ep, kings = position.copy_state()
    out = []
    for move in GENERATOR.legal_moves(board, side, castling, ep, kings):
        if depth <= 1:
            out.append((move, 1))
            continue
        undo = moving.apply_move(board, move, side)
        child = _child_state(move, side, castling, kings)
        out.append((move, _perft(board, -side, child[0], child[1], child[2], depth - 1)))
        moving.undo_move(board, undo)
    return out


def _child_state(move: Move, side: int, castling: int, kings: tuple[int, int]) -> tuple:
    if move.piece is PieceType.KING:
        kings = (move.path[-1], kings[1]) if side == 1 else (kings[0], move.path[-1])
    return moving.next_castling(castling, move), moving.double_step_target(move), kings


def _perft(board: list[int], side: int, castling: int, ep: int, kings: tuple, depth: int) -> int:
    moves = GENERATOR.legal_moves(board, side, castling, ep, kings)
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        undo = moving.apply_move(board, move, side)
        c, e, k = _child_state(move, side, castling, kings)
        total += _perft(board, -side, c, e, k, depth - 1)
        moving.undo_move(board, undo)
    return total
