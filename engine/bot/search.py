"""The bot's search: alpha-beta (principal variation search) with iterative deepening.

This module owns how the bot looks ahead: a transposition table keyed by a Zobrist hash,
move ordering (the table's move, captures of every kind by gain, killer moves, the history
heuristic), null-move pruning and late-move reductions, check extensions, a quiescence search
over captures of every kind (replacement, en passant, jumps and chains, sweeps) and
promotions, and limits on depth, nodes and time. It does not choose how strong to play (see
``levels``) and it takes every rule from the engine through ``adapter``.

Scores are centipawns for the side to move; a mate in n plies scores ``MATE - n``.
Repetitions of a position of the game or of the search path, the fifty-move count and the
material draw of docs/rules/chesskers.md §3 score 0.
"""

import random
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from engine.bot import adapter
from engine.bot.captures import pseudo_captures
from engine.bot.evaluation import MATE, VALUES, evaluate
from engine.bot.zobrist import CASTLING_KEYS, EP_KEYS, PIECE_KEYS, SIDE_KEY, full_hash
from engine.moves import Move
from engine.pieces import PieceType
from engine.position import Position

INFINITY = 1_000_000
MATE_BOUND = MATE - 1000  # scores beyond this are mate scores
MAX_PLY = 64
QUIESCENCE_DEPTH = 8  # plies of captures after the horizon, so chains of exchanges end
TT_LIMIT = 400_000  # entries kept before the table is cleared
FUTILITY_MARGIN = (0, 200, 450)  # by remaining depth

EXACT, LOWER, UPPER = 0, 1, 2
PAWN_CODE = 1
QUEEN = PieceType.QUEEN
_PIECE_VALUE = tuple(VALUES[abs(c)] if c else 0 for c in range(-6, 7))  # by code + 6


class SearchTimeout(Exception):
    """Raised inside the search when the time or node limit is reached."""


@dataclass(frozen=True)
class Limits:
    """How far one search may go. ``None`` means no limit of that kind."""

    depth: int = MAX_PLY
    nodes: int | None = None
    time: float | None = None
    quiescence: bool = True


@dataclass(frozen=True)
class SearchResult:
    """What a search found: the best move, its score for the side to move, the depth of the
    last completed iteration, the nodes visited and the seconds spent; ``scores`` holds a score
    per root move (exact near the best, a bound far below it) when the search was asked for
    them (``all_scores``)."""

    move: Move
    score: int
    depth: int
    nodes: int
    seconds: float
    scores: tuple[tuple[Move, int], ...] = ()


class Searcher:
    """One search from one position. Not thread-safe; make one per decision."""

    def __init__(
        self,
        position: Position,
        history_keys: Iterable[int] = (),
        limits: Limits | None = None,
    ) -> None:
        self.limits = limits or Limits()
        board, side, castling, ep, kings, halfmove = adapter.state_of(position)
        self.board = board
        self.side = side
        self.castling = castling
        self.ep = ep
        self.kings = kings
        self.halfmove = halfmove
        self.hash = full_hash(board, side, castling, ep)
        # Hashes of the game so far (for repetition), then of the search path.
        self.path: list[int] = [*history_keys, self.hash]
        self.root_index = len(self.path) - 1
        self.tt: dict[int, tuple[int, int, int, Move | None]] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 8)]
        self.history: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.deadline: float | None = None
        self.node_limit = self.limits.nodes
        self.seldepth = 0

    # --- playing moves on the private board --------------------------------------------------
    def _make(self, move: Move) -> tuple:
        board = self.board
        side = self.side
        touched = adapter.touched_squares(move)
        old = [board[s] for s in touched]
        undo = adapter.make(board, move, side)
        h = self.hash
        keys = PIECE_KEYS
        for s, v in zip(touched, old, strict=True):
            n = board[s]
            if n != v:
                h ^= keys[v + 6][s] ^ keys[n + 6][s]
        saved = (undo, self.castling, self.ep, self.kings, self.halfmove, self.hash)
        castling = adapter.next_castling(self.castling, move)
        h ^= CASTLING_KEYS[self.castling] ^ CASTLING_KEYS[castling]
        if self.ep >= 0:
            h ^= EP_KEYS[self.ep & 7]
        ep = adapter.double_step_target(move)
        if ep >= 0:
            # Keep the en-passant square only if an enemy pawn stands beside the pawn.
            to = move.path[-1]
            f = to & 7
            enemy = side * -PAWN_CODE
            if not ((f > 0 and board[to - 1] == enemy) or (f < 7 and board[to + 1] == enemy)):
                ep = -1
            else:
                h ^= EP_KEYS[ep & 7]
        self.castling = castling
        self.ep = ep
        self.kings = adapter.kings_after(self.kings, move, side)
        self.halfmove = 0 if adapter.resets_halfmove(move) else self.halfmove + 1
        self.side = -side
        self.hash = h ^ SIDE_KEY
        self.path.append(self.hash)
        return saved

    def _unmake(self, saved: tuple) -> None:
        undo, self.castling, self.ep, self.kings, self.halfmove, self.hash = saved
        self.side = -self.side
        adapter.unmake(self.board, undo)
        self.path.pop()

    def _make_null(self) -> tuple:
        saved = (self.ep, self.hash, self.halfmove)
        h = self.hash ^ SIDE_KEY
        if self.ep >= 0:
            h ^= EP_KEYS[self.ep & 7]
        self.ep = -1
        self.hash = h
        self.side = -self.side
        self.halfmove += 1
        self.path.append(h)
        return saved

    def _unmake_null(self, saved: tuple) -> None:
        self.ep, self.hash, self.halfmove = saved
        self.side = -self.side
        self.path.pop()

    # --- facts ---------------------------------------------------------------------------------
    def _in_check(self) -> bool:
        k = self.kings[0] if self.side == 1 else self.kings[1]
        return adapter.is_attacked(self.board, k, -self.side)

    def _legal_moves(self) -> list[Move]:
        return adapter.legal_moves(self.board, self.side, self.castling, self.ep, self.kings)

    def _is_draw(self) -> bool:
        # §3: fifty moves, repetition (any earlier occurrence since the last irreversible
        # move counts inside the search), insufficient material (kings, or kings and a bishop).
        if self.halfmove >= 100:
            return True
        path = self.path
        h = self.hash
        stop = len(path) - 1 - self.halfmove
        i = len(path) - 3
        while i >= 0 and i >= stop:
            if path[i] == h:
                return True
            i -= 2
        others = 0
        for p in self.board:
            if p and p != 6 and p != -6:
                if p not in (3, -3) or others:
                    return False
                others += 1
        return True

    def _has_pieces(self) -> bool:
        side = self.side
        return any(p * side > 1 and p * side != 6 for p in self.board)

    def _tick(self) -> None:
        self.nodes += 1
        if self.node_limit is not None and self.nodes >= self.node_limit:
            raise SearchTimeout
        if self.deadline is not None and not self.nodes & 63 and time.monotonic() > self.deadline:
            raise SearchTimeout

    # --- ordering ------------------------------------------------------------------------------
    def _gain(self, move: Move) -> int:
        board = self.board
        gain = 0
        for s in move.captured:
            gain += _PIECE_VALUE[board[s] + 6]
        if move.promotion is not None:
            gain += VALUES[move.promotion] - VALUES[1]
        return gain

    def _order(self, moves: list[Move], tt_move: Move | None, ply: int) -> list[Move]:
        killers = self.killers[ply]
        history = self.history
        board = self.board
        scored = []
        for m in moves:
            if m == tt_move:
                s = 10_000_000
            elif m.captured or m.promotion is not None:
                # Most valuable victims first, cheapest attacker first among equals.
                s = 1_000_000 + 10 * self._gain(m) - _PIECE_VALUE[abs(board[m.path[0]]) + 6] // 10
                if m.promotion is not None and m.promotion is not QUEEN:
                    s -= 900_000
            elif m == killers[0]:
                s = 900_000
            elif m == killers[1]:
                s = 800_000
            else:
                s = history.get((m.path[0], m.path[-1]), 0)
            scored.append((s, m))
        scored.sort(key=lambda x: x[0], reverse=True)
        return [m for _, m in scored]

    def _reward(self, move: Move, depth: int, ply: int) -> None:
        if not (move.captured or move.promotion is not None):
            reward_quiet(self.killers[ply], self.history, move, depth)

    # --- search -------------------------------------------------------------------------------
    def quiescence(self, alpha: int, beta: int, ply: int, qdepth: int) -> int:
        """Returns the score after captures of every kind and promotions settle down."""
        self._tick()
        if ply > self.seldepth:
            self.seldepth = ply
        if self._is_draw():
            return 0
        in_check = self._in_check()
        if in_check:
            # Every evasion is searched (all legal moves); standing pat is not allowed in check.
            moves = self._legal_moves()
            if not moves:
                return -MATE + ply
            if qdepth >= QUIESCENCE_DEPTH or ply >= MAX_PLY:
                return evaluate(self.board, self.side)
            best = -INFINITY
            candidates = self._order(moves, None, ply)
            stand = None
        else:
            # Not in check: captures only, generated without the king-safety test, which is
            # made below only for the moves actually played. (A stalemate here goes unseen.)
            stand = evaluate(self.board, self.side)
            if stand >= beta or qdepth >= QUIESCENCE_DEPTH or ply >= MAX_PLY:
                return stand
            if stand > alpha:
                alpha = stand
            best = stand
            candidates = [
                m
                for m in pseudo_captures(self.board, self.side, self.ep)
                if m.promotion is None or m.promotion is QUEEN
            ]
            candidates = self._order(candidates, None, ply)
        mover = self.side
        for move in candidates:
            if stand is not None and stand + self._gain(move) + 200 < alpha:
                continue  # delta pruning: even winning this material cannot reach alpha
            saved = self._make(move)
            try:
                if stand is not None:
                    king = self.kings[0] if mover == 1 else self.kings[1]
                    if adapter.is_attacked(self.board, king, -mover):
                        continue  # §2: the move would leave the mover's king capturable
                score = -self.quiescence(-beta, -alpha, ply + 1, qdepth + 1)
            finally:
                self._unmake(saved)
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    def negamax(self, depth: int, alpha: int, beta: int, ply: int, null_ok: bool = True) -> int:
        """Returns the score of the position searched ``depth`` plies deep (fail-soft)."""
        if ply > 0 and self._is_draw():
            self._tick()
            return 0
        in_check = self._in_check()
        if in_check and ply < MAX_PLY // 2:
            depth += 1  # check extension: a check is never left at the horizon
        if depth <= 0:
            if self.limits.quiescence:
                return self.quiescence(alpha, beta, ply, 0)
            self._tick()
            moves = self._legal_moves()
            if not moves:
                return -MATE + ply if in_check else 0
            return evaluate(self.board, self.side)
        self._tick()
        if ply >= MAX_PLY:
            return evaluate(self.board, self.side)
        # Mate-distance pruning keeps mate scores consistent across transpositions.
        alpha = max(alpha, -MATE + ply)
        beta = min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha
        entry = self.tt.get(self.hash)
        tt_move = None
        if entry is not None:
            e_depth, e_score, e_flag, tt_move = entry
            if ply > 0 and e_depth >= depth:
                score = score_from_tt(e_score, ply)
                if (
                    e_flag == EXACT
                    or (e_flag == LOWER and score >= beta)
                    or (e_flag == UPPER and score <= alpha)
                ):
                    return score
        moves = self._legal_moves()
        if not moves:
            return -MATE + ply if in_check else 0
        pv_node = beta - alpha > 1
        static = None
        futile = False
        if not in_check and not pv_node and abs(beta) < MATE_BOUND:
            static = evaluate(self.board, self.side)
            if depth <= 2 and static - FUTILITY_MARGIN[depth] >= beta:
                return static  # reverse futility: far above beta even after a bad move
            futile = depth <= 2 and static + FUTILITY_MARGIN[depth] <= alpha
        if (
            null_ok
            and static is not None
            and depth >= 3
            and ply > 0
            and static >= beta
            and self._has_pieces()
        ):
            saved = self._make_null()
            try:
                score = -self.negamax(depth - 3, -beta, -beta + 1, ply + 1, False)
            finally:
                self._unmake_null(saved)
            if score >= beta:
                return score if score < MATE_BOUND else beta
        original_alpha = alpha
        best = -INFINITY
        best_move = None
        for index, move in enumerate(self._order(moves, tt_move, ply)):
            quiet = not move.captured and move.promotion is None
            saved = self._make(move)
            try:
                if futile and quiet and index > 0 and not self._in_check():
                    # Futility: a quiet move that gives no check cannot lift this far-below-alpha
                    # position above alpha before the horizon.
                    best = max(best, static + FUTILITY_MARGIN[depth])  # type: ignore[operator]
                    continue
                if index == 0:
                    score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
                else:
                    reduction = 0
                    if depth >= 3 and index >= 4 and quiet and not in_check:
                        reduction = 1 if index < 12 else 2
                    score = -self.negamax(depth - 1 - reduction, -alpha - 1, -alpha, ply + 1)
                    if score > alpha and (reduction or score < beta):
                        score = -self.negamax(depth - 1, -beta, -alpha, ply + 1)
            finally:
                self._unmake(saved)
            if score > best:
                best = score
                best_move = move
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        self._reward(move, depth, ply)
                        break
        if best <= original_alpha:
            flag = UPPER
        elif best >= beta:
            flag = LOWER
        else:
            flag = EXACT
        if len(self.tt) >= TT_LIMIT:
            self.tt.clear()
        self.tt[self.hash] = (depth, score_to_tt(best, ply), flag, best_move)
        return best

    def _root_score(self, move: Move, depth: int, alpha: int, beta: int) -> int:
        saved = self._make(move)
        try:
            return -self.negamax(depth - 1, -beta, -alpha, 1)
        finally:
            self._unmake(saved)

    # --- what analysis asks (``engine.bot.lines``) --------------------------------------------
    def root_moves(self) -> list[Move]:
        """Returns the root's legal moves in the search's first order."""
        return self._order(self._legal_moves(), None, 0)

    def principal_line(self, move: Move, length: int) -> list[Move]:
        """Returns ``move`` and the replies the transposition table holds as best after it, at
        most ``length`` moves, each checked legal; the board is left as it was."""
        line, undo = [move], [self._make(move)]
        try:
            seen = {self.hash}
            while len(line) < length:
                entry = self.tt.get(self.hash)
                reply = entry[3] if entry is not None else None
                if reply is None or reply not in self._legal_moves():
                    break
                line.append(reply)
                undo.append(self._make(reply))
                if self.hash in seen:
                    break  # a repetition: the line goes round
                seen.add(self.hash)
        finally:
            for saved in reversed(undo):
                self._unmake(saved)
        return line

    def search(self, all_scores: bool = False, margin: int = INFINITY) -> SearchResult:
        """Runs iterative deepening within the limits; returns the best move found.

        With ``all_scores`` every root move gets a score at each depth (slower; used to add
        noise at the weak levels): exact for moves within ``margin`` of the best so far, an
        upper bound below that. The result is that of the deepest completed iteration, or of a
        move proven better during an unfinished one.
        """
        start = time.monotonic()
        if self.limits.time is not None:
            self.deadline = start + self.limits.time
        moves = self._legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        return iterative_deepening(
            Deepening(self._order(moves, None, 0), self._root_score, self.limits, start),
            all_scores=all_scores,
            margin=margin,
            fallback=lambda: evaluate(self.board, self.side),
            nodes=lambda: self.nodes,
        )


@dataclass
class Deepening:
    """What iterative deepening works on: the root's moves in their first order, the score of
    one root move searched to a depth within a window (``score(move, depth, alpha, beta)``, for
    the side to move at the root), the limits, and when the search started (its deadline, if
    any, is the searcher's). ``stop_when_forced``: one legal move needs no deeper search."""

    root: list[Move]
    score: Callable[[Move, int, int, int], int]
    limits: Limits
    start: float
    stop_when_forced: bool = False


def iterative_deepening(
    work: Deepening,
    all_scores: bool,
    margin: int,
    fallback: Callable[[], int],
    nodes: Callable[[], int],
) -> SearchResult:
    """Searches ``work.root`` one ply deeper at a time until the depth limit, a forced mate, or
    the time or node limit (``SearchTimeout`` from the searcher) stops it; the searches share
    this loop, each with its own board. The first move of each iteration (the previous best) is
    searched with a full window, the others with a null window and searched again if they beat
    it (principal variation search), or, with ``all_scores``, each down to ``margin`` below the
    best. ``fallback()`` scores the position when not even one iteration finished; ``nodes()``
    counts the searcher's nodes."""
    root, score_move, limits = work.root, work.score, work.limits
    best_move, best_score, depth_done = root[0], -INFINITY, 0
    scores: dict[Move, int] = {}
    for depth in range(1, max(limits.depth, 1) + 1):
        iteration: dict[Move, int] = {}
        alpha = -INFINITY
        it_best, it_score = None, -INFINITY
        try:
            for index, move in enumerate(root):
                if index == 0:
                    score = score_move(move, depth, -INFINITY, INFINITY)
                elif all_scores:
                    score = score_move(move, depth, max(it_score - margin, -INFINITY), INFINITY)
                else:
                    score = score_move(move, depth, alpha, alpha + 1)
                    if score > alpha:
                        score = score_move(move, depth, alpha, INFINITY)
                iteration[move] = score
                if score > it_score:
                    it_best, it_score = move, score
                    alpha = max(alpha, score)
        except SearchTimeout:
            # The previous best is searched first with a full window, so a move that beat it
            # in the unfinished iteration is better at this depth: trust it.
            if it_best is not None and not all_scores:
                best_move, best_score = it_best, it_score
            break
        best_move, best_score, depth_done = it_best, it_score, depth
        scores = iteration
        root.sort(key=lambda m: iteration.get(m, -INFINITY), reverse=True)
        if (work.stop_when_forced and len(root) == 1) or (
            abs(best_score) >= MATE_BOUND and depth >= MATE - abs(best_score)
        ):
            break  # one move, or a forced mate found at full width: no need to go deeper
        if limits.time is not None and time.monotonic() - work.start > 0.45 * limits.time:
            break  # the next iteration would most likely not finish
    if depth_done == 0 and best_score == -INFINITY:
        best_score = fallback()
    return SearchResult(
        move=best_move,  # type: ignore[arg-type]
        score=best_score,
        depth=depth_done,
        nodes=nodes(),
        seconds=time.monotonic() - work.start,
        scores=tuple(scores.items()) if all_scores else (),
    )


def reward_quiet(
    killers: list[Move | None], history: dict[tuple[int, int], int], move: Move, depth: int
) -> None:
    """Remembers a quiet move that cut the search off at a ply: first of that ply's two killer
    moves, and its from-to pair's history raised by the square of the depth left."""
    if killers[0] != move:
        killers[1] = killers[0]
        killers[0] = move
    key = (move.path[0], move.path[-1])
    history[key] = min(history.get(key, 0) + depth * depth, 700_000)


def score_to_tt(score: int, ply: int) -> int:
    """Returns a score as the transposition table keeps it: a mate counted from this node, not
    from the root, so it holds wherever the position is met again (every game's search)."""
    if score >= MATE_BOUND:
        return score + ply
    if score <= -MATE_BOUND:
        return score - ply
    return score


def score_from_tt(score: int, ply: int) -> int:
    """Returns a kept score as seen from the root at ``ply`` (``score_to_tt`` undone)."""
    if score >= MATE_BOUND:
        return score - ply
    if score <= -MATE_BOUND:
        return score + ply
    return score


def position_hash(position: Position) -> int:
    """Returns the Zobrist hash the search uses for ``position``."""
    board, side, castling, ep, _, _ = adapter.state_of(position)
    return full_hash(board, side, castling, ep)


def random_move(position: Position, rng: random.Random) -> Move:
    """Returns a legal move of ``position`` chosen uniformly by ``rng``."""
    moves = position.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    return rng.choice(moves)
