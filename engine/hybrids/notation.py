"""The move text of the hybrids (§0.4) and its parser.

The site's chess-style notation with each game's letters: a piece's letter (none for a pawn),
the origin where another piece of its type could write the same move, ``x`` for a replacement
capture, the target; a jump as the letter, the origin and each landing square after ``:``; a
chosen promotion as ``=X``; castling as ``O-O``; ``+`` or ``#`` in the games with check.
Parsing takes that form with or without the suffix, and the machine form (the squares the
piece stops on joined by ``-``, then a chosen promotion's letter). This module decides no rule:
it asks the position for its moves and their check marks.

§ numbers refer to docs/rules/hybrids.md.
"""

import re

from engine import san
from engine.errors import Alternatives, AmbiguousMoveError, IllegalMoveError, InvalidMoveTextError
from engine.hybrids.position import HybridPosition
from engine.i18n import N_
from engine.moves import Move, MoveKind
from engine.squares import SQUARE_NAMES, parse_square

QUIET, JUMP, CASTLE = MoveKind.QUIET, MoveKind.JUMP, MoveKind.CASTLE
CAPTURES = (MoveKind.REPLACEMENT, MoveKind.EN_PASSANT)
PAWN_SYMBOL = "p"  # §0.4: the pawn is the one piece written without its letter

_MACHINE = re.compile(r"^([a-h][1-8](?:-[a-h][1-8])+)(?:-?([a-z]))?$")
_CHAIN = re.compile(r"^([A-Z]?)([a-h][1-8])((?::[a-h][1-8])+)(?:=([A-Z]))?$")
_SIMPLE = re.compile(r"^([A-Z]?)([a-h]?)([1-8]?)(x?)([a-h][1-8])(?:=([A-Z]))?$")
_MARKS = ("", "+", "#")


def _letter(move: Move) -> str:
    symbol = move.piece.symbol
    return "" if symbol == PAWN_SYMBOL else symbol.upper()


def body(move: Move, disambiguation: str = "") -> str:
    """Returns the text of ``move`` without its check mark, with ``disambiguation`` (the
    origin's file, rank or both) where another piece of its type writes the same."""
    names = SQUARE_NAMES
    path = move.path
    promotion = "=" + move.promotion.symbol.upper() if move.promotion is not None else ""
    if move.kind is CASTLE:
        return "O-O" if path[1] > path[0] else "O-O-O"
    letter = _letter(move)
    if move.kind is JUMP:
        return letter + names[path[0]] + "".join(":" + names[s] for s in path[1:]) + promotion
    target = names[path[-1]]
    if move.kind in CAPTURES:
        if not letter:
            return names[path[0]][0] + "x" + target + promotion
        return letter + disambiguation + "x" + target + promotion
    return letter + disambiguation + target + promotion


def disambiguations(moves: list[Move]) -> dict[Move, str]:
    """Returns what each of ``moves`` needs after its letter (§0.4, ``engine.san``): the
    origin's file, rank or both where another piece of its type writes the same move to the
    same square. Jumps, castling and pawn captures name their origin already."""
    groups: dict[tuple, list[Move]] = {}
    for m in moves:
        if m.kind is JUMP or m.kind is CASTLE:
            continue
        capture = m.kind in CAPTURES
        if capture and m.piece.symbol == PAWN_SYMBOL:
            continue
        groups.setdefault((m.piece, capture, m.path[-1]), []).append(m)
    return san.disambiguations(groups.values())


def describe_moves(position: HybridPosition) -> list[tuple[Move, str]]:
    """Returns every legal move of ``position`` with its canonical text, in one batch."""
    moves = position.legal_moves()
    dis = disambiguations(moves)
    variant = position.variant
    return [(m, body(m, dis.get(m, "")) + _MARKS[variant.mark(position, m)]) for m in moves]


def move_text(position: HybridPosition, move: Move) -> str:
    """Returns the canonical text of a legal ``move`` (§0.4), with its check mark."""
    if not position.is_legal(move):
        raise IllegalMoveError(
            N_("illegal move %(move)s: not legal in this position"), move=move.machine()
        )
    same = [m for m in position.legal_moves() if m.piece is move.piece and m.target == move.target]
    text = body(move, disambiguations(same).get(move, ""))
    return text + _MARKS[position.variant.mark(position, move)]


def parse_move(position: HybridPosition, text: str) -> Move:
    """Returns the legal move of ``position`` written ``text``: the canonical form with or
    without ``+``/``#``, or the machine form. Raises ``InvalidMoveTextError`` (unreadable),
    ``IllegalMoveError`` (no such legal move) or ``AmbiguousMoveError``."""
    if not isinstance(text, str):
        raise InvalidMoveTextError(N_("invalid move text: not a string"))
    raw = text
    text = text.strip().rstrip("+#")
    if not text:
        raise InvalidMoveTextError(N_("invalid move text %(move)s: empty"), move=repr(raw))
    moves = position.legal_moves()
    machine = _MACHINE.match(text.lower())
    if machine:
        path = tuple(parse_square(s) for s in machine.group(1).split("-"))
        found = [m for m in moves if m.path == path]
        return _with_promotion(
            raw, found, machine.group(2), N_("illegal move %(move)s: no legal move fits the path")
        )
    if text in ("O-O", "0-0", "O-O-O", "0-0-0"):
        long = len(text) == 5
        for m in moves:
            if m.kind is CASTLE and (m.path[1] < m.path[0]) == long:
                return m
        raise IllegalMoveError(N_("illegal move %(move)s: castling is not legal here"), move=raw)
    letters = position.variant.letters
    chain = _CHAIN.match(text)
    if chain:
        letter, origin, rest, promotion = chain.groups()
        piece = _piece(raw, letters, letter)
        path = (parse_square(origin), *(parse_square(s) for s in rest[1:].split(":")))
        found = [m for m in moves if m.kind is JUMP and m.piece is piece and m.path == path]
        return _with_promotion(
            raw, found, promotion, N_("illegal move %(move)s: no legal move fits the chain")
        )
    simple = _SIMPLE.match(text)
    if not simple:
        raise InvalidMoveTextError(
            N_("invalid move text %(move)s: not a move in this notation"), move=repr(raw)
        )
    letter, from_file, from_rank, form, target_name, promotion = simple.groups()
    piece = _piece(raw, letters, letter)
    target = parse_square(target_name)
    if form and piece.symbol == PAWN_SYMBOL and not from_file:
        raise InvalidMoveTextError(
            N_("invalid move text %(move)s: a pawn's capture names its file"), move=repr(raw)
        )
    kinds = CAPTURES if form else (QUIET,)
    found = [
        m
        for m in moves
        if m.piece is piece
        and m.kind in kinds
        and m.path[-1] == target
        and (not from_file or SQUARE_NAMES[m.path[0]][0] == from_file)
        and (not from_rank or SQUARE_NAMES[m.path[0]][1] == from_rank)
    ]
    origins = {m.path[0] for m in found}
    if len(origins) > 1:
        dis = disambiguations(found)
        options = Alternatives(sorted({body(m, dis.get(m, "")) for m in found}))
        raise AmbiguousMoveError(
            N_("ambiguous move %(move)s: %(options)s"), move=raw, options=options
        )
    return _with_promotion(
        raw, found, promotion, N_("illegal move %(move)s: no legal move fits the move")
    )


def _piece(raw: str, letters: dict, letter: str):
    # The piece a move's letter names; no letter is the pawn, which never writes its own.
    piece = letters.get(letter or PAWN_SYMBOL.upper())
    if piece is None or (letter and piece.symbol == PAWN_SYMBOL):
        raise InvalidMoveTextError(
            N_("invalid move text %(move)s: %(letter)s is no piece here"),
            move=repr(raw),
            letter=repr(letter),
        )
    return piece


def _with_promotion(raw: str, found: list[Move], letter: str | None, no_fit: str) -> Move:
    # §0.4: a promotion with a choice needs its letter; a letter where there is no choice is
    # refused. ``found`` are the legal moves that fit the rest of the text.
    if not found:
        raise IllegalMoveError(no_fit, move=raw)
    if found[0].promotion is None:
        if letter:
            raise IllegalMoveError(N_("illegal move %(move)s: nothing to choose here"), move=raw)
        return found[0]
    if not letter:
        options = "/".join(sorted(m.promotion.symbol.upper() for m in found))  # type: ignore[union-attr]
        raise AmbiguousMoveError(
            N_("ambiguous move %(move)s: it promotes, choose %(options)s"),
            move=raw,
            options=options,
        )
    for m in found:
        if m.promotion.symbol == letter.lower():  # type: ignore[union-attr]
            return m
    raise IllegalMoveError(
        N_("illegal move %(move)s: %(letter)s is not a choice here"), move=raw, letter=repr(letter)
    )
