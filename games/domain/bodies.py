"""The request bodies of the games API, each declared once: the fields the OpenAPI schema
documents (``games.edges.serializers.request_serializer`` builds it from here) and the parsers of
``games.domain.schemas`` read (a test holds the two equal, field by field).

Pure data: no Django, no DRF.
"""

from dataclasses import dataclass
from typing import Any

from games.domain.policy import HIGHEST_BOT_LEVEL, LOWEST_BOT_LEVEL

# A field's kind, as the API takes it.
TEXT, INTEGER, BOOLEAN, SQUARES, CLOCK, VARIANT, LINE = (
    "text", "integer", "boolean", "squares", "clock", "variant", "line",
)  # fmt: skip

START_FEN_HELP = "The start, in the game's own FEN; absent: the game's usual start"
PROMOTION_HELP = "With `path`: the letter of the piece chosen (Chesskers: q, r, b or n)"
COLOR_HELP = "white, black or random: the side its maker plays"


@dataclass(frozen=True)
class BodyField:
    """One field of a body: its name, its kind, whether it must be given, and what the schema
    says of it (its help, its bounds, its value when absent)."""

    name: str
    kind: str = TEXT
    required: bool = False
    help: str = ""
    minimum: int | None = None
    maximum: int | None = None
    default: Any = None


@dataclass(frozen=True)
class Body:
    """A request body: the name the schema gives it and its fields."""

    name: str
    fields: tuple[BodyField, ...]

    def names(self) -> set[str]:
        return {field.name for field in self.fields}


SEEK = Body(
    "SeekCreate",
    (
        BodyField("color", help=COLOR_HELP, default="random"),
        BodyField("rated", BOOLEAN, default=True),
        BodyField("variant", VARIANT),
        BodyField("clock", CLOCK),
    ),
)
CHALLENGE = Body(
    "ChallengeCreate",
    (
        BodyField("to", help="The username challenged; absent or empty: an invite link"),
        BodyField("color", help=COLOR_HELP, default="random"),
        BodyField(
            "rated",
            BOOLEAN,
            default=True,
            help="Absent: rated, unless `fen` sets another start (a game from a position is "
            "never rated: true with one is refused)",
        ),
        BodyField("variant", VARIANT),
        BodyField("clock", CLOCK),
        BodyField("fen", help=START_FEN_HELP),
    ),
)
LOCAL_GAME = Body(
    "LocalCreate", (BodyField("variant", VARIANT), BodyField("fen", help=START_FEN_HELP))
)
BOT_GAME = Body(
    "BotCreate",
    (
        BodyField("level", INTEGER, True, minimum=LOWEST_BOT_LEVEL, maximum=HIGHEST_BOT_LEVEL),
        BodyField("color", help="white, black or random: your side", default="random"),
        BodyField("variant", VARIANT),
        BodyField("fen", help=START_FEN_HELP),
    ),
)
MOVE = Body(
    "MoveSubmit",
    (
        BodyField("move", help="Canonical or machine form; or give `path`"),
        BodyField("path", SQUARES, help="Instead of `move`: the squares the piece stops on"),
        BodyField("promotion", help=PROMOTION_HELP),
        BodyField("ply", INTEGER, True, help="Half-moves played before this one", minimum=0),
    ),
)
DRAW = Body("DrawAction", (BodyField("action", required=True, help="offer, accept or decline"),))
TAKEBACK = Body(
    "TakebackAction",
    (
        BodyField(
            "action",
            help="offer, accept or decline (online games); absent: take back at once "
            "(pass-and-play and bot games)",
        ),
    ),
)
IMPORT = Body("GameImport", (BodyField("text", required=True, help="one or more games"),))
ANNOTATION = Body(
    "AnnotationCreate",
    (
        BodyField("ply", INTEGER, True, help="The ply annotated: 0 is the first move"),
        BodyField("glyph", help="! ? !! ?? !? ?! or empty"),
        BodyField("comment", help="At most 2,000 characters, no braces"),
        BodyField(
            "moves",
            LINE,
            help="A side line instead of a note: the moves replacing the move at `ply` (1 to "
            "200), each its text or {move, glyph?, comment?}",
        ),
        BodyField(
            "parent",
            INTEGER,
            help="With `moves`: the side line this one branches from; `ply` is then the index "
            "in its moves of the move replaced",
        ),
    ),
)
ANNOTATION_EDIT = Body(
    "AnnotationEdit",
    (
        BodyField("glyph", help="! ? !! ?? !? ?! or empty; absent: unchanged"),
        BodyField("comment", help="absent: unchanged"),
    ),
)
CHAT = Body(
    "ChatSend", (BodyField("text", required=True, help="1 to 140 characters, no control ones"),)
)
BOARD_MOVE = Body(
    "BoardMove",
    (
        BodyField("variant", VARIANT),
        BodyField("fen", help="The position, in the game's own FEN; absent: the game's start"),
        BodyField("move", help="The move's text, canonical or machine form; or give `path`"),
        BodyField("path", SQUARES, help="The squares the piece stops on, origin first"),
        BodyField("promotion", help=PROMOTION_HELP),
    ),
)
