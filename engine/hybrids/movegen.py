"""The moves every hybrid makes alike, on the raw board: the common half of each game's generator.

The board is a list of 64 signed codes (0 empty, the code of a piece of the game's vocabulary,
positive for White and negative for Black); a ``State`` adds the side to move, castling rights,
the en-passant square and the kings' squares. ``Generator`` finds the quiet moves and
replacement captures of every leaping, sliding, pawn and liner piece from the game's tables,
which draughts pieces have a first jump, and their capture sequences (through the draughts
capture core, ``engine.draughts.captures``); it makes and unmakes moves and counts perft. Which
of those moves are legal — compulsory captures, check, the game's own end — is each game's
``legal`` (``engine.hybrids.cheskers``, ``byelorussian``, ``mix``). This module knows nothing of
FEN, notation or game history. § numbers refer to docs/rules/hybrids.md.
"""

from engine.draughts.captures import KING, MAN, capture_sequences, takes_square
from engine.hybrids.tables import PAWN, SLIDE, Tables
from engine.moves import Move, MoveKind
from engine.moving import CASTLING_KEEP
from engine.work import JumpBudget

JUMP = MoveKind.JUMP
CASTLE = MoveKind.CASTLE

# Castling (§2.2): the king's target square -> the rook's (from, to).
CASTLE_ROOK = {6: (7, 5), 2: (0, 3), 62: (63, 61), 58: (56, 59)}


class State:
    """The raw state a generator works on: ``board``, ``side`` (+1 White, -1 Black),
    ``castling`` (the bits of ``engine.moving``), ``ep`` (the square a pawn may take en passant
    on, or -1) and ``kings`` (``[None, White's king square, Black's]``, -1 where a game has
    none). Generators change it in place and give it back as they found it."""

    __slots__ = ("board", "castling", "ep", "kings", "side")

    def __init__(self, board: list[int], side: int, castling: int, ep: int, kings: list) -> None:
        self.board = board
        self.side = side
        self.castling = castling
        self.ep = ep
        self.kings = kings

    def copy(self) -> "State":
        """Returns an independent copy."""
        return State(self.board.copy(), self.side, self.castling, self.ep, self.kings.copy())


class Generator:
    """The moves of one hybrid game on a ``State``; each game subclasses it with ``legal``."""

    def __init__(self, tables: Tables) -> None:
        self.tables = tables
        self.spec = tables.spec
        royal = tables.royal
        self.royal_piece = tables.piece[royal] if royal else None
        self.pawn_piece = tables.piece[tables.pawn] if tables.pawn else None

    # --- what the side to move can do ------------------------------------------------------------
    def scan(self, board: list[int], side: int, ep: int) -> tuple[list, list, list]:
        """Returns (quiet moves, replacement and en-passant captures, draughts pieces with a
        first jump as (square, power)) of ``side``: everything but the jumps themselves."""
        t = self.tables
        quiet: list[Move] = []
        takes: list[Move] = []
        jumpers: list[tuple[int, int]] = []
        add_quiet = quiet.extend
        add_take = takes.extend
        kinds = t.kind
        powers = t.power
        rays_of = t.rays[side]
        man_jumps = t.man_jumps[side]
        pawn_push = t.pawn_push[side]
        pawn_double = t.pawn_double[side]
        pawn_takes = t.pawn_takes[side]
        liner_axes = t.liner_axes
        can_jump = self.can_jump
        for sq, x in enumerate(board):
            p = x * side
            if p <= 0:
                continue
            kind = kinds[p]
            if kind <= SLIDE:
                for ray in rays_of[p][sq]:
                    for to, moves, taking in ray:
                        x = board[to]
                        if not x:
                            add_quiet(moves)
                            continue
                        if taking and x * side < 0:
                            add_take(taking)
                        break
                power = powers[p]
                if power == MAN:
                    for over, land in man_jumps[sq]:
                        if board[over] * side < 0 and not board[land]:
                            jumpers.append((sq, MAN))
                            break
                elif power and can_jump(board, side, sq, power):
                    jumpers.append((sq, power))
            elif kind == PAWN:
                push = pawn_push[sq]
                if push is not None and not board[push[0]]:
                    add_quiet(push[1])
                    double = pawn_double[sq]
                    if double is not None and not board[double[1]]:
                        quiet.append(double[2])
                for to, taking, en_passant in pawn_takes[sq]:
                    x = board[to]
                    if x * side < 0:
                        add_take(taking)
                    elif to == ep:
                        takes.append(en_passant)
            else:  # §3.2: a liner goes exactly as far as its line holds pieces
                for line, one_way, other_way in liner_axes[sq]:
                    seg = board[line]
                    n = len(seg) - seg.count(0)
                    for way in (one_way, other_way):
                        if len(way) >= n:
                            to, moves, taking = way[n - 1]
                            x = board[to]
                            if not x:
                                add_quiet(moves)
                            elif x * side < 0:
                                add_take(taking)
        return quiet, takes, jumpers

    def can_jump(self, board: list[int], side: int, sq: int, power: int) -> bool:
        """Returns whether the draughts piece of ``power`` on ``sq`` has a first jump: an
        enemy piece next to it (or, flying, the first on a line) with an empty square beyond."""
        t = self.tables
        if power == MAN:
            for over, land in t.man_jumps[side][sq]:
                if board[over] * side < 0 and not board[land]:
                    return True
        elif t.flying:
            for line in t.king_lines[sq]:
                for s, beyond in line:
                    q = board[s]
                    if q:
                        if q * side < 0 and beyond >= 0 and not board[beyond]:
                            return True
                        break
        else:
            for over, land in t.king_jumps[sq]:
                if board[over] * side < 0 and not board[land]:
                    return True
        return False

    def jumpers(self, board: list[int], side: int) -> list[tuple[int, int]]:
        """Returns ``side``'s draughts pieces that have a first jump, as (square, power)."""
        powers = self.tables.power
        out = []
        for sq in range(64):
            p = board[sq] * side
            if p > 0 and powers[p] and self.can_jump(board, side, sq, powers[p]):
                out.append((sq, powers[p]))
        return out

    def sequences(
        self,
        board: list[int],
        side: int,
        jumpers: list,
        longest: bool = False,
        budget: JumpBudget | None = None,
    ) -> list:
        """Returns every complete capture sequence of ``jumpers``, or with ``longest`` those
        taking the most pieces (the capture core's, spending ``budget``: a position's own by
        default; raises ``CaptureSearchError`` when it is spent)."""
        return capture_sequences(board, side, jumpers, self.spec, longest, budget)

    def takes(
        self, board: list[int], side: int, jumpers: list, target: int, budget: JumpBudget | None
    ) -> bool:
        """Returns whether some complete capture sequence of ``jumpers`` jumps ``target`` (the
        capture core's, spending ``budget`` as ``sequences`` does)."""
        return takes_square(board, side, jumpers, self.spec, target, budget)

    def jump_moves(self, board: list[int], side: int, seqs: list) -> list[Move]:
        """Returns the moves of capture sequences: one each, or one per promotion choice when a
        man that promotes by choice ends crowned (§1.5)."""
        t = self.tables
        out = []
        for path, caps, final in seqs:
            code = board[path[0]] * side
            choices = t.choices[code]
            piece = t.piece[code]
            if choices and final == KING:
                out.extend(Move(JUMP, piece, path, caps, choice) for choice in choices)
            else:
                out.append(Move(JUMP, piece, path, caps))
        return out

    # --- playing ---------------------------------------------------------------------------------
    def make(self, board: list[int], move: Move, side: int) -> list[tuple[int, int]]:
        """Plays ``move`` on ``board`` in place; returns the undo list of (square, old code).
        A chosen promotion gives its piece; a man that stops on its last rank anywhere on its
        path is crowned when its promotion has no choice (§2.4: at once, and it stays so)."""
        path = move.path
        origin = path[0]
        target = path[-1]
        code = board[origin]
        undo = [(origin, code)]
        for c in move.captured:
            undo.append((c, board[c]))
            board[c] = 0
        board[origin] = 0
        undo.append((target, board[target]))
        if move.promotion is not None:
            code = move.promotion.value * side
        else:
            crown = self.tables.auto_crown[code * side]
            if crown:
                promotes = self.tables.promotes[side]
                if any(promotes[s] for s in path[1:]):
                    code = crown * side
        board[target] = code
        if move.kind is CASTLE:
            rook_from, rook_to = CASTLE_ROOK[target]
            undo.append((rook_from, board[rook_from]))
            undo.append((rook_to, board[rook_to]))
            board[rook_to] = board[rook_from]
            board[rook_from] = 0
        return undo

    @staticmethod
    def unmake(board: list[int], undo: list[tuple[int, int]]) -> None:
        """Restores the board from an undo list returned by ``make``."""
        for s, v in reversed(undo):
            board[s] = v

    def push(self, st: State, move: Move) -> tuple:
        """Plays ``move`` on ``st`` (board, castling rights, en passant, kings, side); returns
        what ``pop`` needs to undo it."""
        side = st.side
        undo = self.make(st.board, move, side)
        token = (undo, st.castling, st.ep, st.kings[side])
        origin, target = move.path[0], move.path[-1]
        if move.piece is self.royal_piece:
            st.kings[side] = target
        if st.castling:
            st.castling &= CASTLING_KEEP[origin] & CASTLING_KEEP[target]
        st.ep = -1
        if move.piece is self.pawn_piece and abs(target - origin) == 16:
            st.ep = (origin + target) >> 1
        st.side = -side
        return token

    def pop(self, st: State, token: tuple) -> None:
        """Undoes the move ``push`` returned ``token`` for."""
        undo, castling, ep, king = token
        side = -st.side
        st.side = side
        self.unmake(st.board, undo)
        st.castling = castling
        st.ep = ep
        st.kings[side] = king

    # --- the game's own --------------------------------------------------------------------------
    def legal(self, st: State) -> list[Move]:
        """Returns every legal move of the side to move (the game's rules)."""
        raise NotImplementedError

    def in_check(self, st: State) -> bool:
        """Returns whether the side to move is in check (games with check override it)."""
        return False

    def gives_check(self, st: State, move: Move) -> bool:
        """Returns whether ``move`` leaves the opponent in check."""
        token = self.push(st, move)
        try:
            return self.in_check(st)
        finally:
            self.pop(st, token)

    # --- counting --------------------------------------------------------------------------------
    def perft(self, st: State, depth: int) -> int:
        """Returns the number of legal move sequences of ``depth`` plies (the last ply's moves
        are counted, not played)."""
        if depth <= 0:
            return 1
        moves = self.legal(st)
        if depth == 1:
            return len(moves)
        total = 0
        push, pop, perft = self.push, self.pop, self.perft
        for move in moves:
            token = push(st, move)
            total += perft(st, depth - 1)
            pop(st, token)
        return total
