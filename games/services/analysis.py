"""The bot's analysis of a finished game: asked for by a player, run in the background one
position at a time in a worker process, stored and pushed to the game's clients as it comes.

``game_analyse`` starts (or resumes) a game's analysis after commit (``_start``); each position's
search runs in a worker process (``games.services.workers.compute``), never on a request or the
event loop; its result is stored by ``analysis_record`` on an applier thread, which then asks for
the next position. One game has one job at a time (per process; the database row guards across
processes). What a position's verdict is, is ``games.domain.evaluation`` (pure).
"""

from datetime import datetime
from functools import partial

from django.conf import settings
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.domain.errors import ErrorCode, GameError
from games.domain.evaluation import evaluate_position
from games.domain.policy import ANALYSIS_STALE_AFTER, MAX_RUNNING_ANALYSES
from games.models import Analysis, Evaluation, Game
from games.reads.analysis import analysis_payload
from games.services import workers
from games.services.core import Actor, lock_game
from games.storage import broadcast


def game_analyse(*, game_id: str, actor: Actor, now: datetime | None = None) -> Analysis:
    """Starts the bot's analysis of a finished game in the background (one job per game) and
    returns its record; an analysis running or done is returned as it is. One left running by a
    process that died (no progress for ``ANALYSIS_STALE_AFTER``) is resumed."""
    if actor.user_id is None:
        raise GameError(ErrorCode.FORBIDDEN, _("Sign in to analyse games."))
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.FINISHED:
            raise GameError(ErrorCode.NOT_ALLOWED, _("A game is analysed once it is finished."))
        analysis = Analysis.objects.filter(game=game).first()
        if analysis is not None and (
            analysis.state == Analysis.State.DONE
            or (
                analysis.state == Analysis.State.RUNNING
                and analysis.updated_at > now - ANALYSIS_STALE_AFTER
            )
        ):
            return analysis
        require_analysis_room(actor, game, now)
        total, done = game.ply + 1, game.evaluations.count()
        if analysis is None:
            analysis = Analysis.objects.create(
                game=game,
                requested_by_id=actor.user_id,
                state=Analysis.State.RUNNING,
                total=total,
                done=done,
            )
        else:
            analysis.state, analysis.total, analysis.done = Analysis.State.RUNNING, total, done
            analysis.save(update_fields=["state", "total", "done", "updated_at"])
        # Told before the job starts: told after, its payload (read once committed) could
        # already count the job's first positions, and reach watchers after their progress.
        publish_analysis(game)
        transaction.on_commit(lambda: _start(game.public_id))
    return analysis


def require_analysis_room(actor: Actor, game: Game, now: datetime) -> None:
    """Refuses a new analysis to a user who has ``MAX_RUNNING_ANALYSES`` running (of other
    games, with progress within ``ANALYSIS_STALE_AFTER``): each user gets a fair share."""
    running = (
        Analysis.objects.filter(
            requested_by_id=actor.user_id,
            state=Analysis.State.RUNNING,
            updated_at__gt=now - ANALYSIS_STALE_AFTER,
        )
        .exclude(game=game)
        .count()
    )
    if running >= MAX_RUNNING_ANALYSES:
        raise GameError(
            ErrorCode.NOT_ALLOWED,
            _("You have %(running)s analyses running: wait for one to finish.")
            % {"running": running},
        )


def publish_analysis(game: Game) -> None:
    """Sends the game's analysis as it is after commit to the game's group."""
    transaction.on_commit(
        lambda: broadcast.send_now(
            broadcast.game_group(game.public_id),
            {"type": "game.analysis", "analysis": analysis_payload(game)},
        )
    )


def analysis_record(
    *, game_id: str, index: int, score: int, best: str, depth: int
) -> Analysis | None:
    """Stores the evaluation of one position of a game being analysed and counts it; when the
    last is in, the analysis is done. Returns the analysis (None if it was dropped meanwhile)."""
    with transaction.atomic():
        game = lock_game(game_id)
        analysis = Analysis.objects.select_for_update().filter(game=game).first()
        if analysis is None or analysis.state != Analysis.State.RUNNING:
            return None
        Evaluation.objects.update_or_create(
            game=game, index=index, defaults={"score": score, "best": best, "depth": depth}
        )
        analysis.done = game.evaluations.count()
        if analysis.done >= analysis.total:
            analysis.state = Analysis.State.DONE
        analysis.save(update_fields=["done", "state", "updated_at"])
        publish_analysis(game)
    return analysis


def analysis_fail(*, game_id: str) -> None:
    """Marks a game's analysis failed (it may be asked for again)."""
    with transaction.atomic():
        game = lock_game(game_id)
        Analysis.objects.filter(game=game, state=Analysis.State.RUNNING).update(
            state=Analysis.State.FAILED, updated_at=timezone.now()
        )
        publish_analysis(game)


# --- the background job -----------------------------------------------------------------------
_running: set[str] = set()


def _start(game_id: str) -> bool:
    """Starts analysing a game unless this process already is. Returns whether it started."""
    if game_id in _running:
        return False
    _running.add(game_id)
    workers.run_in_database_thread(_next, game_id)
    return True


def analysis_limits() -> tuple[int | None, float | None]:
    """The depth and seconds of the search of each position analysed (``ANALYSIS_DEPTH``,
    ``ANALYSIS_SECONDS``): a game's analysis and the tries of learning from it judge alike."""
    depth = getattr(settings, "ANALYSIS_DEPTH", None)
    time_limit = getattr(settings, "ANALYSIS_SECONDS", 0.5)
    return depth, time_limit


def _next(game_id: str) -> None:
    """Submits the first position still without an evaluation, or stops when none is left."""
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
        depth, time_limit = analysis_limits()
        future = workers.compute(
            evaluate_position,
            game.initial_fen,
            fens[:index],
            depth,
            time_limit,
            game.variant,
            then=partial(_store, game_id, index),
            kind=workers.ANALYSIS,
        )
        future.add_done_callback(partial(_failed, game_id))
    except Exception:
        _running.discard(game_id)
        raise


def _failed(game_id: str, future: workers.Future) -> None:
    if future.cancelled() or future.exception() is not None:
        _running.discard(game_id)
        workers.run_in_database_thread(partial(analysis_fail, game_id=game_id))


def _store(game_id: str, index: int, result: tuple[int, str, int]) -> None:
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
