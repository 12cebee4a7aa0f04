"""Abandonment (rules page, online games): a player who leaves has 10 minutes to come back,
counted only while the opponent is at the table; then they forfeit. The clock is injected."""

from datetime import datetime, timedelta

import pytest
from django.utils import timezone

from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_create_local
from games.services.presence import (
    connection_close,
    connection_open,
    connection_seen,
    enforce_absence,
)
from games.services.round import game_play
from games.services.sweep import sweep
from games.storage import broadcast

pytestmark = pytest.mark.django_db

T0 = timezone.make_aware(datetime(2026, 1, 1, 12, 0, 0))


def at(minutes: float) -> datetime:
    return T0 + timedelta(minutes=minutes)


def join(game: Game, user, channel: str, minutes: float) -> None:
    connection_open(
        game_id=game.public_id, channel_name=channel, actor=Actor.of(user), now=at(minutes)
    )


def leave(channel: str, minutes: float) -> None:
    connection_close(channel_name=channel, now=at(minutes))


def heartbeat(channel: str, minutes: float) -> None:
    connection_seen(channel_name=channel, now=at(minutes))


def sweep_at(minutes: float) -> dict[str, int]:
    return sweep(now=at(minutes))


def reloaded(game: Game) -> Game:
    game.refresh_from_db()
    return game


@pytest.fixture
def table(online_game, alice, bob) -> Game:
    """Both players at the table at minute 0."""
    join(online_game, alice, "white-1", 0)
    join(online_game, bob, "black-1", 0)
    return online_game


def keep_alive(*channels: str, until: float, step: float = 1.0) -> None:
    minute = step
    while minute <= until:
        for channel in channels:
            heartbeat(channel, minute)
        minute += step


def test_a_player_who_stays_away_ten_minutes_forfeits(table) -> None:
    leave("black-1", 1)
    keep_alive("white-1", until=10.5)
    sweep_at(10.9)
    assert reloaded(table).status == "live"  # 9.9 minutes counted
    keep_alive("white-1", until=11.5)
    sweep_at(11.1)
    game = reloaded(table)
    assert (game.status, game.result, game.termination) == ("finished", "1-0", "abandonment")
    assert game.finished_at == at(11)  # exactly ten minutes after leaving


def test_absence_is_counted_only_while_the_opponent_waits(table) -> None:
    leave("black-1", 0)  # black leaves at 0; white waits 4 minutes
    leave("white-1", 4)  # then white leaves too: nothing is counted
    sweep_at(30)
    assert reloaded(table).status == "live"
    assert reloaded(table).black_absent_seconds == pytest.approx(240)
    join(table, table.white, "white-2", 30)  # white is back: black's clock runs again
    keep_alive("white-2", until=35.5, step=0.5)
    sweep_at(35.9)
    assert reloaded(table).status == "live"  # 4 + 5.9 < 10
    heartbeat("white-2", 36)
    sweep_at(36.1)
    game = reloaded(table)
    assert (game.result, game.termination) == ("1-0", "abandonment")
    assert game.finished_at == at(36)


def test_coming_back_in_time_loses_nothing(table) -> None:
    leave("black-1", 0)
    keep_alive("white-1", until=9)
    join(table, table.black, "black-2", 9)  # back after nine minutes
    game = reloaded(table)
    assert game.absence_side is None and game.black_absent_seconds == 0
    leave("black-2", 10)  # a later absence gets its own ten minutes
    keep_alive("white-1", until=19.5, step=0.5)
    sweep_at(19.9)
    assert reloaded(table).status == "live"
    game_play(
        game_id=table.public_id,
        actor=Actor.of(table.white),
        move=MoveRequest.of(ply=0, text="e4"),
        now=at(19.95),
    )
    assert reloaded(table).ply == 1


def test_the_forfeit_is_enforced_lazily_by_the_next_request(table) -> None:
    leave("black-1", 0)
    heartbeat("white-1", 0.5)
    # No sweep ran; white's next action after the deadline finds the game already decided.
    assert enforce_absence(game_id=table.public_id, now=at(10.5)) is True
    game = reloaded(table)
    assert (game.termination, game.result) == ("abandonment", "1-0")


def told_by_sweep(minutes: float, capture) -> tuple[dict[str, int], list]:
    """Sweeps at a minute; returns its result and what it sent once its transactions committed."""
    outbox: list = []

    def run() -> dict[str, int]:
        with capture(execute=True):
            return sweep_at(minutes)

    return broadcast.collect(outbox, run), outbox


def test_a_dead_process_connections_are_pruned_and_the_clock_starts(
    table, django_capture_on_commit_callbacks
) -> None:
    # Black's server process died: its connection row stays, but its heartbeat stops.
    join(table, table.white, "white-tab-2", 0)  # white opened a second tab, since closed
    keep_alive("white-1", until=5)
    result, told = told_by_sweep(5, django_capture_on_commit_callbacks)
    # black's row and the stale tab's
    assert result == {"pruned": 2, "forfeited": 0, "withdrawn": 0}
    game = reloaded(table)
    assert game.absence_side == "black" and game.absence_since == at(5)
    # The table is told at once: black has gone and the clock runs out at minute 15.
    presence = {"white": True, "black": False}
    absence = {"side": "black", "deadline": at(15).isoformat()}
    assert told == [
        (
            broadcast.game_group(table.public_id),
            {"type": "game.presence", "presence": presence, "spectators": 0, "absence": absence},
        )
    ]
    keep_alive("white-1", until=15.5, step=0.5)
    sweep_at(15.1)
    assert reloaded(table).termination == "abandonment"


def test_a_sweep_settles_only_the_rows_it_pruned_and_writes_only_changes(
    table, django_capture_on_commit_callbacks
) -> None:
    # Black's process died. One sweep prunes the row, starts the clock and tells the table;
    # another process's sweep at the same moment finds nothing left to prune: it settles the
    # running clock (no time has passed), writes nothing and tells nobody.
    keep_alive("white-1", until=5)
    first, told = told_by_sweep(5, django_capture_on_commit_callbacks)
    assert first["pruned"] == 1 and len(told) == 1
    updated = reloaded(table).updated_at
    second, told_again = told_by_sweep(5, django_capture_on_commit_callbacks)
    assert second == {"pruned": 0, "forfeited": 0, "withdrawn": 0} and told_again == []
    game = reloaded(table)
    assert (game.absence_side, game.absence_since, game.updated_at) == ("black", at(5), updated)


def test_a_game_nobody_is_left_at_is_pruned_and_left_alone(
    table, django_capture_on_commit_callbacks
) -> None:
    # Both players' processes died: with nobody left to tell and no clock to settle, the sweep
    # deletes the rows and neither writes the game nor sends anything.
    updated = reloaded(table).updated_at
    result, told = told_by_sweep(5, django_capture_on_commit_callbacks)
    assert result == {"pruned": 2, "forfeited": 0, "withdrawn": 0} and told == []
    game = reloaded(table)
    assert (game.absence_side, game.updated_at) == (None, updated)


def test_pass_and_play_and_finished_games_have_no_absence_clock(alice, online_game) -> None:
    local = game_create_local(actor=Actor.of(alice))
    join(local, alice, "local-1", 0)
    leave("local-1", 1)
    sweep_at(60)
    assert reloaded(local).status == "live" and reloaded(local).absence_side is None


def test_the_sweep_command_prunes_and_reports(table) -> None:
    from io import StringIO

    from django.core.management import call_command

    out = StringIO()
    call_command("sweep_games", stdout=out)  # now is long after minute 0: both rows are stale
    assert out.getvalue().strip() == (
        "pruned 2 dead connections, forfeited 0 games, withdrew 0 seeks"
    )
    assert reloaded(table).status == "live"  # both gone: nobody waits, nothing counted


def test_a_move_after_the_deadline_finds_the_forfeit_and_is_refused(table) -> None:
    from games.domain.errors import ErrorCode, GameError

    leave("black-1", 0)
    heartbeat("white-1", 0.5)
    with pytest.raises(GameError) as info:
        game_play(
            game_id=table.public_id,
            actor=Actor.of(table.white),
            move=MoveRequest.of(ply=0, text="e4"),
            now=at(10.5),
        )
    assert info.value.code == ErrorCode.GAME_OVER
    game = reloaded(table)
    assert (game.status, game.result, game.termination, game.ply) == (
        "finished", "1-0", "abandonment", 0,
    )  # fmt: skip
    assert game.finished_at == at(10)
