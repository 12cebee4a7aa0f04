"""The game WebSocket on the real ASGI app: state on connect, a state to every connection after
every change, errors only to the sender, the connection kept open."""

import asyncio
import json

import pytest
from channels.db import database_sync_to_async

from games.edges import realtime
from games.edges.sockets import budget_rate
from games.models import Game, GameMove, Seek
from games.services.core import Actor
from games.services.lobby import (
    challenge_accept,
    challenge_create,
    challenge_decline,
    seek_accept,
    seek_create,
)
from games.services.play import game_draw, game_resign
from tests.games.conftest import FOOLS_MATE, start_game

pytestmark = pytest.mark.django_db(transaction=True)


async def connect(make, path: str, user=None):
    comm = await make(path, user)
    connected, _ = await comm.connect()
    assert connected
    first = await comm.receive_json_from(timeout=5)
    while first["type"] == "presence":  # another socket's presence may overtake the state
        first = await comm.receive_json_from(timeout=5)
    return comm, first


async def next_of_type(comm, kind: str, timeout: float = 5):
    """Returns the next message of a type, skipping presence updates."""
    while True:
        message = await comm.receive_json_from(timeout=timeout)
        if message["type"] == kind:
            return message
        assert message["type"] == "presence", message


@database_sync_to_async
def moves_of(game: Game) -> list[str]:
    return list(GameMove.objects.filter(game=game).values_list("text", flat=True))


MEMORY_LAYER = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture(params=["memory", pytest.param("redis", marks=pytest.mark.services)])
def channel_layer_kind(request, settings) -> str:
    """Runs a test on the in-memory layer and (with the services) on the Redis pub/sub layer."""
    if request.param == "memory":
        settings.CHANNEL_LAYERS = MEMORY_LAYER
    else:
        assert (
            settings.CHANNEL_LAYERS["default"]["BACKEND"]
            == "common.channel_layer.PubSubChannelLayer"
        )
    return request.param


async def test_a_full_game_to_checkmate_with_a_spectator_receiving_every_state(
    ws, alice, bob, carol, channel_layer_kind
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, state = await connect(ws, path, alice)
    assert state["type"] == "state" and state["ply"] == 0 and len(state["legal_moves"]) == 20
    black, _ = await connect(ws, path, bob)
    spectator, _ = await connect(ws, path, carol)
    anonymous, _ = await connect(ws, path)

    seen: dict[str, list[int]] = {"white": [], "black": [], "carol": [], "anon": []}
    clients = {"white": white, "black": black, "carol": spectator, "anon": anonymous}
    for ply, text in enumerate(FOOLS_MATE):
        mover = white if ply % 2 == 0 else black
        await mover.send_json_to({"type": "move", "move": text, "ply": ply})
        for name, comm in clients.items():
            message = await next_of_type(comm, "state")
            seen[name].append(message["ply"])
            assert message["moves"][-1]["text"].rstrip("#") == text
    assert all(plies == [1, 2, 3, 4] for plies in seen.values()), seen
    assert message["status"] == "finished"
    assert (message["result"], message["termination"]) == ("0-1", "checkmate")
    assert await moves_of(game) == ["f3", "e5", "g4", "Qh4#"]


async def test_a_move_by_path_and_promotion(ws, alice, bob) -> None:
    game = await database_sync_to_async(start_game)(alice, bob, "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    white, _ = await connect(ws, f"/ws/games/{game.public_id}/", alice)
    await white.send_json_to({"type": "move", "ply": 0, "path": ["b7", "b8"], "promotion": "q"})
    state = await next_of_type(white, "state")
    assert state["moves"][0]["text"] == "b8=Q+"


BAD_MESSAGES = [
    ("not json at all", "not JSON"),
    ("[1, 2]", "JSON objects"),
    ('{"no": "type"}', "needs a type"),
    ('{"type": "dance"}', "Unknown message type"),
    ('{"type": "move", "ply": 0}', "needs move"),
    ('{"type": "move", "move": "e4"}', "ply"),
    ('{"type": "move", "move": "e4", "ply": "0"}', "ply"),
    ('{"type": "move", "move": "Ke2:e9", "ply": 0}', None),
    ('{"type": "move", "move": "e5", "ply": 0}', None),
    ('{"type": "move", "move": "e4", "ply": 7}', "stale"),
    ('{"type": "draw", "action": "accept"}', "no draw offer"),
    ('{"type": "draw", "action": "please"}', "offer, accept or decline"),
    ('{"type": "takeback"}', "asked of the opponent"),
]


@pytest.mark.parametrize(("raw", "reason"), BAD_MESSAGES)
async def test_a_bad_message_gets_an_error_and_changes_nothing(ws, alice, bob, raw, reason) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    white, _ = await connect(ws, f"/ws/games/{game.public_id}/", alice)
    await white.send_to(text_data=raw)
    error = await next_of_type(white, "error")
    assert error["error"]
    if reason:
        assert reason in error["error"], error
    # The connection is alive and the game unchanged: a sync answers with ply 0.
    await white.send_json_to({"type": "sync"})
    state = await next_of_type(white, "state")
    assert state["ply"] == 0 and state["status"] == "live" and state["draw_offer"] is None
    assert await moves_of(game) == []


async def test_errors_go_only_to_the_sender(ws, alice, bob, carol) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    spectator, _ = await connect(ws, path, carol)
    await spectator.send_json_to({"type": "move", "move": "e4", "ply": 0})
    error = await next_of_type(spectator, "error")
    assert error["code"] == "not_a_player"
    await spectator.send_json_to({"type": "resign"})
    assert (await next_of_type(spectator, "error"))["code"] == "not_a_player"
    # Alice heard nothing of it except presence updates.
    while not await white.receive_nothing(timeout=0.2):
        assert (await white.receive_json_from())["type"] == "presence"
    assert await moves_of(game) == []
    refreshed = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert refreshed.status == "live"


async def test_reconnect_and_sync_restore_the_state(ws, alice, bob, channel_layer_kind) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    black, _ = await connect(ws, path, bob)
    await white.send_json_to({"type": "move", "move": "e4", "ply": 0})
    await next_of_type(black, "state")
    await black.disconnect()
    await white.send_json_to({"type": "sync"})  # white keeps playing while black is away
    await next_of_type(white, "state")
    await database_sync_to_async(game_draw)(
        game_id=game.public_id, actor=Actor.of(alice), action="offer"
    )
    again, state = await connect(ws, path, bob)
    assert state["ply"] == 1 and state["moves"][0]["text"] == "e4"
    assert state["draw_offer"] == "white" and state["turn"] == "black"
    await again.send_json_to({"type": "sync"})
    assert (await next_of_type(again, "state"))["ply"] == 1


async def test_presence_is_shown_to_both(ws, alice, bob) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, state = await connect(ws, path, alice)
    assert state["presence"] == {"white": True, "black": False}
    black, _ = await connect(ws, path, bob)
    presence = await white.receive_json_from(timeout=5)
    assert presence["type"] == "presence"
    assert presence["presence"] == {"white": True, "black": True}
    await black.disconnect()
    presence = await white.receive_json_from(timeout=5)
    assert presence["presence"] == {"white": True, "black": False}
    assert presence["absence"]["side"] == "black"


async def test_the_spectator_count_follows_connections(ws, alice, bob, carol) -> None:
    """Spectators are counted and the table told (at most once a second, however many come:
    ``realtime.spectators_changed``); a player's arrival is told at once."""
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    spectators = [await connect(ws, path, carol), await connect(ws, path)]
    assert spectators[1][1]["spectators"] == 2
    while (await next_of_type(white, "presence", timeout=30))["spectators"] != 2:
        pass
    for comm, _ in spectators:
        await comm.disconnect()
    while (await next_of_type(white, "presence", timeout=30))["spectators"] != 0:
        pass
    await connect(ws, path, bob)
    presence = await next_of_type(white, "presence", timeout=30)
    assert (presence["presence"], presence["spectators"]) == ({"white": True, "black": True}, 0)


async def test_spectators_coming_together_are_told_once(monkeypatch) -> None:
    told: list[str] = []
    done = asyncio.Event()

    async def tell(game_id: str) -> None:
        realtime._spectators_pending.discard(game_id)
        told.append(game_id)
        done.set()

    monkeypatch.setattr(realtime, "_tell_spectators", tell)
    monkeypatch.setattr(realtime, "SPECTATORS_EVERY", 0.05)
    for _ in range(5):
        realtime.spectators_changed("g1")
    await asyncio.wait_for(done.wait(), timeout=30)
    assert told == ["g1"]


async def test_a_game_that_does_not_exist_closes_with_4404(ws) -> None:
    comm = await ws("/ws/games/nosuchgame/")
    connected, _ = await comm.connect()
    assert connected
    error = await comm.receive_json_from()
    assert error["type"] == "error" and "no game" in error["error"]
    closed = await comm.receive_output(timeout=5)
    assert closed == {"type": "websocket.close", "code": 4404}


async def test_a_foreign_origin_is_refused(ws, online_game) -> None:
    comm = await ws(f"/ws/games/{online_game.public_id}/", origin="http://evil.example")
    connected, _ = await comm.connect()
    assert not connected


async def test_the_message_budget_refuses_a_flood_and_keeps_the_connection(
    ws, alice, bob, carol, settings
) -> None:
    # The documented budget, in a window that cannot end while the test runs.
    settings.SOCKET_BUDGETS = {
        kind: f"{budget_rate(kind)[0]}/86400" for kind in settings.SOCKET_BUDGETS
    }
    game = await database_sync_to_async(start_game)(alice, bob)
    spectator, _ = await connect(ws, f"/ws/games/{game.public_id}/", carol)
    for _ in range(budget_rate("other")[0]):
        await spectator.send_json_to({"type": "ping"})
        assert (await next_of_type(spectator, "pong"))["type"] == "pong"
    await spectator.send_json_to({"type": "ping"})
    error = await next_of_type(spectator, "error")
    assert error["code"] == "rate_limited"
    await spectator.send_to(text_data=json.dumps({"type": "sync"}))
    assert (await next_of_type(spectator, "error"))["code"] == "rate_limited"


async def test_the_lobby_lists_seeks_live_and_sends_both_players_to_the_game(
    ws, alice, bob
) -> None:
    watcher, first = await connect(ws, "/ws/lobby/")
    assert first == {"type": "seeks", "seeks": []}
    owner, _ = await connect(ws, "/ws/lobby/", alice)
    assert (await owner.receive_json_from())["type"] == "challenges"
    seek = await database_sync_to_async(seek_create)(user=alice, color="white")
    for comm in (watcher, owner):
        # What changed, not the list.
        update = await next_of_type(comm, "seeks_changed")
        assert [s["id"] for s in update["added"]] == [seek.public_id] and not update["removed"]
        assert update["added"][0]["owner"] == "alice"
    game = await database_sync_to_async(seek_accept)(user=bob, seek_id=seek.public_id)
    started = await next_of_type(owner, "game_started")
    assert started["game"] == game.public_id
    for comm in (owner, watcher):
        update = await next_of_type(comm, "seeks_changed")
        assert (update["added"], update["removed"]) == ([], [seek.public_id])


async def lobby_next(comm, kind: str) -> dict:
    """Returns a lobby socket's next message of a type, skipping the seeks' changes before it."""
    while (message := await comm.receive_json_from(timeout=5))["type"] != kind:
        assert message["type"] == "seeks_changed", message
    return message


async def test_leaving_the_lobby_withdraws_ones_seeks_and_challenges_and_lobbies_see_it(
    ws, alice, bob
) -> None:
    watcher, _ = await connect(ws, "/ws/lobby/")
    challenged, _ = await connect(ws, "/ws/lobby/", bob)
    assert (await challenged.receive_json_from())["incoming"] == []  # on connect
    first_tab, _ = await connect(ws, "/ws/lobby/", alice)
    second_tab, _ = await connect(ws, "/ws/lobby/", alice)
    seek = await database_sync_to_async(seek_create)(user=alice, color="white")
    added = (await next_of_type(watcher, "seeks_changed"))["added"]
    assert [s["id"] for s in added] == [seek.public_id]
    challenge = await database_sync_to_async(challenge_create)(user=alice, to="bob")
    told = (await lobby_next(challenged, "challenge"))["challenge"]
    assert (told["id"], told["state"]) == (challenge.public_id, "open")
    await first_tab.disconnect()  # another lobby page of hers is still open: both stand
    assert await database_sync_to_async(Seek.objects.count)() == 1
    await second_tab.disconnect()
    assert (await next_of_type(watcher, "seeks_changed"))["removed"] == [seek.public_id]
    told = (await lobby_next(challenged, "challenge"))["challenge"]
    assert (told["id"], told["state"]) == (challenge.public_id, "cancelled")
    assert await database_sync_to_async(Seek.objects.count)() == 0
    await database_sync_to_async(challenge.refresh_from_db)()
    assert challenge.state == "cancelled"
    assert await watcher.receive_nothing(timeout=0.2)


async def test_a_lobby_page_left_for_another_keeps_ones_seeks(ws, alice, settings) -> None:
    # Going from the lobby to a page that keeps it (an invite link's), or a connection that
    # drops and comes back, within LOBBY_LEAVE_GRACE: nothing is withdrawn.
    tab, _ = await connect(ws, "/ws/lobby/", alice)
    await database_sync_to_async(seek_create)(user=alice)
    await tab.disconnect()
    back, _ = await connect(ws, "/ws/lobby/", alice)
    await asyncio.sleep(settings.LOBBY_LEAVE_GRACE + 0.5)
    assert await database_sync_to_async(Seek.objects.count)() == 1
    await back.disconnect()
    await asyncio.sleep(settings.LOBBY_LEAVE_GRACE + 0.5)
    assert await database_sync_to_async(Seek.objects.count)() == 0


async def test_a_users_socket_tells_them_of_challenges_away_from_the_lobby(ws, alice, bob) -> None:
    anonymous = await ws("/ws/me/")
    assert (await anonymous.connect())[0]
    assert (await anonymous.receive_json_from())["code"] == "unauthenticated"
    assert await anonymous.receive_output(timeout=5) == {"type": "websocket.close", "code": 4401}

    me, first = await connect(ws, "/ws/me/", bob)
    assert first == {"type": "challenges", "incoming": [], "outgoing": []}
    challenge = await database_sync_to_async(challenge_create)(user=alice, to="bob")
    told = (await next_of_type(me, "challenge"))["challenge"]
    assert (told["id"], told["state"], told["to"]) == (challenge.public_id, "open", "bob")
    game = await database_sync_to_async(challenge_accept)(
        user=bob, challenge_id=challenge.public_id
    )
    started = await next_of_type(me, "game_started")
    assert started["game"] == game.public_id


async def test_a_challenge_reaches_the_challenged_user_live(ws, alice, bob) -> None:
    lobby, _ = await connect(ws, "/ws/lobby/", bob)
    assert (await lobby.receive_json_from())["incoming"] == []
    challenger, _ = await connect(ws, "/ws/me/", alice)
    challenge = await database_sync_to_async(challenge_create)(user=alice, to="bob")
    # The challenge alone, to both sides, each time it changes: never the whole list.
    for comm in (lobby, challenger):
        told = (await next_of_type(comm, "challenge"))["challenge"]
        assert (told["id"], told["challenger"], told["state"]) == (
            challenge.public_id,
            "alice",
            "open",
        )
    await database_sync_to_async(challenge_decline)(user=bob, challenge_id=challenge.public_id)
    for comm in (lobby, challenger):
        told = (await next_of_type(comm, "challenge"))["challenge"]
        assert (told["id"], told["state"]) == (challenge.public_id, "declined")


async def test_the_watch_list_follows_live_games(ws, alice, bob) -> None:
    watch, first = await connect(ws, "/ws/watch/")
    assert first == {"type": "live_games", "games": []}
    game = await database_sync_to_async(start_game)(alice, bob)
    update = await next_of_type(watch, "live_games_changed")
    assert [(g["id"], g["white"], g["black"], g["ply"]) for g in update["added"]] == [
        (game.public_id, "alice", "bob", 0)
    ]
    # A move: the game again, as it now is; the list is never sent whole after connect.
    white, _ = await connect(ws, f"/ws/games/{game.public_id}/", alice)
    await white.send_json_to({"type": "move", "move": "e4", "ply": 0})
    update = await next_of_type(watch, "live_games_changed")
    assert [(g["id"], g["ply"]) for g in update["added"]] == [(game.public_id, 1)]
    await database_sync_to_async(game_resign)(game_id=game.public_id, actor=Actor.of(alice))
    update = await next_of_type(watch, "live_games_changed")
    assert (update["added"], update["removed"]) == ([], [game.public_id])


async def test_messages_reach_the_handlers_without_a_hop_through_the_shared_thread(
    ws, alice, bob, monkeypatch
) -> None:
    # Channels' default dispatch runs close_old_connections on its one shared thread before
    # every message; the game consumers (whose database work runs on their own threads) skip it:
    # under load those hops queued every state behind that one thread (bench/ws_load.py).
    import channels.consumer

    hops = []

    async def counted() -> None:
        hops.append(1)

    monkeypatch.setattr(channels.consumer, "aclose_old_connections", counted)
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    spectator, _ = await connect(ws, path)
    await white.send_json_to({"type": "move", "move": "e4", "ply": 0})
    assert (await next_of_type(spectator, "state"))["ply"] == 1
    assert (await next_of_type(white, "state"))["ply"] == 1
    assert hops == []


async def test_a_sockets_messages_make_no_new_task(ws, alice, bob, channel_layer_kind) -> None:
    # Each socket reads its client and its channel with one task each for its whole life
    # (common.dispatch): a task made for every message would live until the socket's next one,
    # seconds later, and be walked by the garbage collector in between (bench/RESULTS.md).
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    black, _ = await connect(ws, path, bob)
    await white.send_json_to({"type": "ping"})
    await next_of_type(white, "pong")
    await asyncio.sleep(0.2)
    before = asyncio.all_tasks()
    for ply, (mover, other, text) in enumerate([(white, black, "e4"), (black, white, "e5")]):
        await mover.send_json_to({"type": "move", "move": text, "ply": ply})
        assert (await next_of_type(other, "state"))["ply"] == ply + 1
        assert (await next_of_type(mover, "state"))["ply"] == ply + 1
        await other.send_json_to({"type": "ping"})
        await next_of_type(other, "pong")
    await asyncio.sleep(0.2)
    made = {task.get_coro().__qualname__ for task in asyncio.all_tasks() - before}
    assert made == set()
