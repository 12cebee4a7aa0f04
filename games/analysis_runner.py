"""Runs a game's analysis in the background: one position at a time in a worker process.

``start`` is called after the commit that created (or resumed) a game's analysis. Each position's
search runs in a worker process (``games.workers.compute``), never on a request or the event
loop; its result is stored by ``services.analysis_record`` on an applier thread, which then asks
for the next position — so progress is stored and pushed to the game's clients as it comes, and
one game has one job at a time (per process; the database row guards across processes).
"""

import logging
from functools import partial

from django.conf import settings

from games import workers
from games.evaluation import evaluate_position

log = logging.getLogger(__name__)

_running: set[str] = set()


def start(game_id: str) -> bool:
    """Starts analysing a game unless this process already is. Returns whether it started."""
    if game_id in _running:
        return False
    _running.add(game_id)
    workers.run_in_database_thread(_next, game_id)
    return True


def _limits() -> tuple[int | None, float | None]:
    depth = getattr(settings, "ANALYSIS_DEPTH", None)
    time_limit = getattr(settings, "ANALYSIS_SECONDS", 0.5)
    return depth, time_limit


def _next(game_id: str) -> None:
    """Submits the first position still without an evaluation, or stops when none is left."""
    from games.models import Analysis, Game

    try:
        game = Game.objects.get(public_id=game_id)
        analysis = Analysis.objects.filter(game=game, state=Analysis.State.RUNNING).first()
        if analysis is None:
            _running.discard(game_id)
            return
        fens = list(game.moves.order_by("ply").values_list("fen_after", flat=True))
        have = set(game.evaluations.values_list("index", flat=True))
        missing = [index for index in range(len(fens) + 1) if index not in have]
        if not missing:
            _running.discard(game_id)
            return
        index = missing[0]
        depth, time_limit = _limits()
        future = workers.compute(
            evaluate_position,
            game.initial_fen,
            fens[:index],
            depth,
            time_limit,
            then=partial(_store, game_id, index),
        )
        future.add_done_callback(partial(_failed, game_id))
    except Exception:
        _running.discard(game_id)
        raise


def _failed(game_id: str, future) -> None:
    if future.cancelled() or future.exception() is not None:
        _running.discard(game_id)
        from games.services import analysis_fail

        workers.run_in_database_thread(partial(analysis_fail, game_id=game_id))


def _store(game_id: str, index: int, result: tuple[int, str, int]) -> None:
    from games.services import analysis_record

    score, best, depth = result
    try:
        analysis = analysis_record(
            game_id=game_id, index=index, score=score, best=best, depth=depth
        )
    except Exception:
        _running.discard(game_id)
        raise
    if analysis is None or analysis.state != analysis.State.RUNNING:
        _running.discard(game_id)
        return
    _next(game_id)
