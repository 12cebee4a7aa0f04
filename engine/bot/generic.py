"""The bot's search for every game but Chesskers, over the engine's variant interface.

This module owns how the bot looks ahead in a game of the draughts family or a hybrid:
principal variation search with iterative deepening, a transposition table keyed by the
position's repetition key (``VariantPosition.key``), move ordering (the table's move, captures
by the value they take, killer moves, the history heuristic), an extension for a check and for
a single reply (a forced capture), late-move reductions in Gothic (``REDUCED``), contempt for
draws in Game Mix (``CONTEMPT``; not when analysing), and a quiescence search over captures. It
takes every rule from the variant: the legal moves, the effect of a move (``play_unchecked``)
and the end of the game (``Variant.outcome``); the evaluation is the family's
(``engine.bot.families``).

Chesskers keeps its own search (``engine.bot.search``): it plays on a mutable board with an
incremental Zobrist hash, several times faster than immutable positions allow. Scores, limits
and results are that module's (``Limits``, ``SearchResult``, ``MATE``): centipawns for the side
to move, a win in n plies ``MATE - n``. A repetition of a position of the game or of the search
path scores 0.
"""

import random
import time
from collections.abc import Hashable, Iterable

from engine.bot.evaluation import MATE
from engine.bot.families import Evaluator, evaluator_for, opponent_mobility
from engine.bot.search import (
    INFINITY,
    MAX_PLY,
    Deepening,
    Limits,
    SearchResult,
    SearchTimeout,
    iterative_deepening,
    reward_quiet,
    score_from_tt,
    score_to_tt,
)
from engine.errors import CaptureSearchError
from engine.moves import Move, MoveKind
from engine.variant import Variant, VariantPosition

QUIESCENCE_DEPTH = 6  # plies of captures after the horizon
TT_LIMIT = 200_000  # entries kept before the table is cleared
EXACT, LOWER, UPPER = 0, 1, 2
REMOVAL = MoveKind.REMOVAL
# Games searched with late-move reductions: Gothic, whose 30 to 45 moves a position leave a
# full-width search little depth for its nodes (bench/RESULTS.md, "Bot in every game"). The
# others keep the full-width search their ladder was measured with.
REDUCED = frozenset(("gothic",))
# Games whose draws the side searching counts as worth this much less than nothing (contempt).
# In Game Mix the first contact of two whole armies joins every piece, which with as many
# pieces each ends the game drawn on the spot: without contempt the bot took that draw whenever
# the opening had left it a little behind, and threw away games a weaker player would lose.
# Further behind than this, it still takes the draw.
CONTEMPT = {"game-mix": 400}

_EVALUATORS: dict[str, Evaluator] = {}


def evaluator(variant: Variant) -> Evaluator:
    """Returns ``variant``'s evaluation tables, built once per process."""
    found = _EVALUATORS.get(variant.id)
    if found is None:
        found = _EVALUATORS[variant.id] = evaluator_for(variant)
    return found


def is_capture(move: Move) -> bool:
    """Returns whether ``move`` takes enemy pieces (Hawaiian's removals take the mover's own)."""
    return bool(move.captured) and move.kind is not REMOVAL


def is_quiet(move: Move) -> bool:
    """Returns whether ``move`` neither takes nor promotes: what the quiescence search leaves
    out, killer moves and history remember, and late-move reductions may search shallower."""
    return not is_capture(move) and move.promotion is None


class GenericSearcher:
    """One search of one game's position. Not thread-safe; make one per decision."""

    def __init__(
        self,
        variant: Variant,
        position: VariantPosition,
        history_keys: Iterable[Hashable] = (),
        limits: Limits | None = None,
        contempt: bool = True,
    ) -> None:
        self.variant = variant
        self.root = position
        self.limits = limits or Limits()
        self.eval = evaluator(variant)
        self.has_check = variant.family == "hybrid" and getattr(variant, "has_check", False)
        # Keys of the game so far (for repetition), then of the search path, with how often
        # each occurs on it.
        self.path: list[Hashable] = []
        self.seen: dict[Hashable, int] = {}
        for key in (*history_keys, position.key()):
            self._push(key)
        self.tt: dict[Hashable, tuple[int, int, int, Move | None]] = {}
        self.killers: list[list[Move | None]] = [[None, None] for _ in range(MAX_PLY + 8)]
        self.history: dict[tuple[int, int], int] = {}
        self.nodes = 0
        self.deadline: float | None = None
        self.reduces = variant.id in REDUCED
        self.contempt = CONTEMPT.get(variant.id, 0) if contempt else 0
        self.root_side = position.side

    # --- facts -------------------------------------------------------------------------------
    def _tick(self) -> None:
        self.nodes += 1
        limit = self.limits.nodes
        if limit is not None and self.nodes >= limit:
            raise SearchTimeout
        if self.deadline is not None and not self.nodes & 31 and time.monotonic() > self.deadline:
            raise SearchTimeout

    def _end_score(self, position: VariantPosition, ply: int) -> int | None:
        """Returns the score of a position where the game is over by its rules, else None. A
        position whose moves the engine refuses to find (``CaptureSearchError``: its capture
        search over the budget) is one no game may be played into: it scores as a loss for the
        side that moved there."""
        try:
            outcome = self.variant.outcome(position, 1)
        except CaptureSearchError:
            return MATE - ply
        if not outcome.is_over:
            return None
        if outcome.winner is None:
            return self._draw(position)
        return MATE - ply if outcome.winner is position.turn else -MATE + ply

    def _draw(self, position: VariantPosition) -> int:
        # A draw is worth less than nothing to the side searching (contempt).
        return -self.contempt if position.side == self.root_side else self.contempt

    def _push(self, key: Hashable) -> None:
        self.path.append(key)
        self.seen[key] = self.seen.get(key, 0) + 1

    def _pop(self) -> None:
        self.seen[self.path.pop()] -= 1

    def _repeated(self) -> bool:
        return self.seen[self.path[-1]] > 1

    def _in_check(self, position: VariantPosition) -> bool:
        return self.has_check and position.is_check()  # type: ignore[attr-defined]

    def _evaluate(self, position: VariantPosition, moves: int, in_check: bool) -> int:
        if self.eval.both_mobilities:
            moves -= opponent_mobility(position)  # type: ignore[arg-type]
        return self.eval.evaluate(position.board, position.side, moves, in_check)  # type: ignore[attr-defined]

    # --- ordering ------------------------------------------------------------------------------
    def _gain(self, board: tuple[int, ...], move: Move) -> int:
        if not is_capture(move):
            return 0
        value = self.eval.value
        return sum(value(board[s]) for s in move.captured)

    def _order(
        self, position: VariantPosition, moves: list[Move], tt_move: Move | None, ply: int
    ) -> list[Move]:
        killers = self.killers[ply]
        history = self.history
        board = position.board  # type: ignore[attr-defined]
        scored = []
        for m in moves:
            if m == tt_move:
                s = 10_000_000
            elif not is_quiet(m):
                s = 1_000_000 + 10 * self._gain(board, m) - len(m.path)
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
        if is_quiet(move):
            reward_quiet(self.killers[ply], self.history, move, depth)

    def _child(self, position: VariantPosition, move: Move) -> VariantPosition:
        child = position.play_unchecked(move)
        self._push(child.key())
        return child

    # --- search --------------------------------------------------------------------------------
    def quiescence(
        self, position: VariantPosition, alpha: int, beta: int, ply: int, qdepth: int
    ) -> int:
        """Returns the score after the captures settle down. When every legal move is a capture
        (the family's compulsory capture) or the side is in check, it may not stand pat."""
        self._tick()
        if self._repeated():
            return 0
        end = self._end_score(position, ply)
        if end is not None:
            return end
        moves = position.legal_moves()
        in_check = self._in_check(position)
        captures = [m for m in moves if not is_quiet(m)]
        forced = in_check or (captures and len(captures) == len(moves))
        if qdepth >= QUIESCENCE_DEPTH or ply >= MAX_PLY:
            return self._evaluate(position, len(moves), in_check)
        if forced:
            best = -INFINITY
            candidates = moves
        else:
            best = self._evaluate(position, len(moves), in_check)
            if best >= beta:
                return best
            alpha = max(alpha, best)
            candidates = captures
        for move in self._order(position, candidates, None, ply):
            child = self._child(position, move)
            try:
                score = -self.quiescence(child, -beta, -alpha, ply + 1, qdepth + 1)
            finally:
                self._pop()
            if score > best:
                best = score
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        break
        return best

    def negamax(
        self, position: VariantPosition, depth: int, alpha: int, beta: int, ply: int
    ) -> int:
        """Returns the score of ``position`` searched ``depth`` plies deep (fail-soft)."""
        if ply > 0 and self._repeated():
            self._tick()
            return self._draw(position)
        end = self._end_score(position, ply)
        if end is not None:
            self._tick()
            return end
        moves = position.legal_moves()
        if ply < MAX_PLY // 2 and (len(moves) == 1 or self._in_check(position)):
            depth += 1  # a forced reply or a check is never left at the horizon
        if depth <= 0 or ply >= MAX_PLY:
            if self.limits.quiescence and self.eval.settles:
                return self.quiescence(position, alpha, beta, ply, 0)
            self._tick()
            return self._evaluate(position, len(moves), False)
        self._tick()
        alpha = max(alpha, -MATE + ply)
        beta = min(beta, MATE - ply - 1)
        if alpha >= beta:
            return alpha
        key = self.path[-1]
        entry = self.tt.get(key)
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
        original_alpha = alpha
        best, best_move = -INFINITY, None
        reducing = self.reduces and depth >= 3 and not self._in_check(position)
        for index, move in enumerate(self._order(position, moves, tt_move, ply)):
            child = self._child(position, move)
            try:
                if index == 0:
                    score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
                else:
                    reduction = 0
                    if reducing and index >= 3 and is_quiet(move):
                        # Late-move reduction: a quiet move ordered this late is searched
                        # shallower, and again at full depth only if it beats alpha.
                        reduction = 1 if index < 10 else 2
                    score = -self.negamax(child, depth - 1 - reduction, -alpha - 1, -alpha, ply + 1)
                    if score > alpha and (reduction or score < beta):
                        score = -self.negamax(child, depth - 1, -beta, -alpha, ply + 1)
            finally:
                self._pop()
            if score > best:
                best, best_move = score, move
                if score > alpha:
                    alpha = score
                    if score >= beta:
                        self._reward(move, depth, ply)
                        break
        flag = UPPER if best <= original_alpha else LOWER if best >= beta else EXACT
        if len(self.tt) >= TT_LIMIT:
            self.tt.clear()
        self.tt[key] = (depth, score_to_tt(best, ply), flag, best_move)
        return best

    def _root_score(self, move: Move, depth: int, alpha: int, beta: int) -> int:
        child = self._child(self.root, move)
        try:
            return -self.negamax(child, depth - 1, -beta, -alpha, 1)
        finally:
            self._pop()

    # --- what analysis asks (``engine.bot.lines``) --------------------------------------------
    def root_moves(self) -> list[Move]:
        """Returns the root's legal moves in the search's first order."""
        return self._order(self.root, self.root.legal_moves(), None, 0)

    def principal_line(self, move: Move, length: int) -> list[Move]:
        """Returns ``move`` and the replies the transposition table holds as best after it, at
        most ``length`` moves, each checked legal."""
        line = [move]
        position = self.root.play_unchecked(move)
        seen = {position.key()}
        while len(line) < length:
            entry = self.tt.get(position.key())
            reply = entry[3] if entry is not None else None
            try:
                legal = reply is not None and reply in position.legal_moves()
            except CaptureSearchError:
                legal = False  # a position the engine refuses ends the line
            if not legal:
                break
            line.append(reply)
            position = position.play_unchecked(reply)
            if position.key() in seen:
                break  # a repetition: the line goes round
            seen.add(position.key())
        return line

    def search(self, all_scores: bool = False, margin: int = INFINITY) -> SearchResult:
        """Runs iterative deepening within the limits (``engine.bot.search``'s loop, which a
        single legal move stops at once); returns the best move found. With ``all_scores``
        every root move gets a score (exact within ``margin`` of the best), as
        ``engine.bot.search.Searcher.search`` gives them for the weak levels' noise."""
        start = time.monotonic()
        if self.limits.time is not None:
            self.deadline = start + self.limits.time
        position = self.root
        moves = position.legal_moves()
        if not moves:
            raise ValueError("no legal move: the game is over")
        root = self._order(position, moves, None, 0)
        return iterative_deepening(
            Deepening(root, self._root_score, self.limits, start, stop_when_forced=True),
            all_scores=all_scores,
            margin=margin,
            fallback=lambda: self._evaluate(position, len(moves), False),
            nodes=lambda: self.nodes,
        )


def random_move(position: VariantPosition, rng: random.Random) -> Move:
    """Returns a legal move of ``position`` chosen uniformly by ``rng``."""
    moves = position.legal_moves()
    if not moves:
        raise ValueError("no legal move: the game is over")
    return rng.choice(moves)
