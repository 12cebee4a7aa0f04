"""The move value of every game: what kind of move, which piece, the squares it stops on, what it
removed, what it promotes to — and its machine form.

One shape for every game, so that everything above the engine (the site, the browser's chain
input, the archive) treats every game alike. This module owns the ``Move`` value; it does not
decide legality or write a game's notation (each game's generator and notation do). Squares are
the ints of ``engine.board`` and are named algebraically on every board size; the class of a
move knows its board's names (``move_type``), so a move needs no position to be written.

Section numbers (§) refer to docs/rules/chesskers.md.
"""

from dataclasses import dataclass
from enum import Enum

from engine.board import CHESSBOARD, Board


class MoveKind(Enum):
    """The kinds of move: Chesskers' six (§1); the draughts family uses ``QUIET`` and ``JUMP``,
    and ``REMOVAL`` for Hawaiian's opening moves, which take one of the mover's own pieces off
    the board (path and captured: that one square); the hybrids all but ``SWEEP`` and
    ``REMOVAL``."""

    QUIET = "quiet"
    CASTLE = "castle"
    REPLACEMENT = "replacement"
    EN_PASSANT = "en-passant"
    JUMP = "jump"
    SWEEP = "sweep"
    REMOVAL = "removal"


@dataclass(frozen=True, slots=True)
class Move:
    """A move: its kind, the moving piece, the squares it stops on and the squares it emptied.

    ``piece`` is a member of the game's piece vocabulary as it stood before the move
    (``PieceType`` in Chesskers, ``DraughtsPiece`` in the draughts family, a game's own enum in
    the hybrids); every such member has a ``symbol``. ``path`` is the origin followed by every
    square the piece stops on (for castling, the king's from and to squares; for a capture of the
    draughts family, every landing square). ``captured`` lists the squares whose enemy pieces the
    move removed, in capture order (for en passant, the captured pawn's square). ``promotion`` is
    the piece the mover *chose* to become; a promotion without a choice (a draughts man crowned)
    is not written in the move, as it is not written in its text.

    This class names squares on the 8x8 board; moves of other boards are instances of a
    subclass that names its own (``move_type``). Moves of different boards never compare equal.
    """

    NAMES = CHESSBOARD.names

    kind: MoveKind
    piece: Enum
    path: tuple[int, ...]
    captured: tuple[int, ...] = ()
    promotion: Enum | None = None

    @property
    def origin(self) -> int:
        """Returns the square the piece starts on."""
        return self.path[0]

    @property
    def target(self) -> int:
        """Returns the square the piece ends on."""
        return self.path[-1]

    def machine(self) -> str:
        """Returns the machine form of §4: "a1-a4-c4-c6", "b6-d8-q", "e1-g1" — the path's
        algebraic names joined by ``-``, then the chosen promotion's letter."""
        names = self.NAMES
        text = "-".join(names[sq] for sq in self.path)
        if self.promotion is not None:
            text += "-" + self.promotion.symbol
        return text

    def path_names(self) -> list[str]:
        """Returns the algebraic names of the squares of ``path``."""
        names = self.NAMES
        return [names[sq] for sq in self.path]

    def captured_names(self) -> list[str]:
        """Returns the algebraic names of the squares of ``captured``."""
        names = self.NAMES
        return [names[sq] for sq in self.captured]


_MOVE_TYPES: dict[tuple[int, int], type[Move]] = {(8, 8): Move}


def move_type(board: Board) -> type[Move]:
    """Returns the class of the moves on ``board``: ``Move`` on 8x8 boards, otherwise a subclass
    (``Move10x10``, …, made once and kept in this module so moves pickle) naming its squares."""
    key = (board.files, board.ranks)
    cls = _MOVE_TYPES.get(key)
    if cls is None:
        name = f"Move{board.files}x{board.ranks}"
        cls = type(name, (Move,), {"__slots__": (), "NAMES": board.names, "__module__": __name__})
        cls.__qualname__ = name
        globals()[name] = cls
        _MOVE_TYPES[key] = cls
    return cls
