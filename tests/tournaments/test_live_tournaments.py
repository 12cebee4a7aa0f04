"""Whole small tournaments through a real Daphne and its director, as players play them: made
and joined over the API, each player on ``/ws/me/`` and the tournament's socket, paired,
playing their moves, berserk and resignations and draws over their games' sockets; the scores,
streaks, berserk points, Swiss colours, byes and tie-breaks as the worked examples say; and a
server restarted mid-tournament losing nothing, its successor pairing on."""

import asyncio
import json
import urllib.request
from contextlib import AsyncExitStack
from datetime import timedelta

import pytest
import websockets
from channels.db import database_sync_to_async
from django.utils import timezone

from accounts.services import user_token
from games.domain.events import game_ended
from games.models import Game
from games.services.core import Actor
from games.services.play import game_resign
from tests.conftest import DaphneServer
from tests.factories import make_user
from tests.games.conftest import session_cookie
from tests.socket_client import Feed
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 20  # seconds a test waits for what the server will do: never a measure of speed


def start_server() -> DaphneServer:
    # A director passing often, and budgets these fast games need (tests/games/test_long_games).
    return DaphneServer({"TOURNAMENT_TICK": "0.2", "SOCKET_BUDGET_PLAYER": "100000/20"})


@pytest.fixture
def server(django_db_setup):
    # Each test its own: two directors on one database with in-memory channel layers would
    # tell players of games the other one started, on sockets it does not hold.
    running = start_server()
    yield running
    running.stop()


def api(server, method: str, path: str, token: str | None = None, body: dict | None = None):
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Token {token}"
    data = json.dumps(body).encode() if body is not None else None
    request = urllib.request.Request(f"{server.url}{path}", data=data, headers=headers,
                                     method=method)  # fmt: skip
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


class Player:
    """A player: their token and cookie, their /ws/me/ and tournament sockets once connected."""

    def __init__(self, user) -> None:
        self.user = user
        self.name = user.username
        self.token = user_token(user=user)
        self.headers = {"Origin": "http://127.0.0.1", "Cookie": f"sessionid={session_cookie(user)}"}
        self.me: Feed | None = None
        self.hall: Feed | None = None

    async def connect(self, stack: AsyncExitStack, server, tournament: str) -> None:
        self.me = Feed(
            await stack.enter_async_context(
                websockets.connect(f"{server.ws_url}/ws/me/", additional_headers=self.headers)
            )
        )
        self.hall = Feed(
            await stack.enter_async_context(
                websockets.connect(
                    f"{server.ws_url}/ws/tournaments/{tournament}/", additional_headers=self.headers
                )
            )
        )
        self.told = await self.hall.until("tournament", timeout=WAIT)  # fmt: skip

    async def game_told(self, played: set[str]) -> str:
        """Returns the player's game being played as the tournament's socket names it
        (``me.game``), other than those ``played``: on connect, if it was paired before the
        player came, else as it is paired."""
        while not (self.told["me"] and self.told["me"]["game"] not in (None, *played)):
            self.told = await self.hall.until("tournament", timeout=WAIT)
        return self.told["me"]["game"]

    async def next_game(self) -> str:
        """Returns the game the player was told of on /ws/me/ and on the tournament's socket."""
        started = await self.me.until("game_started", timeout=WAIT)
        told = await self.hall.until("game_started", timeout=WAIT)
        assert told["game"] == started["game"]
        return started["game"]


def players(count: int) -> list[Player]:
    return [Player(make_user(f"p{n}")) for n in range(1, count + 1)]


async def play(server, game: str, by_name: dict[str, Player], ending: str, berserk=()) -> dict:
    """Plays a game over its socket: ``berserk`` (names) go berserk first, each side makes a
    move, then ``ending``: "<name> resigns" or "draw". Returns the final state."""
    state = await asyncio.to_thread(api, server, "GET", f"/api/games/{game}/")
    white, black = by_name[state["white"]], by_name[state["black"]]
    path = f"{server.ws_url}/ws/games/{game}/"
    async with (
        websockets.connect(path, additional_headers=white.headers) as w,
        websockets.connect(path, additional_headers=black.headers) as b,
    ):
        feeds = {white.name: Feed(w), black.name: Feed(b)}
        for feed in feeds.values():
            await feed.until("state", timeout=WAIT)
        for name in berserk:
            await feeds[name].socket.send(json.dumps({"type": "berserk"}))
            color = "white" if name == white.name else "black"
            for feed in feeds.values():
                while not feed.state["berserk"][color]:
                    await feed.until("state", timeout=WAIT)
        for ply, mover in enumerate((white.name, black.name)):
            legal = feeds[mover].state["legal_moves"][0]["text"]
            await feeds[mover].socket.send(json.dumps({"type": "move", "move": legal, "ply": ply}))
            for feed in feeds.values():
                await feed.until("state", timeout=WAIT, ply=ply + 1)
        if ending == "draw":
            await feeds[white.name].socket.send(json.dumps({"type": "draw", "action": "offer"}))
            await feeds[black.name].until("state", timeout=WAIT, draw_offer="white")
            await feeds[black.name].socket.send(json.dumps({"type": "draw", "action": "accept"}))
        else:
            await feeds[ending.split()[0]].socket.send(json.dumps({"type": "resign"}))
        return await feeds[white.name].until("state", timeout=WAIT, status="finished")


async def tournament_lines(player: Player, **fields) -> dict:
    """Returns the next ``tournament`` message the player's tournament socket hears whose
    fields are ``fields``."""
    return await player.hall.until("tournament", timeout=WAIT, **fields)


async def until_scores(server, tournament: str, expected: dict[str, float]) -> dict:
    """Returns the tournament's object once its scores are ``expected`` (asked every tenth)."""
    for _ in range(WAIT * 10):
        found = await asyncio.to_thread(api, server, "GET", f"/api/tournaments/{tournament}/")
        if {row["user"]: row["score"] for row in found["standings"]} == expected:
            return found
        await asyncio.sleep(0.1)
    raise AssertionError(f"scores never became {expected}: {found['standings']}")


async def test_an_arena_is_played_through_with_streaks_and_berserk(live_db, server) -> None:
    everyone = await database_sync_to_async(players)(4)
    p1 = everyone[0]
    by_name = {p.name: p for p in everyone}
    made = await asyncio.to_thread(api, server, "POST", "/api/tournaments/", p1.token, {
        "name": "Tuesday Blitz Arena", "clock": {"initial": 180, "increment": 2},
        "system": "arena", "minutes": 60, "rated": True,
        "starts_at": (timezone.now() + timedelta(seconds=2)).isoformat(),
    })  # fmt: skip
    tid = made["id"]
    async with AsyncExitStack() as stack:
        for p in everyone:  # watching first, then joining: no game of theirs goes untold
            await p.connect(stack, server, tid)
        for p in everyone:
            await asyncio.to_thread(api, server, "POST", f"/api/tournaments/{tid}/join/", p.token)
        # It starts at its time and pairs all four: p1-p2 and p3-p4, nearest in the standings.
        first = {p.name: await p.next_game() for p in everyone}
        assert first["p1"] == first["p2"] and first["p3"] == first["p4"] != first["p1"]
        round_one = await tournament_lines(p1, status="started", round=1)
        assert round_one["me"]["game"] == first["p1"]
        await play(server, first["p1"], by_name, "p2 resigns")
        # p1 and p2 are free, but have just met: they wait for p3 and p4.
        await play(server, first["p3"], by_name, "p4 resigns")
        second = {p.name: await p.next_game() for p in everyone}
        assert second["p1"] == second["p3"] and second["p2"] == second["p4"]
        won = await play(server, second["p1"], by_name, "p3 resigns", berserk=["p1"])
        assert won["berserk"][("white" if won["white"] == "p1" else "black")] is True
        await play(server, second["p2"], by_name, "draw")
        third = {p.name: await p.next_game() for p in everyone}
        # p1's nearest free player is p3, whom p1 has just met: p2.
        assert third["p1"] == third["p2"] and third["p3"] == third["p4"]
        await play(server, third["p1"], by_name, "p2 resigns")
        await play(server, third["p3"], by_name, "p4 resigns")
        # p1: 2, 2 + 1 (berserk), then on fire 4; p3: 2, 0, 2; p2 and p4: a draw each.
        found = await until_scores(server, tid, {"p1": 9, "p3": 4, "p2": 1, "p4": 1})
        assert [row["user"] for row in found["standings"][:2]] == ["p1", "p3"]
        assert found["standings"][0]["fire"] is True
        told = await tournament_lines(p1)
        while told["me"]["score"] != 9:  # the socket's line catches up, batched
            told = await tournament_lines(p1)
        assert told["me"]["rank"] == 1
        # The games carry the tournament; the archive lists its six finished games.
        listed = await asyncio.to_thread(
            api, server, "GET", f"/api/games/?status=finished&tournament={tid}"
        )
        assert listed["count"] == 6
        assert all(g["tournament"] == tid for g in listed["results"])
        # Its end: the arena finishes, and its podium is final.
        await database_sync_to_async(Tournament.objects.filter(public_id=tid).update)(
            ends_at=timezone.now()
        )
        over = await tournament_lines(p1, status="finished")
        assert [row["user"] for row in over["standings"][:3]] == ["p1", "p3", "p2"]


async def test_a_swiss_is_played_through_and_survives_a_restart(live_db, server) -> None:
    await swiss_with_a_restart(server)


async def swiss_with_a_restart(server) -> None:
    everyone = await database_sync_to_async(players)(5)
    p1, p2, p3, p4, p5 = everyone
    by_name = {p.name: p for p in everyone}
    made = await asyncio.to_thread(api, server, "POST", "/api/tournaments/", p1.token, {
        "name": "Sunday Swiss", "clock": {"initial": 300, "increment": 0}, "system": "swiss",
        "rounds": 3, "starts_at": (timezone.now() + timedelta(seconds=4)).isoformat(),
    })  # fmt: skip
    tid = made["id"]

    async def round_of(playing: list[Player], stack, resumed: bool = False) -> dict[str, str]:
        if resumed:  # the new server may have paired the round before its players came back
            played = {*one.values(), *two.values()}
            return {p.name: await p.game_told(played) for p in playing}
        return {p.name: await p.next_game() for p in playing}

    def colours(state: dict) -> tuple[str, str]:
        return state["white"], state["black"]

    async with AsyncExitStack() as stack:
        for p in everyone:
            await p.connect(stack, server, tid)
        for p in everyone:
            await asyncio.to_thread(api, server, "POST", f"/api/tournaments/{tid}/join/", p.token)
        one = await round_of([p1, p2, p3, p4], stack)
        # Round 1 as the worked example (tests/tournaments/test_swiss.py): p5 has the bye.
        r1 = await play(server, one["p1"], by_name, "p3 resigns")
        assert colours(r1) == ("p1", "p3")
        r1b = await play(server, one["p2"], by_name, "draw")
        assert colours(r1b) == ("p4", "p2")
        two = await round_of([p1, p2, p4, p5], stack)
        assert two["p1"] == two["p2"] and two["p4"] == two["p5"]
        r2 = await play(server, two["p1"], by_name, "p2 resigns")
        assert colours(r2) == ("p2", "p1")
    # The server stops in the middle of round 2, with p5-p4 still being played.
    await asyncio.to_thread(server.stop)
    game = await database_sync_to_async(Game.objects.get)(public_id=two["p4"])
    assert game.status == Game.Status.LIVE

    def end_unscored() -> None:
        # p4 resigns while no server runs, and nobody scores it: the next director must.
        receivers, game_ended.receivers = game_ended.receivers, []
        game_ended.sender_receivers_cache.clear()
        try:
            game_resign(game_id=two["p4"], actor=Actor.of(p4.user))
        finally:
            game_ended.receivers = receivers

    await database_sync_to_async(end_unscored)()
    server = await asyncio.to_thread(start_server)
    try:
        async with AsyncExitStack() as stack:
            for p in everyone:
                await p.connect(stack, server, tid)
            three = await round_of([p1, p2, p3, p5], stack, resumed=True)
            assert three["p1"] == three["p5"] and three["p3"] == three["p2"]
            r3 = await play(server, three["p1"], by_name, "draw")
            assert colours(r3) == ("p1", "p5")
            r3b = await play(server, three["p3"], by_name, "p2 resigns")
            assert colours(r3b) == ("p3", "p2")
            over = await tournament_lines(p1, status="finished")
            lines = [(r["user"], r["score"], r["tiebreak"], r["sonneborn_berger"])
                     for r in over["standings"]]  # fmt: skip
            assert lines == [
                ("p1", 2.5, 5.0, 3.75),
                ("p5", 2.5, 4.0, 2.75),
                ("p3", 2.0, 3.0, 0.5),
                ("p4", 1.5, 3.0, 0.25),
                ("p2", 0.5, 6.0, 0.75),
            ]
    finally:
        await asyncio.to_thread(server.stop)
