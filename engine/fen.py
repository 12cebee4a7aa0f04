"""FEN text in and out (docs/rules/chesskers.md §5 and §7 "FEN validation").

This module owns the parsing of the six (or four) FEN fields and the checks on their shape; the
position-level checks (kings, pawns on the back ranks, the side not to move in check) are in
``position``. It does not decide which en-passant squares are capturable.
"""

from collections.abc import Mapping

from engine.errors import InvalidFenError
from engine.i18n import N_
from engine.squares import SQUARE_NAMES, parse_square

_PIECE_CODES = {letter: i + 1 for i, letter in enumerate("PNBRQK")}
_PIECE_CODES.update({letter: -(i + 1) for i, letter in enumerate("pnbrqk")})
_PIECE_LETTERS = {code: letter for letter, code in _PIECE_CODES.items()}
_CASTLING_BITS = {"K": 1, "Q": 2, "k": 4, "q": 8}


def parse_fen(
    fen: str,
    codes: Mapping[str, int] = _PIECE_CODES,
    not_a_piece: str = N_("invalid FEN %(fen)s: bad piece letter %(letter)s"),
    castling_rights: bool = True,
    en_passant: bool = True,
) -> tuple[list[int], int, int, int, int, int]:
    """Returns (board, side, castling, ep, halfmove, fullmove) read from ``fen``.

    Raises ``InvalidFenError`` naming the malformed field. The en-passant square is returned as
    written (-1 for "-"); whether it describes a double step is decided by the caller. Another
    game of FEN's six fields (the hybrids) passes its letters (``codes``: signed code by letter),
    the words for a letter that is none of them, and whether it has castling and en passant.
    """
    if not isinstance(fen, str):
        raise InvalidFenError(N_("invalid FEN: not a string"))
    fields = fen.split()
    if len(fields) == 4:
        fields += ["0", "1"]
    if len(fields) != 6:
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: expected 4 or 6 fields, got %(count)s"),
            fen=repr(fen),
            count=len(fields),
        )
    placement, side_text, castling_field, ep_field, half_text, full_text = fields
    board = _parse_placement(fen, placement, codes, not_a_piece)
    if side_text not in ("w", "b"):
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: side to move must be 'w' or 'b'"), fen=repr(fen)
        )
    side = 1 if side_text == "w" else -1
    castling = 0
    if castling_field != "-":
        if not castling_rights:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: this game has no castling, write '-'"), fen=repr(fen)
            )
        for ch in castling_field:
            bit = _CASTLING_BITS.get(ch)
            if bit is None or castling & bit:
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: bad castling field %(field)s"),
                    fen=repr(fen),
                    field=repr(castling_field),
                )
            castling |= bit
    ep = -1
    if ep_field != "-":
        if not en_passant:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: this game has no en passant, write '-'"), fen=repr(fen)
            )
        try:
            ep = parse_square(ep_field)
        except ValueError:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: bad en-passant field %(field)s"),
                fen=repr(fen),
                field=repr(ep_field),
            ) from None
    if not half_text.isdigit():
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: bad half-move clock %(clock)s"),
            fen=repr(fen),
            clock=repr(half_text),
        )
    if not full_text.isdigit() or int(full_text) < 1:
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: bad move number %(number)s"),
            fen=repr(fen),
            number=repr(full_text),
        )
    return board, side, castling, ep, int(half_text), int(full_text)


def _parse_placement(
    fen: str, placement: str, codes: Mapping[str, int], not_a_piece: str
) -> list[int]:
    ranks = placement.split("/")
    if len(ranks) != 8:
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: expected 8 ranks, got %(count)s"),
            fen=repr(fen),
            count=len(ranks),
        )
    board = [0] * 64
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
                raise InvalidFenError(not_a_piece, fen=repr(fen), letter=repr(ch))
        if file != 8:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: rank %(rank)s does not have 8 squares"),
                fen=repr(fen),
                rank=rank + 1,
            )
    return board


def placement_text(board: list[int], letters: Mapping[int, str] = _PIECE_LETTERS) -> str:
    """Returns the placement field of a board (``letters``: the letter of each signed code)."""
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
                row += letters[p]
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
