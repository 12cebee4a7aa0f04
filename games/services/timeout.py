"""Ending games on time: a clock that ran out loses (or draws, when the side with time could
never win), a side that did not make its first move in time aborts the game.

Three callers, one rule (``end_on_time``): the flag timer of the process serving the game
(``games.services.flag_timer``, through ``flag_games``) at the deadline itself, the periodic sweep
(``flag_overdue``) for the games whose process is gone, and a move that arrives after its side ran
out (``games.services.moves.game_play``). Each locks the game and checks the deadline against the
time it was given, so a game is ended once, by whichever comes first.
"""

from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.domain import clock
from games.domain.errors import GameError
from games.models import Game
from games.services.core import (
    FINISH_FIELDS,
    abort,
    finish,
    lock_game,
    opponent,
    publish_state,
    win_for,
)


def end_on_time(game: Game, now: datetime) -> bool:
    """Ends a locked live game whose side to move ran out by ``now``, saves and publishes it;
    returns whether it ended (False if its clock has not run out)."""
    if game.status != Game.Status.LIVE or not clock.out_of_time(game, now):
        return False
    if clock.first_moves(game):
        abort(game, at=now)
    else:
        winner = opponent(game.turn)
        if clock.can_win(game.variant, game.fen, winner):
            finish(game, result=win_for(winner), termination=Game.Termination.TIMEOUT, at=now)
        else:
            finish(game, result=Game.Result.DRAW, termination=Game.Termination.TIMEOUT, at=now)
    game.save(update_fields=FINISH_FIELDS)
    publish_state(game, answer=False)
    return True


def flag_game(game_id: str, now: datetime | None = None) -> bool:
    """Ends the game on time if its clock has run out by ``now``; returns whether it did."""
    now = now or timezone.now()
    with transaction.atomic():
        try:
            game = lock_game(game_id)
        except GameError:
            return False
        return end_on_time(game, now)


def flag_games(*, game_ids: list[str], now: datetime | None = None) -> list[str]:
    """``flag_game`` for each game; returns the ids of those that ended."""
    return [game_id for game_id in game_ids if flag_game(game_id, now)]


def overdue(now: datetime) -> list[str]:
    """Returns the live games whose clock has run out by ``now`` (the deadline's index)."""
    games = Game.objects.filter(clock_deadline__lte=now, status=Game.Status.LIVE)
    return list(games.order_by("clock_deadline").values_list("public_id", flat=True))


def flag_overdue(now: datetime | None = None) -> int:
    """Ends every live game whose clock has run out (the sweep's safety net, after a restart);
    returns how many ended."""
    now = now or timezone.now()
    return len(flag_games(game_ids=overdue(now), now=now))


def deadlines(game_ids: list[str]) -> dict[str, datetime]:
    """Returns the running deadline of each of the games that has one."""
    rows = Game.objects.filter(
        public_id__in=game_ids, status=Game.Status.LIVE, clock_deadline__isnull=False
    ).values_list("public_id", "clock_deadline")
    return dict(rows)
