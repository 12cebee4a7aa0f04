"""FEN text of the hybrids in and out (§0.3): six fields (or four), with each game's letters.

This module owns the text: reading the fields into a board, side, castling rights, en-passant
square and counters, with the refusals every hybrid shares (a letter not of the game, a rank
not 8 squares long, a castling or en-passant field the game does not have, counters that are not
whole numbers), and writing the placement. What a game refuses of the position itself and what
it drops silently (castling rights, an en-passant square) belong to its variant.

§ numbers refer to docs/rules/hybrids.md.
"""

from engine import fen as chess_fen
from engine.fen import castling_text
from engine.hybrids.tables import Tables
from engine.i18n import N_

__all__ = ["castling_text", "parse_fen", "placement_text"]


def parse_fen(fen: str, tables: Tables) -> tuple[list[int], int, int, int, int, int]:
    """Returns (board, side, castling bits, en-passant square or -1, half-move clock, move
    number) read from ``fen``; raises ``InvalidFenError`` naming what is wrong. The en-passant
    square is returned as written; whether it describes a double step is the caller's. The
    fields are read as Chesskers reads them (``engine.fen``), with the game's letters."""
    return chess_fen.parse_fen(
        fen,
        tables.by_letter,
        not_a_piece=N_("invalid FEN %(fen)s: %(letter)s is no piece of this game"),
        castling_rights=bool(tables.rules.castling),
        en_passant=bool(tables.pawn),
    )


def placement_text(board: list[int], tables: Tables) -> str:
    """Returns the placement field of ``board`` in the game's letters."""
    return chess_fen.placement_text(board, tables.by_code)
