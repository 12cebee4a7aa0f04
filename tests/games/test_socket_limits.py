"""What one address, one game and one user may take of a process's sockets: caps on open
sockets (refused with a sentence and 4429) and one message budget for all of a user's sockets
of a kind."""

import pytest
from channels.db import database_sync_to_async

from games import consumers
from games.models import Connection
from games.sockets import CLOSE_TOO_MANY
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db(transaction=True)

# Generous: a message comes as soon as it is sent; only a broken server waits this long (the
# machine running the tests may be busy).
WAIT = 30


async def connect(make, path: str, user=None):
    """Opens a socket and returns it with its first message other than presence."""
    comm = await make(path, user)
    connected, _ = await comm.connect(timeout=WAIT)
    assert connected
    first = await comm.receive_json_from(timeout=WAIT)
    while first["type"] == "presence":  # another socket's presence may overtake it
        first = await comm.receive_json_from(timeout=WAIT)
    return comm, first


async def refused(make, path: str, user=None) -> dict:
    """Opens a socket the server refuses; returns its error message (after checking the
    close code)."""
    comm = await make(path, user)
    connected, _ = await comm.connect()
    assert connected  # accepted, told why, then closed
    error = await comm.receive_json_from(timeout=WAIT)
    assert await comm.receive_output(timeout=WAIT) == {"type": "websocket.close", "code": 4429}
    return error


async def test_an_address_holds_at_most_its_cap_of_sockets(ws, settings) -> None:
    settings.SOCKETS_PER_ADDRESS = 3
    first, _ = await connect(ws, "/ws/watch/")
    for _ in range(2):
        await connect(ws, "/ws/watch/")
    error = await refused(ws, "/ws/lobby/")  # every kind of socket counts
    assert (error["code"], error["error"]) == (
        "rate_limited",
        "Too many open connections from your address: close some pages.",
    )
    await first.disconnect()
    await connect(ws, "/ws/lobby/")  # one closed: room for one more
    assert CLOSE_TOO_MANY == 4429


async def test_a_full_game_refuses_spectators_but_never_its_players(
    ws, settings, alice, bob, carol
) -> None:
    settings.SOCKETS_PER_GAME = 2
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    await connect(ws, path, alice)
    await connect(ws, path)  # a spectator: the game is full
    error = await refused(ws, path, carol)
    assert error["error"] == "This game has as many spectators as it can take: try later."
    _, state = await connect(ws, path, bob)  # a player still sits down
    assert state["presence"] == {"white": True, "black": True}
    count = await database_sync_to_async(Connection.objects.filter(game=game).count)()
    assert count == 3


async def test_a_users_sockets_share_one_budget(ws, monkeypatch, alice) -> None:
    monkeypatch.setattr(consumers, "LOBBY_BUDGET", 4)
    first, _ = await connect(ws, "/ws/watch/", alice)
    second, _ = await connect(ws, "/ws/watch/", alice)
    for comm in (first, second, first, second):
        await comm.send_json_to({"type": "ping"})
        assert (await comm.receive_json_from(timeout=WAIT))["type"] == "pong"
    await second.send_json_to({"type": "ping"})  # the fifth of the user's, on any socket
    error = await second.receive_json_from(timeout=WAIT)
    assert (error["type"], error["code"]) == ("error", "rate_limited")
    other, _ = await connect(ws, "/ws/watch/")  # someone else's budget is their own
    await other.send_json_to({"type": "ping"})
    assert (await other.receive_json_from(timeout=WAIT))["type"] == "pong"
