"""What a game and its positions answer, below both the variant and the game: ``Outcome`` (where
a game stands), ``VariantPosition`` (what every game's position answers) and ``GameRules`` (what an
``engine.game.Game`` asks of its variant).

This module owns these shapes so that ``engine.game`` and ``engine.variant`` both build on them
without importing each other's module in a circle: a variant makes games, and a game asks its
variant, through ``GameRules``, which every ``engine.variant.Variant`` answers.
"""

from collections.abc import Hashable
from dataclasses import dataclass
from enum import Enum
from typing import Any, Protocol

from engine.moves import Move
from engine.pieces import Color


@dataclass(frozen=True)
class Outcome:
    """Where a game stands: ``status`` is the word the command line prints (``ongoing``,
    ``checkmate``, ``win-white``, ``draw-threefold``, … — each game's own words), ``winner`` the
    side that won (None for a draw or while the game goes on), and ``reason`` why it ended, one
    word the site can show for every game: ``checkmate``, ``stalemate``, ``threefold``,
    ``fifty-moves``, ``no-progress``, ``insufficient-material``, ``no-moves`` (the side to move
    cannot move), ``no-pieces`` (the side to move has none left), ``kings-captured`` (it has no
    king left), ``connection`` (every piece touches: a win or a draw); None while it goes on."""

    status: str
    winner: Color | None = None
    reason: str | None = None

    @property
    def is_over(self) -> bool:
        """Returns whether the game has ended."""
        return self.reason is not None

    @property
    def is_draw(self) -> bool:
        """Returns whether the game ended in a draw."""
        return self.reason is not None and self.winner is None


class VariantPosition(Protocol):
    """What every variant's position answers. Positions are immutable values: ``play`` returns
    a new one. A variant's own position class may offer more (Chesskers': ``is_check``, …)."""

    @property
    def turn(self) -> Color:
        """Returns the side to move."""

    @property
    def halfmove(self) -> int:
        """Returns the move-count rule's counter (chess: the half-move clock; draughts: the
        plies without progress)."""

    def piece_at(self, sq: int) -> tuple[Color, Any] | None:
        """Returns (colour, piece) of the piece on ``sq``, or None."""

    def pieces(self) -> dict[int, tuple[Color, Any]]:
        """Returns every occupied square with its (colour, piece)."""

    def legal_moves(self) -> list[Move]:
        """Returns every legal move (each move once; see the game's rules for identity)."""

    def has_legal_move(self) -> bool:
        """Returns whether the side to move has a legal move."""

    def is_legal(self, move: Move) -> bool:
        """Returns whether ``move`` is one of the legal moves."""

    def play(self, move: Move) -> "VariantPosition":
        """Returns the position after ``move``; raises ``IllegalMoveError`` if it is not legal."""

    def play_unchecked(self, move: Move) -> "VariantPosition":
        """Returns the position after ``move``, trusting that it is legal."""

    def fen(self) -> str:
        """Returns the position's FEN in the game's canonical form."""

    def key(self) -> Hashable:
        """Returns the repetition key: equal exactly when the game's repetition rule says two
        positions are the same."""


class GameRules(Protocol):
    """What a game asks of its variant (``engine.variant.Variant`` answers all of it): the start,
    positions from FEN, the end of a game and the notation."""

    id: str
    start_fen: str

    def position(self, fen: str) -> Any:
        """Returns the position of ``fen``; raises ``InvalidFenError``."""

    def key_of_fen(self, fen: str) -> Hashable:
        """Returns the repetition key of the position of ``fen``, a FEN the engine wrote."""

    def status(self, position: Any, repetitions: int) -> Enum:
        """Returns the status of ``position``, reached for the ``repetitions``-th time."""

    def outcome(self, position: Any, repetitions: int) -> Outcome:
        """Returns the outcome of ``position``, reached for the ``repetitions``-th time."""

    def describe_moves(self, position: Any) -> list[tuple[Move, str]]:
        """Returns every legal move with its canonical text."""

    def move_text(self, position: Any, move: Move) -> str:
        """Returns the canonical text of a legal ``move``."""

    def parse_move(self, position: Any, text: str) -> Move:
        """Returns the legal move written ``text`` (any form the game reads)."""

    def parse_notation(self, position: Any, text: str) -> Move:
        """Returns the legal move written ``text`` in the forms the game's rules document."""
