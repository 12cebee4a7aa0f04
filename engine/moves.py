"""The move value: what kind of move, which piece, the squares it stops on, what it removed.

This module owns the ``Move`` value and its machine form; it does not decide legality or write
the canonical notation (see ``movegen`` and ``notation``).

Section numbers (§) refer to docs/rules/chesskers.md.
"""

from dataclasses import dataclass
from enum import Enum

from engine.pieces import PieceType
from engine.squares import SQUARE_NAMES


class MoveKind(Enum):
    """The kinds of move of §1."""

    QUIET = "quiet"
    CASTLE = "castle"
    REPLACEMENT = "replacement"
    EN_PASSANT = "en-passant"
    JUMP = "jump"
    SWEEP = "sweep"


@dataclass(frozen=True, slots=True)
class Move:
    """A move: its kind, the moving piece, the squares it stops on and the squares it emptied.

    ``path`` is the origin followed by every square the piece stops on (for castling, the king's
    from and to squares). ``captured`` lists the squares whose enemy pieces the move removed, in
    capture order (for en passant, the captured pawn's square).
    """

    kind: MoveKind
    piece: PieceType
    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    promotion: PieceType | None = None

    @property
    def origin(self) -> int:
        """Returns the square the piece starts on."""
        return self.path[0]

    @property
    def target(self) -> int:
        """Returns the square the piece ends on."""
        return self.path[-1]

    def machine(self) -> str:
        """Returns the machine form of §4: "a1-a4-c4-c6", "b6-d8-q", "e1-g1"."""
        text = "-".join(SQUARE_NAMES[sq] for sq in self.path)
        if self.promotion is not None:
            text += "-" + self.promotion.symbol
        return text

    def path_names(self) -> list[str]:
        """Returns the names of the squares of ``path``."""
        return [SQUARE_NAMES[sq] for sq in self.path]

    def captured_names(self) -> list[str]:
        """Returns the names of the squares of ``captured``."""
        return [SQUARE_NAMES[sq] for sq in self.captured]
