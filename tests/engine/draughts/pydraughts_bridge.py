"""The bridge to pydraughts, the outside implementation our draughts games are checked against.

pydraughts is GPL-3.0: it is a test- and bench-time tool (``requirements-dev.txt``), imported only
here and by ``bench/``; the site and ``engine/`` never import it (``test_pydraughts.py`` checks).

It plays six of our games, under its own names (``PYDRAUGHTS_NAMES``), and writes squares as
numbers: the official numbering for ``standard`` (FMJD, as our International), ``english`` (PDN,
as our Checkers) and ``italian`` (FID, as ours); for ``russian``, ``brazilian`` and ``turkish`` a
numbering of its own from a1 (1 = a1, 2 = c1, … on the dark squares; 1 = a1, 2 = b1, … on
Turkish's 64), whose algebraic names its own converter gives. This module translates positions
and moves between its numbers and our squares; it decides no rule.
"""

from dataclasses import dataclass

from draughts import Board, Move
from draughts.convert import _get_squares, _numeric_to_algebraic_square, move_to_variant
from draughts.core.game import Game

from engine.draughts.position import DraughtsPosition
from engine.draughts.rules import Power
from engine.draughts.variant import DraughtsVariant
from engine.variants import VARIANTS

PYDRAUGHTS_NAMES = {
    "international": "standard",
    "checkers": "english",
    "russian": "russian",
    "brazilian": "brazilian",
    "italian": "italian",
    "turkish": "turkish",
}
"""Our game id -> pydraughts' name of the same game."""

_ALGEBRAIC = ("russian", "brazilian", "turkish")  # pydraughts writes their squares a1-style
KING = Power.KING.value

Path = tuple[int, ...]


@dataclass(frozen=True)
class Line:
    """One move as pydraughts lists it, in our squares: the path (origin, then every square the
    piece stops on) and the captured squares in capture order (empty for a quiet move)."""

    path: Path
    captured: Path


@dataclass(frozen=True)
class Listing:
    """pydraughts' legal moves of one position: ``lines`` in our squares, and the same moves in
    its own form (``board_moves``, ``captures``), which ``Bridge.push`` hands back to it."""

    lines: list[Line]
    board_moves: list
    captures: list


class Bridge:
    """Translation between one of our games and pydraughts' same game."""

    def __init__(self, variant_id: str) -> None:
        variant = VARIANTS[variant_id]
        assert isinstance(variant, DraughtsVariant)
        self.variant = variant
        self.name = PYDRAUGHTS_NAMES[variant_id]
        tables = variant.tables
        board = tables.board
        total, width, _, every_other_square = _get_squares(self.name)
        if self.name in _ALGEBRAIC:
            names = [
                _numeric_to_algebraic_square(str(n), width, every_other_square)
                for n in range(1, total + 1)
            ]
            self.square = [-1] + [board.parse_square(name) for name in names]
        else:
            self.square = [-1] + [tables.square_of[n] for n in range(1, total + 1)]
        self.number = {sq: n for n, sq in enumerate(self.square) if n}

    # --- positions ---------------------------------------------------------------------------
    def fen(self, position: DraughtsPosition) -> str:
        """Returns pydraughts' FEN of ``position`` (its numbers, kings prefixed with K)."""
        lists: dict[int, list[str]] = {1: [], -1: []}
        for sq, code in enumerate(position.board):
            if code:
                prefix = "K" if abs(code) == KING else ""
                lists[1 if code > 0 else -1].append(f"{prefix}{self.number[sq]}")
        side = "W" if position.side == 1 else "B"
        return f"{side}:W{','.join(lists[1])}:B{','.join(lists[-1])}"

    def board(self, position: DraughtsPosition) -> Board:
        """Returns pydraughts' board of ``position``."""
        return Board(self.name, self.fen(position))

    def game(self, position: DraughtsPosition) -> Game:
        """Returns pydraughts' core game object of ``position`` (what its move generation
        runs on, without the variant layer's conversions)."""
        return self.board(position)._game

    def placement(self, board: Board) -> tuple[int, dict[int, int]]:
        """Returns (side to move, {square: our signed code}) of pydraughts' ``board``, read
        from its FEN."""
        side_text, white, black = board.fen.split(":")[:3]
        pieces = {}
        for sign, items in ((1, white[1:]), (-1, black[1:])):
            for item in filter(None, items.split(",")):
                code = KING if item.startswith("K") else Power.MAN.value
                text = item.lstrip("K")
                if text.isdigit():
                    sq = self.square[int(text)]
                else:
                    sq = self.variant.tables.board.parse_square(text)
                pieces[sq] = sign * code
        return (1 if side_text == "W" else -1), pieces

    # --- moves -------------------------------------------------------------------------------
    def legal_moves(self, board: Board) -> Listing:
        """Returns pydraughts' legal moves of ``board``, one line per path."""
        moves, captures = board._legal_moves_board()
        lines = [self._line(move, caps) for move, caps in zip(moves, captures, strict=True)]
        return Listing(lines, moves, captures)

    def capture_sequences(self, board: Board) -> list[Line]:
        """Returns every complete capture sequence pydraughts finds on ``board`` before its
        priority rules (its ``get_moves``: pseudo-legal; quiet moves if there is no capture)."""
        moves, captures = board._game.get_moves()
        convert = self._from_internal
        return [
            self._line(
                [[convert(a), convert(b)] for a, b in move],
                [None if c is None else convert(c) for c in caps],
            )
            for move, caps in zip(moves, captures, strict=True)
        ]

    def push(self, board: Board, listing: Listing, line: Line) -> None:
        """Plays ``line``, one of the ``listing`` of ``board``'s legal moves, on ``board``."""
        index = listing.lines.index(line)
        board.push(
            Move(
                board_move=listing.board_moves[index],
                possible_moves=listing.board_moves,
                possible_captures=listing.captures,
            )
        )

    def _from_internal(self, square: int) -> int:
        # pydraughts' core numbers squares its own way; its variant layer converts them.
        return int(move_to_variant(str(square), variant=self.name, to_algebraic=False))

    def _line(self, move: list[list[int]], caps: list[int | None]) -> Line:
        square = self.square
        path = (square[move[0][0]], *(square[step[1]] for step in move))
        captured = tuple(square[c] for c in caps if c is not None)
        return Line(path, captured)
