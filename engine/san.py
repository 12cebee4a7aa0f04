"""Disambiguation in chess-style move text (standard algebraic notation), written once for every
game that writes its moves so: Chesskers (docs/rules/chesskers.md §4) and the hybrids
(docs/rules/hybrids.md §0.4).

When two pieces of one type could write the same move to the same square ("Nd7"), each names
its origin after its letter: its file if that tells it from the others ("Nbd7"), else its rank
("R1a3"), else both ("Qh4e1"). Which moves write the same text but for the origin is each game's
notation's to say (its piece letters, its capture signs); this module owns the choice between
file, rank and square. The board is 8 by 8 (``engine.squares``).
"""

from collections.abc import Iterable

from engine.moves import Move
from engine.squares import SQUARE_NAMES


def disambiguations(groups: Iterable[list[Move]]) -> dict[Move, str]:
    """Returns what each move of ``groups`` needs after its letter, for the moves that need
    something: each group holds the moves that write the same text but for their origin. A
    move needs its origin's file when no other move of its group leaves from that file, else
    its rank when none leaves from that rank, else both; a move whose group holds no other
    origin needs nothing."""
    out: dict[Move, str] = {}
    for group in groups:
        if len(group) < 2:
            continue
        for move in group:
            origin = move.path[0]
            others = [o.path[0] for o in group if o.path[0] != origin]
            if not others:
                continue
            if all(o & 7 != origin & 7 for o in others):
                out[move] = SQUARE_NAMES[origin][0]
            elif all(o >> 3 != origin >> 3 for o in others):
                out[move] = SQUARE_NAMES[origin][1]
            else:
                out[move] = SQUARE_NAMES[origin]
    return out
