"""FEN of the draughts family in and out (§1.11): ``<side>:W<pieces>:B<pieces>[:H<n>][:F<n>]``.

This module owns the text: reading it into a board, the side to move and the two counters, with
every refusal of §1.11, and writing the canonical form. Squares are written in the game's
notation (numbers or algebraic names, ``Tables.text``).

§ numbers refer to docs/rules/draughts.md.
"""

import re

from engine.draughts.rules import Power
from engine.draughts.tables import Tables
from engine.errors import InvalidFenError
from engine.i18n import N_

_NUMBER = re.compile(r"^(0|[1-9][0-9]*)$")
_RANGE = re.compile(r"^([1-9][0-9]*)-([1-9][0-9]*)$")
_PREFIX = {"K": Power.KING.value, "P": Power.PARACHUTIST.value}
_LETTER = {Power.MAN.value: "", Power.KING.value: "K", Power.PARACHUTIST.value: "P"}


def parse_fen(text: str, tables: Tables) -> tuple[list[int], int, int, int]:
    """Returns (board, side, no-progress plies, move number) read from ``text``; raises
    ``InvalidFenError`` for text that is malformed or refused by §1.11 ("start" is the game's
    start FEN)."""
    if not isinstance(text, str):
        raise InvalidFenError(N_("invalid FEN: not a string"))
    rules = tables.rules
    fen = rules.start_fen if text.strip() == "start" else text
    board, side, halfmove, fullmove = read_fen(fen, tables)
    _check(fen, board, side, tables)
    return board, side, halfmove, fullmove


def read_fen(fen: str, tables: Tables) -> tuple[list[int], int, int, int]:
    """Returns (board, side, plies, move number) of ``fen``, checking its syntax and squares
    but not the position (``parse_fen`` does both)."""
    fields = [field.strip() for field in fen.strip().split(":")]
    side_text, rest = fields[0], fields[1:]
    if side_text not in ("W", "B"):
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: the side to move must be W or B"), fen=repr(fen)
        )
    board = [0] * tables.board.size
    lists: set[str] = set()
    counters: dict[str, int] = {}
    for field in rest:
        if not field:
            raise InvalidFenError(N_("invalid FEN %(fen)s: an empty field"), fen=repr(fen))
        letter, body = field[0], field[1:]
        if letter in ("W", "B"):
            if letter in lists:
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: the %(letter)s pieces are given twice"),
                    fen=repr(fen),
                    letter=letter,
                )
            lists.add(letter)
            _read_pieces(fen, body, 1 if letter == "W" else -1, board, tables)
        elif letter in ("H", "F"):
            if letter in counters:
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: the %(letter)s counter is given twice"),
                    fen=repr(fen),
                    letter=letter,
                )
            body = body.strip()
            if not _NUMBER.match(body):
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: bad %(letter)s counter %(counter)s"),
                    fen=repr(fen),
                    letter=letter,
                    counter=repr(body),
                )
            counters[letter] = int(body)
        else:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: unknown field %(field)s"), fen=repr(fen), field=repr(field)
            )
    if lists != {"W", "B"}:
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: it needs a W list and a B list"), fen=repr(fen)
        )
    fullmove = counters.get("F", 1)
    if fullmove < 1:
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: the move number must be at least 1"), fen=repr(fen)
        )
    return board, 1 if side_text == "W" else -1, counters.get("H", 0), fullmove


def _read_pieces(fen: str, body: str, side: int, board: list[int], tables: Tables) -> None:
    if not body.strip():
        return
    for item in body.split(","):
        item = item.strip()
        code = Power.MAN.value
        if item[:1] in _PREFIX:
            code = _PREFIX[item[0]]
            item = item[1:].strip()
        for sq in _squares(fen, item, tables):
            if board[sq]:
                name = tables.text[sq]
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: square %(name)s is given twice"),
                    fen=repr(fen),
                    name=name,
                )
            board[sq] = code * side


def _squares(fen: str, item: str, tables: Tables) -> list[int]:
    # One square in the game's notation, or a range of numbers ("31-50") in a numbered game.
    if tables.rules.notation.value == "num":
        span = _RANGE.match(item)
        if span:
            first, last = int(span.group(1)), int(span.group(2))
            if first > last:
                raise InvalidFenError(
                    N_("invalid FEN %(fen)s: bad range %(item)s"), fen=repr(fen), item=repr(item)
                )
            return [_numbered(fen, str(n), tables) for n in range(first, last + 1)]
        return [_numbered(fen, item, tables)]
    try:
        sq = tables.board.parse_square(item)
    except ValueError:
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: %(item)s is not a square"), fen=repr(fen), item=repr(item)
        ) from None
    if not tables.board.is_used(sq):
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: %(item)s is not a square of the game"),
            fen=repr(fen),
            item=item,
        )
    return [sq]


def _numbered(fen: str, item: str, tables: Tables) -> int:
    if not _NUMBER.match(item) or int(item) not in tables.square_of:
        raise InvalidFenError(
            N_("invalid FEN %(fen)s: %(item)s is not a square of the game"),
            fen=repr(fen),
            item=repr(item),
        )
    return tables.square_of[int(item)]


def _check(fen: str, board: list[int], side: int, tables: Tables) -> None:
    # §1.11's refusals of the position itself. (At most four parachutists a side follows from
    # their row: the opponent's first row has four squares.)
    rules = tables.rules
    for sq in tables.squares:
        code = board[sq]
        if not code:
            continue
        colour = 1 if code > 0 else -1
        power = abs(code)
        name = tables.text[sq]
        if power == Power.KING and not rules.kings:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: this game has no kings (%(name)s)"),
                fen=repr(fen),
                name=name,
            )
        if power == Power.PARACHUTIST and not tables.parachutists:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: this game has no parachutists (%(name)s)"),
                fen=repr(fen),
                name=name,
            )
        if power == Power.PARACHUTIST and tables.board.rank_of(sq) != tables.home_rank[-colour]:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: a parachutist stands only on the opponent's first row"),
                fen=repr(fen),
            )
        if power == Power.MAN and tables.promotes[colour][sq]:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: a man on %(name)s, where it would have been crowned"),
                fen=repr(fen),
                name=name,
            )
    refusals = {
        1: (
            N_("invalid FEN %(fen)s: White has %(count)s pieces, more than it starts with"),
            N_("invalid FEN %(fen)s: the side not to move (White) has no piece left"),
        ),
        -1: (
            N_("invalid FEN %(fen)s: Black has %(count)s pieces, more than it starts with"),
            N_("invalid FEN %(fen)s: the side not to move (Black) has no piece left"),
        ),
    }
    for colour in (1, -1):
        too_many, none_left = refusals[colour]
        mine = [abs(board[sq]) for sq in tables.squares if board[sq] * colour > 0]
        if len(mine) > tables.start_count[colour]:
            raise InvalidFenError(too_many, fen=repr(fen), count=len(mine))
        if colour == -side and not mine:
            raise InvalidFenError(none_left, fen=repr(fen))


def key_of_canonical(fen: str, tables: Tables, square_of_text: dict[str, int]) -> tuple:
    """Returns the repetition key of a FEN ``fen_text`` wrote — ``(side, *board)``, as
    ``DraughtsPosition.key`` — reading only what the canonical form can hold (every piece on a
    square of its own, no ranges, no spaces) and checking nothing: for the game's own FENs, as
    stored after each move. ``square_of_text``: each used square by its text (``Tables.text``)."""
    side_text, white, black = fen.split(":", 3)[:3]
    board = [0] * tables.board.size
    for body, sign in ((white[1:], 1), (black[1:], -1)):
        if not body:
            continue
        for item in body.split(","):
            code = _PREFIX.get(item[0])
            if code is None:
                board[square_of_text[item]] = sign
            else:
                board[square_of_text[item[1:]]] = code * sign
    return (1 if side_text == "W" else -1, *board)


def fen_text(board: list[int], side: int, halfmove: int, fullmove: int, tables: Tables) -> str:
    """Returns the canonical FEN (§1.11): White's list then Black's, each in square order, kings
    and parachutists with their prefix, both counters."""
    key = tables.order if tables.rules.notation.value == "num" else None
    lists = []
    for colour in (1, -1):
        squares = [sq for sq in tables.squares if board[sq] * colour > 0]
        if key is not None:
            squares.sort(key=key.__getitem__)
        lists.append(",".join(_LETTER[abs(board[sq])] + tables.text[sq] for sq in squares))
    side_text = "W" if side == 1 else "B"
    return f"{side_text}:W{lists[0]}:B{lists[1]}:H{halfmove}:F{fullmove}"
