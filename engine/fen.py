"""FEN text in and out (docs/rules/chesskers.md §5 and §7 "FEN validation").

This module owns the parsing of the six (or four) FEN fields and the checks on their shape; the
position-level checks (kings, pawns on the back ranks, the side not to move in check) are in
``position``. It does not decide which en-passant squares are capturable.
"""

from engine.errors import InvalidFenError
from engine.pieces import piece_letter
from engine.squares import SQUARE_NAMES, parse_square

_PIECE_CODES = {letter: i + 1 for i, letter in enumerate("PNBRQK")}
_PIECE_CODES.update({letter: -(i + 1) for i, letter in enumerate("pnbrqk")})
_CASTLING_BITS = {"K": 1, "Q": 2, "k": 4, "q": 8}


def parse_fen(fen: str) -> tuple[list[int], int, int, int, int, int]:
    """Returns (board, side, castling, ep, halfmove, fullmove) read from ``fen``.

    Raises ``InvalidFenError`` naming the malformed field. The en-passant square is returned as
    written (-1 for "-"); whether it describes a double step is decided by the caller.
    """
    if not isinstance(fen, str):
        raise InvalidFenError("invalid FEN: not a string")
    fields = fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    if len(fields) != 6:
        raise InvalidFenError(f"invalid FEN {fen!r}: expected 4 or 6 fields, got {len(fields)}")
    placement, side_text, castling_text, ep_text, half_text, full_text = fields
    board = _parse_placement(fen, placement)
    if side_text not in ("w", "b"):
        raise InvalidFenError(f"invalid FEN {fen!r}: side to move must be 'w' or 'b'")
    side = 1 if side_text == "w" else -1
    castling = 0
    if castling_text != "-":
        for ch in castling_text:
            bit = _CASTLING_BITS.get(ch)
            if bit is None or castling & bit:
                raise InvalidFenError(f"invalid FEN {fen!r}: bad castling field {castling_text!r}")
            castling |= bit
    ep = -1
    if ep_text != "-":
        try:
            ep = parse_square(ep_text)
        except ValueError:
            raise InvalidFenError(
                f"invalid FEN {fen!r}: bad en-passant field {ep_text!r}"
            ) from None
    if not half_text.isdigit():
        raise InvalidFenError(f"invalid FEN {fen!r}: bad half-move clock {half_text!r}")
    if not full_text.isdigit() or int(full_text) < 1:
        raise InvalidFenError(f"invalid FEN {fen!r}: bad move number {full_text!r}")
    return board, side, castling, ep, int(half_text), int(full_text)


def _parse_placement(fen: str, placement: str) -> list[int]:
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise InvalidFenError(f"invalid FEN {fen!r}: expected 8 ranks, got {len(ranks)}")
    board = [0] * 64
    for i, rank_text in enumerate(ranks):
        rank = 7 - i
        file = 0
        for ch in rank_text:
            if ch in "12345678":
                file += int(ch)
            elif ch in _PIECE_CODES:
                if file < 8:
                    board[rank * 8 + file] = _PIECE_CODES[ch]
                file += 1
            else:
                raise InvalidFenError(f"invalid FEN {fen!r}: bad piece letter {ch!r}")
        if file != 8:
            raise InvalidFenError(f"invalid FEN {fen!r}: rank {rank + 1} does not have 8 squares")
    return board


def placement_text(board: list[int]) -> str:
    """Returns the placement field of a board."""
    rows = []
    for rank in range(7, -1, -1):
        row = ""
        empty = 0
        for file in range(8):
            p = board[rank * 8 + file]
            if p:
                if empty:
                    row += str(empty)
                    empty = 0
                row += piece_letter(p)
            else:
                empty += 1
        if empty:
            row += str(empty)
        rows.append(row)
    return "/".join(rows)


def castling_text(castling: int) -> str:
    """Returns the castling field for the rights bits."""
    text = "".join(ch for ch, bit in _CASTLING_BITS.items() if castling & bit)
    return text or "-"


def ep_text(ep: int) -> str:
    """Returns the en-passant field for a square (or -1)."""
    return SQUARE_NAMES[ep] if ep >= 0 else "-"
