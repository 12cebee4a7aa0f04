"""The chat over real sockets, through Daphne as deployed (``DAPHNE_LIMITS``): two players and a
spectator talk in their rooms, a blocked writer's lines are never delivered to the player who
blocked them (either way), and the lines, stored with the game, survive a restart: a server
process started afresh sends them to a socket that connects."""

import asyncio
import json

import pytest
import websockets
from channels.db import database_sync_to_async

from community.services import block
from tests.conftest import DaphneServer
from tests.factories import make_user
from tests.games.conftest import start_game
from tests.games.test_long_games import headers_of
from tests.socket_client import Feed

pytestmark = pytest.mark.django_db(transaction=True)


async def say(feed: Feed, text: str) -> None:
    await feed.socket.send(json.dumps({"type": "chat", "text": text}))


async def heard(feed: Feed) -> list[str]:
    """Returns the chat lines a socket hears until it has been quiet for half a second."""
    texts = []
    while True:
        try:
            message = await feed.next_message(timeout=0.5)
        except TimeoutError:
            return texts
        if message["type"] == "chat":
            texts.append(f"{message['room']}/{message['user']}: {message['text']}")


async def test_players_and_spectators_talk_apart_and_a_block_holds_both_ways(
    live_db, daphne_server
) -> None:
    users = await database_sync_to_async(
        lambda: [make_user(name) for name in ("alice", "bob", "carol", "dave")]
    )()
    alice, bob, carol, dave = users
    game = await database_sync_to_async(start_game)(alice, bob)
    await database_sync_to_async(block)(user=carol, other=dave)
    path = f"{daphne_server.ws_url}/ws/games/{game.public_id}/"
    headers = [await database_sync_to_async(headers_of)(user) for user in users]
    async with (
        websockets.connect(path, additional_headers=headers[0]) as a,
        websockets.connect(path, additional_headers=headers[1]) as b,
        websockets.connect(path, additional_headers=headers[2]) as c,
        websockets.connect(path, additional_headers=headers[3]) as d,
        websockets.connect(path, additional_headers=headers_of()) as v,
    ):
        feeds = [Feed(socket) for socket in (a, b, c, d, v)]
        for feed in feeds:
            await feed.until("state")
        white, black, spectator, blocked, _ = feeds
        await say(white, "Good luck")
        await say(black, "You too")
        await say(spectator, "from carol")
        await say(blocked, "from dave")
        lines = await asyncio.gather(*(heard(feed) for feed in feeds))
    # Lines of different writers may come in either order.
    players = ["players/alice: Good luck", "players/bob: You too"]
    assert sorted(lines[0]) == sorted(lines[1]) == players
    assert lines[2] == ["spectators/carol: from carol"]  # dave's line never reached carol
    assert lines[3] == ["spectators/dave: from dave"]  # nor carol's dave
    assert sorted(lines[4]) == ["spectators/carol: from carol", "spectators/dave: from dave"]


async def test_the_lines_survive_a_restart(live_db) -> None:
    alice, bob = await database_sync_to_async(lambda: (make_user("alice"), make_user("bob")))()
    game = await database_sync_to_async(start_game)(alice, bob)
    first = DaphneServer()
    try:
        path = f"{first.ws_url}/ws/games/{game.public_id}/"
        headers = await database_sync_to_async(headers_of)(alice)
        async with websockets.connect(path, additional_headers=headers) as socket:
            feed = Feed(socket)
            await feed.until("state")
            await say(feed, "Before the restart")
            assert (await feed.until("chat"))["text"] == "Before the restart"
    finally:
        first.stop()
    second = DaphneServer()  # a new process: it knows only what the database holds
    try:
        path = f"{second.ws_url}/ws/games/{game.public_id}/"
        headers = await database_sync_to_async(headers_of)(bob)
        async with websockets.connect(path, additional_headers=headers) as socket:
            history = await Feed(socket).until("chat_history")
    finally:
        second.stop()
    assert [(line["user"], line["text"]) for line in history["lines"]] == [
        ("alice", "Before the restart")
    ]
