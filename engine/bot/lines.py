"""The engine's view of a position for the analysis board: its best lines, deeper and deeper.

This module owns multi-PV analysis over the bot's two searches (Chesskers' own and the generic
one): one ply deeper at a time, each root move scored exactly while it stays among the best
``lines`` and with a null window below them, and after each completed depth a report of the best
lines — their scores from White's side and their principal variations in the game's own
notation. It reports as it deepens (a generator), so a caller can show each depth as it comes
and stop whenever it likes; it keeps no state between calls.

Scores: centipawns (hundredths of a pawn, or of a man in the checkers family) from White's side,
or ``mate``: the moves to a forced win, negative when Black wins.
"""

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from engine.bot import _Start
from engine.bot.evaluation import MATE
from engine.bot.search import INFINITY, MATE_BOUND, MAX_PLY, Limits, SearchTimeout
from engine.errors import CaptureSearchError
from engine.moves import Move

MAX_LINES = 3
PV_LENGTH = 12  # moves of a line shown: enough to read a plan, a few hundred bytes


class Control:
    """A handle on a running analysis for another thread: ``stop()`` ends its search within a
    few dozen nodes (it moves the searcher's deadline, which the search reads as it goes), and
    no further report is yielded."""

    def __init__(self) -> None:
        self.stopped = False
        self._searcher: Any = None

    def stop(self) -> None:
        """Stops the analysis this handle was given to, now or as soon as it starts."""
        self.stopped = True
        if self._searcher is not None:
            self._searcher.deadline = 0.0

    def nodes(self) -> int:
        """Returns the nodes the search has visited so far, a depth it did not finish included."""
        return self._searcher.nodes if self._searcher is not None else 0

    def attach(self, searcher: Any) -> None:
        self._searcher = searcher
        if self.stopped:
            searcher.deadline = 0.0


@dataclass(frozen=True)
class Line:
    """One line: its score from White's side (centipawns, or a mate's moves in ``mate``) and
    its moves in the game's notation, the first being the move the line is about."""

    cp: int | None
    mate: int | None
    pv: tuple[str, ...]

    def payload(self) -> dict[str, Any]:
        """Returns the line as the analysis socket sends it."""
        score = {"mate": self.mate} if self.mate is not None else {"cp": self.cp}
        return {"score": score, "pv": list(self.pv)}


@dataclass(frozen=True)
class Report:
    """What one completed depth found: the depth, the best lines (best first), and the nodes
    and seconds the whole analysis has spent so far."""

    depth: int
    lines: tuple[Line, ...]
    nodes: int
    seconds: float


def white_score(score: int, side: int) -> tuple[int | None, int | None]:
    """Returns ``(cp, mate)`` from White's side for a search score for the side to move
    (``side`` 1 for White): a win in n plies is a mate in (n + 1) // 2 moves."""
    if abs(score) >= MATE_BOUND:
        plies = MATE - abs(score)
        moves = (plies + 1) // 2
        return None, moves * (1 if score > 0 else -1) * side
    return score * side, None


def analyse_lines(
    fen: str,
    variant: str,
    lines: int = 1,
    time_limit: float = 2.0,
    node_limit: int | None = None,
    max_depth: int = MAX_PLY // 2,
    history_fens: Sequence[str] = (),
    control: Control | None = None,
) -> Iterator[Report]:
    """Yields a ``Report`` after each completed depth of a search of ``fen`` in ``variant``
    (the game's id), with the best ``lines`` (1 to 3, fewer when fewer moves are legal), until
    ``max_depth``, ``time_limit`` seconds, ``node_limit`` nodes, a forced win found at full
    width, or ``control.stop()``. A draw is worth nothing to either side (no contempt). Raises
    ``ValueError`` (``InvalidFenError``, ``CaptureSearchError``) for a position the engine
    refuses, or one where the game is over (no legal move)."""
    if not 1 <= lines <= MAX_LINES:
        raise ValueError(f"lines must be 1 to {MAX_LINES}, got {lines!r}")
    if not time_limit > 0:
        raise ValueError(f"time limit must be positive, got {time_limit!r}")
    start = _Start(variant, fen, history_fens)
    if not start.position.has_legal_move():
        raise ValueError("no legal move: the game is over")
    began = time.monotonic()
    searcher: Any = start.searcher(Limits(nodes=node_limit, time=time_limit), contempt=False)
    searcher.deadline = began + time_limit
    if control is not None:
        control.attach(searcher)
    root: list[Move] = searcher.root_moves()
    wanted = min(lines, len(root))
    side = start.position.side
    for depth in range(1, max_depth + 1):
        try:
            scores = _iteration(searcher, root, wanted, depth)
        except SearchTimeout:
            return
        if control is not None and control.stopped:
            return
        root.sort(key=lambda move: scores[move], reverse=True)
        best = [(move, scores[move]) for move in root[:wanted]]
        yield Report(
            depth,
            tuple(_line(start, searcher, move, score, side) for move, score in best),
            searcher.nodes,
            time.monotonic() - began,
        )
        top = best[0][1]
        if abs(top) >= MATE_BOUND and depth >= MATE - abs(top):
            return  # a forced win found at full width: deeper finds nothing new


def _iteration(searcher: Any, root: list[Move], wanted: int, depth: int) -> dict[Move, int]:
    """Scores every root move at ``depth``: the first ``wanted`` (the previous best) exactly,
    each other with a null window at the ``wanted``-th best so far, again exactly if it beats
    it."""
    scores: dict[Move, int] = {}
    for index, move in enumerate(root):
        if index < wanted:
            scores[move] = searcher._root_score(move, depth, -INFINITY, INFINITY)
            continue
        floor = sorted(scores.values(), reverse=True)[wanted - 1]
        score = searcher._root_score(move, depth, floor, floor + 1)
        if score > floor:
            score = searcher._root_score(move, depth, floor, INFINITY)
        scores[move] = score
    return scores


def _line(start: _Start, searcher: Any, move: Move, score: int, side: int) -> Line:
    cp, mate = white_score(score, side)
    return Line(cp, mate, tuple(line_texts(start, searcher.principal_line(move, PV_LENGTH))))


def line_texts(start: _Start, moves: Sequence[Move]) -> list[str]:
    """Returns the moves of a line from the start position in the game's canonical text."""
    variant = start.variant
    position = variant.position(start.position.fen())
    texts = []
    for move in moves:
        try:
            texts.append(variant.move_text(position, move))
        except (ValueError, CaptureSearchError):
            break
        position = position.play_unchecked(move)
    return texts
