"""The typed shape of every inbound request body and socket message of the games app, checked
at the edge: the API views, the pages' forms and the consumers parse what they receive here,
and the services take the typed values.

A value of the wrong shape is refused with ``bad_request`` and one sentence saying what is
expected; what depends on a game (a move's legality, a ply in range, a known username) is the
services' to check.
"""

import math
import re
import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, Literal, get_args

from django.utils.translation import gettext as _

from common.edge import text_problem
from common.i18n import grouped
from common.text import BIDI_CONTROLS
from engine import variants
from games.domain.clock import UNLIMITED, ClockError, TimeControl
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import (
    BOT_LEVELS,
    CHAT_MAX_CHARS,
    HIGHEST_BOT_LEVEL,
    LOWEST_BOT_LEVEL,
    MAX_BOARD_LINES,
)
from games.models import DEFAULT_VARIANT, SeekColor

# The names of the squares of every game's board (a1…l12), and every piece a move may choose to
# promote to in any game: whether one fits the game is the engine's to say.
SQUARE_NAMES = frozenset(
    name for variant in variants.VARIANTS.values() for name in variant.board.names if name
)
PROMOTIONS = tuple(
    sorted(
        {kind.symbol for variant in variants.VARIANTS.values() for kind in variant.pieces}
        - {"k", "m"}
    )
)
# Within settings.REQUEST_MAX_BYTES, the body that carries it (common/edge.py).
MAX_IMPORT_CHARS = 500_000
MAX_LAG_MS = 60_000

# Bounds on what a request may carry, each far above what a legal one needs: they keep a
# number inside the database's columns and a text from filling a page.
MAX_PLY = 100_000  # no game is longer (the fifty-move rule ends one in a few thousand plies)
MAX_MOVE_CHARS = 300  # a chain of 32 captures written out
MAX_PATH_SQUARES = 64
MAX_FEN_CHARS = 400  # the FEN column: a 12x12 draughts position with every piece a king
MAX_FEN_DIGITS = 5  # a move number up to 99,999
MAX_USERNAME_CHARS = 150

DIGIT_RUNS = re.compile(r"[0-9]+")

DrawAction = Literal["offer", "accept", "decline"]
TakebackAction = Literal["offer", "accept", "decline"]


def refuse(message: str) -> GameError:
    return GameError(ErrorCode.BAD_REQUEST, message)


def whole_number(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def variant_choice(value: Any) -> str:
    """Returns the id of a game (``engine.variants``): absent or empty means Chesskers."""
    if value is None or value == "":
        return DEFAULT_VARIANT
    if not isinstance(value, str) or value not in variants.VARIANTS:
        raise refuse(
            _("Unknown game %(value)s; the games are: %(games)s.")
            % {"value": repr(value), "games": ", ".join(variants.VARIANTS)}
        )
    return value


def color_choice(value: Any) -> str:
    """Returns a seek's, challenge's or bot game's colour: white, black or random."""
    if value not in SeekColor.values:
        raise refuse(_("A colour is white, black or random."))
    return value


def clock_choice(value: Any) -> TimeControl:
    """Returns a seek's or challenge's time control (absent or null: unlimited)."""
    try:
        return TimeControl.from_json(value)
    except ClockError as error:
        raise refuse(str(error)) from None


CLOCK_KINDS = ("unlimited", "fischer", "correspondence")


def form_number(value: Any, refusal: str, whole: bool = False) -> float | int:
    """Returns a form's figure of a clock as a number (``whole``: an integer), or raises with
    ``refusal``."""
    try:
        number = int(value) if whole else float(value)
    except (TypeError, ValueError):
        raise refuse(refusal) from None
    if not math.isfinite(number):
        raise refuse(refusal)
    return number


def form_clock(form: Mapping[str, Any]) -> dict[str, Any] | None:
    """Returns the clock a page's form describes (``templates/games/_clock_fields.html``: its
    ``clock_kind``, then minutes and increment, or days) as the API takes it, for
    ``clock_choice`` to check; absent kind: unlimited."""
    kind = form.get("clock_kind") or "unlimited"
    if kind not in CLOCK_KINDS:
        raise refuse(_("A clock's kind is unlimited, fischer or correspondence."))
    if kind == "correspondence":
        return {
            "days": form_number(
                form.get("clock_days"), _("A clock's days are a number."), whole=True
            )
        }
    if kind == "fischer":
        minutes = form_number(form.get("clock_minutes"), _("A clock's minutes are a number."))
        increment = form_number(
            form.get("clock_increment") or 0,
            _("A clock's increment is a whole number of seconds."),
            whole=True,
        )
        return {"initial": round(minutes * 60), "increment": increment}
    return None


def rated_choice(value: Any) -> bool:
    """Returns whether a seek or challenge is rated: absent means rated (the default)."""
    return True if value is None else yes_or_no(value, "rated")


def yes_or_no(value: Any, field: str) -> bool:
    """Returns a true or false ``field`` (forms send text: a ticked box ``on``), or refuses."""
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "1", "on", "yes"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "0", "off", "no", ""):
        return False
    raise refuse(_("`%(field)s` is true or false.") % {"field": field})


@dataclass(frozen=True, slots=True)
class MoveRequest:
    """A move for a ply: its text, canonical (``Nf3``) or machine (``g1-f3``); a move given as
    its path of squares is written as machine text."""

    ply: int
    text: str
    # The client's measured one-way delay (a socket's ``lag``), credited to its clock within
    # the bounds of ``games.domain.clock``.
    lag_ms: int = 0

    @classmethod
    def of(
        cls,
        *,
        ply: Any,
        text: Any = None,
        path: Any = None,
        promotion: Any = None,
        lag: Any = None,
    ) -> "MoveRequest":
        """Returns the move of a body or message's values, or raises ``bad_request``."""
        if not whole_number(ply) or not 0 <= ply <= MAX_PLY:
            raise refuse(
                _("A move needs the ply it is for, a number from 0 to %(max_ply)s.")
                % {"max_ply": grouped(MAX_PLY)}
            )
        if lag is not None and (not whole_number(lag) or not 0 <= lag <= MAX_LAG_MS):
            raise refuse(
                _("A move's lag is a number of milliseconds, 0 to %(max_lag_ms)s.")
                % {"max_lag_ms": MAX_LAG_MS}
            )
        if path is not None:
            if (
                not isinstance(path, list)
                or not 1 <= len(path) <= MAX_PATH_SQUARES  # one square: a removal (Hawaiian)
                or not all(isinstance(sq, str) and sq in SQUARE_NAMES for sq in path)
            ):
                raise refuse(
                    _(
                        "A move's path is a list of 1 to %(max_path_squares)s squares (one, for "
                        "a removal)."
                    )
                    % {"max_path_squares": MAX_PATH_SQUARES}
                )
            if promotion not in (None, "") and (
                not isinstance(promotion, str) or promotion.lower() not in PROMOTIONS
            ):
                raise refuse(
                    _("A promotion is one of %(promotions)s.")
                    % {"promotions": ", ".join(PROMOTIONS)}
                )
            text = "-".join(path) + (f"-{promotion.lower()}" if promotion else "")
        if not isinstance(text, str) or not text.strip():
            raise refuse(_("A move needs its text or its path."))
        if len(text) > MAX_MOVE_CHARS:
            raise refuse(
                _("A move's text has at most %(max_move_chars)s characters.")
                % {"max_move_chars": MAX_MOVE_CHARS}
            )
        return cls(ply=ply, text=text.strip(), lag_ms=lag or 0)

    @classmethod
    def from_message(cls, message: Mapping[str, Any]) -> "MoveRequest":
        """A socket's ``{"type": "move", "ply", "move" | "path", "promotion"?}``."""
        move, path = message.get("move"), message.get("path")
        if move is None and path is None:
            raise refuse(_("A move message needs move (text) or path."))
        if "ply" not in message:
            raise refuse(_("A move message needs the ply it is for."))
        return cls.of(
            ply=message["ply"],
            text=move,
            path=path,
            promotion=message.get("promotion"),
            lag=message.get("lag"),
        )

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "MoveRequest":
        """The API's ``{"ply", "move" | "path", "promotion"?}``."""
        if data.get("move") is None and data.get("path") is None:
            raise refuse(_("A move needs `move` and `ply`."))
        return cls.of(
            ply=data.get("ply"),
            text=data.get("move"),
            path=data.get("path"),
            promotion=data.get("promotion"),
        )


def draw_action(data: Mapping[str, Any]) -> DrawAction:
    """Returns a draw message's or body's ``action``: offer, accept or decline."""
    action = data.get("action")
    if action not in get_args(DrawAction):
        raise refuse(_("A draw action is offer, accept or decline."))
    return action


def takeback_action(data: Mapping[str, Any]) -> TakebackAction | None:
    """Returns a takeback message's or body's ``action`` (offer, accept or decline), or None
    when it has none (a pass-and-play or bot game's takeback)."""
    action = data.get("action")
    if action is None:
        return None
    if action not in get_args(TakebackAction):
        raise refuse(_("A takeback action is offer, accept or decline."))
    return action


@dataclass(frozen=True, slots=True)
class BotGameRequest:
    """A game against the bot: its level and the side the human plays (or random)."""

    level: int
    color: str = SeekColor.RANDOM
    variant: str = DEFAULT_VARIANT
    fen: str | None = None

    @classmethod
    def of(
        cls,
        *,
        level: Any,
        color: Any = SeekColor.RANDOM,
        variant: Any = None,
        fen: Any = None,
    ) -> "BotGameRequest":
        if not whole_number(level) or level not in BOT_LEVELS:
            raise refuse(
                _("A bot level is a number from %(lowest_bot_level)s to %(highest_bot_level)s.")
                % {"lowest_bot_level": LOWEST_BOT_LEVEL, "highest_bot_level": HIGHEST_BOT_LEVEL}
            )
        return cls(
            level=level,
            color=color_choice(color),
            variant=variant_choice(variant),
            fen=fen_text(fen),
        )

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "BotGameRequest":
        return cls.of(
            level=data.get("level"),
            color=data.get("color", SeekColor.RANDOM),
            variant=data.get("variant"),
            fen=data.get("fen"),
        )

    @classmethod
    def from_form(cls, data: Mapping[str, Any]) -> "BotGameRequest":
        """The bot page's form, whose level is text."""
        try:
            level = int(data.get("level", ""))
        except ValueError:
            level = 0
        given = {name: data[name] for name in ("color", "variant", "fen") if name in data}
        return cls.from_body({**given, "level": level})  # one value a name, a form's lists' last


def start_and_rated(data: Mapping[str, Any]) -> tuple[str | None, bool | None]:
    """An online game's start as asked (``fen``, None: its usual start) and whether it is rated
    (left out with a position: None, for ``games.services.play.position_start`` to decide)."""
    fen = (fen_text(data.get("fen")) or "").strip() or None
    rated = data.get("rated", None if fen else True)
    return fen, (None if rated is None and fen else rated_choice(rated))


def fen_text(value: Any) -> str | None:
    """Returns a pass-and-play, bot or challenged game's starting FEN as given (None or empty:
    the game's usual start), or raises if it is not short plain text: the engine reads its
    numbers, which must stay small (a counter of thousands of digits, or a superscript digit, is
    not a number it can read)."""
    if value is None or value == "":
        return None
    if not isinstance(value, str):
        raise refuse(_("A FEN is text."))
    if len(value) > MAX_FEN_CHARS:
        raise refuse(
            _("A FEN has at most %(max_fen_chars)s characters.") % {"max_fen_chars": MAX_FEN_CHARS}
        )
    if not value.isascii() or not value.isprintable():
        raise refuse(_("A FEN is written in plain ASCII letters, digits and punctuation."))
    if any(len(run) > MAX_FEN_DIGITS for run in DIGIT_RUNS.findall(value)):
        raise refuse(
            _("A number in a FEN has at most %(max_fen_digits)s digits.")
            % {"max_fen_digits": MAX_FEN_DIGITS}
        )
    return value


@dataclass(frozen=True, slots=True)
class AnalyseRequest:
    """The analysis board's ``{"type": "analyse", "variant", "fen", "lines"}``: a position of a
    game (none: its start) and how many of its best lines to show, 1 (absent) to 3."""

    variant: str
    fen: str
    lines: int = 1

    @classmethod
    def from_message(cls, message: Mapping[str, Any]) -> "AnalyseRequest":
        variant = variant_choice(message.get("variant"))
        fen = fen_text(message.get("fen")) or variants.get(variant).start_fen
        lines = message.get("lines", 1)
        if not whole_number(lines) or not 1 <= lines <= MAX_BOARD_LINES:
            raise refuse(
                _("`lines` is a whole number from 1 to %(max_board_lines)s.")
                % {"max_board_lines": MAX_BOARD_LINES}
            )
        return cls(variant=variant, fen=fen.strip(), lines=lines)


@dataclass(frozen=True, slots=True)
class BoardMoveRequest:
    """A move on the analysis board: the game, the position (its start when none) and the
    move, as text or as its path (the machine form: ``MoveRequest``)."""

    variant: str
    fen: str
    move: str

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "BoardMoveRequest":
        variant = variant_choice(data.get("variant"))
        fen = fen_text(data.get("fen")) or variants.get(variant).start_fen
        move = MoveRequest.of(
            ply=0, text=data.get("move"), path=data.get("path"), promotion=data.get("promotion")
        )
        return cls(variant=variant, fen=fen.strip(), move=move.text)

    @classmethod
    def position_from_query(cls, query: Mapping[str, Any]) -> tuple[str, str]:
        """Returns the game and the position of ``?variant=&fen=`` (its start when none)."""
        variant = variant_choice(query.get("variant"))
        fen = fen_text(query.get("fen")) or variants.get(variant).start_fen
        return variant, fen.strip()


@dataclass(frozen=True, slots=True)
class LocalGameRequest:
    """A pass-and-play game: its game and its start, in the game's own FEN (none: its start)."""

    variant: str = DEFAULT_VARIANT
    fen: str | None = None

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "LocalGameRequest":
        return cls(variant=variant_choice(data.get("variant")), fen=fen_text(data.get("fen")))


@dataclass(frozen=True, slots=True)
class SeekRequest:
    """A seek in the lobby: the colour its owner will play, rated or not."""

    color: str = SeekColor.RANDOM
    rated: bool = True
    variant: str = DEFAULT_VARIANT
    clock: TimeControl = UNLIMITED

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "SeekRequest":
        color = color_choice(data.get("color", SeekColor.RANDOM))
        return cls(
            color=color,
            rated=rated_choice(data.get("rated", True)),
            variant=variant_choice(data.get("variant")),
            clock=clock_choice(data.get("clock")),
        )


@dataclass(frozen=True, slots=True)
class ChallengeRequest:
    """A challenge to a user by name, or (``to`` None) an invite link anyone may accept."""

    to: str | None = None
    color: str = SeekColor.RANDOM
    rated: bool | None = True  # None: not said (rated unless the game starts from a position)
    variant: str = DEFAULT_VARIANT
    clock: TimeControl = UNLIMITED
    fen: str | None = None  # the start, as given (the engine checks it); None: the usual start

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "ChallengeRequest":
        color = color_choice(data.get("color", SeekColor.RANDOM))
        fen, rated = start_and_rated(data)
        to = data.get("to")
        if to and (not isinstance(to, str) or len(to) > MAX_USERNAME_CHARS):
            raise refuse(_("A challenge is sent to a username."))
        return cls(
            to=to or None,
            color=color,
            rated=rated,
            variant=variant_choice(data.get("variant")),
            clock=clock_choice(data.get("clock")),
            fen=fen,
        )

    @classmethod
    def from_form(cls, to: str, form: Mapping[str, Any]) -> "ChallengeRequest":
        """A challenge from a page's form (the profile's): its fields are text, an unticked
        *Rated* box is absent (casual), its clock is ``form_clock``'s, its start ``fen``."""
        return cls.from_body(
            {
                "to": to,
                "color": form.get("color", SeekColor.RANDOM),
                "rated": form.get("rated", "false"),
                "variant": form.get("variant"),
                "clock": form_clock(form),
                "fen": form.get("fen"),
            }
        )


def note_text(glyph: Any, comment: Any) -> tuple[str | None, str | None]:
    """Returns an annotation's glyph and comment as text (None: not given), or raises."""
    if glyph is not None and not isinstance(glyph, str):
        raise refuse(_("A glyph is one of ! ? !! ?? !? ?! or empty."))
    if comment is not None and not isinstance(comment, str):
        raise refuse(_("A comment is text."))
    if glyph is not None and len(glyph) > 2:
        raise refuse(_("A glyph is one of ! ? !! ?? !? ?! or empty."))
    return glyph, comment


MAX_SIDE_LINE_MOVES = 200

SideLineMove = tuple[str, str | None, str | None]  # text, glyph, comment


@dataclass(frozen=True, slots=True)
class AnnotationRequest:
    """A note on a ply: ``ply`` None when it is not a whole number (the service answers with the
    game's range); ``glyph`` and ``comment`` None when not given (on an edit: unchanged). A side
    line instead has ``moves`` (text, glyph, comment each) and may name its ``parent``."""

    ply: int | None = None
    glyph: str | None = None
    comment: str | None = None
    moves: tuple[SideLineMove, ...] | None = None
    parent: int | None = None

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "AnnotationRequest":
        """A new note or side line (``bodies.ANNOTATION``)."""
        ply = data.get("ply")
        in_range = whole_number(ply) and 0 <= ply <= MAX_PLY
        note = cls.edit_from_body(data)
        moves, parent = data.get("moves"), data.get("parent")
        if moves is None:
            if parent is not None:
                raise refuse(_("`parent` names the side line a side line (`moves`) branches from."))
            return note.with_ply(ply if in_range else None)
        if note.glyph or note.comment:
            raise refuse(_("A side line's notes go on its moves, not on the line."))
        if parent is not None and not (whole_number(parent) and parent > 0):
            raise refuse(_("`parent` is the id of a side line."))
        return cls(ply=ply if in_range else None, moves=side_line(moves), parent=parent)

    @classmethod
    def edit_from_body(cls, data: Mapping[str, Any]) -> "AnnotationRequest":
        """A change to a note (``bodies.ANNOTATION_EDIT``): its ply is the note's."""
        glyph, comment = note_text(data.get("glyph"), data.get("comment"))
        return cls(glyph=glyph, comment=comment)

    def with_ply(self, ply: int | None) -> "AnnotationRequest":
        return AnnotationRequest(ply=ply, glyph=self.glyph, comment=self.comment)


def side_line(value: Any) -> tuple[SideLineMove, ...]:
    """Returns a side line's moves, each its text or ``{move, glyph?, comment?}``, or raises."""
    if not isinstance(value, list) or not 1 <= len(value) <= MAX_SIDE_LINE_MOVES:
        raise refuse(
            _("`moves` is a list of 1 to %(max_side_line_moves)s moves.")
            % {"max_side_line_moves": MAX_SIDE_LINE_MOVES}
        )
    moves = []
    for item in value:
        if isinstance(item, dict):
            glyph, comment = note_text(item.get("glyph"), item.get("comment"))
            text = item.get("move")
        else:
            text, glyph, comment = item, None, None
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_MOVE_CHARS:
            raise refuse(
                _(
                    "Each move of `moves` is its text (at most %(max_move_chars)s characters) or "
                    "{move, glyph?, comment?}."
                )
                % {"max_move_chars": MAX_MOVE_CHARS}
            )
        moves.append((text.strip(), glyph, comment))
    return tuple(moves)


def import_body(data: Mapping[str, Any]) -> str:
    """The text of an import request's body (``bodies.IMPORT``)."""
    return import_text(data.get("text"))


def import_text(value: Any, where: str = "`text`") -> str:
    """Returns the text of games to import, or raises: text, not empty, not too long. ``where``
    names the place the text goes: the API's field, or the form's box."""
    if not isinstance(value, str) or not value.strip():
        if where == "`text`":
            raise refuse(_("Give the games' text in `text`."))
        if where == "the Games box or a file":
            raise refuse(_("Give the games' text in the Games box or a file."))
        raise refuse(_("Give the games' text in %(where)s.") % {"where": where})
    if len(value) > MAX_IMPORT_CHARS:
        raise refuse(
            _("That text is too long to import at once: at most %(max_import_chars)s.")
            % {"max_import_chars": grouped(MAX_IMPORT_CHARS)}
        )
    problem = text_problem(value)  # an uploaded file's text has not passed the edge
    if problem is not None:
        raise refuse(problem)
    return value


def chat_text(value: Any) -> str:
    """Returns a chat line's text trimmed (``{"type": "chat", "text"}``, ``bodies.CHAT``), or
    raises: 1 to ``CHAT_MAX_CHARS`` characters, no control character (NUL, a line break, a tab)
    and none of the controls that turn text's direction."""
    if not isinstance(value, str):
        raise refuse(_("A chat line is text."))
    text = value.strip()
    if not text:
        raise refuse(_("A chat line needs some text."))
    if len(text) > CHAT_MAX_CHARS:
        raise refuse(
            _("A chat line has at most %(chat_max_chars)s characters.")
            % {"chat_max_chars": CHAT_MAX_CHARS}
        )
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cs") or char in BIDI_CONTROLS:
            raise refuse(_("A chat line holds no control characters."))
    return text


def chat_body(data: Mapping[str, Any]) -> str:
    """The text of a chat request's body (``bodies.CHAT``)."""
    return chat_text(data.get("text"))
