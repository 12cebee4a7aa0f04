"""The position of a hybrid game: board, side to move, castling, en passant and the two counters.

This module owns the ``HybridPosition`` value: its legal moves (cached), check, playing a move
into a new position with the move-count clock and the move number (§0.3), its FEN and its
repetition key. It keeps no game history (repetition lives in ``engine.game``). The rules come
from the game's variant (``engine.hybrids.variant``), through what ``HybridRulesOf`` names: its
tables, its generator, its clock rule and its notation's letters and marks.

§ numbers refer to docs/rules/hybrids.md.
"""

from typing import Any, Protocol

from engine.errors import IllegalMoveError
from engine.hybrids.fen import castling_text, placement_text
from engine.hybrids.movegen import Generator, State
from engine.hybrids.tables import Tables
from engine.i18n import N_
from engine.moves import Move, MoveKind
from engine.pieces import Color
from engine.squares import SQUARE_NAMES


class HybridRulesOf(Protocol):
    """What a hybrid position and its notation ask of its game
    (``engine.hybrids.variant.HybridVariant`` answers it): its id, look-up tables, generator,
    move-count clock rule, pieces by letter and check marks."""

    id: str
    tables: Tables
    generator: Generator
    letters: dict[str, Any]

    def resets_clock(self, board: list[int], move: Move, side: int) -> bool:
        """Returns whether ``move`` (about to be played on ``board``) restarts the clock."""

    def mark(self, position: Any, move: Move) -> int:
        """Returns the check mark ``move`` earns: 0 none, 1 ``+``, 2 ``#``."""


class HybridPosition:
    """A position of one hybrid game. Treat it as immutable: ``play`` returns a new one.

    ``halfmove`` is the move-count clock, ``fullmove`` the move number. Move generation works on
    a private copy of the state, so one position may be read from several threads at once.
    """

    __slots__ = ("_key", "_legal", "_moves", "_state", "fullmove", "halfmove", "variant")

    def __init__(self, variant: HybridRulesOf, state: State, halfmove: int, fullmove: int) -> None:
        self.variant = variant
        self._state = state
        self.halfmove = halfmove
        self.fullmove = fullmove
        self._moves: list[Move] | None = None
        self._legal: frozenset[Move] | None = None
        self._key: str | None = None

    # --- facts -----------------------------------------------------------------------------------
    @property
    def turn(self) -> Color:
        """Returns the side to move."""
        return Color.WHITE if self._state.side == 1 else Color.BLACK

    @property
    def side(self) -> int:
        """Returns the side to move as +1 (White) or -1 (Black)."""
        return self._state.side

    @property
    def board(self) -> tuple[int, ...]:
        """Returns the 64 signed codes of the game's pieces (+ White), a1 first."""
        return tuple(self._state.board)

    @property
    def castling(self) -> int:
        """Returns the castling rights as bits (White's king side 1, queen side 2, Black's 4
        and 8)."""
        return self._state.castling

    @property
    def ep(self) -> int:
        """Returns the square a pawn may take en passant on (only when such a capture is
        legal), or -1."""
        return self._state.ep

    def piece_at(self, sq: int) -> tuple[Color, Any] | None:
        """Returns (colour, piece) of the piece on ``sq``, or None if it is empty."""
        code = self._state.board[sq]
        if not code:
            return None
        piece = self.variant.tables.piece[abs(code)]
        return (Color.WHITE, piece) if code > 0 else (Color.BLACK, piece)

    def pieces(self) -> dict[int, tuple[Color, Any]]:
        """Returns every occupied square with its (colour, piece)."""
        return {sq: self.piece_at(sq) for sq in range(64) if self._state.board[sq]}  # type: ignore[misc]

    def count(self, color: Color) -> int:
        """Returns how many pieces ``color`` has."""
        sign = color.value
        return sum(1 for code in self._state.board if code * sign > 0)

    def legal_moves(self) -> list[Move]:
        """Returns every legal move (none once the game's own end rule has decided it, §0.2)."""
        if self._moves is None:
            self._moves = self.variant.generator.legal(self._state.copy())
        return list(self._moves)

    def has_legal_move(self) -> bool:
        """Returns whether the side to move has a legal move."""
        return bool(self._moves if self._moves is not None else self.legal_moves())

    def is_legal(self, move: Move) -> bool:
        """Returns whether ``move`` is one of the legal moves."""
        if self._legal is None:
            self._legal = frozenset(self.legal_moves())
        return move in self._legal

    def is_check(self) -> bool:
        """Returns whether the side to move is in check (never, in a game without check)."""
        return self.variant.generator.in_check(self._state.copy())

    def gives_check(self, move: Move) -> bool:
        """Returns whether ``move`` (legal here) leaves the opponent in check."""
        return self.variant.generator.gives_check(self._state.copy(), move)

    # --- playing ---------------------------------------------------------------------------------
    def play(self, move: Move) -> "HybridPosition":
        """Returns the position after ``move``; raises ``IllegalMoveError`` if it is not legal."""
        if not self.is_legal(move):
            raise IllegalMoveError(
                N_("illegal move %(move)s: not legal in this position"), move=move.machine()
            )
        return self.play_unchecked(move)

    def play_unchecked(self, move: Move) -> "HybridPosition":
        """Returns the position after ``move``, trusting that it is legal here. §0.3: the clock
        restarts as the game says, the move number grows after the second mover's move, and
        the en-passant square is kept only when a legal en-passant capture exists."""
        variant = self.variant
        state = self._state.copy()
        resets = variant.resets_clock(state.board, move, state.side)
        side = state.side
        variant.generator.push(state, move)
        fullmove = self.fullmove + (1 if side == -variant.tables.first else 0)
        child = HybridPosition(variant, state, 0 if resets else self.halfmove + 1, fullmove)
        if state.ep >= 0:
            child.drop_illegal_ep()
        return child

    def drop_illegal_ep(self) -> None:
        """Forgets the en-passant square unless a legal en-passant capture exists (§0.3); the
        legal moves do not change."""
        if not any(m.kind is MoveKind.EN_PASSANT for m in self.legal_moves()):
            self._state.ep = -1
            self._key = None

    # --- text ------------------------------------------------------------------------------------
    def fen(self) -> str:
        """Returns the FEN (§0.3)."""
        return f"{self.key()} {self.halfmove} {self.fullmove}"

    def key(self) -> str:
        """Returns the repetition key: placement, side to move, castling rights and the
        en-passant square (written only when a legal en-passant capture exists)."""
        if self._key is None:
            st = self._state
            ep = SQUARE_NAMES[st.ep] if st.ep >= 0 else "-"
            side = "w" if st.side == 1 else "b"
            placement = placement_text(st.board, self.variant.tables)
            self._key = f"{placement} {side} {castling_text(st.castling)} {ep}"
        return self._key

    def copy_state(self) -> State:
        """Returns a private copy of the raw state, for search and perft."""
        return self._state.copy()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HybridPosition):
            return NotImplemented
        return (
            self.variant is other.variant
            and self.key() == other.key()
            and self.halfmove == other.halfmove
            and self.fullmove == other.fullmove
        )

    def __hash__(self) -> int:
        return hash((self.key(), self.halfmove, self.fullmove))

    def __repr__(self) -> str:
        return f"<{self.variant.id} {self.fen()}>"
