"""The declaration of a chess-draughts hybrid: its pieces and what they do, as data.

A game is one ``HybridRules`` value: its board and start, and for each kind of piece how it moves
(``PieceRule``): leaps, slides, a chess pawn's moves, a liner's line-count distance, and for the
draughts pieces how the capture core takes with them (``CaptureRules``). ``engine.hybrids.tables``
turns a declaration into look-ups; what each game adds of its own (compulsion, check, the end of
the game, its FEN refusals) lives in its module. Steps are written from White's side, (file,
rank), and mirrored for Black. § numbers refer to docs/rules/hybrids.md.
"""

from dataclasses import dataclass
from enum import Enum

from engine.board import Board
from engine.draughts.rules import MidCapture

Step = tuple[int, int]

ORTHOGONAL: tuple[Step, ...] = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL: tuple[Step, ...] = ((1, 1), (-1, 1), (1, -1), (-1, -1))
DIAGONAL_FORWARD: tuple[Step, ...] = ((1, 1), (-1, 1))
EIGHT: tuple[Step, ...] = ORTHOGONAL + DIAGONAL
KNIGHT: tuple[Step, ...] = ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1))
CAMEL: tuple[Step, ...] = ((1, 3), (-1, 3), (1, -3), (-1, -3), (3, 1), (3, -1), (-3, 1), (-3, -1))
SILVER: tuple[Step, ...] = (*DIAGONAL, (0, 1))


class Kind(Enum):
    """How a piece makes its quiet moves and replacement captures."""

    LEAP = "leap"  # to each of its steps, whatever stands between
    SLIDE = "slide"  # along each of its steps over empty squares
    PAWN = "pawn"  # a chess pawn: one forward, two from its origins, takes diagonally, en passant
    LINER = "liner"  # exactly as many squares as pieces stand on the line (§3.2)


class Power(Enum):
    """How a draughts piece of a hybrid captures, by jumping (the capture core's power)."""

    MAN = "man"
    KING = "king"


@dataclass(frozen=True)
class PieceRule:
    """One kind of piece: the member of the game's vocabulary (its ``value`` is the piece's code
    on the board, its ``symbol`` the lower-case FEN letter), its English name, how it moves
    (``kind`` with ``steps``), whether it takes by replacement (``takes``), how it jumps
    (``jumps``: a draughts power, or None), and what it becomes on its last rank
    (``promotes_to``: one piece is automatic and not written, several are the mover's choice).
    A pawn ``kind`` has no steps: forward is its direction. ``look`` is the picture that draws
    it (``engine.variant.LOOKS``), by default the one named as the piece: a draughts man or
    king of the game, whatever its name, looks like one."""

    piece: Enum
    name: str
    kind: Kind
    steps: tuple[Step, ...] = ()
    takes: bool = True
    jumps: Power | None = None
    promotes_to: tuple[Enum, ...] = ()
    look: str = ""


@dataclass(frozen=True)
class CaptureRules:
    """How the draughts pieces of a game jump, for the capture core: a man's directions for its
    first jump and after (``man_later``: empty for a single jump), whether kings fly and where
    they land (``lands_next``), what a man does on its last rank mid-capture, whether a capture
    may stop after any jump keeping its direction (``free_stop``), and whether a flying king's
    straight continuation starts from the first square beyond (``straight_from_first``)."""

    man_first: tuple[Step, ...]
    man_later: tuple[Step, ...]
    flying: bool
    lands_next: bool = False
    mid_capture: MidCapture = MidCapture.STOP
    free_stop: bool = False
    straight_from_first: bool = False


@dataclass(frozen=True)
class HybridRules:
    """One hybrid game: id and name, the board the site draws, the start FEN (which says who
    moves first), the pieces in the order the site lists them, the draughts pieces' captures,
    the royal piece (a chess king, or None), castling, the chess pawns' double-step origins
    (White's, Black's, by name), and the pieces whose every move resets the move-count clock
    (``clock_pieces``) besides captures — and promotions too with ``clock_promotions``."""

    id: str
    name: str
    board: Board
    start_fen: str
    pieces: tuple[PieceRule, ...]
    captures: CaptureRules
    royal: Enum | None = None
    castling: bool = False
    double_steps: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    clock_pieces: tuple[Enum, ...] = ()
    clock_promotions: bool = False
