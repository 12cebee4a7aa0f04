"""Board geometry common to every game: sizes, the squares a game uses, names and lines.

A square is an int, ``rank * files + file`` (a1 = 0, then b1, … along the first rank), and its
name is algebraic on every board: file letters a, b, c … from White's left, rank numbers from
White's side (``a1`` … ``l12``). This module owns that numbering and the patterns of used
squares; it knows nothing of pieces or moves. Games written with square numbers convert at
their notation layer.
"""

from dataclasses import dataclass, field
from enum import Enum

FILE_LETTERS = "abcdefghijkl"


class Pattern(Enum):
    """Which squares of the board a game uses; ``value`` is the name the site receives."""

    ALL = "all"  # every square (chess, Turkish, Gothic, Dameo, Hawaiian)
    DARK = "dark"  # a1 is dark: file + rank even, counting a1 as (0, 0)
    LIGHT = "light"  # the mirrored board, h1 dark: file + rank odd (Portuguese, Italian)
    POINTS = "points"  # Alquerque: every point, joined by its lines (``Board.lines``)


@dataclass(frozen=True)
class Board:
    """A board: ``files`` x ``ranks`` squares, of which ``pattern`` says which are used.

    ``squares`` lists the used squares in index order (by rank, then file); ``lines`` lists the
    pairs of neighbouring used squares joined by a line a piece may move along (every
    orthogonal and diagonal neighbour pair on the square patterns; on Alquerque's points the
    orthogonal pairs and the diagonals through points whose file + rank is even).
    """

    files: int
    ranks: int
    pattern: Pattern = Pattern.ALL
    squares: tuple[int, ...] = field(init=False, repr=False, compare=False)
    names: tuple[str, ...] = field(init=False, repr=False, compare=False)
    _by_name: dict[str, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if not (1 <= self.files <= len(FILE_LETTERS) and 1 <= self.ranks <= 99):
            raise ValueError(f"no board of {self.files} files and {self.ranks} ranks")
        size = self.files * self.ranks
        names = tuple(
            FILE_LETTERS[sq % self.files] + str(sq // self.files + 1) for sq in range(size)
        )
        used = tuple(sq for sq in range(size) if self._uses(sq % self.files, sq // self.files))
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "squares", used)
        object.__setattr__(self, "_by_name", {names[sq]: sq for sq in range(size)})

    def _uses(self, file: int, rank: int) -> bool:
        if self.pattern is Pattern.DARK:
            return (file + rank) % 2 == 0
        if self.pattern is Pattern.LIGHT:
            return (file + rank) % 2 == 1
        return True

    @property
    def size(self) -> int:
        """Returns the number of squares, used or not (the length of a board list)."""
        return self.files * self.ranks

    def square(self, file: int, rank: int) -> int:
        """Returns the square on ``file`` and ``rank`` (both from 0), or -1 off the board."""
        if 0 <= file < self.files and 0 <= rank < self.ranks:
            return rank * self.files + file
        return -1

    def file_of(self, sq: int) -> int:
        """Returns the file of ``sq``, 0 for a."""
        return sq % self.files

    def rank_of(self, sq: int) -> int:
        """Returns the rank of ``sq``, 0 for rank 1."""
        return sq // self.files

    def is_used(self, sq: int) -> bool:
        """Returns whether ``sq`` is a square the game uses."""
        return 0 <= sq < self.size and self._uses(sq % self.files, sq // self.files)

    def square_name(self, sq: int) -> str:
        """Returns the algebraic name of ``sq`` ("e4")."""
        return self.names[sq]

    def parse_square(self, name: str) -> int:
        """Returns the square named ``name``; raises ``ValueError`` for a name not on the board."""
        try:
            return self._by_name[name]
        except (KeyError, TypeError):
            raise ValueError(f"invalid square name {name!r}") from None

    def neighbour(self, sq: int, file_step: int, rank_step: int) -> int:
        """Returns the used square one step from ``sq`` along a line, or -1 if there is none."""
        to = self.square(self.file_of(sq) + file_step, self.rank_of(sq) + rank_step)
        if to < 0 or not self.is_used(to):
            return -1
        # Alquerque: diagonal lines run only through the points whose file + rank is even.
        diagonal = file_step and rank_step
        if (
            self.pattern is Pattern.POINTS
            and diagonal
            and (self.file_of(sq) + self.rank_of(sq)) % 2
        ):
            return -1
        return to

    @property
    def lines(self) -> tuple[tuple[int, int], ...]:
        """Returns every pair of neighbouring used squares joined by a line, lower square first."""
        pairs = []
        for sq in self.squares:
            for file_step, rank_step in ((1, 0), (0, 1), (1, 1), (-1, 1)):
                to = self.neighbour(sq, file_step, rank_step)
                if to >= 0:
                    pairs.append((sq, to))
        return tuple(pairs)

    def describe(self) -> dict:
        """Returns what the site needs to draw the board: size, pattern, used squares by name,
        and (for Alquerque's points) the lines between them."""
        out = {
            "files": self.files,
            "ranks": self.ranks,
            "pattern": self.pattern.value,
            "squares": [self.names[sq] for sq in self.squares],
        }
        if self.pattern is Pattern.POINTS:
            out["lines"] = [[self.names[a], self.names[b]] for a, b in self.lines]
        return out


CHESSBOARD = Board(8, 8)
"""The 8x8 board with every square used: chess, Chesskers, the hybrids."""
