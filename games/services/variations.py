"""Side lines in the archive: the variations a player adds to a finished game they played (from
the analysis board or the API), and those an imported text carries, every move checked by the
engine from the position it replaces and stored in its canonical text.

A side line is an ``Annotation`` with ``moves`` (``games.models``): on the game's move at
``ply``, or, with a ``parent``, on the move at index ``ply`` of the parent's moves. Its position
is the one before the move it replaces: the game's position before ``ply``, or the parent's
start with the parent's moves before that index played.
"""

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

import engine
from common.i18n import say
from engine import variants
from games.domain import pgn
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import SideLineMove
from games.models import Annotation, Game
from games.services.moves import refuse_over_budget

MAX_SIDE_LINES = 300  # side lines one game may hold, nested ones included
MAX_COMMENT = 2000


def checked_note(glyph: str | None, comment: str | None) -> tuple[str, str]:
    """Returns the glyph and comment of a note, checked: a known glyph or none, a comment of
    at most ``MAX_COMMENT`` characters without braces (the text format's comment marks),
    stripped (None: empty; their type is checked at the edge)."""
    glyph = "" if glyph is None else glyph
    comment = "" if comment is None else comment
    if glyph not in Annotation.Glyph.values:
        raise GameError(ErrorCode.BAD_REQUEST, _("A glyph is one of ! ? !! ?? !? ?! or empty."))
    comment = comment.strip()
    if len(comment) > MAX_COMMENT:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("A comment has at most %(max_comment)s characters.") % {"max_comment": MAX_COMMENT},
        )
    if "{" in comment or "}" in comment:
        raise GameError(ErrorCode.BAD_REQUEST, _("A comment may not contain { or }."))
    return glyph, comment


def clean_note(glyph: str | None, comment: str | None) -> tuple[str, str]:
    """Returns the glyph and comment of a note (``checked_note``), at least one of the two
    (their type is checked at the edge, ``schemas.AnnotationRequest``)."""
    glyph, comment = checked_note(glyph, comment)
    if not glyph and not comment:
        raise GameError(ErrorCode.BAD_REQUEST, _("An annotation needs a glyph or a comment."))
    return glyph, comment


@dataclass
class CheckedLine:
    """A side line the engine has checked: the index of the move it replaces, its moves
    (``{move, glyph, comment}``), and what follows each of its moves, in order: its notes are
    folded into the move, the side lines branching from it are ``CheckedLine`` s."""

    ply: int
    moves: list[dict[str, str]]
    branches: list["CheckedLine"] = field(default_factory=list)

    def count(self) -> int:
        """Returns the side lines this one holds, itself included."""
        return 1 + sum(branch.count() for branch in self.branches)


def checked_moves(
    variant_id: str, fen: str, moves: list[SideLineMove]
) -> tuple[list[dict[str, str]], list[str]]:
    """Plays ``moves`` (text, glyph, comment) from ``fen``; returns them in their canonical
    text with their glyphs and comments checked (``clean_note``; none is fine) and the FEN
    after each (what the analysis board shows), and the FEN before each of them. Raises
    ``GameError`` naming the first bad move and why (unreadable, illegal, ambiguous, after the
    game's end, into a position over the engine's budgets)."""
    eg = variants.get(variant_id).new_game(fen)
    checked, fens = [], []
    for index, (written, glyph, comment) in enumerate(moves):
        label = _("Move %(number)s of the side line, %(move)s") % {
            "number": index + 1,
            "move": written,
        }
        if eg.is_over():
            raise GameError(
                ErrorCode.ILLEGAL_MOVE,
                _("%(label)s: the game was already over.") % {"label": label},
            )
        try:
            move = eg.parse_move(written)
        except engine.AmbiguousMoveError as error:
            raise GameError(
                ErrorCode.AMBIGUOUS_MOVE,
                _("%(label)s: %(error)s.") % {"label": label, "error": say(error)},
            ) from None
        except engine.InvalidMoveTextError as error:
            raise GameError(
                ErrorCode.BAD_MOVE_TEXT,
                _("%(label)s: %(error)s.") % {"label": label, "error": say(error)},
            ) from None
        except engine.IllegalMoveError as error:
            raise GameError(
                ErrorCode.ILLEGAL_MOVE,
                _("%(label)s: %(error)s.") % {"label": label, "error": say(error)},
            ) from None
        glyph, comment = clean_note(glyph, comment) if glyph or comment else ("", "")
        text = eg.move_text(move)
        fens.append(eg.fen())
        eg.push(move)
        refuse_over_budget(eg)
        checked.append({"move": text, "glyph": glyph, "comment": comment, "fen": eg.fen()})
    return checked, fens


def fen_before(game: Game, ply: int, parent: Annotation | None) -> str:
    """Returns the position before the move a side line replaces: the game's before ``ply``,
    or the parent side line's before its move at index ``ply``."""
    if parent is None:
        if ply == 0:
            return game.initial_fen
        return game.moves.get(ply=ply - 1).fen_after
    start = fen_before(game, parent.ply, parent.parent)
    played = [(item["move"], None, None) for item in parent.moves[: ply + 1]]
    return checked_moves(game.variant, start, played)[1][ply]


# --- an imported text's side lines ------------------------------------------------------------
def checked_notes(
    variant_id: str, fens: list[str], notes: dict[int, list[pgn.Note]]
) -> dict[int, list[pgn.Note | CheckedLine]]:
    """Returns a line's notes by index with each side line checked by the engine (``fens``:
    the position before each of the line's moves), or raises ``GameError`` naming its first
    bad move."""
    checked: dict[int, list[pgn.Note | CheckedLine]] = {}
    for index, ply_notes in sorted(notes.items()):
        checked[index] = [
            checked_line(variant_id, fens[index], index, note.line) if note.line else note
            for note in ply_notes
        ]
    return checked


def checked_line(variant_id: str, fen: str, ply: int, steps: tuple[pgn.Step, ...]) -> CheckedLine:
    """Returns a side line of a text checked from ``fen``: each move's glyph the first of its
    notes' and its comment theirs joined, its own side lines checked in turn."""
    written: list[SideLineMove] = []
    for step in steps:
        glyphs = [note.glyph for note in step.notes if note.glyph and not note.line]
        comments = [note.comment for note in step.notes if note.comment and not note.line]
        written.append((step.move, glyphs[0] if glyphs else None, " ".join(comments) or None))
    moves, fens = checked_moves(variant_id, fen, written)
    line = CheckedLine(ply, moves)
    for index, step in enumerate(steps):
        for note in step.notes:
            if note.line:
                line.branches.append(checked_line(variant_id, fens[index], index, note.line))
    return line


def side_line_count(notes: dict[int, list[Any]]) -> int:
    """Returns how many side lines checked notes hold, nested ones included."""
    return sum(
        note.count()
        for ply_notes in notes.values()
        for note in ply_notes
        if isinstance(note, CheckedLine)
    )


def store_notes(game: Game, notes: dict[int, list[pgn.Note | CheckedLine]]) -> int:
    """Stores an imported game's notes and side lines in their order; returns how many rows."""
    stored = 0
    for ply, ply_notes in sorted(notes.items()):
        for note in ply_notes:
            if isinstance(note, CheckedLine):
                stored += _store_line(game, note, None)
            else:
                Annotation.objects.create(
                    game=game, ply=ply, glyph=note.glyph, comment=note.comment
                )
                stored += 1
    return stored


def _store_line(game: Game, line: CheckedLine, parent: Annotation | None) -> int:
    row = Annotation.objects.create(game=game, ply=line.ply, moves=line.moves, parent=parent)
    return 1 + sum(_store_line(game, branch, row) for branch in line.branches)
