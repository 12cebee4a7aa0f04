"""Colours and piece types, and the small integer codes the board stores.

The board holds 0 for an empty square and a signed piece code otherwise: the piece type's value
(PAWN = 1 ... KING = 6), positive for White and negative for Black. This module owns that code.
"""

from enum import Enum, IntEnum


class Color(Enum):
    """The two sides; ``value`` is the sign of the side's piece codes."""

    WHITE = 1
    BLACK = -1

    @property
    def name_lower(self) -> str:
        """Returns "white" or "black"."""
        return self.name.lower()

    @property
    def opponent(self) -> "Color":
        """Returns the other colour."""
        return Color.BLACK if self is Color.WHITE else Color.WHITE


class PieceType(IntEnum):
    """The six piece types; ``symbol`` is the lowercase FEN letter."""

    PAWN = 1
    KNIGHT = 2
    BISHOP = 3
    ROOK = 4
    QUEEN = 5
    KING = 6

    @property
    def symbol(self) -> str:
        """Returns the lowercase letter of the piece type ('p', 'n', 'b', 'r', 'q', 'k')."""
        return "pnbrqk"[self - 1]


PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = 1, 2, 3, 4, 5, 6
PROMOTION_TYPES = (PieceType.QUEEN, PieceType.ROOK, PieceType.BISHOP, PieceType.KNIGHT)
PIECE_BY_SYMBOL = {t.symbol: t for t in PieceType}


def piece_letter(code: int) -> str:
    """Returns the FEN letter of a signed piece code (uppercase for White)."""
    letter = "pnbrqk"[abs(code) - 1]
    return letter.upper() if code > 0 else letter
