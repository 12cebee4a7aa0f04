"""Cheskers (Solomon Golomb, 1948): draughts men and kings with bishops and a camel (§1).

The declaration, and what is Cheskers' own: compulsory capture that the bishop and camel may
answer, the preference for chains of two or more (§1.4), no check, and the end — a side without
kings has lost, and so has a side without a move (§1.6). § numbers refer to
docs/rules/hybrids.md.
"""

from enum import Enum

from engine.board import Board, Pattern
from engine.errors import InvalidFenError
from engine.hybrids.movegen import Generator, State
from engine.hybrids.position import HybridPosition
from engine.hybrids.rules import (
    CAMEL,
    DIAGONAL,
    DIAGONAL_FORWARD,
    CaptureRules,
    HybridRules,
    Kind,
    PieceRule,
    Power,
)
from engine.hybrids.tables import Tables
from engine.hybrids.variant import HybridStatus, HybridVariant
from engine.i18n import N_
from engine.moves import Move


class CheskersPiece(Enum):
    """The pieces of Cheskers; ``value`` is the code on the board."""

    PAWN = 1
    KING = 2
    BISHOP = 3
    CAMEL = 4

    @property
    def symbol(self) -> str:
        """Returns the lower-case letter ("p", "k", "b", "c")."""
        return "pkbc"[self.value - 1]


P, K, B, C = CheskersPiece

RULES = HybridRules(
    id="cheskers",
    name=N_("Cheskers"),
    board=Board(8, 8, Pattern.DARK),
    start_fen="1c1k1k1b/p1p1p1p1/1p1p1p1p/8/8/P1P1P1P1/1P1P1P1P/B1K1K1C1 b - - 0 1",
    pieces=(
        # §1.2: a draughts man, promoted by choice on its last rank (§1.5)
        PieceRule(P, N_("pawn"), Kind.LEAP, DIAGONAL_FORWARD, False, Power.MAN, (K, B, C), "man"),
        # §1.2: a draughts king that steps and jumps one square, never flies
        PieceRule(K, N_("king"), Kind.LEAP, DIAGONAL, False, Power.KING, look="draughts-king"),
        PieceRule(B, N_("bishop"), Kind.SLIDE, DIAGONAL),
        PieceRule(C, N_("camel"), Kind.LEAP, CAMEL),
    ),
    # §1.3: short jumps, complete chains; a pawn reaching its last rank ends the move there
    captures=CaptureRules(DIAGONAL_FORWARD, DIAGONAL_FORWARD, flying=False),
    clock_pieces=(P,),
)


class CheskersGenerator(Generator):
    """Cheskers' legal moves (§1.4) on the raw state; no check."""

    def legal(self, st: State) -> list[Move]:
        """Returns the legal moves: none without a king (§0.2); the complete chains and the
        bishop and camel captures when a pawn or king can jump, only the chains of two or more
        when there are some (§1.4); otherwise every move."""
        board, side = st.board, st.side
        if K.value * side not in board:
            return []
        quiet, takes, jumpers = self.scan(board, side, -1)
        if not jumpers:
            return quiet + takes
        seqs = self.sequences(board, side, jumpers)
        multiple = [s for s in seqs if len(s[1]) >= 2]
        if multiple:
            return self.jump_moves(board, side, multiple)
        return self.jump_moves(board, side, seqs) + takes


class CheskersVariant(HybridVariant):
    """Cheskers: Black moves first; no check; the side to move without a king or a move
    loses (§1.6)."""

    stalemate_loses = True
    has_check = False
    promotions = {"p": "kbc"}  # §1.5

    def __init__(self) -> None:
        super().__init__(RULES)

    def make_generator(self, tables: Tables) -> CheskersGenerator:
        """Returns Cheskers' generator."""
        return CheskersGenerator(tables)

    def refuse(self, fen: str, state: State) -> None:
        """§1.7: refuses a side not to move without a king (it could only have lost them on
        its own move)."""
        if K.value * -state.side not in state.board:
            raise InvalidFenError(
                N_("invalid FEN %(fen)s: the side not to move has no king"), fen=repr(fen)
            )

    def status(self, position: HybridPosition, repetitions: int) -> HybridStatus:
        """Returns the status of §1.6, in its order: no king, no move (both lose), threefold,
        fifty moves."""
        if K.value * position.side not in position.board:
            return HybridStatus.KINGS_CAPTURED
        if not position.has_legal_move():
            return HybridStatus.STALEMATE
        if repetitions >= 3:
            return HybridStatus.THREEFOLD
        if position.halfmove >= 100:
            return HybridStatus.FIFTY_MOVES
        return HybridStatus.ONGOING


CHESKERS = CheskersVariant()
"""The Cheskers variant."""
