"""Lines on a board for the draughts family: the next square and the ray in each direction.

Built once per board from ``engine.board.Board`` (which knows the used squares and Alquerque's
lines), so that move generation follows lines by table look-up. This module knows nothing of
pieces or rules.
"""

from dataclasses import dataclass

from engine.board import Board
from engine.draughts.rules import STEPS


@dataclass(frozen=True)
class Lines:
    """``next[d][sq]``: the used square one step from ``sq`` in direction ``d`` along a line, or
    -1; ``rays[d][sq]``: every square from ``sq`` outwards in direction ``d``, nearest first.
    Both are indexed by every square of the board, used or not."""

    next: tuple[tuple[int, ...], ...]
    rays: tuple[tuple[tuple[int, ...], ...], ...]


def lines_of(board: Board) -> Lines:
    """Returns the lines of ``board``."""
    following = []
    rays = []
    for file_step, rank_step in STEPS:
        step = tuple(
            board.neighbour(sq, file_step, rank_step) if board.is_used(sq) else -1
            for sq in range(board.size)
        )
        following.append(step)
        per_square = []
        for sq in range(board.size):
            ray = []
            cur = step[sq]
            while cur >= 0:
                ray.append(cur)
                cur = step[cur]
            per_square.append(tuple(ray))
        rays.append(tuple(per_square))
    return Lines(tuple(following), tuple(rays))
