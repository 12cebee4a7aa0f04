"""Who is at a game's table, and the absence clock: a player who leaves an online game mid-game
has ``ABANDON_AFTER`` to come back, counted while the opponent waits at the table, or forfeits.

A game's sockets are ``Connection`` rows, opened and closed by the game's consumer and kept fresh
by their heartbeats; a row not heard from within ``CONNECTION_STALE_AFTER`` belongs to a process
that died (the sweep, ``games.services.sweep``, prunes it). The clock is stored on the game
(``absence_side``, ``absence_since``, ``*_absent_seconds``), so it survives restarts and works
across processes: whoever sees the game next settles it.
"""

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from common.db import update_in_chunks
from games.domain.clock import clocked
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import ABANDON_AFTER, fresh_since
from games.models import Color, Connection, Game
from games.reads.state import absence_payload, bot_human_color, presence_of, table_of
from games.services.core import (
    FINISH_FIELDS,
    Actor,
    actor_color,
    finish,
    lock_game,
    opponent,
    publish_state,
    win_for,
)
from games.storage import broadcast, sql

# The game's fields the absence clock keeps.
ABSENCE_FIELDS = ["absence_side", "absence_since", "white_absent_seconds", "black_absent_seconds"]


def seat_of(game: Game, actor: Actor) -> str | None:
    """Returns the colour a socket of the actor sits at in the game, None for a spectator: the
    players of a live online game, the owner of a pass-and-play (the side to move) or bot game."""
    if game.mode == Game.Mode.ONLINE:
        return actor_color(game, actor) if game.status == Game.Status.LIVE else None
    if actor_color(game, actor) is None:
        return None
    return game.turn if game.mode == Game.Mode.LOCAL else bot_human_color(game)


def connection_open(
    *, game_id: str, channel_name: str, actor: Actor, now: datetime | None = None
) -> str | None:
    """Records a WebSocket to a game; returns the colour it sits at (None for a spectator).

    A spectator is counted, not announced one by one: its row is written without locking the
    game, and the table is told the count at most once a second (the consumer's
    ``spectators_changed``), so a crowd of spectators neither queues on the game's row nor
    floods the table with presence messages. A player's
    arrival settles the absence clock under the game's lock and is told to the table."""
    now = now or timezone.now()
    seen = sql.game_row(game_id)
    if seen is None:
        raise GameError(
            ErrorCode.NOT_FOUND, _("There is no game %(game_id)s.") % {"game_id": game_id}
        )
    if seat_of(seen, actor) is None:
        _record_connection(seen, channel_name, actor, None, now)
        return None
    with transaction.atomic():
        game = lock_game(game_id)
        color = seat_of(game, actor)
        _record_connection(game, channel_name, actor, color, now)
        presence_changed(game, now)
    return color


def _record_connection(
    game: Game, channel_name: str, actor: Actor, color: str | None, now: datetime
) -> None:
    Connection.objects.update_or_create(
        channel_name=channel_name,
        defaults={"game": game, "user_id": actor.user_id, "color": color, "last_seen": now},
    )


def connection_close(*, channel_name: str, now: datetime | None = None) -> None:
    """Forgets a WebSocket; the absence clock starts if a player left an opponent waiting. A
    spectator's goes without locking the game (see ``connection_open``)."""
    now = now or timezone.now()
    connection = Connection.objects.filter(channel_name=channel_name).first()
    if connection is None:
        return
    if connection.color is None:
        connection.delete()
        return
    with transaction.atomic():
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
        broadcast.game_group(game.public_id), presence_message(game, presence, spectators)
    )


def presence_message(game: Game, presence: dict[str, bool], spectators: int) -> dict:
    return {
        "type": "game.presence",
        "presence": presence,
        "spectators": spectators,
        "absence": absence_payload(game),
    }


def spectators_message(*, game_id: str, now: datetime | None = None) -> dict | None:
    """Returns the game's presence message as it stands, read without locking the game (None
    if it is gone): what the table is told, at most once a second, when spectators come and go
    (``games.edges.realtime.spectators_changed``). Spectators change no clock: nothing is
    settled."""
    now = now or timezone.now()
    game = sql.game_row(game_id, table_since=fresh_since(now))
    if game is None:
        return None
    presence, spectators = table_of(game, now)
    return presence_message(game, presence, spectators)


def settle_absence(game: Game, presence: dict[str, bool], now: datetime) -> None:
    """Brings the absence bookkeeping of a locked live online game up to ``now``.

    Absence is counted only while the opponent is at the table; a player who comes back starts
    afresh. In an unlimited game a side whose counted absence reaches ``ABANDON_AFTER`` forfeits
    (abandonment). In a real-time clocked game the clock decides, but the absence is counted
    all the same: once it reaches ``ABANDON_AFTER`` the player who stayed may claim the win
    (``absence_claimable``). Correspondence games count none: leaving between moves is how they
    are played (their days decide, ``games.services.timeout``), and nor do a simul's: its host
    plays every board in turn, away from each most of the time (their clocks decide).
    """
    if game.mode != Game.Mode.ONLINE or game.status != Game.Status.LIVE:
        return
    if game.clock_days is not None or game.simul:
        return
    before = [getattr(game, name) for name in ABSENCE_FIELDS]
    counted_side = game.absence_side
    if counted_side and game.absence_since:
        field = f"{counted_side}_absent_seconds"
        elapsed = (now - game.absence_since).total_seconds()
        total = getattr(game, field) + max(0.0, elapsed)
        if total >= ABANDON_AFTER.total_seconds() and not clocked(game):
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


def absence_claimable(game: Game, side: str, now: datetime) -> bool:
    """Settles the absence clock of a locked live real-time game on its presence at ``now`` and
    returns whether ``side`` has been away ``ABANDON_AFTER``, counted while the other player
    waited at the table, and is still away: the leave rule's test, for a claim."""
    settle_absence(game, presence_of(game, now), now)
    counted = getattr(game, f"{side}_absent_seconds")
    return game.absence_side == side and counted >= ABANDON_AFTER.total_seconds()


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
