"""Against the real services (PostgreSQL and Redis): concurrency, the Redis channel layer, real
Daphne processes. Marked ``services``: in CI a missing service fails these, never skips them."""

import asyncio
import json
import threading
import time
from collections.abc import Callable
from datetime import timedelta

import pytest
import websockets
from channels.db import database_sync_to_async
from django.db import connection, connections
from django.utils import timezone

from games.domain.errors import GameError
from games.domain.schemas import MoveRequest
from games.models import Connection, Game, GameMove
from games.services.core import Actor
from games.services.presence import connection_open, connections_seen
from games.services.round import game_play
from games.services.sweep import sweep
from games.storage import broadcast
from tests.conftest import DaphneServer
from tests.games.conftest import FOOLS_MATE, session_cookie, start_game

pytestmark = pytest.mark.services


def at_once(work: Callable[[], None], count: int) -> None:
    """Runs ``work`` in ``count`` threads released together; each closes its own database
    connection when done."""
    barrier = threading.Barrier(count)

    def run() -> None:
        try:
            barrier.wait()
            work()
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run) for _ in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()


def test_two_concurrent_submissions_of_the_same_move_apply_exactly_once(
    live_db, alice, bob
) -> None:
    assert connection.vendor == "postgresql"
    game = start_game(alice, bob)
    outcomes: list[str] = []

    def submit() -> None:
        try:
            game_play(
                game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4")
            )
            outcomes.append("applied")
        except GameError as error:
            outcomes.append(error.code.value)

    at_once(submit, 4)
    assert sorted(outcomes) == ["applied", "stale_ply", "stale_ply", "stale_ply"]
    assert list(GameMove.objects.filter(game=game).values_list("ply", "text")) == [(0, "e4")]


def test_sweeps_running_at_once_share_out_a_dead_process_connections(live_db, alice, bob) -> None:
    # A process died holding White's sockets of six games whose Black is still at the table;
    # two surviving processes sweep at the same moment. Every row is pruned once and every
    # game's table told once, by one of the two sweeps (the deleting statement says which rows
    # were its own).
    assert connection.vendor == "postgresql"
    games = [start_game(alice, bob) for _ in range(6)]
    long_ago = timezone.now() - timedelta(minutes=5)
    for index, game in enumerate(games):
        for user, seen in ((alice, long_ago), (bob, None)):
            connection_open(
                game_id=game.public_id,
                channel_name=f"{index}.{user.username}",
                actor=Actor.of(user),
                now=seen,
            )
    results: list[dict[str, int]] = []
    told: list[str] = []

    def sweep_now() -> None:
        outbox: list = []
        results.append(broadcast.collect(outbox, sweep))
        told.extend(group for group, message in outbox if message["type"] == "game.presence")

    at_once(sweep_now, 2)
    assert sum(result["pruned"] for result in results) == 6
    assert sorted(told) == sorted(broadcast.game_group(game.public_id) for game in games)
    assert Connection.objects.count() == 6  # Black's
    Connection.objects.all().delete()


def updates_of(model) -> tuple[int, int]:
    """This transaction's updates of a model's rows so far: all of them, and those PostgreSQL
    made heap-only (the new row on the old one's page, no index entry written)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT pg_stat_get_xact_tuples_updated(%s::regclass),"
            " pg_stat_get_xact_tuples_hot_updated(%s::regclass)",
            [model._meta.db_table] * 2,
        )
        return cursor.fetchone()


def crowded_page(model, keys: list, key: str = "public_id") -> list:
    """The keys among ``keys`` of the rows on the page of the table that holds most of them."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT {key}, (ctid::text::point)[0] FROM {model._meta.db_table}"
            f" WHERE {key} = ANY(%s)",
            [keys],
        )
        pages: dict[int, list] = {}
        for value, page in cursor.fetchall():
            pages.setdefault(page, []).append(value)
    return max(pages.values(), key=len)


@pytest.mark.django_db
def test_moves_in_games_on_a_crowded_page_write_no_index_entries(alice, bob) -> None:
    # A page of games is 80% full at most (migration 0006): every move's update of its game fits
    # beside the old row, so none of the game's indexes gets an entry. On a full page (the
    # default) the first move's update goes to another page, through every index.
    assert connection.vendor == "postgresql"
    started = [start_game(alice, bob).public_id for _ in range(80)]  # a few pages of games
    crowded = crowded_page(Game, started)  # a page these games filled (others wrote earlier)
    assert len(crowded) >= 10
    updated, hot = updates_of(Game)
    for public_id in crowded[:3]:
        game_play(game_id=public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    updated_after, hot_after = updates_of(Game)
    assert updated_after - updated == 3
    assert hot_after - hot == 3


@pytest.mark.django_db
def test_heartbeats_written_together_write_no_index_entries(alice, bob) -> None:
    # A process writes its sockets' heartbeats every 10 s (games.edges.realtime.Heartbeats). The
    # last-seen column is not indexed (migration 0007), so each row's new version stays on its
    # page and none of the table's indexes gets an entry.
    assert connection.vendor == "postgresql"
    game = start_game(alice, bob)
    long_ago = timezone.now() - timedelta(seconds=50)
    names = [f"heartbeat.{index}" for index in range(300)]  # a few pages of sockets
    for name in names:
        connection_open(
            game_id=game.public_id, channel_name=name, actor=Actor.of(None), now=long_ago
        )
    crowded = crowded_page(Connection, names, key="channel_name")
    assert len(crowded) >= 20
    updated, hot = updates_of(Connection)
    assert connections_seen(channel_names=crowded) == len(crowded)
    updated_after, hot_after = updates_of(Connection)
    assert updated_after - updated == len(crowded)
    assert hot_after - hot == len(crowded)
    fresh = Connection.objects.filter(channel_name__in=crowded, last_seen__gt=long_ago)
    assert fresh.count() == len(crowded)
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, Connection._meta.db_table)
    indexed = sorted(tuple(c["columns"]) for c in found.values() if c["index"] or c["unique"])
    assert indexed == [("channel_name",), ("game_id", "color"), ("id",), ("user_id",)]  # no LIKE


@pytest.mark.django_db
@pytest.mark.parametrize("model", [Game, GameMove, Connection])
def test_no_index_a_move_or_heartbeat_writes_is_covered_by_another(model) -> None:
    # Each is written on every move or heartbeat; an index whose columns start another index's
    # is one more entry to write for lookups the other one serves.
    with connection.cursor() as cursor:
        found = connection.introspection.get_constraints(cursor, model._meta.db_table)
    indexed = {name: tuple(c["columns"]) for name, c in found.items() if c["index"] or c["unique"]}
    assert indexed, model
    covered = [
        (name, other)
        for name, columns in indexed.items()
        for other, longer in indexed.items()
        if other != name and len(longer) > len(columns) and longer[: len(columns)] == columns
    ]
    assert covered == []


def ws_headers(user=None) -> dict[str, str]:
    headers = {"Origin": "http://127.0.0.1"}
    if user is not None:
        headers["Cookie"] = f"sessionid={session_cookie(user)}"
    return headers


async def receive_type(socket, kind: str, timeout: float = 10) -> dict:
    deadline = time.monotonic() + timeout
    while True:
        raw = await asyncio.wait_for(socket.recv(), max(0.1, deadline - time.monotonic()))
        message = json.loads(raw)
        if message["type"] == kind:
            return message


@pytest.fixture
def second_daphne(daphne_server):
    server = DaphneServer()
    yield server
    server.stop()


async def test_a_move_on_one_daphne_reaches_a_spectator_on_another(
    live_db, daphne_server, second_daphne, alice, bob, carol
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white_headers = await database_sync_to_async(ws_headers)(alice)
    black_headers = await database_sync_to_async(ws_headers)(bob)
    carol_headers = await database_sync_to_async(ws_headers)(carol)
    async with (
        websockets.connect(daphne_server.ws_url + path, additional_headers=white_headers) as white,
        websockets.connect(second_daphne.ws_url + path, additional_headers=black_headers) as black,
        websockets.connect(
            second_daphne.ws_url + path, additional_headers=carol_headers
        ) as spectator,
    ):
        for socket in (white, black, spectator):
            assert (await receive_type(socket, "state"))["ply"] == 0
        for ply, text in enumerate(FOOLS_MATE):
            mover = white if ply % 2 == 0 else black
            await mover.send(json.dumps({"type": "move", "move": text, "ply": ply}))
            state = await receive_type(spectator, "state")
            assert state["ply"] == ply + 1
            assert state["moves"][-1]["text"].rstrip("#") == text
        assert state["termination"] == "checkmate"


async def test_the_same_move_sent_through_two_daphnes_at_once_is_played_once(
    live_db, daphne_server, second_daphne, alice, bob
) -> None:
    # Each player has the game open on both servers and sends every move from both at once.
    # Before each move both servers read the game (sync), so each holds its current history and
    # both try the move without the game's lock: the guarded write lets exactly one through.
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    headers = {user: await database_sync_to_async(ws_headers)(user) for user in (alice, bob)}
    async with (
        websockets.connect(daphne_server.ws_url + path, additional_headers=headers[alice]) as w1,
        websockets.connect(second_daphne.ws_url + path, additional_headers=headers[alice]) as w2,
        websockets.connect(daphne_server.ws_url + path, additional_headers=headers[bob]) as b1,
        websockets.connect(second_daphne.ws_url + path, additional_headers=headers[bob]) as b2,
    ):
        for socket in (w1, w2, b1, b2):
            assert (await receive_type(socket, "state"))["ply"] == 0
        moves = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6"]
        for ply, text in enumerate(moves):
            pair = (w1, w2) if ply % 2 == 0 else (b1, b2)
            for socket in pair:
                await socket.send(json.dumps({"type": "sync"}))
                assert (await receive_type(socket, "state"))["ply"] == ply
            message = json.dumps({"type": "move", "move": text, "ply": ply})
            await asyncio.gather(*(socket.send(message) for socket in pair))
            seen = [await answered(socket) for socket in pair]
            # Exactly one of the two was refused as stale; both get the state after the move.
            errors = [m["code"] for messages in seen for m in messages if m["type"] == "error"]
            assert errors == ["stale_ply"], seen
            for socket, messages in zip(pair, seen, strict=True):
                if ply + 1 not in [m["ply"] for m in messages if m["type"] == "state"]:
                    assert (await receive_type(socket, "state"))["ply"] == ply + 1
        stored = await database_sync_to_async(
            lambda: list(GameMove.objects.filter(game=game).values_list("ply", "text"))
        )()
        assert stored == list(enumerate(moves))
        await w1.send(json.dumps({"type": "sync"}))
        final = await receive_type(w1, "state")
        while final["moves_from"] != 0:  # a move's state, still on its way: the sync's is whole
            final = await receive_type(w1, "state")
        assert [move["text"] for move in final["moves"]] == moves


async def answered(socket, timeout: float = 10) -> list[dict]:
    """Returns what a socket received until its answer to a ping: the consumer answers its
    messages in order, so the answer to a move sent before is among them."""
    await socket.send(json.dumps({"type": "ping"}))
    deadline = time.monotonic() + timeout
    messages = []
    while True:
        raw = await asyncio.wait_for(socket.recv(), max(0.1, deadline - time.monotonic()))
        message = json.loads(raw)
        if message["type"] == "pong":
            return messages
        messages.append(message)


async def test_an_idle_game_socket_stays_open_thirty_seconds_on_redis(
    live_db, daphne_server, alice, bob
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    headers = await database_sync_to_async(ws_headers)(bob)
    async with websockets.connect(
        daphne_server.ws_url + path, additional_headers=headers, ping_interval=None
    ) as idle:
        await receive_type(idle, "state")
        await asyncio.sleep(30)  # no message either way: the idle-socket bug closed it in ~5 s
        await database_sync_to_async(game_play)(
            game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4")
        )
        state = await receive_type(idle, "state")
        assert state["ply"] == 1
        await idle.send(json.dumps({"type": "sync"}))
        assert (await receive_type(idle, "state"))["ply"] == 1
