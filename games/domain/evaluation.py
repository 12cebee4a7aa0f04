"""Game analysis, the pure part: the bot's verdict on one position (run in a worker process),
the analysis board's lines as the search deepens (streamed from a worker process), and the
judgement of each ply from the verdicts before and after it.

Imports the engine only — no Django — so a worker process can run ``evaluate_position`` with
plain values. Storing and telling clients is ``games.services.analysis``.
"""

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from engine import variants
from engine.bot import analyse
from engine.bot.lines import Control, analyse_lines
from engine.pieces import Color

MATE = 100000
# Scores beyond a clear win are all "winning": a mate found one ply later is no mistake.
CAP = 1000
# Centipawns lost by the mover (from the mover's side, capped) for each judgement.
THRESHOLDS = (("blunder", 300), ("mistake", 150), ("inaccuracy", 60))


def evaluate_position(
    initial_fen: str,
    fens_after: Sequence[str],
    depth: int | None,
    time_limit: float | None,
    variant: str = variants.DEFAULT.id,
) -> tuple[int, str, int]:
    """Returns ``(score, best, depth)`` for the last position of a game of ``variant`` (the
    game's id, ``Game.variant``) from ``initial_fen`` through ``fens_after``: the score in
    centipawns from White's side, the best move's canonical text and the depth searched. A
    position where the game is over scores as its rules end it (a win ±MATE, any draw 0) with
    no best move."""
    game = variants.get(variant).game_from_fens(initial_fen, list(fens_after))
    outcome = game.outcome()
    if outcome.is_over:
        if outcome.winner is None:
            return 0, "", 0
        return (MATE if outcome.winner is Color.WHITE else -MATE), "", 0
    history = [initial_fen, *fens_after]
    score, machine, reached = analyse(
        game.fen(), time_limit=time_limit, depth=depth, history_fens=history, variant=variant
    )
    best = game.move_text(game.parse_move(machine))
    return score, best, reached


def position_lines(
    fen: str, variant: str, lines: int, seconds: float, control: Control | None = None
) -> Iterator[dict[str, Any]]:
    """Yields the analysis board's report of each depth searched in ``fen`` of ``variant``
    (``engine.bot.lines``), for ``seconds`` at most: ``{depth, lines: [{score, pv}], nodes,
    seconds}``, the lines' scores from White's side and their moves in the game's notation."""
    for report in analyse_lines(fen, variant, lines=lines, time_limit=seconds, control=control):
        yield {
            "depth": report.depth,
            "lines": [line.payload() for line in report.lines],
            "nodes": report.nodes,
            "seconds": round(report.seconds, 3),
        }


def capped(score: int) -> int:
    return max(-CAP, min(CAP, score))


def judge(before: int, after: int, white_moved: bool) -> tuple[int, str | None]:
    """Returns the centipawns the mover lost by a ply (never negative) and its judgement:
    ``inaccuracy``, ``mistake``, ``blunder`` or None."""
    sign = 1 if white_moved else -1
    loss = max(0, sign * (capped(before) - capped(after)))
    for name, threshold in THRESHOLDS:
        if loss >= threshold:
            return loss, name
    return loss, None


def tally(plies: Iterable[Mapping[str, Any]]) -> dict[str, dict[str, int | None]]:
    """Returns each side's tally of a game's judged plies (each ``{side, loss, judgement}``):
    ``{"white": {inaccuracy, mistake, blunder, acpl}, "black": …}``, ``acpl`` the average
    centipawns a move lost (each move's loss capped, as ``judge`` counts it), rounded, or None
    for a side with no ply judged."""
    sides: dict[str, dict[str, int | None]] = {}
    for side in ("white", "black"):
        own = [ply for ply in plies if ply["side"] == side]
        counts: dict[str, int | None] = {
            name: sum(1 for ply in own if ply["judgement"] == name) for name, _ in THRESHOLDS
        }
        counts["acpl"] = round(sum(ply["loss"] for ply in own) / len(own)) if own else None
        sides[side] = counts
    return sides
