"""The move text of the draughts family (§1.10) and its parsers.

Squares are written in the game's notation (numbers or a1-style names): a quiet move is
``origin-destination``, a capture its origin and every landing square joined by ``x``, a
Hawaiian removal its square alone. Parsing
takes the canonical text, any other path of the same capture (§1.7), and the short form
``originxdestination`` when it names one move; a step written with ``x`` or a capture written
with ``-`` is refused. ``parse_move`` (the site) also takes the machine form, the algebraic path
joined by ``-`` (``Move.machine``), whatever the game's notation. This module decides no rule:
it asks the position for its moves.

§ numbers refer to docs/rules/draughts.md.
"""

import re

from engine.draughts.position import DraughtsPosition
from engine.errors import Alternatives, AmbiguousMoveError, IllegalMoveError, InvalidMoveTextError
from engine.i18n import N_
from engine.moves import Move, MoveKind

_MACHINE = re.compile(r"^([a-l](?:1[0-2]|[1-9]))((?:-[a-l](?:1[0-2]|[1-9]))*)(?:-?([a-zA-Z]))?$")


def move_text(move: Move, texts: tuple[str, ...]) -> str:
    """Returns the text of ``move`` with squares written as ``texts`` gives them."""
    if move.kind is MoveKind.JUMP:
        return "x".join(texts[sq] for sq in move.path)
    if move.kind is MoveKind.REMOVAL:
        return texts[move.path[0]]
    return f"{texts[move.path[0]]}-{texts[move.path[-1]]}"


def parse_notation(position: DraughtsPosition, text: str) -> Move:
    """Returns the legal move of ``position`` written ``text`` in the game's notation (what the
    command line's ``play`` takes). Raises ``InvalidMoveTextError``, ``IllegalMoveError`` or
    ``AmbiguousMoveError``."""
    if not isinstance(text, str):
        raise InvalidMoveTextError(N_("invalid move text: not a string"))
    raw = text
    text = text.strip()
    moves = position.legal_moves()
    if "x" not in text and "-" not in text:
        sq = position.square_of_text(text, raw)
        for move in moves:
            if move.kind is MoveKind.REMOVAL and move.path[0] == sq:
                return move
        raise IllegalMoveError(N_("illegal move %(move)s: no piece to remove there"), move=raw)
    capture = "x" in text
    parts = text.split("x" if capture else "-")
    if len(parts) < 2 or (not capture and len(parts) != 2):
        raise InvalidMoveTextError(
            N_("invalid move text %(move)s: write from-to or fromxtox…"), move=repr(raw)
        )
    squares = tuple(position.square_of_text(part.strip(), raw) for part in parts)
    if not capture:
        for move in moves:
            if move.kind is not MoveKind.JUMP and move.path == squares:
                return move
        if any(m.kind is MoveKind.JUMP and m.path[:: len(m.path) - 1] == squares for m in moves):
            raise IllegalMoveError(
                N_("illegal move %(move)s: a capture is written with x"), move=raw
            )
        raise IllegalMoveError(N_("illegal move %(move)s: no such legal move"), move=raw)
    found = position.capture_paths().get(squares)
    if found is not None:
        return found
    if len(squares) == 2:
        candidates = [
            m
            for m in moves
            if m.kind is MoveKind.JUMP and m.path[0] == squares[0] and m.path[-1] == squares[1]
        ]
        if len(candidates) == 1:
            return candidates[0]
        if candidates:
            options = Alternatives(sorted(move_text(m, position.tables.text) for m in candidates))
            raise AmbiguousMoveError(
                N_("ambiguous move %(move)s: %(options)s"), move=raw, options=options
            )
        if any(m.kind is not MoveKind.JUMP and m.path == squares for m in moves):
            raise IllegalMoveError(N_("illegal move %(move)s: a step is written with -"), move=raw)
    raise IllegalMoveError(N_("illegal move %(move)s: no such legal capture"), move=raw)


def parse_move(position: DraughtsPosition, text: str) -> Move:
    """Returns the legal move of ``position`` written ``text``: the machine form (the
    algebraic path joined by ``-``), or any form of ``parse_notation``."""
    if not isinstance(text, str):
        raise InvalidMoveTextError(N_("invalid move text: not a string"))
    machine = _MACHINE.match(text.strip())
    if machine:
        first, rest, letter = machine.groups()
        names = (first, *rest[1:].split("-")) if rest else (first,)
        try:
            path = tuple(position.tables.board.parse_square(name) for name in names)
        except ValueError:
            path = ()
        move = None
        if path:
            move = position.capture_paths().get(path)
            if move is None:
                move = next(
                    (
                        m
                        for m in position.legal_moves()
                        if m.path == path and m.kind is not MoveKind.JUMP
                    ),
                    None,
                )
        if move is not None:
            if letter:
                raise IllegalMoveError(
                    N_("illegal move %(move)s: nothing to choose here"), move=text.strip()
                )
            return move
    return parse_notation(position, text)
