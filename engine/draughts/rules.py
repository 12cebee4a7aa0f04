"""The declaration of a game of the draughts family: everything that differs between games, as data.

A game is one ``Rules`` value (``engine.draughts.games`` declares them all); the capture core
(``captures``), the move generator, FEN, notation and adjudication read it and nothing else.
Directions are written from White's side (forward = towards higher ranks) and mirrored for Black,
except in a game whose men all move up (``both_men_up``). § numbers refer to
docs/rules/draughts.md.
"""

from dataclasses import dataclass
from enum import Enum, IntEnum

from engine.board import Board

# Directions, as (file step, rank step) from White's side; a direction is its index here.
N, S, E, W, NE, NW, SE, SW = range(8)
STEPS = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, 1), (1, -1), (-1, -1))
OPPOSITE = (S, N, W, E, SW, SE, NW, NE)
MIRRORED = (S, N, E, W, SE, SW, NE, NW)  # the same direction as Black sees it

FORWARD = (N,)
BACKWARD = (S,)
SIDEWAYS = (E, W)
DIAGONAL_FORWARD = (NE, NW)
DIAGONAL_BACKWARD = (SE, SW)
DIAGONAL = DIAGONAL_FORWARD + DIAGONAL_BACKWARD
ORTHOGONAL = FORWARD + BACKWARD + SIDEWAYS
ALL_DIRECTIONS = ORTHOGONAL + DIAGONAL


class DraughtsPiece(Enum):
    """The pieces of the draughts family; ``value`` is the symbol (unique within a game)."""

    MAN = "m"
    KING = "k"
    PARACHUTIST = "p"

    @property
    def symbol(self) -> str:
        """Returns the piece's symbol ("m", "k", "p")."""
        return self.value


class Power(IntEnum):
    """How a piece moves and captures, and its code on the board (signed: + White, - Black)."""

    MAN = 1
    KING = 2
    PARACHUTIST = 3


PIECE_OF_POWER = (None, DraughtsPiece.MAN, DraughtsPiece.KING, DraughtsPiece.PARACHUTIST)


class Removal(Enum):
    """When captured pieces leave the board (§1.4)."""

    AT_END = "end"  # they stay, blocking, until the move is complete
    AT_ONCE = "at once"  # each leaves the moment it is jumped


class MidCapture(Enum):
    """What a man does when a capture lands it on a promotion square with more to take (§1.5)."""

    STOP = "stop"  # it is crowned and the move ends there
    PASS = "pass"  # it goes on as a man; crowned only if the move ends there
    CROWN = "crown"  # it is crowned at once and goes on as a king (Russian)


class Priority(Enum):
    """The rules that choose among compulsory captures, applied in the declared order (§1.6)."""

    KING_FIRST = "king first"  # keep the captures made by a king, if any
    MAX = "max"  # keep those taking the most pieces
    MOST_KINGS = "most kings"  # keep those taking the most kings
    FIRST_KING = "first king"  # keep those taking their first king earliest


class Notation(Enum):
    """How squares are written in moves and FEN (§1.10)."""

    ALGEBRAIC = "alg"  # a1-style names
    NUMBERS = "num"  # the used squares numbered 1, 2, … (see ``Numbering``)


class Numbering(Enum):
    """Where square 1 is and which way the numbers run (§1.10)."""

    FROM_TOP_LEFT = "from the top left"  # the top rank first, each rank left to right
    FROM_BOTTOM_RIGHT = "from the bottom right"  # the first rank first, each right to left


@dataclass(frozen=True)
class Rules:
    """One game of the draughts family. The defaults are English checkers' rules; a game
    declares what differs.

    Men and kings: ``man_moves``/``man_captures`` are their directions from White's side;
    ``man_later_captures`` the directions of a man's jumps after the first of a capture (None:
    the same); ``kings`` False for a game without kings; ``flying`` kings move and capture at any
    distance, ``lands_next`` keeps a flying king's landing to the square just beyond the piece
    it takes. Captures: ``removal``, ``no_turning_back`` (no 180° turn between two jumps),
    ``mid_capture``, ``priority``, ``men_take_kings``. ``promotion_squares`` gives, for White
    and Black, the squares where men are crowned (None: the far rank). The end:
    ``no_progress_limit`` in plies, and ``no_move_wins`` for the game whose side without a move
    wins. ``start_fen`` names who moves first. ``pdn_game_type`` is PDN's GameType number of the
    game where PDN numbers it (a game declared from another names its own, or None).

    The rules of single games: ``parachutists`` (Parachute, §7); ``men_rest_on_last_row``: a man
    on its last row makes no quiet move (Alquerque, §10); ``line_moves`` (Dameo, §19);
    ``opening_removals``, the squares of the first removal, ``free_stop`` (a capture may stop
    after any jump) and ``straight_captures`` (later jumps keep the first one's direction)
    (Hawaiian, §11).
    """

    id: str
    name: str
    board: Board
    start_fen: str
    pdn_game_type: str | None = None
    notation: Notation = Notation.ALGEBRAIC
    numbering: Numbering = Numbering.FROM_TOP_LEFT
    man_moves: tuple[int, ...] = DIAGONAL_FORWARD
    man_captures: tuple[int, ...] = DIAGONAL_FORWARD
    man_later_captures: tuple[int, ...] | None = None
    men_take_kings: bool = True
    both_men_up: bool = False
    kings: bool = True
    king_moves: tuple[int, ...] = DIAGONAL
    king_captures: tuple[int, ...] = DIAGONAL
    flying: bool = False
    lands_next: bool = False
    removal: Removal = Removal.AT_END
    no_turning_back: bool = False
    mid_capture: MidCapture = MidCapture.STOP
    priority: tuple[Priority, ...] = ()
    promotion_squares: tuple[tuple[str, ...], tuple[str, ...]] | None = None
    no_progress_limit: int = 80
    no_move_wins: bool = False
    parachutists: bool = False
    men_rest_on_last_row: bool = False
    line_moves: bool = False
    opening_removals: tuple[str, ...] = ()
    free_stop: bool = False
    straight_captures: bool = False
