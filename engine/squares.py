"""Squares: ints 0..63 with a1 = 0, b1 = 1, ..., h8 = 63, and their names.

This module owns square numbering and naming; it knows nothing of pieces or moves.
"""

FILE_NAMES = "abcdefgh"
RANK_NAMES = "12345678"

SQUARE_NAMES = tuple(f + r for r in RANK_NAMES for f in FILE_NAMES)
_SQUARE_BY_NAME = {name: sq for sq, name in enumerate(SQUARE_NAMES)}


def square_name(sq: int) -> str:
    """Returns the name of square ``sq`` ("e4" for 28)."""
    return SQUARE_NAMES[sq]


def parse_square(text: str) -> int:
    """Returns the square named ``text`` ("e4" -> 28); raises ``ValueError`` on bad text."""
    try:
        return _SQUARE_BY_NAME[text]
    except (KeyError, TypeError):
        raise ValueError(f"invalid square name {text!r}") from None


def square_file(sq: int) -> int:
    """Returns the file of ``sq``, 0 for a to 7 for h."""
    return sq & 7


def square_rank(sq: int) -> int:
    """Returns the rank of ``sq``, 0 for rank 1 to 7 for rank 8."""
    return sq >> 3
