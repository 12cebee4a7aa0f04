"""The tournament socket on the real ASGI application: the tournament on connect with the
viewer's own line, each player's new game as it starts, the standings told at most once a
second however many changes come, an unknown tournament refused."""

import contextlib

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from tests.games.conftest import communicator
from tests.tournaments.conftest import make_tournament
from tournaments.services.rounds import advance
from tournaments.services.tell import group

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
async def sockets():
    opened = []

    async def open_socket(path: str, user=None):
        comm = await database_sync_to_async(communicator)(path, user)
        opened.append(comm)
        connected, _ = await comm.connect()
        assert connected
        return comm

    yield open_socket
    for comm in opened:
        with contextlib.suppress(Exception):
            await comm.disconnect()


async def next_of(comm, kind: str, timeout: float = 5) -> dict:
    while True:
        message = await comm.receive_json_from(timeout=timeout)
        if message["type"] == kind:
            return message


def paired_now(tournament) -> None:
    """One pass of the director, what it sends delivered as after a real commit (the pass
    commits: the test's database is transactional)."""
    advance(tournament.public_id)


async def test_a_player_hears_the_tournament_with_their_line_and_then_their_game(
    players, sockets
) -> None:
    p1, p2, p3 = await database_sync_to_async(players)(3)
    tournament = await database_sync_to_async(make_tournament)([p1, p2])
    path = f"/ws/tournaments/{tournament.public_id}/"
    player = await sockets(path, p1)
    watcher = await sockets(path, p3)
    first = await next_of(player, "tournament")
    assert (first["id"], first["status"], first["me"]["user"]) == (
        tournament.public_id,
        "created",
        "p1",
    )
    assert [line["user"] for line in first["standings"]] == ["p1", "p2"]
    assert (await next_of(watcher, "tournament"))["me"] is None
    await database_sync_to_async(paired_now)(tournament)
    started = await next_of(player, "game_started")
    told = await next_of(player, "tournament")
    assert told["status"] == "started" and told["round"] == 1
    assert told["me"]["game"] == started["game"]
    assert told["games"] == [started["game"]]
    assert told["playing"][0]["id"] == started["game"]
    # The spectator hears the change, never another's game.
    seen = await next_of(watcher, "tournament")
    assert seen["round"] == 1
    # The pairing's later changes may be told once more (at most once a second): whatever else
    # comes is the tournament again, never a game of the watcher's.
    while not await watcher.receive_nothing(timeout=1.5):
        again = await watcher.receive_json_from()
        assert again["type"] == "tournament" and again["me"] is None


async def test_a_burst_of_changes_is_told_at_most_once_a_second(players, sockets) -> None:
    (p1,) = await database_sync_to_async(players)(1)
    tournament = await database_sync_to_async(make_tournament)([p1])
    comm = await sockets(f"/ws/tournaments/{tournament.public_id}/", p1)
    await next_of(comm, "tournament")
    layer = get_channel_layer()
    for _ in range(20):
        await layer.group_send(group(tournament.public_id), {"type": "tournament.changed"})
    told = 0
    while not await comm.receive_nothing(timeout=1.5):  # what the burst brings, to a quiet 1.5 s
        message = await comm.receive_json_from()
        told += message["type"] == "tournament"
    assert 1 <= told <= 2


async def test_an_unknown_tournament_is_refused_and_closed(sockets) -> None:
    comm = await sockets("/ws/tournaments/nosuch/")
    message = await comm.receive_json_from(timeout=5)
    assert (message["type"], message["code"]) == ("error", "not_found")
    closed = await comm.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}
