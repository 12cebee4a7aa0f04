"""What one address, one game and one user may take of a process's sockets: caps on open
sockets (refused with a sentence and 4429) and one message budget for all of a user's sockets
of a kind."""

import asyncio
import json
import uuid

import pytest
import websockets
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer

from games.edges import consumers
from games.edges.sockets import CLOSE_TOO_MANY
from games.models import Connection
from tests.conftest import DaphneServer
from tests.games.conftest import session_cookie, start_game

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


async def test_a_users_sockets_share_one_budget(ws, settings, alice) -> None:
    settings.SOCKET_BUDGETS = {"player": "100/86400", "other": "4/86400"}
    first, _ = await connect(ws, "/ws/watch/", alice)
    second, _ = await connect(ws, "/ws/lobby/", alice)  # every kind but a player's
    await second.receive_json_from(timeout=WAIT)  # her challenges
    for comm in (first, second, first, second):
        await comm.send_json_to({"type": "ping"})
        assert (await comm.receive_json_from(timeout=WAIT))["type"] == "pong"
    await second.send_json_to({"type": "ping"})  # the fifth of the user's, on any socket
    error = await second.receive_json_from(timeout=WAIT)
    assert (error["type"], error["code"]) == ("error", "rate_limited")
    other, _ = await connect(ws, "/ws/watch/")  # someone else's budget is their own
    await other.send_json_to({"type": "ping"})
    assert (await other.receive_json_from(timeout=WAIT))["type"] == "pong"


class Refused(RuntimeError):
    """What the database or the channel layer throws at a socket while it connects."""


def failing(*args, **kwargs):
    raise Refused("the service is down")


async def afailing(*args, **kwargs):
    raise Refused("the channel layer is down")


# Each step a connect goes through, made to fail: the game's table, the channel layer, the
# state, the chat; the lobby's seeks; the watch page's list.
FAILURES = {
    "game: joining the table": ("game", "games.edges.consumers.connection_open", failing),
    "game: joining its group": ("game", "the channel layer.group_add", afailing),
    "game: reading its state": ("game", "games.edges.consumers.open_game", failing),
    "game: reading its chat": ("game", "games.edges.consumers.chat_opening", failing),
    "lobby: reading the seeks": ("/ws/lobby/", "games.edges.consumers.open_seeks", failing),
    "watch: reading the games": ("/ws/watch/", "games.edges.watching.live_games", failing),
}


@pytest.mark.parametrize("step", FAILURES)
async def test_a_socket_that_fails_while_connecting_gives_its_place_back(
    ws, settings, monkeypatch, alice, bob, step
) -> None:
    settings.SOCKETS_PER_ADDRESS = 2
    game = await database_sync_to_async(start_game)(alice, bob)
    kind, target, replacement = FAILURES[step]
    path = f"/ws/games/{game.public_id}/" if kind == "game" else kind
    with monkeypatch.context() as patched:
        module, name = target.rsplit(".", 1)
        if module == "the channel layer":
            patched.setattr(get_channel_layer(), name, replacement)
        else:
            patched.setattr(module + "." + name, replacement)
        for _ in range(5):  # more than the address may hold at once
            comm = await ws(path, alice)
            await comm.connect(timeout=WAIT)
            error = await comm.receive_json_from(timeout=WAIT)
            assert (error["type"], error["code"]) == ("error", "server_error")
            assert await comm.receive_output(timeout=WAIT) == {
                "type": "websocket.close",
                "code": 4500,
            }
    assert not consumers.LEDGER.by_address and not consumers.LEDGER.by_game
    await connect(ws, path, alice)  # the address holds nothing: in it goes
    await connect(ws, path, alice)


async def test_a_player_sits_down_at_their_game_from_an_address_that_is_full(
    ws, settings, alice, bob, carol
) -> None:
    settings.SOCKETS_PER_ADDRESS = 1
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    await connect(ws, "/ws/watch/", carol)  # the address is full
    error = await refused(ws, path, carol)  # a spectator stays out
    assert error["error"] == "Too many open connections from your address: close some pages."
    _, state = await connect(ws, path, alice)  # a player sits down
    assert state["type"] == "state" and state["presence"]["white"]


async def test_the_budget_holds_in_the_process_while_redis_is_unreachable(
    ws, settings, alice
) -> None:
    settings.THROTTLE_REDIS_URL = "redis://127.0.0.1:6390/0"  # nothing listens there
    settings.SOCKET_BUDGETS = {"player": "100/86400", "other": "3/86400"}
    comm, _ = await connect(ws, "/ws/watch/", alice)
    answers = []
    for _ in range(5):
        await comm.send_json_to({"type": "ping"})
        answer = await comm.receive_json_from(timeout=WAIT)
        answers.append(answer.get("code", answer["type"]))
    assert answers == ["pong", "pong", "pong", "rate_limited", "rate_limited"]


@pytest.mark.services
async def test_a_users_budget_is_one_across_server_processes(live_db, alice) -> None:
    # 40 messages, counted two at a time by each process (``budget_lease``).
    env = {"SOCKET_BUDGET_OTHER": "40/86400", "CACHE_KEY_PREFIX": f"test-{uuid.uuid4().hex}"}
    servers = [DaphneServer(env), DaphneServer(env)]
    try:
        headers = {
            "Origin": "http://127.0.0.1",
            "Cookie": f"sessionid={await database_sync_to_async(session_cookie)(alice)}",
        }
        async with (
            websockets.connect(f"{servers[0].ws_url}/ws/watch/", additional_headers=headers) as a,
            websockets.connect(f"{servers[1].ws_url}/ws/watch/", additional_headers=headers) as b,
        ):
            for socket in (a, b):
                await socket.recv()  # the live games
            answers = []
            for socket in (a, b) * 21:
                await socket.send(json.dumps({"type": "ping"}))
                answer = json.loads(await asyncio.wait_for(socket.recv(), WAIT))
                answers.append(answer.get("code", answer["type"]))
        assert answers.count("pong") == 40 and answers[40:] == ["rate_limited"] * 2
    finally:
        for server in servers:
            server.stop()
