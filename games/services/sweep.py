"""The periodic sweep: the safety net that makes timers and presence survive dead processes.

Every server process runs it every ``GAMES_SWEEP_INTERVAL`` seconds (``games.edges.realtime``), and
``manage.py sweep_games`` runs it once; it is safe anywhere, at any time, in several processes
at once.
"""

from datetime import datetime

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from games.domain.errors import GameError
from games.domain.policy import fresh_since
from games.models import Game
from games.reads.state import presence_of
from games.services.core import lock_game
from games.services.lobby import withdraw_left
from games.services.presence import presence_changed, settle_absence
from games.services.timeout import flag_overdue
from games.storage import sql


def sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Prunes connections of dead processes, enforces every running absence clock,
    withdraws the seeks and lobby challenges of players who left the lobby
    (``lobby.withdraw_left``; ``withdrawn`` counts both) and ends every game whose clock ran
    out (``timeout.flag_overdue``, counted as ``forfeited``): the flag timer's safety net,
    for the games whose serving process is gone.

    A game whose connections this sweep pruned has its absence settled and its table told who
    is there now (``presence_changed``): a player whose process died is seen to have left, and
    the opponent sees the clock start. A game nobody is left at, with no clock running, has
    nothing to settle and no one to tell. Each pruned row is settled by the one sweep that
    deleted it (``sql.delete_stale_connections``), so processes sweeping together share the
    games out instead of each locking every one.
    """
    now = now or timezone.now()
    fresh = fresh_since(now)
    withdrawn = withdraw_left(now)
    pruned_games = sql.delete_stale_connections(fresh)
    # Of those games, the ones with someone still there to tell, or a clock to settle.
    heard = Q(connections__last_seen__gte=fresh) | Q(absence_side__isnull=False)
    pruned = Game.objects.filter(heard, pk__in=set(pruned_games))
    told = set(pruned.values_list("public_id", flat=True))
    counting = Game.objects.filter(status=Game.Status.LIVE, absence_side__isnull=False)
    clocked = set(counting.values_list("public_id", flat=True))
    forfeited = 0
    for public_id in sorted(told | clocked):
        with transaction.atomic():
            try:
                game = lock_game(public_id)
            except GameError:
                continue
            was_live = game.status == Game.Status.LIVE
            if public_id in told:
                presence_changed(game, now)
            else:
                settle_absence(game, presence_of(game, now), now)
            forfeited += was_live and game.status == Game.Status.FINISHED
    forfeited += flag_overdue(now)
    return {"pruned": len(pruned_games), "forfeited": forfeited, "withdrawn": withdrawn}
