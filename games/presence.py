"""Who is at a game's table, and the absence clock: a player who leaves an online game mid-game
has ``ABANDON_AFTER`` to come back, counted while the opponent waits at the table, or forfeits.

A game's sockets are ``Connection`` rows, opened and closed by the game's consumer and kept fresh
by their heartbeats; a row not heard from within ``CONNECTION_STALE_AFTER`` belongs to a process
that died (the sweep, ``games.sweep``, prunes it). The clock is stored on the game
(``absence_side``, ``absence_since``, ``*_absent_seconds``), so it survives restarts and works
across processes: whoever sees the game next settles it.
"""

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone

from chesskers_site.db import update_in_chunks
from games import broadcast
from games.clock import clocked
from games.core import (
    FINISH_FIELDS,
    Actor,
    actor_color,
    finish,
    lock_game,
    opponent,
    publish_state,
    win_for,
)
from games.models import Color, Connection, Game
from games.policy import ABANDON_AFTER
from games.reads.state import absence_payload, bot_human_color, presence_of, table_of

# The game's fields the absence clock keeps.
ABSENCE_FIELDS = ["absence_side", "absence_since", "white_absent_seconds", "black_absent_seconds"]


def connection_open(
    *, game_id: str, channel_name: str, actor: Actor, now: datetime | None = None
) -> str | None:
    """Records a WebSocket to a game; returns the colour it sits at (None for a spectator)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        color = None
        if game.mode == Game.Mode.ONLINE and game.status == Game.Status.LIVE:
            color = actor_color(game, actor)
        elif game.mode != Game.Mode.ONLINE and actor_color(game, actor) is not None:
            color = game.turn if game.mode == Game.Mode.LOCAL else bot_human_color(game)
        Connection.objects.update_or_create(
            channel_name=channel_name,
            defaults={"game": game, "user_id": actor.user_id, "color": color, "last_seen": now},
        )
        presence_changed(game, now)
    return color


def connection_close(*, channel_name: str, now: datetime | None = None) -> None:
    """Forgets a WebSocket; the absence clock starts if a player left an opponent waiting."""
    now = now or timezone.now()
    with transaction.atomic():
        connection = Connection.objects.filter(channel_name=channel_name).first()
        if connection is None:
            return
        game = lock_game(connection.game.public_id)
        connection.delete()
        presence_changed(game, now)


def connection_seen(*, channel_name: str, now: datetime | None = None) -> None:
    """Refreshes a connection's heartbeat."""
    connections_seen(channel_names=[channel_name], now=now)


def connections_seen(*, channel_names: list[str], now: datetime | None = None) -> int:
    """Refreshes the heartbeats of many connections at once (a process's heartbeats, written
    together); returns how many rows still open were refreshed."""
    return update_in_chunks(
        Connection.objects, "channel_name", channel_names, last_seen=now or timezone.now()
    )


def presence_changed(game: Game, now: datetime) -> None:
    """Settles the absence clock of a locked game on the current presence and tells everyone."""
    presence, spectators = table_of(game, now)
    settle_absence(game, presence, now)
    broadcast.send_on_commit(
        broadcast.game_group(game.public_id),
        {
            "type": "game.presence",
            "presence": presence,
            "spectators": spectators,
            "absence": absence_payload(game),
        },
    )


def settle_absence(game: Game, presence: dict[str, bool], now: datetime) -> None:
    """Brings the absence bookkeeping of a locked live online game up to ``now``.

    Absence is counted only while the opponent is at the table; a player who comes back starts
    afresh. When a side's counted absence reaches ``ABANDON_AFTER`` it forfeits (abandonment).
    Only in unlimited games: in a clocked one the clock decides (``games.timeout``).
    """
    if game.mode != Game.Mode.ONLINE or game.status != Game.Status.LIVE or clocked(game):
        return
    before = [getattr(game, name) for name in ABSENCE_FIELDS]
    counted_side = game.absence_side
    if counted_side and game.absence_since:
        field = f"{counted_side}_absent_seconds"
        elapsed = (now - game.absence_since).total_seconds()
        total = getattr(game, field) + max(0.0, elapsed)
        if total >= ABANDON_AFTER.total_seconds():
            at = now - timedelta(seconds=total - ABANDON_AFTER.total_seconds())
            finish(
                game,
                result=win_for(opponent(counted_side)),
                termination=Game.Termination.ABANDONMENT,
                at=at,
            )
            setattr(game, field, ABANDON_AFTER.total_seconds())
            game.save(update_fields=[*FINISH_FIELDS, field])
            publish_state(game)
            return
        setattr(game, field, total)
    new_side = None
    if presence[Color.WHITE] and not presence[Color.BLACK]:
        new_side = Color.BLACK
    elif presence[Color.BLACK] and not presence[Color.WHITE]:
        new_side = Color.WHITE
    for color in (Color.WHITE, Color.BLACK):
        if presence[color]:
            setattr(game, f"{color}_absent_seconds", 0.0)  # back at the table: starts afresh
    game.absence_side = new_side
    game.absence_since = now if new_side else None
    if [getattr(game, name) for name in ABSENCE_FIELDS] != before:  # else nothing to write
        game.save(update_fields=[*ABSENCE_FIELDS, "updated_at"])


def absence_ran_out(game: Game, now: datetime | None = None) -> bool:
    """Settles a running absence clock on a locked game; returns whether it forfeited now."""
    if game.status != Game.Status.LIVE or not game.absence_side:
        return False
    now = now or timezone.now()
    settle_absence(game, presence_of(game, now), now)
    return game.status == Game.Status.FINISHED


def enforce_absence(*, game_id: str, now: datetime | None = None) -> bool:
    """Forfeits the game if a player's absence has run out; returns whether it did."""
    now = now or timezone.now()
    candidate = Game.objects.filter(
        public_id=game_id, status=Game.Status.LIVE, absence_side__isnull=False
    ).first()
    if candidate is None:
        return False
    with transaction.atomic():
        game = lock_game(game_id)
        settle_absence(game, presence_of(game, now), now)
        return game.status == Game.Status.FINISHED
