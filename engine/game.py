"""A game: the positions played so far, with undo, repetition counts and adjudication.

This module owns game history (the stack of positions, the moves that led to them and the
repetition keys). The rules of a single position are in ``position`` and ``movegen``.

Section numbers (§) refer to docs/rules/chesskers.md.
"""

from collections.abc import Sequence

from engine import notation
from engine.errors import GameOverError, IllegalMoveError
from engine.moves import Move
from engine.outcome import Status, status_of
from engine.pieces import Color
from engine.position import STARTING_FEN, Position


class Game:
    """A sequence of positions from an initial FEN, with push/pop and status."""

    def __init__(self, fen: str = STARTING_FEN) -> None:
        first = Position.from_fen(fen)
        self._positions: list[Position] = [first]
        self._moves: list[Move | None] = []
        self._keys: list[str] = [first.key()]
        self._counts: dict[str, int] = {self._keys[0]: 1}

    @classmethod
    def from_fens(cls, initial_fen: str, fens_after: Sequence[str]) -> "Game":
        """Returns the game whose positions are ``initial_fen`` then ``fens_after`` (the FEN after
        every ply), without generating moves. ``pop`` then returns None for those plies."""
        game = cls(initial_fen)
        for fen in fens_after:
            position = Position.from_fen(fen)
            game._append(position, None)
        return game

    def _append(self, position: Position, move: Move | None) -> None:
        key = position.key()
        self._positions.append(position)
        self._moves.append(move)
        self._keys.append(key)
        self._counts[key] = self._counts.get(key, 0) + 1

    # --- state --------------------------------------------------------------------------
    @property
    def position(self) -> Position:
        """Returns the current position."""
        return self._positions[-1]

    @property
    def ply(self) -> int:
        """Returns the number of half-moves pushed since the initial position."""
        return len(self._moves)

    @property
    def initial_position(self) -> Position:
        """Returns the position the game started from."""
        return self._positions[0]

    @property
    def moves(self) -> list[Move | None]:
        """Returns the moves pushed so far (None where the game was rebuilt from FENs)."""
        return list(self._moves)

    def fen(self) -> str:
        """Returns the FEN of the current position."""
        return self.position.fen()

    def legal_moves(self) -> list[Move]:
        """Returns the legal moves of the current position (whatever the status)."""
        return self.position.legal_moves()

    def repetitions(self) -> int:
        """Returns how many times the current position has occurred (§3 key)."""
        return self._counts[self._keys[-1]]

    def status(self) -> Status:
        """Returns the status of the game, decided in the order of §7."""
        return status_of(self.position, self.repetitions())

    def winner(self) -> Color | None:
        """Returns the winner after checkmate, else None."""
        if self.status() is Status.CHECKMATE:
            return self.position.turn.opponent
        return None

    def is_over(self) -> bool:
        """Returns whether the game has ended by a rule of §3."""
        return self.status() is not Status.ONGOING

    # --- moves --------------------------------------------------------------------------
    def push(self, move: Move) -> None:
        """Plays ``move``. Raises ``IllegalMoveError`` if it is not legal, ``GameOverError`` (an
        ``IllegalMoveError``) if the game is already over."""
        position = self.position
        if not position.is_legal(move):
            raise IllegalMoveError(f"illegal move {move.machine()}: not legal in this position")
        if self.is_over():
            raise GameOverError(f"illegal move {move.machine()}: the game is over")
        self._append(position.play_unchecked(move), move)

    def pop(self) -> Move | None:
        """Undoes the last ply and returns its move (None if rebuilt from FENs)."""
        if not self._moves:
            raise IndexError("pop from a game with no moves")
        self._positions.pop()
        key = self._keys.pop()
        self._counts[key] -= 1
        if not self._counts[key]:
            del self._counts[key]
        return self._moves.pop()

    def parse_move(self, text: str) -> Move:
        """Returns the legal move written ``text`` (§4 canonical or machine form)."""
        return notation.parse_move(self.position, text)

    def push_text(self, text: str) -> Move:
        """Parses ``text``, pushes the move and returns it."""
        move = self.parse_move(text)
        self.push(move)
        return move

    def move_text(self, move: Move) -> str:
        """Returns the canonical text of ``move`` in the current position, with ``+``/``#``."""
        return notation.move_text(self.position, move)

    def describe_legal_moves(self) -> list[tuple[Move, str]]:
        """Returns every legal move with its canonical text, computed in one batch."""
        return notation.describe_moves(self.position)
