"""The canonical move text of Chesskers (docs/rules/chesskers.md §4) and its parser.

This module owns notation: rendering a move as text (with disambiguation and ``+``/``#``) and
resolving text to one legal move. It asks ``Position`` for legal moves and check; it decides no
rule itself.
"""

import re

from engine import san
from engine.errors import Alternatives, AmbiguousMoveError, IllegalMoveError, InvalidMoveTextError
from engine.i18n import N_
from engine.moves import Move, MoveKind
from engine.pieces import PIECE_BY_SYMBOL, PieceType
from engine.position import Position
from engine.squares import SQUARE_NAMES, parse_square

_LETTER = {t: t.symbol.upper() for t in PieceType}
_FORM = {MoveKind.QUIET: "", MoveKind.REPLACEMENT: "x", MoveKind.SWEEP: "~"}


def _body(move: Move, disambiguation: str) -> str:
    # The move text without the check suffix.
    kind = move.kind
    piece = move.piece
    names = SQUARE_NAMES
    promo = "=" + _LETTER[move.promotion] if move.promotion is not None else ""
    if kind is MoveKind.CASTLE:
        return "O-O" if move.path[1] > move.path[0] else "O-O-O"
    if kind is MoveKind.JUMP:
        letter = "" if piece is PieceType.PAWN else _LETTER[piece]
        return letter + ":".join(names[sq] for sq in move.path) + promo
    origin, target = move.path[0], move.path[-1]
    if piece is PieceType.PAWN:
        if kind is MoveKind.QUIET:
            return names[target] + promo
        return names[origin][0] + "x" + names[target] + promo
    return _LETTER[piece] + disambiguation + _FORM[kind] + names[target]


def _disambiguations(moves: list[Move]) -> dict[Move, str]:
    # §4: SAN disambiguation (``engine.san``) among pieces of one type writing the same form to
    # one square; pawns and the king never need it.
    groups: dict[tuple, list[Move]] = {}
    for m in moves:
        if m.piece is PieceType.PAWN or m.piece is PieceType.KING:
            continue
        if m.kind in _FORM:
            groups.setdefault((m.piece, m.kind, m.path[-1]), []).append(m)
    return san.disambiguations(groups.values())


def describe_moves(position: Position, moves: list[Move] | None = None) -> list[tuple[Move, str]]:
    """Returns every legal move of ``position`` with its canonical text, in one batch.

    Disambiguation comes from the one move list; the mate test runs only for checking moves.
    """
    if moves is None:
        moves, marks = position.marked_moves()
        dis = _disambiguations(moves)
        return [
            (m, _body(m, dis.get(m, "")) + _MARKS[mark])
            for m, mark in zip(moves, marks, strict=True)
        ]
    dis = _disambiguations(moves)
    out = []
    for m, check in zip(moves, position.checks(moves), strict=True):
        text = _body(m, dis.get(m, ""))
        if check:
            child = position.play_unchecked(m)
            text += "+" if child.has_legal_move() else "#"
        out.append((m, text))
    return out


_MARKS = ("", "+", "#")


def move_text(position: Position, move: Move) -> str:
    """Returns the canonical text of a legal ``move`` (§4), with ``+`` or ``#``."""
    moves = position.legal_moves()
    if move not in moves:
        raise IllegalMoveError(
            N_("illegal move %(move)s: not legal in this position"), move=move.machine()
        )
    same = [m for m in moves if m.piece is move.piece and m.path[-1] == move.path[-1]]
    text = _body(move, _disambiguations(same).get(move, ""))
    if position.gives_check(move):
        text += "+" if position.play_unchecked(move).has_legal_move() else "#"
    return text


_MACHINE = re.compile(r"^([a-h][1-8](?:-[a-h][1-8])+)(?:-?([qrbnQRBN]))?$")
_CHAIN = re.compile(r"^([NBRQK]?)([a-h][1-8])((?::[a-h][1-8])+)(?:=([QRBNqrbn]))?$")
_SIMPLE = re.compile(r"^([NBRQK]?)([a-h]?)([1-8]?)([x~]?)([a-h][1-8])(?:=([QRBNqrbn]))?$")


def parse_move(position: Position, text: str) -> Move:
    """Returns the legal move written ``text`` (canonical, with or without ``+``/``#``, or machine
    form). Raises ``InvalidMoveTextError`` (unparsable), ``IllegalMoveError`` (no such legal move)
    or ``AmbiguousMoveError`` (several legal moves fit)."""
    if not isinstance(text, str):
        raise InvalidMoveTextError(N_("invalid move text: not a string"))
    raw = text
    text = text.strip()
    while text.endswith(("+", "#")):
        text = text[:-1]
    if not text:
        raise InvalidMoveTextError(N_("invalid move text %(move)s: empty"), move=repr(raw))
    moves = position.legal_moves()
    machine = _MACHINE.match(text)
    if machine:
        path = tuple(parse_square(s) for s in machine.group(1).split("-"))
        promo = PIECE_BY_SYMBOL[machine.group(2).lower()] if machine.group(2) else None
        found = [m for m in moves if m.path == path]
        if not found:
            raise IllegalMoveError(
                N_("illegal move %(move)s: no legal move takes that path"), move=raw
            )
        if promo is None and found[0].promotion is not None:
            raise AmbiguousMoveError(
                N_("ambiguous move %(move)s: it promotes, add q, r, b or n"), move=raw
            )
        for m in found:
            if m.promotion == promo:
                return m
        raise IllegalMoveError(
            N_("illegal move %(move)s: no legal move takes that path and promotion"), move=raw
        )
    if text in ("O-O", "0-0", "O-O-O", "0-0-0"):
        long = len(text) == 5
        for m in moves:
            if m.kind is MoveKind.CASTLE and (m.path[1] < m.path[0]) == long:
                return m
        raise IllegalMoveError(N_("illegal move %(move)s: castling is not legal here"), move=raw)
    chain = _CHAIN.match(text)
    if chain:
        letter, origin, rest, promo_letter = chain.groups()
        piece = PIECE_BY_SYMBOL[letter.lower()] if letter else PieceType.PAWN
        path = (parse_square(origin), *(parse_square(s) for s in rest[1:].split(":")))
        promo = PIECE_BY_SYMBOL[promo_letter.lower()] if promo_letter else None
        return _chain_move(raw, moves, piece, path, promo)
    simple = _SIMPLE.match(text)
    if not simple:
        raise InvalidMoveTextError(
            N_("invalid move text %(move)s: not a move in §4 notation"), move=repr(raw)
        )
    letter, from_file, from_rank, form, target_name, promo_letter = simple.groups()
    piece = PIECE_BY_SYMBOL[letter.lower()] if letter else PieceType.PAWN
    target = parse_square(target_name)
    promo = PIECE_BY_SYMBOL[promo_letter.lower()] if promo_letter else None
    if piece is PieceType.PAWN and form == "" and (from_file or from_rank):
        raise InvalidMoveTextError(
            N_("invalid move text %(move)s: not a move in §4 notation"), move=repr(raw)
        )
    if form == "~" and piece is not PieceType.KNIGHT:
        raise InvalidMoveTextError(
            N_("invalid move text %(move)s: only a knight sweeps"), move=repr(raw)
        )
    kinds = {
        "": (MoveKind.QUIET,),
        "x": (MoveKind.REPLACEMENT, MoveKind.EN_PASSANT),
        "~": (MoveKind.SWEEP,),
    }[form]
    found = [
        m
        for m in moves
        if m.piece is piece
        and m.kind in kinds
        and m.path[-1] == target
        and (not from_file or SQUARE_NAMES[m.path[0]][0] == from_file)
        and (not from_rank or SQUARE_NAMES[m.path[0]][1] == from_rank)
    ]
    if not found:
        raise IllegalMoveError(N_("illegal move %(move)s: no legal move fits"), move=raw)
    if any(m.promotion is not None for m in found):
        if promo is None:
            raise AmbiguousMoveError(
                N_("ambiguous move %(move)s: it promotes, add =Q, =R, =B or =N"), move=raw
            )
        found = [m for m in found if m.promotion == promo]
        if not found:
            raise IllegalMoveError(N_("illegal move %(move)s: no legal move fits"), move=raw)
    elif promo is not None:
        raise IllegalMoveError(N_("illegal move %(move)s: this move does not promote"), move=raw)
    if len(found) > 1:
        options = Alternatives(sorted(text for m, text in _texts(position, found)))
        raise AmbiguousMoveError(
            N_("ambiguous move %(move)s: %(options)s"), move=raw, options=options
        )
    return found[0]


def _chain_move(
    raw: str, moves: list[Move], piece: PieceType, path: tuple[int, ...], promo: PieceType | None
) -> Move:
    # A chain is named by its piece and its path; only the chains of that piece on that path
    # decide whether a promotion letter is missing, so a wrong letter is illegal, never
    # "ambiguous".
    found = [m for m in moves if m.kind is MoveKind.JUMP and m.piece is piece and m.path == path]
    if not found:
        raise IllegalMoveError(N_("illegal move %(move)s: no such legal chain"), move=raw)
    if found[0].promotion is None:
        if promo is not None:
            raise IllegalMoveError(
                N_("illegal move %(move)s: this chain does not promote"), move=raw
            )
        return found[0]
    if promo is None:
        raise AmbiguousMoveError(
            N_("ambiguous move %(move)s: it promotes, add =Q, =R, =B or =N"), move=raw
        )
    for m in found:
        if m.promotion == promo:
            return m
    raise IllegalMoveError(N_("illegal move %(move)s: no such legal chain"), move=raw)


def _texts(position: Position, found: list[Move]) -> list[tuple[Move, str]]:
    dis = _disambiguations(found)
    return [(m, _body(m, dis.get(m, ""))) for m in found]
