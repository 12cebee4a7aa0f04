"""Adjudication: the status of a position within its game (docs/rules/chesskers.md §3 and §7).

This module owns the order in which endings are decided and the material rule; it keeps no
history itself (``game`` passes the repetition count in).
"""

from enum import Enum

from engine.pieces import BISHOP, KING
from engine.position import Position


class Status(Enum):
    """The state of a game; ``value`` is the text used by the CLI and the site."""

    ONGOING = "ongoing"
    CHECKMATE = "checkmate"
    STALEMATE = "stalemate"
    THREEFOLD = "threefold"
    FIFTY_MOVES = "fifty-moves"
    INSUFFICIENT_MATERIAL = "insufficient-material"


def is_insufficient_material(position: Position) -> bool:
    """Returns whether only two kings, or two kings and one bishop, remain (§3)."""
    others = [abs(p) for p in position.board if p and abs(p) != KING]
    return not others or others == [BISHOP]


def status_of(position: Position, repetitions: int) -> Status:
    """Returns the status of ``position``, reached for the ``repetitions``-th time.

    §7: checkmate first; then stalemate, threefold, fifty-moves, insufficient-material.
    """
    if not position.has_legal_move():
        return Status.CHECKMATE if position.is_check() else Status.STALEMATE
    if repetitions >= 3:
        return Status.THREEFOLD
    if position.halfmove >= 100:
        return Status.FIFTY_MOVES
    if is_insufficient_material(position):
        return Status.INSUFFICIENT_MATERIAL
    return Status.ONGOING
