"""Byelorussian Cheskers (Grushevsky and Shkludov, 1984): a chess army and eleven Russian
draughtsmen a side (§2).

The declaration, and what is the game's own: the draughtsmen's compulsory largest capture,
found before king safety and taking precedence over lifting check (§2.5), check by a draughts
jump anywhere in a capture sequence (§2.6), castling, and the end (§2.7). § numbers refer to
docs/rules/hybrids.md.
"""

from enum import Enum

from engine.board import CHESSBOARD
from engine.draughts.rules import OPPOSITE, MidCapture
from engine.hybrids.movegen import Generator, State
from engine.hybrids.position import HybridPosition
from engine.hybrids.rules import (
    DIAGONAL,
    DIAGONAL_FORWARD,
    EIGHT,
    KNIGHT,
    ORTHOGONAL,
    CaptureRules,
    HybridRules,
    Kind,
    PieceRule,
    Power,
)
from engine.hybrids.tables import EDGE, LINES, Tables
from engine.hybrids.variant import HybridStatus, HybridVariant
from engine.i18n import N_
from engine.moves import Move, MoveKind
from engine.tables import KING_STEPS, KNIGHT_TARGETS, PAWN_ATTACKERS, RAYS
from engine.work import JumpBudget


class ByelorussianPiece(Enum):
    """The pieces of Byelorussian Cheskers; ``value`` is the code on the board (the chess
    pieces keep the codes of ``engine.pieces``)."""

    PAWN = 1
    KNIGHT = 2
    BISHOP = 3
    ROOK = 4
    QUEEN = 5
    KING = 6
    MAN = 7
    DAMKA = 8

    @property
    def symbol(self) -> str:
        """Returns the lower-case letter ("p", "n", "b", "r", "q", "k", "m", "d")."""
        return "pnbrqkmd"[self.value - 1]


P, N, B, R, Q, K, M, D = ByelorussianPiece

RULES = HybridRules(
    id="byelorussian-cheskers",
    name=N_("Byelorussian Cheskers"),
    board=CHESSBOARD,
    start_fen="rmbqkmnm/mpmpmpmp/pmpmpmpm/8/8/MPMPMPMP/PMPMPMPM/MNMQKBMR w Kq - 0 1",
    pieces=(
        PieceRule(K, N_("king"), Kind.LEAP, EIGHT),
        PieceRule(Q, N_("queen"), Kind.SLIDE, EIGHT),
        PieceRule(R, N_("rook"), Kind.SLIDE, ORTHOGONAL),
        PieceRule(B, N_("bishop"), Kind.SLIDE, DIAGONAL),
        PieceRule(N, N_("knight"), Kind.LEAP, KNIGHT),
        PieceRule(P, N_("pawn"), Kind.PAWN, promotes_to=(Q, R, B, N)),
        # §2.3: steps forward, jumps any way, crowned on its last rank
        PieceRule(M, N_("draughtsman"), Kind.LEAP, DIAGONAL_FORWARD, False, Power.MAN, (D,), "man"),
        PieceRule(D, N_("damka"), Kind.SLIDE, DIAGONAL, False, Power.KING, look="draughts-king"),
    ),
    # §2.4: Russian draughts — flying kings, crowned mid-capture and going on, taken pieces
    # leaving at the end, one move for a flight on in the same direction
    captures=CaptureRules(
        DIAGONAL,
        DIAGONAL,
        flying=True,
        mid_capture=MidCapture.CROWN,
        straight_from_first=True,
    ),
    royal=K,
    castling=True,
    double_steps=(
        ("a2", "c2", "e2", "g2", "b3", "d3", "f3", "h3"),
        ("b7", "d7", "f7", "h7", "a6", "c6", "e6", "g6"),
    ),
    clock_pieces=(P, M),
)

EN_PASSANT, CASTLE = MoveKind.EN_PASSANT, MoveKind.CASTLE
_DIAGONALS = (4, 5, 6, 7)

# BETWEEN[k][s]: the direction from k to s when they share a rank, file or diagonal, else -1.
_between = [[-1] * 64 for _ in range(64)]
for _k in range(64):
    for _d in range(8):
        for _s in RAYS[_k][_d]:
            _between[_k][_s] = _d
BETWEEN = tuple(tuple(row) for row in _between)

# Castling (§2.2): per right's bit, the squares that must be empty, the square the king passes
# over and the move itself.
CASTLINGS = {
    1: [(1, (5, 6), 5, Move(CASTLE, K, (4, 6)))],
    -1: [(4, (61, 62), 61, Move(CASTLE, K, (60, 62)))],
}
CASTLINGS[1].append((2, (1, 2, 3), 3, Move(CASTLE, K, (4, 2))))
CASTLINGS[-1].append((8, (57, 58, 59), 59, Move(CASTLE, K, (60, 58))))


class ByelorussianGenerator(Generator):
    """Byelorussian Cheskers' legal moves (§2.5) and check (§2.6) on the raw state."""

    def __init__(self, tables: Tables) -> None:
        super().__init__(tables)
        nxt = LINES.next
        # Per square not on the edge: (the square a jumper comes from, the square it lands on)
        # for each diagonal jump over it.
        self.jump_over = tuple(
            () if EDGE[k] else tuple((nxt[d][k], nxt[OPPOSITE[d]][k]) for d in _DIAGONALS)
            for k in range(64)
        )

    def legal(self, st: State) -> list[Move]:
        """Returns the legal moves (§2.5): the largest draughts captures if there are any,
        else every chess move and draughts quiet move — those after which the mover's king is
        not in check."""
        board, side = st.board, st.side
        o = -side
        k = st.kings[side]
        make, unmake, attacked = self.make, self.unmake, self.attacked
        quiet, takes, jumpers = self.scan(board, side, st.ep)
        out = []
        # One budget for the position's capture searches: its own, and every test for check.
        budget = JumpBudget()
        if jumpers:
            # §2.5: the largest number is counted before king safety
            seqs = self.sequences(board, side, jumpers, longest=True, budget=budget)
            for move in self.jump_moves(board, side, seqs):
                undo = make(board, move, side)
                if not attacked(board, k, o, budget):
                    out.append(move)
                unmake(board, undo)
            return out
        checked = attacked(board, k, o, budget)
        edge = EDGE[k]
        king = self.royal_piece
        for move in takes + quiet:
            if move.piece is king:
                undo = make(board, move, side)
                if not attacked(board, move.path[-1], o, budget):
                    out.append(move)
                unmake(board, undo)
                continue
            if checked:
                undo = make(board, move, side)
                if not attacked(board, k, o, budget):
                    out.append(move)
                unmake(board, undo)
                continue
            # Not in check, the king stays: only a line opened through the squares the move
            # empties can let a slider in, and only away from the edge can a jump take it.
            opened = BETWEEN[k][move.path[0]]
            if opened < 0 and edge and move.kind is not EN_PASSANT:
                out.append(move)
                continue
            undo = make(board, move, side)
            safe = opened < 0 or not self.slider_on(board, k, opened, o)
            if safe and move.kind is EN_PASSANT:
                victim_line = BETWEEN[k][move.captured[0]]
                safe = victim_line < 0 or not self.slider_on(board, k, victim_line, o)
            if safe and not edge:
                safe = not self.draughts_attack(board, k, o, budget)
            unmake(board, undo)
            if safe:
                out.append(move)
        if st.castling and not checked:
            out.extend(self.castlings(st, budget))
        return out

    def castlings(self, st: State, budget: JumpBudget | None = None) -> list[Move]:
        """Returns the legal castlings of the side to move, not in check (§2.2), spending
        ``budget`` on the tests for check as ``attacked`` does."""
        board, side = st.board, st.side
        o = -side
        out = []
        for bit, between, passed, move in CASTLINGS[side]:
            if not st.castling & bit or any(board[s] for s in between):
                continue
            origin = move.path[0]
            board[origin], board[passed] = 0, K.value * side
            safe = not self.attacked(board, passed, o, budget)
            board[origin], board[passed] = K.value * side, 0
            if not safe:
                continue
            undo = self.make(board, move, side)
            if not self.attacked(board, move.path[-1], o, budget):
                out.append(move)
            self.unmake(board, undo)
        return out

    # --- check (§2.6) ----------------------------------------------------------------------------
    def in_check(self, st: State) -> bool:
        """Returns whether the side to move's king is in check."""
        return self.attacked(st.board, st.kings[st.side], -st.side)

    def attacked(self, board: list[int], k: int, o: int, budget: JumpBudget | None = None) -> bool:
        """Returns whether side ``o`` has a capture that removes the piece on ``k``: a chess
        replacement capture, or a draughts jump over it anywhere in a capture sequence (a
        search spending ``budget``: a position's own by default)."""
        for s in PAWN_ATTACKERS[o][k]:
            if board[s] == o:
                return True
        knight = N.value * o
        for s in KNIGHT_TARGETS[k]:
            if board[s] == knight:
                return True
        king = K.value * o
        for s in KING_STEPS[k]:
            if board[s] == king:
                return True
        queen, rook, bishop = Q.value * o, R.value * o, B.value * o
        rays = RAYS[k]
        for d in range(8):
            slider = rook if d < 4 else bishop
            for s in rays[d]:
                x = board[s]
                if x:
                    if x in (queen, slider):
                        return True
                    break
        return not EDGE[k] and self.draughts_attack(board, k, o, budget)

    def slider_on(self, board: list[int], k: int, d: int, o: int) -> bool:
        """Returns whether the first piece from ``k`` in direction ``d`` is a slider of ``o``
        that moves that way."""
        for s in RAYS[k][d]:
            x = board[s]
            if x:
                return x == Q.value * o or x == (R.value if d < 4 else B.value) * o
        return False

    def draughts_attack(
        self, board: list[int], k: int, o: int, budget: JumpBudget | None = None
    ) -> bool:
        """Returns whether some capture sequence of ``o``'s draughts pieces jumps ``k`` (not on
        the edge), spending ``budget`` on the search. A jump over ``k`` needs, on one of its
        diagonals, the square it comes from and the square it lands on each empty or holding
        the jumper itself."""
        powers = self.tables.power
        for come, land in self.jump_over[k]:
            x = board[land]
            if x and not (x * o > 0 and powers[x * o]):
                continue
            x = board[come]
            if x and not (x * o > 0 and powers[x * o]):
                continue
            break
        else:
            return False
        jumpers = self.jumpers(board, o)
        if not jumpers:
            return False
        return self.takes(board, o, jumpers, k, budget)


class ByelorussianVariant(HybridVariant):
    """Byelorussian Cheskers: check and checkmate as in chess, the chess draws (§2.7)."""

    castling_rook = R.value
    promotions = {"p": "qrbn", "m": "d"}  # §2.2, §2.3

    def __init__(self) -> None:
        super().__init__(RULES)

    def make_generator(self, tables: Tables) -> ByelorussianGenerator:
        """Returns the game's generator."""
        return ByelorussianGenerator(tables)

    def status(self, position: HybridPosition, repetitions: int) -> HybridStatus:
        """Returns the status of §2.7, in its order: checkmate, stalemate, threefold, fifty
        moves, insufficient material."""
        if not position.has_legal_move():
            return HybridStatus.CHECKMATE if position.is_check() else HybridStatus.STALEMATE
        if repetitions >= 3:
            return HybridStatus.THREEFOLD
        if position.halfmove >= 100:
            return HybridStatus.FIFTY_MOVES
        others = [abs(code) for code in position.board if code and abs(code) != K.value]
        if not others or others in ([B.value], [N.value]):
            return HybridStatus.INSUFFICIENT_MATERIAL
        return HybridStatus.ONGOING


BYELORUSSIAN_CHESKERS = ByelorussianVariant()
"""The Byelorussian Cheskers variant."""
