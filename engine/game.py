"""A game of any variant: the positions played so far, with undo, repetition counts and
adjudication.

This module owns game history (the stack of positions, the moves that led to them and the
repetition keys). What a position is, which moves are legal, how they are written and how a game
ends belong to the game's variant (``engine.variant``); ``Game`` asks it, through what
``engine.interface.GameRules`` names. § numbers below refer to docs/rules/chesskers.md.
"""

from collections.abc import Hashable, Sequence
from enum import Enum
from typing import Any

from engine.errors import GameOverError, IllegalMoveError
from engine.i18n import N_
from engine.interface import GameRules, Outcome, VariantPosition
from engine.moves import Move
from engine.pieces import Color


class Game:
    """A sequence of positions of one variant from an initial FEN, with push/pop and status.

    ``Game(variant, fen)`` — or, as usual, ``variant.new_game(fen)`` — is a game of ``variant``
    from ``fen`` (its start position without one). Every game names its variant.
    """

    def __init__(self, variant: GameRules, fen: str | None = None) -> None:
        if isinstance(variant, str) or variant is None:
            raise TypeError("a Game takes its variant first: Game(variant, fen)")
        self.variant = variant
        first = self.variant.position(self.variant.start_fen if fen is None else fen)
        # Every position is a position object, but those ``from_fens`` has not yet needed, which
        # are their FEN text; the first and the last are always objects.
        self._positions: list[VariantPosition | str] = [first]
        self._moves: list[Move | None] = []
        self._keys: list[Hashable] = [first.key()]
        self._counts: dict[Hashable, int] = {self._keys[0]: 1}

    @classmethod
    def from_fens(cls, variant: GameRules, initial_fen: str, fens_after: Sequence[str]) -> "Game":
        """Returns the game of ``variant`` whose positions are ``initial_fen`` then ``fens_after``
        (the FEN after every ply, as the engine wrote them: ``Game.fen``), without generating
        moves. ``pop`` then returns None for those plies. Only the last FEN is read now; those
        between are read if ``pop`` comes back to them, and counted for repetitions by their
        text (``Variant.key_of_fen``), so rebuilding a long game costs little more than its
        last position."""
        game = cls(variant, initial_fen)
        if not fens_after:
            return game
        # The positions between the first and the last stay FEN text, read only if ``pop``
        # reaches them; their repetition keys come from the text (``Variant.key_of_fen``).
        key_of_fen = variant.key_of_fen
        for fen in fens_after[:-1]:
            key = key_of_fen(fen)
            game._positions.append(fen)
            game._moves.append(None)
            game._keys.append(key)
            game._counts[key] = game._counts.get(key, 0) + 1
        game._append(variant.position(fens_after[-1]), None)
        return game

    def _append(self, position: VariantPosition, move: Move | None) -> None:
        key = position.key()
        self._positions.append(position)
        self._moves.append(move)
        self._keys.append(key)
        self._counts[key] = self._counts.get(key, 0) + 1

    # --- state --------------------------------------------------------------------------
    @property
    def position(self) -> Any:
        """Returns the current position, of the variant's own position class (Chesskers:
        ``engine.Position``), which answers at least ``VariantPosition``."""
        return self._positions[-1]

    @property
    def ply(self) -> int:
        """Returns the number of half-moves pushed since the initial position."""
        return len(self._moves)

    @property
    def initial_position(self) -> Any:
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
        """Returns how many times the current position has occurred in this game."""
        return self._counts[self._keys[-1]]

    def status(self) -> Enum:
        """Returns the status of the game as the variant's status enum, decided in the order of
        its rules (Chesskers: ``engine.Status``, §7)."""
        return self.variant.status(self.position, self.repetitions())

    def outcome(self) -> Outcome:
        """Returns the outcome: the status word, the winner (None for a draw or while the game
        goes on) and the reason it ended (see ``engine.variant.Outcome``)."""
        return self.variant.outcome(self.position, self.repetitions())

    def winner(self) -> Color | None:
        """Returns the side that won, or None (a draw, or the game goes on)."""
        return self.outcome().winner

    def is_over(self) -> bool:
        """Returns whether the game has ended by a rule of its variant."""
        return self.outcome().is_over

    # --- moves --------------------------------------------------------------------------
    def push(self, move: Move) -> None:
        """Plays ``move``. Raises ``IllegalMoveError`` if it is not legal, ``GameOverError`` (an
        ``IllegalMoveError``) if the game is already over."""
        position = self.position
        if not position.is_legal(move):
            raise IllegalMoveError(
                N_("illegal move %(move)s: not legal in this position"), move=move.machine()
            )
        if self.is_over():
            raise GameOverError(N_("illegal move %(move)s: the game is over"), move=move.machine())
        self._append(position.play_unchecked(move), move)

    def pop(self) -> Move | None:
        """Undoes the last ply and returns its move (None if rebuilt from FENs)."""
        if not self._moves:
            raise IndexError("pop from a game with no moves")
        self._positions.pop()
        if isinstance(self._positions[-1], str):  # a position ``from_fens`` left as text
            self._positions[-1] = self.variant.position(self._positions[-1])
        key = self._keys.pop()
        self._counts[key] -= 1
        if not self._counts[key]:
            del self._counts[key]
        return self._moves.pop()

    def parse_move(self, text: str) -> Move:
        """Returns the legal move written ``text``: canonical text, the other forms the game's
        notation accepts, or the machine form (Chesskers: §4)."""
        return self.variant.parse_move(self.position, text)

    def parse_notation(self, text: str) -> Move:
        """Returns the legal move written ``text`` in the forms the game's rules document
        accepts (the command line's ``play``)."""
        return self.variant.parse_notation(self.position, text)

    def push_text(self, text: str) -> Move:
        """Parses ``text``, pushes the move and returns it."""
        move = self.parse_move(text)
        self.push(move)
        return move

    def move_text(self, move: Move) -> str:
        """Returns the canonical text of ``move`` in the current position (Chesskers: with
        ``+``/``#``)."""
        return self.variant.move_text(self.position, move)

    def describe_legal_moves(self) -> list[tuple[Move, str]]:
        """Returns every legal move with its canonical text, computed in one batch."""
        return self.variant.describe_moves(self.position)
