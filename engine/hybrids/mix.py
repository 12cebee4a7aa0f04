"""Board 8x8 Game Mix (Lev Grigoriev, 2023) and its variation Mix Chess (§3, §4): pawns,
checkers, liners, silvers, knights, a dama and a king.

The declaration, and what is the games' own: no compulsory capture, check by any capture that
would remove the king — a checker's or the dama's jump included, and in Mix Chess the dama's
open diagonal (§3.3, §4) —, Game Mix's connection rule (§3.5) and the ends of both games.
§ numbers refer to docs/rules/hybrids.md.
"""

from dataclasses import replace
from enum import Enum

from engine.board import CHESSBOARD
from engine.draughts.rules import OPPOSITE
from engine.hybrids.movegen import Generator, State
from engine.hybrids.position import HybridPosition
from engine.hybrids.rules import (
    DIAGONAL,
    DIAGONAL_FORWARD,
    EIGHT,
    KNIGHT,
    SILVER,
    CaptureRules,
    HybridRules,
    Kind,
    PieceRule,
    Power,
)
from engine.hybrids.tables import AXES, EDGE, LINES, Tables, line_slices
from engine.hybrids.variant import HybridStatus, HybridVariant
from engine.i18n import N_
from engine.moves import Move
from engine.tables import KING_STEPS, KNIGHT_TARGETS, RAYS


class MixPiece(Enum):
    """The pieces of Game Mix and Mix Chess; ``value`` is the code on the board."""

    PAWN = 1
    KNIGHT = 2
    SILVER = 3
    LINER = 4
    CHECKER = 5
    DAMA = 6
    KING = 7

    @property
    def symbol(self) -> str:
        """Returns the lower-case letter ("p", "n", "s", "l", "c", "d", "k")."""
        return "pnslcdk"[self.value - 1]


P, N, S, L, C, D, K = MixPiece

RULES = HybridRules(
    id="game-mix",
    name=N_("Game Mix"),
    board=CHESSBOARD,
    start_fen="lnskdsnl/ccppppcc/8/8/8/8/CCPPPPCC/LNSDKSNL w - - 0 1",
    pieces=(
        PieceRule(K, N_("king"), Kind.LEAP, EIGHT),
        # §3.2: moves like a bishop, never takes by replacement; jumps up to three in a line
        PieceRule(D, N_("dama"), Kind.SLIDE, DIAGONAL, False, Power.KING, look="draughts-king"),
        PieceRule(S, N_("silver"), Kind.LEAP, SILVER),
        PieceRule(N, N_("knight"), Kind.LEAP, KNIGHT),
        PieceRule(L, N_("liner"), Kind.LINER),
        # §3.2: steps forward, jumps one piece any way and stops, crowned on its last rank
        PieceRule(C, N_("checker"), Kind.LEAP, DIAGONAL_FORWARD, False, Power.MAN, (D,), "man"),
        PieceRule(P, N_("pawn"), Kind.PAWN, promotes_to=(L, N, S)),
    ),
    # §3.2: a checker jumps once; the dama lands just beyond each piece and may stop after
    # any of its captures, never turning
    captures=CaptureRules(DIAGONAL, (), flying=True, lands_next=True, free_stop=True),
    royal=K,
    double_steps=(
        tuple(f + "2" for f in "abcdefgh"),
        tuple(f + "7" for f in "abcdefgh"),
    ),
    clock_promotions=True,
)

_DIAGONALS = (4, 5, 6, 7)
_KNIGHT, _SILVER, _LINER, _CHECKER, _DAMA, _KING = (p.value for p in (N, S, L, C, D, K))

# The bits of ``MixGenerator.axis_bits`` -> the lines (0 rank, 1 file, 2 diagonal, 3
# anti-diagonal) they mark.
AXES_OF = tuple(tuple(axis for axis in range(4) if mask >> axis & 1) for mask in range(16))


class MixGenerator(Generator):
    """The legal moves and check of Game Mix (``connection``: its connection rule) or Mix
    Chess (``dama_sees``: the dama checks along an open diagonal) on the raw state."""

    def __init__(self, tables: Tables, connection: bool, dama_sees: bool) -> None:
        super().__init__(tables)
        self.connection = connection
        self.dama_sees = dama_sees
        nxt = LINES.next
        # Per square k and line through it (rank, file, diagonal, anti-diagonal): the line as a
        # slice, its squares one way and the other, the (come from, land on) squares of a jump
        # over k along it (diagonals, k off the edge), and the directions a dama may come from.
        self.axes = []
        self.axis_bits = []
        for k in range(64):
            axes = []
            bits = [0] * 64
            for axis, (line, (one, other)) in enumerate(zip(line_slices(k), AXES, strict=True)):
                diagonal = one in _DIAGONALS
                pairs = ()
                if diagonal and not EDGE[k]:
                    pairs = ((nxt[one][k], nxt[other][k]), (nxt[other][k], nxt[one][k]))
                axes.append(
                    (line, RAYS[k][one], RAYS[k][other], pairs, (one, other) if diagonal else ())
                )
                for s in RAYS[k][one] + RAYS[k][other]:
                    bits[s] = 1 << axis
            self.axes.append(tuple(axes))
            self.axis_bits.append(tuple(bits))

    def legal(self, st: State) -> list[Move]:
        """Returns the legal moves: none in a connected position of Game Mix (§0.2), else
        those of ``unended``."""
        if self.connection and connected(st.board):
            return []
        return self.unended(st)

    def unended(self, st: State) -> list[Move]:
        """Returns the moves after which the mover's king is not in check (§3.3), whatever the
        connection rule says. No capture is compulsory."""
        board, side = st.board, st.side
        o = -side
        k = st.kings[side]
        quiet, takes, jumpers = self.scan(board, side, st.ep)
        moves = takes + quiet
        if jumpers:
            moves = self.jump_moves(board, side, self.sequences(board, side, jumpers)) + moves
        make, unmake, attacked, along = self.make, self.unmake, self.attacked, self.along
        checked = attacked(board, k, o)
        bits = self.axis_bits[k]
        danger = self.danger(board, k, o)
        king = self.royal_piece
        out = []
        for move in moves:
            path = move.path
            if move.piece is king:
                undo = make(board, move, side)
                if not attacked(board, path[-1], o):
                    out.append(move)
                unmake(board, undo)
                continue
            if checked:
                undo = make(board, move, side)
                if not attacked(board, k, o):
                    out.append(move)
                unmake(board, undo)
                continue
            # Not in check, the king stays: short-range attackers cannot appear, and every
            # other capture of the king runs along a line through it — only the lines the move
            # touched can have changed, and only where an attacker stands on them.
            touched = bits[path[0]] | bits[path[-1]]
            for c in move.captured:
                touched |= bits[c]
            touched &= danger
            if not touched:
                out.append(move)
                continue
            undo = make(board, move, side)
            safe = True
            for axis in AXES_OF[touched]:
                if along(board, k, o, axis):
                    safe = False
                    break
            unmake(board, undo)
            if safe:
                out.append(move)
        return out

    # --- check (§3.3, §4) ------------------------------------------------------------------------
    def in_check(self, st: State) -> bool:
        """Returns whether the side to move's king is in check."""
        return self.attacked(st.board, st.kings[st.side], -st.side)

    def attacked(self, board: list[int], k: int, o: int) -> bool:
        """Returns whether side ``o`` has a capture that removes the piece on ``k``: by
        replacement, by a checker's jump, by the dama's first, second or third jump — or, in
        Mix Chess, when the dama sees it along an open diagonal."""
        t = self.tables
        for s in t.pawn_sources[o][k]:
            if board[s] == o:
                return True
        knight = _KNIGHT * o
        for s in KNIGHT_TARGETS[k]:
            if board[s] == knight:
                return True
        king = _KING * o
        for s in KING_STEPS[k]:
            if board[s] == king:
                return True
        silver = _SILVER * o
        for s in t.sources[o][_SILVER][k]:
            if board[s] == silver:
                return True
        along = self.along
        return (
            along(board, k, o, 0)
            or along(board, k, o, 1)
            or along(board, k, o, 2)
            or along(board, k, o, 3)
        )

    def danger(self, board: list[int], k: int, o: int) -> int:
        """Returns the bits (as ``axis_bits``) of the lines through ``k`` on which stands a
        piece of ``o`` that could take along them: a liner, or on a diagonal a dama or a
        checker. A move of the other side cannot bring one there."""
        liner, dama, checker = _LINER * o, _DAMA * o, _CHECKER * o
        out = 0
        for axis, (_, one_way, other_way, _, directions) in enumerate(self.axes[k]):
            for way in (one_way, other_way):
                for s in way:
                    x = board[s]
                    if x == liner or (directions and x in (dama, checker)):
                        out |= 1 << axis
                        break
        return out

    def along(self, board: list[int], k: int, o: int, axis: int) -> bool:
        """Returns whether side ``o`` takes the piece on ``k`` along one line through it: a
        liner standing as far away as the line holds pieces, a checker jumping it, a dama
        jumping it (or seeing it, in Mix Chess)."""
        line, one_way, other_way, pairs, directions = self.axes[k][axis]
        seg = board[line]
        n = len(seg) - seg.count(0)
        liner = _LINER * o
        if len(one_way) >= n and board[one_way[n - 1]] == liner:
            return True
        if len(other_way) >= n and board[other_way[n - 1]] == liner:
            return True
        if not directions:
            return False
        checker = _CHECKER * o
        for come, land in pairs:
            if board[come] == checker and not board[land]:
                return True
        dama = _DAMA * o
        for d in directions:
            first = True
            for s in RAYS[k][d]:
                x = board[s]
                if not x:
                    continue
                if x == dama:
                    if first and self.dama_sees:
                        return True
                    if self.dama_takes(board, s, OPPOSITE[d], k, o):
                        return True
                elif x * o > 0:
                    break  # the dama's own piece stops it
                first = False
        return False

    @staticmethod
    def dama_takes(board: list[int], start: int, d: int, k: int, o: int) -> bool:
        """Returns whether ``o``'s dama on ``start``, going in direction ``d``, takes ``k`` as
        its first, second or third capture (§3.2)."""
        ray = RAYS[start][d]
        n = len(ray)
        i = 0
        for _ in range(3):
            while i < n and not board[ray[i]]:
                i += 1
            if i + 1 >= n:
                return False
            s = ray[i]
            if board[s] * o > 0 or board[ray[i + 1]]:
                return False
            if s == k:
                return True
            i += 1
        return False


def connected(board: list[int]) -> bool:
    """Returns whether all the pieces on ``board`` form one group, each touching another
    orthogonally or diagonally (§3.5)."""
    # A group cannot skip a rank: an empty rank between two occupied ones settles it at once.
    seen_empty = False
    started = False
    for rank in range(8):
        row = board[rank * 8 : rank * 8 + 8]
        if row.count(0) == 8:
            seen_empty = started
        else:
            if seen_empty:
                return False
            started = True
    occupied = [sq for sq in range(64) if board[sq]]
    if not occupied:
        return False
    group = {occupied[0]}
    stack = [occupied[0]]
    while stack:
        sq = stack.pop()
        for to in KING_STEPS[sq]:
            if board[to] and to not in group:
                group.add(to)
                stack.append(to)
    return len(group) == len(occupied)


class GameMixVariant(HybridVariant):
    """Game Mix: checkmate, stalemate (the side to move loses both) and connection (§3.5)."""

    stalemate_loses = True
    promotions = {"p": "lns", "c": "d"}  # §3.4

    def __init__(self, rules: HybridRules = RULES) -> None:
        super().__init__(rules)

    def make_generator(self, tables: Tables) -> MixGenerator:
        """Returns Game Mix's generator."""
        return MixGenerator(tables, connection=True, dama_sees=False)

    def unended_moves(self, state: State) -> list[Move]:
        """Returns the legal moves whatever the connection rule says (§3.5)."""
        return self.generator.unended(state)  # type: ignore[attr-defined]

    def status(self, position: HybridPosition, repetitions: int) -> HybridStatus:
        """Returns the status of §3.5, in its order: checkmate, stalemate, connection, no
        progress (40 plies, 20 when a side has only its king), only the two kings."""
        board = list(position.board)
        if not position.has_legal_move() and not self.unended_moves(position.copy_state()):
            return HybridStatus.CHECKMATE if position.is_check() else HybridStatus.STALEMATE
        if connected(board):
            mine = sum(1 for code in board if code * position.side < 0)
            theirs = sum(1 for code in board if code * position.side > 0)
            return HybridStatus.CONNECTION if mine > theirs else HybridStatus.CONNECTION_DRAW
        counts = [sum(1 for code in board if code * sign > 0) for sign in (1, -1)]
        limit = 20 if min(counts) == 1 else 40
        if position.halfmove >= limit:
            return HybridStatus.NO_PROGRESS
        if counts == [1, 1]:
            return HybridStatus.INSUFFICIENT_MATERIAL
        return HybridStatus.ONGOING


class MixChessVariant(GameMixVariant):
    """Mix Chess: Game Mix without connection, stalemate a draw, the dama checking along an
    open diagonal, 50 moves, and the chess material draws (§4)."""

    stalemate_loses = False

    def __init__(self) -> None:
        super().__init__(replace(RULES, id="mix-chess", name=N_("Mix Chess")))

    def make_generator(self, tables: Tables) -> MixGenerator:
        """Returns Mix Chess's generator."""
        return MixGenerator(tables, connection=False, dama_sees=True)

    def status(self, position: HybridPosition, repetitions: int) -> HybridStatus:
        """Returns the status of §4, in its order: checkmate, stalemate (a draw), no progress
        (100 plies), insufficient material."""
        if not position.has_legal_move():
            return HybridStatus.CHECKMATE if position.is_check() else HybridStatus.STALEMATE
        if position.halfmove >= 100:
            return HybridStatus.NO_PROGRESS
        armies = [
            sorted(abs(code) for code in position.board if code * sign > 0 and abs(code) != K.value)
            for sign in (1, -1)
        ]
        for lone, other in (armies, armies[::-1]):
            if not lone and (len(other) <= 1 or other == [N.value, N.value]):
                return HybridStatus.INSUFFICIENT_MATERIAL
        return HybridStatus.ONGOING


GAME_MIX = GameMixVariant()
"""The Game Mix variant."""

MIX_CHESS = MixChessVariant()
"""The Mix Chess variant."""
