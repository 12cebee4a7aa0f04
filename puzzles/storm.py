"""Puzzle storm: as many puzzles of one game as a player can solve against a clock.

A run starts with ``STORM_SECONDS`` on its clock, which starts at the run's first move. The
puzzles come harder and harder (``rating_at``), none twice while the game has another. Every
move is judged here against the stored solution, as a puzzle's is (``puzzles.services.judge``),
and the clock is the server's: a solved puzzle adds one to the score and to the combo, and the
combo's steps (``COMBO_STEPS``) give seconds back; a miss costs ``MISS_SECONDS``, breaks the
combo and moves on to the next puzzle. A move that arrives after the clock ran out (and its
``GRACE_SECONDS``) is not judged: it ends the run. Storm rounds are not rated. A signed-in
player's runs are kept, and their best score in each game is shown; a visitor's run is kept a
day, for its id, and then deleted.
"""

import random
from collections.abc import Iterator, Mapping
from datetime import UTC, datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Count, Max
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import variants
from games.domain.errors import ErrorCode, GameError
from games.services.lines import position_payload
from puzzles.models import Puzzle, StormRun
from puzzles.services import judge, nearest, replayed

STORM_SECONDS = 180
MISS_SECONDS = 10
GRACE_SECONDS = 1  # a move sent as the clock ran out still counts if it arrives this soon
# The combo's steps: reaching each gives its seconds back; past the last, every COMBO_EVERY
# more puzzles solved in a row give the last step's seconds again.
COMBO_STEPS = ((5, 3), (12, 5), (20, 7), (30, 10))
COMBO_EVERY = 10
FIRST_RATING, RATING_STEP, TOP_RATING = 800, 40, 3000
MAX_RUN_PUZZLES = 400  # a run ends when it has been shown this many
VISITOR_RUN_DAYS = 1


def combo_bonus(combo: int) -> int:
    """Returns the seconds given back when the combo reaches ``combo``."""
    for step, seconds in COMBO_STEPS:
        if combo == step:
            return seconds
    last, seconds = COMBO_STEPS[-1]
    return seconds if combo > last and (combo - last) % COMBO_EVERY == 0 else 0


def rating_at(index: int) -> float:
    """Returns the rating the run's ``index``-th puzzle (from 0) is drawn near."""
    return float(min(FIRST_RATING + RATING_STEP * index, TOP_RATING))


def pick(variant: str, shown: list[str], rng: random.Random) -> Puzzle | None:
    """Returns the next puzzle of a run that has shown ``shown``: one of the puzzles nearest
    its step's rating, none of ``shown`` while the game has another; ``None`` when the game
    has no puzzles."""
    target = rating_at(len(shown))
    puzzles = Puzzle.objects.filter(variant=variant)
    found = nearest(puzzles.exclude(public_id__in=shown), target) or nearest(puzzles, target)
    return rng.choice(found) if found else None


def start_run(user: Any, variant: str, rng: random.Random | None = None) -> dict[str, Any]:
    """Starts a run of ``variant`` for the player (a visitor's has no user) and returns it
    (``run_payload``), its first puzzle shown and its clock not yet started. Refused: a game
    the site does not play, or one without puzzles. Visitors' runs older than
    ``VISITOR_RUN_DAYS`` are deleted first."""
    if variant not in variants.VARIANTS:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("There is no game %(variant)s.") % {"variant": variant[:40]}
        )
    now = timezone.now()
    StormRun.objects.filter(
        user=None, created_at__lt=now - timedelta(days=VISITOR_RUN_DAYS)
    ).delete()
    puzzle = pick(variant, [], rng or random.Random())
    if puzzle is None:
        raise GameError(ErrorCode.NOT_FOUND, _("This game has no puzzles yet."))
    run = StormRun.objects.create(
        user=user if user.is_authenticated else None,
        variant=variant,
        puzzles=[puzzle.public_id],
    )
    return run_payload(run, user, now, puzzle=puzzle)


def locked_run(user: Any, public_id: str) -> StormRun:
    """Returns a run by its id, locked until the caller's transaction ends; refuses
    (``not_found``) an unknown run and another player's (a visitor's run is anyone's who holds
    its id)."""
    run = StormRun.objects.select_for_update().filter(public_id=str(public_id)[:12]).first()
    if run is None or (run.user_id is not None and run.user_id != user.pk):
        raise GameError(ErrorCode.NOT_FOUND, _("There is no such storm."))
    return run


def storm_move(
    user: Any,
    public_id: str,
    asked: Mapping[str, Any],
    now: datetime | None = None,
    rng: random.Random | None = None,
) -> dict[str, Any]:
    """Judges the solver's move on the run's puzzle (``asked``: ``ply``, the run's own, and
    ``move``, or ``path`` and ``promotion``) and answers ``{result, move, reply, position,
    seconds, run}``: ``right`` (the opponent's ``reply`` played; the puzzle goes on),
    ``solved`` or ``wrong`` (the run moves on to its next puzzle), or ``late`` (the clock ran
    out before the move came: it is not judged and the run is over). ``seconds`` is what the
    move gave the clock (a combo step) or took from it (a miss). The first move starts the
    clock. Refused, saying why, with the run unchanged: another's or an unknown run, a run
    that is over, a ply that is not the run's, a move that cannot be read or is not legal."""
    now = now or timezone.now()
    with transaction.atomic():
        run = locked_run(user, public_id)
        if run.ended_at is not None:
            raise GameError(ErrorCode.GAME_OVER, _("This storm is over."))
        if run.deadline is not None and now > run.deadline + timedelta(seconds=GRACE_SECONDS):
            run.ended_at = now
            run.save(update_fields=["ended_at"])
            answer = {"result": "late", "move": None, "reply": None, "position": None}
            return {**answer, "seconds": 0, "run": run_payload(run, user, now)}
        puzzle = Puzzle.objects.filter(public_id=run.puzzles[-1]).first()
        if puzzle is None:  # deleted meanwhile (by a moderator)
            raise GameError(ErrorCode.GONE, _("That puzzle was removed: start a new storm."))
        verdict = judge(puzzle, asked, ply=run.ply)
        if run.deadline is None:
            run.deadline = now + timedelta(seconds=STORM_SECONDS)
        seconds = 0
        if verdict.result == "right":
            run.ply += 2
        elif verdict.result == "solved":
            run.score += 1
            run.combo += 1
            run.best_combo = max(run.best_combo, run.combo)
            seconds = combo_bonus(run.combo)
        else:
            run.misses += 1
            run.combo = 0
            seconds = -MISS_SECONDS
        run.deadline += timedelta(seconds=seconds)
        shown = None
        if verdict.result != "right":
            run.results = [*run.results, int(verdict.result == "solved")]
            shown = move_on(run, now, rng or random.Random())
        run.save()
    position = position_payload(puzzle.variant, verdict.game)
    # After a right move the puzzle goes on from the position the reply reached: shown once.
    going_on = position if verdict.result == "right" else None
    return {
        "result": verdict.result,
        "move": verdict.move,
        "reply": verdict.reply,
        "position": position,
        "seconds": seconds,
        "run": run_payload(run, user, now, puzzle=shown or puzzle, position=going_on),
    }


def move_on(run: StormRun, now: datetime, rng: random.Random) -> Puzzle | None:
    """Ends a run whose clock is out, or that has shown ``MAX_RUN_PUZZLES``; otherwise
    shows its next puzzle and returns it."""
    if run.deadline <= now or len(run.puzzles) >= MAX_RUN_PUZZLES:
        run.ended_at = now
        return None
    puzzle = pick(run.variant, run.puzzles, rng)
    if puzzle is None:
        run.ended_at = now
        return None
    run.puzzles = [*run.puzzles, puzzle.public_id]
    run.ply = 0
    return puzzle


def end_run(user: Any, public_id: str, now: datetime | None = None) -> dict[str, Any]:
    """Ends a run (the player stops, or their clock showed no time left) and returns it; a
    run already over is returned as it ended."""
    now = now or timezone.now()
    with transaction.atomic():
        run = locked_run(user, public_id)
        if run.ended_at is None:
            run.ended_at = now
            run.save(update_fields=["ended_at"])
    return run_payload(run, user, now)


def best_score(user: Any, variant: str) -> int | None:
    """Returns a signed-in player's best storm score in a game (every run that started
    counts), or ``None`` (never played one there, or signed out)."""
    if not user.is_authenticated:
        return None
    runs = StormRun.objects.filter(user=user, variant=variant, deadline__isnull=False)
    return runs.aggregate(best=Max("score"))["best"]


def run_payload(
    run: StormRun,
    user: Any,
    now: datetime,
    puzzle: Puzzle | None = None,
    position: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Returns a run as the page and the API show it: its score, misses, combo and best combo,
    how many puzzles it has shown, its clock (``ms_left``; ``running`` once the first move
    has started it), whether it is ``over``, the player's ``best`` in the game (signed in),
    and, while it goes on, its ``puzzle`` (``id``, ``solver``, ``rating``, and the position the
    solver moves in, at ``ply``: ``position`` when the caller has it already); once it is over,
    its ``review``."""
    over = run.ended_at is not None
    if run.deadline is None:
        ms_left = STORM_SECONDS * 1000
    else:
        left = run.deadline - (run.ended_at or now)
        ms_left = max(0, int(left.total_seconds() * 1000))
    shown = None
    if not over:
        puzzle = puzzle or Puzzle.objects.filter(public_id=run.puzzles[-1]).first()
        if puzzle is not None:
            shown = {
                "id": puzzle.public_id,
                "solver": puzzle.solver,
                "rating": round(puzzle.rating),
                "position": position or position_payload(puzzle.variant, replayed(puzzle, run.ply)),
            }
    return {
        "id": run.public_id,
        "variant": run.variant,
        "score": run.score,
        "misses": run.misses,
        "combo": run.combo,
        "best_combo": run.best_combo,
        "shown": len(run.puzzles),
        "ply": run.ply,
        "ms_left": ms_left,
        "running": run.deadline is not None and not over,
        "over": over,
        "best": best_score(user, run.variant),
        "puzzle": shown,
        "review": review(run) if over else None,
    }


def review(run: StormRun) -> list[dict[str, Any]]:
    """Returns the puzzles a run is over with, in the order they came: ``{id, rating,
    solved}`` each (one removed since is left out), so that the player can play them again."""
    done = run.puzzles[: len(run.results)]
    ratings = dict(Puzzle.objects.filter(public_id__in=done).values_list("public_id", "rating"))
    return [
        {"id": puzzle_id, "rating": round(ratings[puzzle_id]), "solved": bool(solved)}
        for puzzle_id, solved in zip(done, run.results, strict=True)
        if puzzle_id in ratings
    ]


LEADERS = 10  # the day's best players a game's storm page lists


def storm_leaders(variant: str, now: datetime | None = None) -> list[dict[str, Any]]:
    """Returns the day's best storm scores of a game (the UTC day), each player's best once,
    the best first (then by name): ``{player, score}``, at most ``LEADERS``. Visitors and
    closed accounts are left out. Only the game's storms of the day are read (by the
    ``storm_of_game_by_day`` index), whatever the storms of earlier days."""
    now = now or timezone.now()
    day = now.astimezone(UTC).replace(hour=0, minute=0, second=0, microsecond=0)
    runs = StormRun.objects.filter(
        variant=variant,
        created_at__gte=day,
        user__isnull=False,
        user__is_active=True,
        deadline__isnull=False,
        score__gt=0,
    )
    rows = runs.values("user__username").annotate(best=Max("score"))
    return [
        {"player": row["user__username"], "score": row["best"]}
        for row in rows.order_by("-best", "user__username")[:LEADERS]
    ]


def storm_bests(user: Any) -> list[dict[str, Any]]:
    """Returns a player's best storm score in each game they have played a storm of, the best
    first: ``{variant, best, runs}`` (``runs``: the storms that started)."""
    runs = StormRun.objects.filter(user=user, deadline__isnull=False)
    rows = runs.values("variant").annotate(best=Max("score"), runs=Count("pk"))
    return [
        {"variant": row["variant"], "best": row["best"], "runs": row["runs"]}
        for row in rows.order_by("-best", "variant")
    ]


def storm_runs(user: Any) -> Iterator[dict[str, Any]]:
    """Yields a player's storms that started, oldest first, for their data download."""
    runs = StormRun.objects.filter(user=user, deadline__isnull=False).order_by("id")
    fields = ("public_id", "variant", "score", "misses", "best_combo", "created_at")
    for storm_id, variant, score, misses, best_combo, at in runs.values_list(*fields).iterator(
        chunk_size=1000
    ):
        yield {
            "id": storm_id,
            "variant": variant,
            "score": score,
            "misses": misses,
            "best_combo": best_combo,
            "at": at.isoformat(),
        }
