"""Clocks on the real edges: a game ends on time with nobody sending anything (the flag timer
of the serving process), after that process is gone (the sweep), and the API's seeks,
challenges and states carry the clock."""

import asyncio
from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.db.models import F
from django.utils import timezone
from rest_framework.test import APIClient

from games.domain.clock import TimeControl
from games.domain.schemas import MoveRequest
from games.models import Game
from games.services import flag_timer
from games.services.core import Actor
from games.services.play import game_resign
from games.services.round import game_play
from games.services.sweep import sweep
from tests.games.conftest import start_game
from tests.games.test_consumers import channel_layer_kind, connect, next_of_type  # noqa: F401

pytestmark = pytest.mark.django_db(transaction=True)


def clocked_game_about_to_flag(white, black, left_ms: int) -> Game:
    """A 1+0 game past both first moves, White to move with ``left_ms`` on its clock."""
    game = start_game(white, black, clock=TimeControl(initial=60))
    for ply, (player, text) in enumerate(((white, "e4"), (black, "e5"))):
        move = MoveRequest(ply=ply, text=text)
        game_play(game_id=game.public_id, actor=Actor(user_id=player.pk), move=move)
    now = timezone.now()
    # A change made here, not by a move: a new revision, so no process plays on a kept record.
    Game.objects.filter(pk=game.pk).update(
        revision=F("revision") + 1,
        white_ms=left_ms,
        clock_since=now,
        clock_deadline=now + timedelta(milliseconds=left_ms),
    )
    return Game.objects.get(pk=game.pk)


async def test_nobody_sends_anything_and_every_socket_gets_the_game_ended_on_time(
    ws,
    alice,
    bob,
    carol,
    channel_layer_kind,  # noqa: F811
) -> None:
    # White to move with a minute; Black has 400 ms left once White has moved.
    game = await database_sync_to_async(clocked_game_about_to_flag)(alice, bob, 60_000)
    tampered = Game.objects.filter(pk=game.pk)
    await database_sync_to_async(tampered.update)(black_ms=400, revision=F("revision") + 1)
    path = f"/ws/games/{game.public_id}/"
    white, state = await connect(ws, path, alice)
    assert state["status"] == "live" and state["clock"]["running"] == "white"
    assert state["speed"] == "bullet"
    black, _ = await connect(ws, path, bob)
    spectator, _ = await connect(ws, path, carol)
    await white.send_json_to({"type": "move", "move": "Nf3", "ply": 2})
    for comm in (white, black, spectator):
        moved = await next_of_type(comm, "state")
        assert moved["ply"] == 3 and moved["clock"]["running"] == "black"
    # Nobody sends anything more: the serving process's timer ends the game.
    for comm in (white, black, spectator):
        final = await next_of_type(comm, "state", timeout=10)
        assert (final["status"], final["result"], final["termination"]) == (
            "finished",
            "1-0",
            "timeout",
        )
        assert final["clock"]["black"] == 0 and final["clock"]["running"] is None
    record = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert record.termination == "timeout" and record.clock_deadline is None


async def test_a_player_gives_the_opponent_15_seconds_over_the_socket(ws, alice, bob) -> None:
    game = await database_sync_to_async(clocked_game_about_to_flag)(alice, bob, 20_000)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    black, _ = await connect(ws, path, bob)
    await black.send_json_to({"type": "give_time"})
    for comm in (white, black):
        given = await next_of_type(comm, "state")
        assert given["clock"]["white"] <= 35_000 and given["clock"]["black"] == 60_000
    record = await database_sync_to_async(Game.objects.get)(pk=game.pk)
    assert record.white_ms == 35_000


async def test_one_timer_waits_for_many_games(ws, alice, bob) -> None:
    """A process's games share one armed timer, for the nearest deadline."""
    fired: list[list[str]] = []
    due = asyncio.Event()

    async def on_due(ids: list[str]) -> None:
        fired.append(ids)
        due.set()

    loop = asyncio.get_running_loop()
    timer = flag_timer.FlagTimer(loop, on_due)
    now = timezone.now().timestamp()
    for n in range(1000):
        timer.set(f"g{n}", now + 3600 + n)
    timer.set("first", now + 0.04)
    assert timer.armed_for == now + 0.04
    timer.set("first", now + 100)  # the earliest moved: the timer waits for the next instead
    assert timer.armed_for == now + 100
    timer.set("first", None)  # it ended
    assert timer.armed_for == now + 3600
    timer.set("soon", now + 0.05)
    timer.set("moved", now + 0.06)
    timer.set("moved", now + 7200)  # its move came in time: the old deadline is stale
    assert len(timer) == 1002 and timer.armed_for == now + 0.05
    await asyncio.wait_for(due.wait(), timeout=10)
    assert fired == [["soon"]]
    assert timer.armed_for == now + 3600  # the next, once the stale entry is skipped
    assert timer.handle is not None and len(timer) == 1001


def test_after_a_restart_the_sweep_ends_the_game_on_time(alice, bob) -> None:
    """No process holds a timer for the game (it died): the sweep ends it."""
    game = clocked_game_about_to_flag(alice, bob, 1000)
    assert sweep(now=game.clock_since + timedelta(milliseconds=999))["forfeited"] == 0
    assert sweep(now=game.clock_since + timedelta(seconds=1))["forfeited"] == 1
    game.refresh_from_db()
    assert (game.status, game.result, game.termination) == ("finished", "0-1", "timeout")


def test_a_correspondence_game_spans_a_restart_and_its_deadline_is_enforced(alice, bob) -> None:
    game = start_game(alice, bob, clock=TimeControl(days=1))
    game_play(game_id=game.public_id, actor=Actor(user_id=alice.pk), move=MoveRequest(0, "e4"))
    game.refresh_from_db()
    assert game.clock_deadline == game.clock_since + timedelta(days=1)
    # Black's first move never comes: a day later the game is aborted, unrated.
    assert sweep(now=game.clock_deadline - timedelta(seconds=1))["forfeited"] == 0
    assert sweep(now=game.clock_deadline)["forfeited"] == 1
    game.refresh_from_db()
    assert (game.status, game.result) == ("aborted", None)


# --- the API ----------------------------------------------------------------------------------
def api_as(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_seek_with_a_clock_starts_a_clocked_game(alice, bob) -> None:
    posted = api_as(alice).post(
        "/api/seeks/", {"color": "white", "clock": {"initial": 180, "increment": 2}}, format="json"
    )
    assert posted.status_code == 201
    seek = posted.json()
    assert (seek["clock"], seek["speed"], seek["control"]) == (
        {"initial": 180, "increment": 2},
        "blitz",
        "3+2",
    )
    listed = api_as(bob).get("/api/seeks/").json()
    assert [s["clock"] for s in listed] == [{"initial": 180, "increment": 2}]
    accepted = api_as(bob).post(f"/api/seeks/{seek['id']}/accept/")
    assert accepted.status_code == 201
    state = api_as(alice).get(f"/api/games/{accepted.json()['game']}/").json()
    assert state["speed"] == "blitz"
    clock = state["clock"]
    assert (clock["initial"], clock["increment"], clock["days"]) == (180, 2, None)
    assert (clock["white"], clock["black"], clock["running"]) == (180_000, 180_000, None)
    assert clock["first_move_deadline"] is not None


def test_a_challenge_and_its_rematch_keep_the_correspondence_clock(alice, bob) -> None:
    posted = api_as(alice).post(
        "/api/challenges/", {"to": "bob", "color": "white", "clock": {"days": 3}}, format="json"
    )
    assert posted.status_code == 201
    assert (posted.json()["clock"], posted.json()["speed"]) == ({"days": 3}, "correspondence")
    accepted = api_as(bob).post(f"/api/challenges/{posted.json()['id']}/accept/")
    game_id = accepted.json()["game"]
    state = api_as(alice).get(f"/api/games/{game_id}/").json()
    assert state["speed"] == "correspondence" and state["clock"]["days"] == 3
    api_as(alice).post(f"/api/games/{game_id}/resign/")
    assert api_as(bob).post(f"/api/games/{game_id}/rematch/").status_code == 201
    assert api_as(alice).post(f"/api/games/{game_id}/rematch/").status_code == 201
    rematch = Game.objects.exclude(public_id=game_id).get()
    assert (rematch.clock_days, rematch.clock_initial) == (3, None)
    assert (rematch.white_id, rematch.black_id) == (bob.pk, alice.pk)


def test_an_unlimited_game_has_no_clock(alice, bob) -> None:
    posted = api_as(alice).post("/api/seeks/", {"color": "white"}, format="json").json()
    assert (posted["clock"], posted["speed"], posted["control"]) == (None, "unlimited", "unlimited")
    game_id = api_as(bob).post(f"/api/seeks/{posted['id']}/accept/").json()["game"]
    state = api_as(alice).get(f"/api/games/{game_id}/").json()
    assert (state["clock"], state["speed"]) == (None, "unlimited")


@pytest.mark.parametrize(
    ("clock", "says"),
    [
        ({"initial": 5}, "initial time is 15 to 10800 seconds"),
        ({"initial": 60, "increment": 200}, "increment is 0 to 180 seconds"),
        ({"days": 4}, "days are one of 1, 2, 3, 5, 7, 14"),
    ],
)
def test_a_clock_out_of_range_is_refused_with_400(alice, clock, says) -> None:
    answer = api_as(alice).post("/api/seeks/", {"color": "white", "clock": clock}, format="json")
    assert answer.status_code == 400
    assert says in answer.json()["error"]
    assert api_as(alice).get("/api/seeks/").json() == []


# --- the archive ------------------------------------------------------------------------------
def test_the_archive_filters_by_speed_and_the_export_carries_the_time_control(alice, bob) -> None:
    controls = {
        "bullet": TimeControl(initial=60),
        "blitz": TimeControl(initial=180, increment=2),
        "rapid": TimeControl(initial=600, increment=5),
        "classical": TimeControl(initial=1800),
        "correspondence": TimeControl(days=3),
        "unlimited": TimeControl(),
    }
    games = {}
    for speed, control in controls.items():
        game = start_game(alice, bob, clock=control)
        game_resign(game_id=game.public_id, actor=Actor(user_id=bob.pk))
        games[speed] = game.public_id
    client = APIClient()
    for speed, game_id in games.items():
        listed = client.get(f"/api/games/?status=finished&speed={speed}").json()
        assert [g["id"] for g in listed["results"]] == [game_id], speed
    assert client.get("/api/games/?speed=ultrabullet").json()["results"] == []
    refused = client.get("/api/games/?speed=fast")
    assert refused.status_code == 400 and "speed is one of" in refused.json()["error"]
    tags = {
        speed: client.get(f"/api/games/{game_id}/export/").content.decode().split("\n")
        for speed, game_id in games.items()
    }
    assert '[TimeControl "180+2"]' in tags["blitz"]
    assert '[TimeControl "1/259200"]' in tags["correspondence"]
    assert '[TimeControl "-"]' in tags["unlimited"]


# --- your turn ----------------------------------------------------------------------------------
async def test_a_correspondence_player_hears_on_ws_me_that_it_is_their_turn(ws, alice, bob) -> None:
    game = await database_sync_to_async(start_game)(alice, bob, clock=TimeControl(days=3))
    notices = await ws("/ws/me/", bob)
    connected, _ = await notices.connect()
    assert connected
    move = MoveRequest(ply=0, text="e4")
    await database_sync_to_async(game_play)(
        game_id=game.public_id, actor=Actor(user_id=alice.pk), move=move
    )
    while (message := await notices.receive_json_from(timeout=5))["type"] != "your_turn":
        assert message["type"] == "challenges", message
    assert (message["game"], message["opponent"]) == (game.public_id, "alice")
    assert message["deadline"] is not None


def test_the_account_menu_lists_the_games_whose_turn_is_yours(client, alice, bob, carol) -> None:
    mine = start_game(alice, bob)  # White to move: alice's turn
    start_game(bob, alice)  # White to move: bob's
    client.force_login(alice)
    page = client.get("/play/").content.decode()
    assert page.count('data-testid="menu-your-turn"') == 1
    assert f'href="/game/{mine.public_id}/" data-testid="menu-your-turn">Your turn: bob' in page
