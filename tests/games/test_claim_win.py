"""Claiming the win in a clocked game whose opponent left: the leave rule's count (only while
the claimant waits at the table, afresh when the absent player comes back), but the game does
not end by itself — the player who stayed claims it, over the socket or the API. Times are
injected in the service tests; the socket test runs the real consumer."""

from datetime import datetime, timedelta

import pytest
from channels.db import database_sync_to_async
from django.db.models import F
from django.utils import timezone
from rest_framework.test import APIClient

from games.domain.clock import TimeControl
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_claim_win
from games.services.presence import connection_close, connection_open, connection_seen
from games.services.round import game_play
from games.services.sweep import sweep
from tests.games.conftest import start_game
from tests.games.test_consumers import connect, next_of_type

CLAIM_REFUSED = (
    "You may claim the win once your opponent has been away from the table for 10 minutes "
    "while you waited there."
)


def clocked_game(white, black, control: TimeControl) -> tuple[Game, datetime]:
    """A game of ``control`` past both first moves (White to move); returns it and the time of
    Black's first move."""
    game = start_game(white, black, clock=control)
    now = game.clock_since or timezone.now()
    for ply, (player, text) in enumerate(((white, "e4"), (black, "e5"))):
        now += timedelta(seconds=5)
        move = MoveRequest(ply=ply, text=text)
        game_play(game_id=game.public_id, actor=Actor.of(player), move=move, now=now)
    return Game.objects.get(pk=game.pk), now


class Table:
    """Both players' sockets to one game, opened, closed and kept fresh at minutes after
    ``t0``."""

    def __init__(self, game: Game, t0: datetime) -> None:
        self.game, self.t0 = game, t0

    def at(self, minutes: float) -> datetime:
        return self.t0 + timedelta(minutes=minutes)

    def join(self, user, channel: str, minutes: float) -> None:
        actor = Actor.of(user)
        connection_open(
            game_id=self.game.public_id, channel_name=channel, actor=actor, now=self.at(minutes)
        )

    def leave(self, channel: str, minutes: float) -> None:
        connection_close(channel_name=channel, now=self.at(minutes))

    def keep_alive(self, channel: str, until: float) -> None:
        minute = 1.0
        while minute <= until:
            connection_seen(channel_name=channel, now=self.at(minute))
            minute += 1.0

    def claim(self, user, minutes: float) -> dict:
        return game_claim_win(
            game_id=self.game.public_id, actor=Actor.of(user), now=self.at(minutes)
        )


def reloaded(game: Game) -> Game:
    game.refresh_from_db()
    return game


@pytest.fixture
def table(db, alice, bob) -> Table:
    """A 60+0 game, both players at the table from its second move (minute 0)."""
    game, t0 = clocked_game(alice, bob, TimeControl(initial=3600))
    table = Table(game, t0)
    table.join(alice, "white-1", 0)
    table.join(bob, "black-1", 0)
    return table


def refused(call, code: ErrorCode, message: str | None = None) -> None:
    with pytest.raises(GameError) as caught:
        call()
    assert caught.value.code == code
    if message is not None:
        assert caught.value.message == message


def test_the_player_who_stayed_claims_after_ten_minutes_and_only_then(table, alice, bob) -> None:
    table.leave("black-1", 1)
    table.keep_alive("white-1", until=11)
    sweep(now=table.at(10.5))  # the count runs out, but a clocked game does not end by itself
    game = reloaded(table.game)
    assert (game.status, game.absence_side) == ("live", "black")
    refused(lambda: table.claim(alice, 10.9), ErrorCode.NOT_ALLOWED, CLAIM_REFUSED)  # 9.9 min
    assert reloaded(table.game).status == "live"
    refused(lambda: table.claim(bob, 11), ErrorCode.NOT_ALLOWED, CLAIM_REFUSED)  # the absent side
    state = table.claim(alice, 11)
    assert (state["status"], state["result"], state["termination"]) == (
        "finished",
        "1-0",
        "abandonment",
    )
    game = reloaded(table.game)
    assert (game.status, game.result, game.termination) == ("finished", "1-0", "abandonment")
    assert game.finished_at == table.at(11) and game.absence_side is None
    assert game.clock_deadline is None  # the clock stopped with the game


def test_a_player_who_comes_back_cannot_be_claimed_against(table, alice, bob) -> None:
    table.leave("black-1", 1)
    table.keep_alive("white-1", until=20)
    table.join(bob, "black-2", 8)  # back before the ten minutes: counted afresh
    table.leave("black-2", 9)
    refused(lambda: table.claim(alice, 15), ErrorCode.NOT_ALLOWED, CLAIM_REFUSED)  # 6 minutes
    assert reloaded(table.game).status == "live"
    assert table.claim(alice, 19.5)["termination"] == "abandonment"


def test_the_absence_counts_only_while_the_claimant_waits_at_the_table(table, alice) -> None:
    table.leave("black-1", 1)
    table.leave("white-1", 2)  # both away: nobody's absence is counted
    table.join(alice, "white-2", 20)
    refused(lambda: table.claim(alice, 20.5), ErrorCode.NOT_ALLOWED, CLAIM_REFUSED)
    table.keep_alive("white-2", until=30)
    assert table.claim(alice, 29.5)["result"] == "1-0"  # 1 + 9.5 minutes counted


def test_only_a_player_of_a_real_time_game_may_claim(db, alice, bob, carol) -> None:
    game, t0 = clocked_game(alice, bob, TimeControl(initial=3600))
    refused(
        lambda: game_claim_win(game_id=game.public_id, actor=Actor.of(carol), now=t0),
        ErrorCode.NOT_A_PLAYER,
    )
    for control in (TimeControl(), TimeControl(days=3)):  # unlimited and correspondence
        other, t0 = clocked_game(alice, bob, control)
        refused(
            lambda other=other, t0=t0: game_claim_win(
                game_id=other.public_id, actor=Actor.of(alice), now=t0 + timedelta(hours=1)
            ),
            ErrorCode.NOT_ALLOWED,
            "A win is claimed in real-time games only: in an unlimited game a player who stays "
            "away forfeits by themselves, in correspondence the days decide.",
        )
        assert reloaded(other).status == "live"


def test_a_clock_run_out_first_ends_the_game_on_time_instead(table, alice) -> None:
    table.leave("black-1", 1)
    table.keep_alive("white-1", until=70)
    state = table.claim(alice, 61)  # White's own hour ran out at minute 60
    assert (state["status"], state["result"], state["termination"]) == (
        "finished",
        "0-1",
        "timeout",
    )


def test_the_api_refuses_an_early_claim_with_the_reason(db, alice, bob) -> None:
    game, _ = clocked_game(alice, bob, TimeControl(initial=3600))
    client = APIClient()
    client.force_authenticate(alice)
    response = client.post(f"/api/games/{game.public_id}/claim-win/")
    assert response.status_code == 400
    assert response.json() == {"error": CLAIM_REFUSED}
    assert reloaded(game).status == "live"


def left_eleven_minutes_ago(game: Game) -> None:
    """Black's absence as the table counted it: gone eleven minutes, White waiting."""
    Game.objects.filter(pk=game.pk).update(
        revision=F("revision") + 1,
        absence_side="black",
        absence_since=timezone.now() - timedelta(minutes=11),
        black_absent_seconds=0,
    )


@pytest.mark.django_db(transaction=True)
async def test_a_claim_over_the_socket_ends_the_game_for_every_socket(ws, alice, bob, carol):
    game, _ = await database_sync_to_async(clocked_game)(alice, bob, TimeControl(initial=3600))
    path = f"/ws/games/{game.public_id}/"
    white, state = await connect(ws, path, alice)
    assert state["status"] == "live"
    spectator, _ = await connect(ws, path, carol)
    await white.send_json_to({"type": "claim_win"})  # Black never came: too early
    error = await next_of_type(white, "error")
    assert error["error"].startswith("You may claim the win once")
    await database_sync_to_async(left_eleven_minutes_ago)(game)
    await white.send_json_to({"type": "claim_win"})
    for comm in (white, spectator):
        final = await next_of_type(comm, "state")
        assert (final["status"], final["result"], final["termination"]) == (
            "finished",
            "1-0",
            "abandonment",
        )
    record = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert (record.status, record.termination) == ("finished", "abandonment")
    for comm in (white, spectator):
        await comm.disconnect()
