"""FEN text of the hybrids in and out (§0.3): six fields (or four), with each game's letters.

This module owns the text: reading the fields into a board, side, castling rights, en-passant
square and counters, with the refusals every hybrid shares (a letter not of the game, a rank
not 8 squares long, a castling or en-passant field the game does not have, counters that are not
whole numbers), and writing the placement. What a game refuses of the position itself and what
it drops silently (castling rights, an en-passant square) belong to its variant.

§ numbers refer to docs/rules/hybrids.md.
"""

from engine.errors import InvalidFenError
from engine.fen import castling_text
from engine.hybrids.tables import Tables
from engine.squares import parse_square

__all__ = ["castling_text", "parse_fen", "placement_text"]

_CASTLING_BITS = {"K": 1, "Q": 2, "k": 4, "q": 8}


def parse_fen(fen: str, tables: Tables) -> tuple[list[int], int, int, int, int, int]:
    """Returns (board, side, castling bits, en-passant square or -1, half-move clock, move
    number) read from ``fen``; raises ``InvalidFenError`` naming what is wrong. The en-passant
    square is returned as written; whether it describes a double step is the caller's."""
    if not isinstance(fen, str):
        raise InvalidFenError("invalid FEN: not a string")
    fields = fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    if len(fields) != 6:
        raise InvalidFenError(f"invalid FEN {fen!r}: expected 4 or 6 fields, got {len(fields)}")
    placement, side_text, castling_field, ep_field, half_text, full_text = fields
    board = _placement(fen, placement, tables)
    if side_text not in ("w", "b"):
        raise InvalidFenError(f"invalid FEN {fen!r}: side to move must be 'w' or 'b'")
    castling = 0
    if castling_field != "-":
        if not tables.rules.castling:
            raise InvalidFenError(f"invalid FEN {fen!r}: this game has no castling, write '-'")
        for ch in castling_field:
            bit = _CASTLING_BITS.get(ch)
            if bit is None or castling & bit:
                raise InvalidFenError(f"invalid FEN {fen!r}: bad castling field {castling_field!r}")
            castling |= bit
    ep = -1
    if ep_field != "-":
        if not tables.pawn:
            raise InvalidFenError(f"invalid FEN {fen!r}: this game has no en passant, write '-'")
        try:
            ep = parse_square(ep_field)
        except ValueError:
            raise InvalidFenError(
                f"invalid FEN {fen!r}: bad en-passant field {ep_field!r}"
            ) from None
    if not half_text.isdigit():
        raise InvalidFenError(f"invalid FEN {fen!r}: bad half-move clock {half_text!r}")
    if not full_text.isdigit() or int(full_text) < 1:
        raise InvalidFenError(f"invalid FEN {fen!r}: bad move number {full_text!r}")
    return board, 1 if side_text == "w" else -1, castling, ep, int(half_text), int(full_text)


def _placement(fen: str, placement: str, tables: Tables) -> list[int]:
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise InvalidFenError(f"invalid FEN {fen!r}: expected 8 ranks, got {len(ranks)}")
    board = [0] * 64
    codes = tables.by_letter
    for i, rank_text in enumerate(ranks):
        rank = 7 - i
        file = 0
        for ch in rank_text:
            if ch in "12345678":
                file += int(ch)
            elif ch in codes:
                if file < 8:
                    board[rank * 8 + file] = codes[ch]
                file += 1
            else:
                raise InvalidFenError(f"invalid FEN {fen!r}: {ch!r} is no piece of this game")
        if file != 8:
            raise InvalidFenError(f"invalid FEN {fen!r}: rank {rank + 1} does not have 8 squares")
    return board


def placement_text(board: list[int], tables: Tables) -> str:
    """Returns the placement field of ``board`` in the game's letters."""
    pieces = tables.piece
    rows = []
    for rank in range(7, -1, -1):
        row = ""
        empty = 0
        for file in range(8):
            code = board[rank * 8 + file]
            if code:
                if empty:
                    row += str(empty)
                    empty = 0
                letter = pieces[abs(code)].symbol
                row += letter.upper() if code > 0 else letter
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)
