"""A channel layer that fails (Redis down, or just back) after a change committed: the change
is answered as made, the send is retried once, and a socket's own client is told directly what
its group could not be."""

import pytest
from channels.db import database_sync_to_async
from channels.layers import get_channel_layer
from rest_framework.test import APIClient

from accounts.services import user_token
from games.models import GameMove
from games.storage import broadcast
from tests.games.conftest import start_game
from tests.games.test_consumers import MEMORY_LAYER

pytestmark = pytest.mark.django_db(transaction=True)  # sends happen after commit

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


async def next_of_type(comm, kind: str):
    """Returns the next message of a type, skipping presence updates."""
    while True:
        message = await comm.receive_json_from(timeout=WAIT)
        if message["type"] == kind:
            return message
        assert message["type"] == "presence", message


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.services)])
def failing_layer(request, settings, monkeypatch) -> dict:
    """The channel layer (in memory, and with the services Redis's) with a switch: while
    ``failures`` is above zero, each group send fails (and counts down); ``tries`` lists the
    groups every send was tried for."""
    if request.param == "memory":
        settings.CHANNEL_LAYERS = MEMORY_LAYER
    layer = get_channel_layer()
    switch = {"failures": 0, "tries": []}

    async def real_group_send(group, message):
        if hasattr(type(layer), "group_send"):
            return await type(layer).group_send(layer, group, message)
        return await layer._get_layer().group_send(group, message)  # Redis's: one per loop

    async def group_send(group, message):
        switch["tries"].append(group)
        if switch["failures"] > 0:
            switch["failures"] -= 1
            raise ConnectionError("Error connecting to Redis: connection refused.")
        return await real_group_send(group, message)

    monkeypatch.setattr(layer, "group_send", group_send, raising=False)
    return switch


def test_a_rest_move_is_answered_as_played_when_the_layer_fails(alice, bob, failing_layer):
    game = start_game(alice, bob)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=alice)}")
    failing_layer.update(failures=10**6, tries=[])
    response = client.post(
        f"/api/games/{game.public_id}/moves/", {"ply": 0, "move": "e4"}, format="json"
    )
    assert response.status_code == 201 and response.json()["ply"] == 1
    assert list(GameMove.objects.filter(game=game).values_list("text", flat=True)) == ["e4"]
    group = broadcast.game_group(game.public_id)
    assert failing_layer["tries"].count(group) == 2  # tried, then retried once


async def test_a_socket_move_reaches_its_mover_when_the_layer_fails(
    ws, alice, bob, failing_layer
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    failing_layer["failures"] = 10**6
    await white.send_json_to({"type": "move", "move": "e4", "ply": 0})
    state = await next_of_type(white, "state")  # from its own consumer: the group got nothing
    assert (state["ply"], state["moves"][-1]["text"]) == (1, "e4")
    failing_layer["failures"] = 0  # Redis is back: a client's sync finds the move
    _black, synced = await connect(ws, path, bob)
    assert synced["ply"] == 1


async def test_a_send_that_fails_once_is_retried_and_reaches_the_group(
    ws, alice, bob, failing_layer
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    black, _ = await connect(ws, path, bob)
    failing_layer["failures"] = 1
    await white.send_json_to({"type": "move", "move": "e4", "ply": 0})
    for comm in (white, black):
        state = await next_of_type(comm, "state")
        assert state["ply"] == 1
    assert failing_layer["failures"] == 0
