"""Heartbeats (the protocol's ``ping``): a server process gathers the pings it hears and writes
them together, one statement per kind, instead of one statement per ping."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

import common.db
from accounts.models import User
from games.edges import realtime
from games.models import Connection
from games.services.core import Actor
from games.services.presence import connection_open, connections_seen
from tests.games.conftest import start_game
from tests.games.test_consumers import connect, next_of_type

pytestmark = pytest.mark.django_db(transaction=True)

LONG_AGO = timezone.now() - timedelta(days=1)


@pytest.fixture
async def process_heartbeats():
    """The test loop's heartbeats, their background writer stopped after the test."""
    beats = realtime.heartbeats()
    yield beats
    if beats.task is not None:
        beats.task.cancel()


@database_sync_to_async
def age_connections() -> None:
    Connection.objects.update(last_seen=LONG_AGO)


@database_sync_to_async
def last_seen_by_color() -> dict[str | None, object]:
    return dict(Connection.objects.values_list("color", "last_seen"))


async def ping(comm) -> None:
    await comm.send_json_to({"type": "ping"})
    assert (await next_of_type(comm, "pong"))["type"] == "pong"


async def test_pings_are_written_together_when_the_process_writes_its_heartbeats(
    ws, alice, bob, carol, settings, process_heartbeats
) -> None:
    settings.HEARTBEAT_FLUSH_EVERY = 3600  # written below, by hand
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    spectator, _ = await connect(ws, path, carol)
    await age_connections()

    await ping(white)
    await ping(spectator)
    assert await last_seen_by_color() == {"white": LONG_AGO, None: LONG_AGO}  # not yet written
    assert len(process_heartbeats.channels) == 2

    before = timezone.now()
    await process_heartbeats.flush()
    seen = await last_seen_by_color()
    assert set(seen) == {"white", None}
    assert all(at >= before for at in seen.values()), seen
    assert process_heartbeats.channels == set()

    # A socket's next ping within 30 s is answered but not written again.
    await age_connections()
    await ping(white)
    assert process_heartbeats.channels == set()
    await process_heartbeats.flush()
    assert (await last_seen_by_color())["white"] == LONG_AGO


async def test_the_process_writes_the_heartbeats_it_heard_on_its_own(
    ws, alice, bob, settings, process_heartbeats
) -> None:
    settings.HEARTBEAT_FLUSH_EVERY = 0.2
    game = await database_sync_to_async(start_game)(alice, bob)
    black, _ = await connect(ws, f"/ws/games/{game.public_id}/", bob)
    await age_connections()
    before = timezone.now()
    await ping(black)
    for _ in range(50):
        seen = await last_seen_by_color()
        if seen["black"] >= before:
            break
        await asyncio.sleep(0.1)
    assert seen["black"] >= before, seen
    # With nothing more heard, the writer stops until the next ping.
    await asyncio.wait_for(process_heartbeats.task, timeout=5)


async def test_lobby_heartbeats_mark_the_user_online_when_written(
    alice, bob, settings, process_heartbeats
) -> None:
    await database_sync_to_async(User.objects.update)(last_seen=LONG_AGO)
    process_heartbeats.user(alice.pk)
    process_heartbeats.user(bob.pk)
    before = timezone.now()
    await process_heartbeats.flush()
    seen = await database_sync_to_async(dict)(User.objects.values_list("username", "last_seen"))
    assert seen["alice"] >= before and seen["bob"] >= before, seen


def test_a_long_list_is_refreshed_in_chunks(online_game, alice, monkeypatch) -> None:
    monkeypatch.setattr(common.db, "IN_CHUNK", 2)
    for n in range(5):
        connection_open(game_id=online_game.public_id, channel_name=f"c{n}", actor=Actor.of(alice))
    Connection.objects.update(last_seen=LONG_AGO)
    now = timezone.now()
    assert connections_seen(channel_names=[f"c{n}" for n in range(5)], now=now) == 5
    assert set(Connection.objects.values_list("last_seen", flat=True)) == {now}
