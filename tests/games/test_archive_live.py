"""The archive on a game's WebSocket: annotation changes and analysis progress reach everyone
watching a finished game."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from games.services.analysis import game_analyse
from games.services.archive import annotation_create
from games.services.core import Actor
from tests.games.archive_helpers import FOOLS_MATE, finished_game
from tests.games.test_consumers import channel_layer_kind, connect, next_of_type

pytestmark = pytest.mark.django_db(transaction=True)

__all__ = ["channel_layer_kind"]  # a fixture: the in-memory layer, and Redis with the services


async def next_analysis(comm, timeout: float = 30):
    """Returns the next analysis message. The analysis is published from a plain thread (the
    worker's applier); short waits keep this test's event loop turning, as a server's does,
    so a message put on the in-memory layer from that thread is delivered."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while loop.time() < deadline:
        if await comm.receive_nothing(timeout=0.05):
            continue
        message = await comm.receive_json_from(timeout=5)
        if message["type"] == "analysis":
            return message
        assert message["type"] == "presence", message
    raise AssertionError("no analysis message came")


async def test_watchers_hear_of_annotations_and_of_the_analysis_as_it_runs(
    ws, alice, bob, carol, settings, channel_layer_kind
) -> None:
    settings.ANALYSIS_DEPTH = 1
    settings.ANALYSIS_SECONDS = None
    game = await database_sync_to_async(finished_game)(alice, bob, FOOLS_MATE)
    watcher, state = await connect(ws, f"/ws/games/{game.public_id}/", carol)
    assert state["status"] == "finished"

    await database_sync_to_async(annotation_create)(
        game_id=game.public_id, actor=Actor.of(bob), ply=3, glyph="!!", comment="Mate."
    )
    message = await next_of_type(watcher, "annotations")
    assert [(a["ply"], a["glyph"], a["author"]) for a in message["annotations"]] == [
        (3, "!!", "bob")
    ]

    await database_sync_to_async(game_analyse)(game_id=game.public_id, actor=Actor.of(carol))
    progress = [await next_analysis(watcher)]
    while progress[-1]["state"] == "running":
        progress.append(await next_analysis(watcher))
    assert progress[0]["done"] == 0 and progress[0]["total"] == 5
    assert [p["done"] for p in progress] == list(range(6))  # one message per position
    assert progress[-1]["state"] == "done" and len(progress[-1]["evaluations"]) == 5
    assert progress[-1]["evaluations"][-1]["score"] == -100000
