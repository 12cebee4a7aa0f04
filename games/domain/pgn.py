"""The archive's text format: PGN-style games, parsed and rendered (pure: no database, no rules).

This module owns the syntax only — tag pairs, move numbers, move text with a glyph suffix, NAGs,
comments in ``{}`` and the result — and splits a text into games. It does not know whether a move
is legal nor whether a result is right: ``games.services.archive.game_import`` replays every game
through the engine. A game rendered here and parsed back gives the same tags, moves and notes.

    [Event "Online game"]
    [Site "Chesskers"]
    [Date "2026.11.29"]
    [Round "-"]
    [White "alice"]
    [Black "bob"]
    [Result "0-1"]
    [Variant "Chesskers"]
    [Termination "checkmate"]

    1. f3 e5 2. g4?? {Opens the diagonal.} Qh4# 0-1

Notes on a ply: a glyph starts a new note (the first as a suffix of the move, ``g4??``, any
other as a NAG, ``$4``); a comment right after a glyph is that glyph's (an empty ``{}`` says the
glyph has none), any other comment is a note of its own; a side line in parentheses (a recursive
variation) is a note too — moves replacing the move it follows, with notes of their own, side
lines nested to ``MAX_VARIATION_DEPTH``: ``1. e4 (1. d4 d5 (1... Nf6)) 1... e5``. The notes of
a ply keep their order. Other NAGs than the six glyphs' (``$10``, a judgement of the position,
as lichess and lidraughts write) and a comment before a line's first move are read and dropped.
"""

import re
from dataclasses import dataclass, field

from django.utils.translation import gettext as _

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")
RESULTS = ("1-0", "0-1", "1/2-1/2")
# PDN's draughts results (two points a game), read as the archive writes them.
PDN_RESULTS = {"2-0": "1-0", "0-2": "0-1", "1-1": "1/2-1/2"}


def plain_result(result: str | None) -> str | None:
    """Returns a result as the archive writes it (PDN's ``2-0`` is ``1-0``)."""
    return PDN_RESULTS.get(result, result) if result is not None else None


GLYPHS = ("!", "?", "!!", "??", "!?", "?!")
NAG_OF_GLYPH = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6}
GLYPH_OF_NAG = {nag: glyph for glyph, nag in NAG_OF_GLYPH.items()}
LINE_WIDTH = 80
# Bounds on what one game may hold, far above any real game's: an imported text is shown on
# pages and stored, so no one tag or comment may fill them.
MAX_TAGS = 40
MAX_TAG_CHARS = 200
MAX_COMMENT_CHARS = 2000
MAX_MOVE_CHARS = 300
MAX_VARIATION_DEPTH = 16  # side lines within side lines: the text's nesting, bounded


class PgnError(ValueError):
    """Text that is not a game in the archive's format; ``game`` is its 1-based number."""

    def __init__(self, game: int, message: str) -> None:
        super().__init__(_("Game %(number)s: %(message)s") % {"number": game, "message": message})
        self.game = game
        self.message = message


@dataclass(frozen=True)
class Note:
    """A glyph (``""`` for none) and a comment (``""`` for none) on one ply, or a side line
    (``line``: the moves that replace the ply's move, glyph and comment empty)."""

    glyph: str = ""
    comment: str = ""
    line: tuple["Step", ...] = ()


@dataclass(frozen=True)
class Step:
    """One move of a side line as written, with its notes in order."""

    move: str
    notes: tuple[Note, ...] = ()


@dataclass
class Line:
    """Moves being read, with their notes by index: a game's main line or a side line (which
    replaces the move at ``start`` of the line it is in)."""

    moves: list[str] = field(default_factory=list)
    notes: dict[int, list[Note]] = field(default_factory=dict)
    start: int = 0
    # Whether the last note is a glyph still waiting for its comment (parsing only).
    glyph_open: bool = field(default=False, repr=False, compare=False)

    def steps(self) -> tuple[Step, ...]:
        return tuple(
            Step(move, tuple(self.notes.get(index, ()))) for index, move in enumerate(self.moves)
        )


@dataclass
class ParsedGame(Line):
    """One game of a text: its tags in order, its moves as written, notes by ply, result."""

    number: int = 1
    tags: list[tuple[str, str]] = field(default_factory=list)
    result: str | None = None  # the result written after the moves (None if missing)

    def tag(self, name: str) -> str | None:
        """Returns the value of tag ``name``, or None."""
        for key, value in self.tags:
            if key == name:
                return value
        return None


_TOKEN = re.compile(
    r"""
    (?P<space>\s+)
  | (?P<tag>\[(?:[^\]"\n]|"(?:[^"\\\n]|\\.)*")*\]?)
  | (?P<comment>\{[^}]*\})
  | (?P<open>\{)
  | (?P<nag>\$\d{1,3}(?!\d))
  | (?P<result>(?:1-0|0-1|1/2-1/2|2-0|0-2|1-1|\*)(?=[\s\[{()]|$))
  | (?P<number>\d+\.(?:\.\.)?)
  | (?P<enter>\()
  | (?P<leave>\))
  | (?P<move>[^\s{}\[\]$()]+)
  | (?P<stray>.)
    """,
    re.VERBOSE | re.DOTALL,
)
_TAG = re.compile(r'^\[([A-Za-z0-9_]+) "((?:[^"\\]|\\["\\])*)"\]$')
_MOVE = re.compile(r"^(?P<text>[^!?]+)(?P<glyph>[!?]{1,2})?$")


def _unescape(value: str) -> str:
    return re.sub(r"\\([\"\\])", r"\1", value)


def _escape(value: str) -> str:
    return value.replace("\\", "\\\\").replace('"', '\\"')


def parse_games(text: str) -> list[ParsedGame]:
    """Returns the games of ``text`` in order. Raises ``PgnError`` naming the game and what is
    wrong: a tag not written ``[Name "value"]``, a comment never closed, a glyph with no move, a
    result not at the end of its game, or a text with no game at all."""
    if not isinstance(text, str):
        raise PgnError(1, _("the text is not text."))
    games: list[ParsedGame] = []
    game = ParsedGame(number=1)
    lines: list[Line] = [game]  # the main line, then the side lines being read, innermost last
    in_moves = False  # the current game's move text has begun

    def close() -> None:
        nonlocal game, in_moves, lines
        if len(lines) > 1:
            raise PgnError(game.number, _("a side line is opened with ( and never closed with )."))
        games.append(game)
        game = ParsedGame(number=len(games) + 1)
        lines = [game]
        in_moves = False

    position = 0
    while position < len(text):
        match = _TOKEN.match(text, position)
        if match is None:  # cannot happen: ``stray`` matches any one character
            raise PgnError(game.number, _("cannot read the text."))
        position = match.end()
        kind, token = match.lastgroup, match.group()
        line = lines[-1]
        if kind == "space":
            continue
        if kind == "stray":
            raise PgnError(
                game.number,
                _("unexpected %(token)s after move %(number)s.")
                % {"token": repr(token), "number": len(game.moves)},
            )
        if kind == "tag":
            if in_moves:
                close()  # a tag after moves begins the next game
            tag = _TAG.match(token)
            if tag is None:
                raise PgnError(
                    game.number,
                    _('cannot read the tag %(token)s: tags are written [Name "value"].')
                    % {"token": repr(token)},
                )
            name, value = tag.group(1), _unescape(tag.group(2))
            if game.tag(name) is not None:
                raise PgnError(game.number, _("the tag %(name)s is given twice.") % {"name": name})
            if len(name) > MAX_TAG_CHARS or len(value) > MAX_TAG_CHARS:
                raise PgnError(
                    game.number,
                    _("a tag has at most %(max_tag_chars)s characters.")
                    % {"max_tag_chars": MAX_TAG_CHARS},
                )
            if len(game.tags) >= MAX_TAGS:
                raise PgnError(
                    game.number, _("a game has at most %(max_tags)s tags.") % {"max_tags": MAX_TAGS}
                )
            game.tags.append((name, value))
            continue
        in_moves = True
        if kind == "open":
            raise PgnError(game.number, _("a comment is opened with { and never closed with }."))
        if kind == "number":
            continue
        if kind == "enter":
            if not line.moves:
                raise PgnError(game.number, _("a side line ( comes before any move it replaces."))
            if len(lines) > MAX_VARIATION_DEPTH:
                raise PgnError(
                    game.number,
                    _("side lines nest at most %(max_variation_depth)s deep.")
                    % {"max_variation_depth": MAX_VARIATION_DEPTH},
                )
            line.glyph_open = False
            lines.append(Line(start=len(line.moves) - 1))
            continue
        if kind == "leave":
            if len(lines) == 1:
                raise PgnError(game.number, _("a ) closes no side line."))
            lines.pop()
            if not line.moves:
                raise PgnError(game.number, _("a side line holds no move."))
            lines[-1].notes.setdefault(line.start, []).append(Note(line=line.steps()))
            continue
        if kind == "result":
            game.result = plain_result(token)
            close()
            continue
        if kind == "comment":
            if len(token) - 2 > MAX_COMMENT_CHARS:
                raise PgnError(
                    game.number,
                    _("a comment has at most %(max_comment_chars)s characters.")
                    % {"max_comment_chars": MAX_COMMENT_CHARS},
                )
            _add_comment(game, line, token[1:-1].strip())
            continue
        if kind == "nag":
            glyph = GLYPH_OF_NAG.get(int(token[1:]))
            if glyph is not None:  # any other NAG judges the position: read and dropped
                _add_glyph(game, line, glyph)
            continue
        parts = _MOVE.match(token)
        if parts is None or (parts.group("glyph") and parts.group("glyph") not in GLYPHS):
            if token.strip("!?") == "":
                _add_glyph(game, line, _glyph(game, token))
                continue
            raise PgnError(
                game.number,
                _("cannot read %(token)s after move %(number)s as a move.")
                % {"token": repr(token), "number": len(game.moves)},
            )
        if len(token) > MAX_MOVE_CHARS:
            raise PgnError(
                game.number,
                _("a move has at most %(max_move_chars)s characters.")
                % {"max_move_chars": MAX_MOVE_CHARS},
            )
        line.moves.append(parts.group("text"))
        line.glyph_open = False
        if parts.group("glyph"):
            _add_glyph(game, line, parts.group("glyph"))
    if in_moves or game.tags:
        close()
    if not games:
        raise PgnError(1, _("the text holds no game."))
    return games


def _glyph(game: ParsedGame, token: str) -> str:
    if token not in GLYPHS:
        raise PgnError(
            game.number,
            _("unknown glyph %(token)s (one of %(glyphs)s).")
            % {"token": repr(token), "glyphs": " ".join(GLYPHS)},
        )
    return token


def _add_glyph(game: ParsedGame, line: Line, glyph: str) -> None:
    if not line.moves:
        raise PgnError(
            game.number, _("the glyph %(glyph)s comes before any move.") % {"glyph": glyph}
        )
    line.notes.setdefault(len(line.moves) - 1, []).append(Note(glyph=glyph))
    line.glyph_open = True


def _add_comment(game: ParsedGame, line: Line, comment: str) -> None:
    # A comment right after a glyph is that glyph's ("{}" closes a glyph with none); any other
    # comment is a note of its own. One before a side line's first move is dropped (lichess
    # writes them); one before a game's first move is refused.
    if not line.moves:
        if line is game:
            raise PgnError(
                game.number, _("a comment comes before any move: comments follow a move.")
            )
        return
    notes = line.notes.setdefault(len(line.moves) - 1, [])
    if line.glyph_open:
        line.glyph_open = False
        if comment:
            notes[-1] = Note(glyph=notes[-1].glyph, comment=comment)
    elif comment:
        notes.append(Note(comment=comment))
    if not notes:
        del line.notes[len(line.moves) - 1]


def side_line_moves(notes: dict[int, list[Note]]) -> int:
    """Returns how many moves the side lines among ``notes`` hold, nested ones included."""
    return sum(
        len(note.line) + sum(side_line_moves({0: list(step.notes)}) for step in note.line)
        for ply_notes in notes.values()
        for note in ply_notes
        if note.line
    )


def move_number(initial_fen: str, index: int) -> tuple[int, bool]:
    """Returns the move number of the ply ``index`` of a game from ``initial_fen`` and whether
    White plays it (in the draughts family, whose FEN is ``W:W…:B…:H0:F1``, whether it is the
    first ply of a numbered move, as PDN numbers them: the side to move in the FEN opens one)."""
    if ":" in initial_fen and " " not in initial_fen.strip():
        fullmove_field = initial_fen.rsplit(":F", 1)
        digits = fullmove_field[1] if len(fullmove_field) == 2 else ""
        fullmove = int(digits) if digits.isdigit() else 1
        return fullmove + index // 2, index % 2 == 0
    fields = initial_fen.split()
    black_first = len(fields) > 1 and fields[1] == "b"
    fullmove = int(fields[5]) if len(fields) > 5 and fields[5].isdigit() else 1
    half = index + (1 if black_first else 0)
    return fullmove + half // 2, half % 2 == 0


def render_game(
    *,
    tags: list[tuple[str, str]],
    moves: list[str],
    notes: dict[int, list[Note]] | None = None,
    result: str,
    initial_fen: str,
) -> str:
    """Returns a game as text: the tags one a line, a blank line, then the moves numbered, with
    their notes and side lines, and the result, wrapped at 80 columns between tokens (a comment
    is never broken)."""
    lines = [f'[{name} "{_escape(value)}"]' for name, value in tags]
    tokens = _line_tokens(initial_fen, 0, moves, notes or {})
    tokens.append(result)
    body: list[str] = []
    line = ""
    for token in tokens:
        if line and len(line) + 1 + len(token) > LINE_WIDTH:
            body.append(line)
            line = token
        else:
            line = f"{line} {token}" if line else token
    body.append(line)
    return "\n".join(lines) + "\n\n" + "\n".join(body) + "\n"


def _line_tokens(
    initial_fen: str, start: int, moves: list[str], notes: dict[int, list[Note]]
) -> list[str]:
    """Returns the tokens of a line of moves whose first is the ply ``start`` of the game: each
    move numbered where it opens a move (or follows a comment or a side line), then its notes
    in order — the first glyph as the move's suffix, any other as a NAG, comments in braces,
    side lines in parentheses."""
    tokens: list[str] = []
    after_break = False
    for index, text in enumerate(moves):
        number, white = move_number(initial_fen, start + index)
        if white:
            tokens.append(f"{number}.")
        elif index == 0 or after_break:
            tokens.append(f"{number}...")
        after_break = False
        first = True
        move_token = text
        extra: list[str] = []
        ply_notes = notes.get(index, [])
        for position, note in enumerate(ply_notes):
            if note.line:
                side = _line_tokens(
                    initial_fen,
                    start + index,
                    [step.move for step in note.line],
                    {i: list(step.notes) for i, step in enumerate(note.line) if step.notes},
                )
                side[0], side[-1] = "(" + side[0], side[-1] + ")"
                extra.extend(side)
                after_break, first = True, False
                continue
            if note.glyph and first:
                move_token += note.glyph
            elif note.glyph:
                extra.append(f"${NAG_OF_GLYPH[note.glyph]}")
            following = ply_notes[position + 1] if position + 1 < len(ply_notes) else None
            if note.comment:
                extra.append("{" + note.comment + "}")
            elif note.glyph and following is not None and not following.glyph:
                extra.append("{}")  # the next comment is a note of its own, not this glyph's
            after_break = after_break or bool(note.comment)
            first = False
        tokens.append(move_token)
        tokens.extend(extra)
    return tokens
