"""Long games, busy lobbies and busy watch pages through a real Daphne started with the flags the
README and docs/deployment.md give (``DAPHNE_LIMITS``: 16 KiB messages both ways).

After connect a game socket hears what changed — the state with the moves from ``moves_from`` on
— not the whole move list again, so a message does not grow with the game; the whole game on
connect comes in as many messages as it needs, none over the cap (docs/api.md, "Live").
"""

import asyncio
import itertools
import json
import urllib.request

import pytest
import websockets
from channels.db import database_sync_to_async
from django.utils import timezone

from accounts.models import User
from accounts.services import user_token
from engine import variants
from engine.variant import FAMILIES
from games.models import Game, Seek
from tests.conftest import DAPHNE_LIMITS, DaphneServer
from tests.factories import make_user
from tests.games.conftest import session_cookie, start_game
from tests.long_games import long_game
from tests.socket_client import Feed

pytestmark = pytest.mark.django_db(transaction=True)

PLIES = 400
# What Daphne is given (``DAPHNE_LIMITS``): the most bytes one message may have, either way.
CAP = int(DAPHNE_LIMITS[DAPHNE_LIMITS.index("--websocket-max-message-size") + 1])


@pytest.fixture(scope="module")
def fast_daphne(django_db_setup):
    """Daphne as deployed, but for the message budget: these games are played at a thousand
    moves a minute, which the budget rightly refuses to a person (tests/games/test_socket_limits.py
    holds it)."""
    server = DaphneServer({"SOCKET_BUDGET_PLAYER": "100000/20"})
    yield server
    server.stop()


def headers_of(user=None) -> dict[str, str]:
    headers = {"Origin": "http://127.0.0.1"}
    if user is not None:
        headers["Cookie"] = f"sessionid={session_cookie(user)}"
    return headers


def first_game_with_a_long_line(family: str):
    """Returns the first game of ``family`` in the registry with a ``PLIES``-ply line, and the
    line."""
    for variant in variants.VARIANTS.values():
        if variant.family != family:
            continue
        try:
            return variant, long_game(variant.id, PLIES)
        except LookupError:
            continue
    raise LookupError(f"no game of the {family} family has a {PLIES}-ply line")


@pytest.mark.parametrize("family", FAMILIES)
async def test_a_400_ply_game_is_played_and_watched_over_sockets_under_the_cap(
    live_db, fast_daphne, family
) -> None:
    variant, line = first_game_with_a_long_line(family)
    alice, bob = await database_sync_to_async(lambda: (make_user("alice"), make_user("bob")))()
    game = await database_sync_to_async(start_game)(alice, bob, variant=variant.id)
    path = f"{fast_daphne.ws_url}/ws/games/{game.public_id}/"
    white_headers = await database_sync_to_async(headers_of)(alice)
    black_headers = await database_sync_to_async(headers_of)(bob)
    async with (
        websockets.connect(f"{path}?legal=tree", additional_headers=white_headers) as w,
        websockets.connect(path, additional_headers=black_headers) as b,
        websockets.connect(f"{path}?legal=tree", additional_headers=headers_of()) as s,
    ):
        white, black, spectator = Feed(w), Feed(b), Feed(s)
        for feed in (white, black, spectator):
            assert (await feed.until("state"))["ply"] == 0
        for ply, text in enumerate(line.texts):
            mover = white if white.state["turn"] == "white" else black
            await mover.socket.send(json.dumps({"type": "move", "move": text, "ply": ply}))
            for feed in (white, black, spectator):
                state = await feed.until("state", ply=ply + 1)
                # What changed, not the game so far: the move just played.
                assert [move["fen"] for move in state["moves"]] == [line.fens[ply]]
                assert state["moves_from"] == ply
        for feed in (white, black, spectator):
            assert [move["fen"] for move in feed.moves] == list(line.fens)
            assert feed.state["status"] == "live" and feed.gaps == 0
            assert feed.largest <= CAP

        # A socket that connects now gets the whole game, in as many messages as it takes.
        async with websockets.connect(f"{path}?legal=tree", additional_headers=headers_of()) as n:
            newcomer = Feed(n)
            state = await newcomer.until("state")
            assert state["ply"] == PLIES
            assert [move["fen"] for move in newcomer.moves] == list(line.fens)
            assert newcomer.largest <= CAP < len(json.dumps(newcomer.moves))
            # A sync asked for later gets it again, the same way.
            await n.send(json.dumps({"type": "sync"}))
            await newcomer.until("state")
            assert [move["fen"] for move in newcomer.moves] == list(line.fens)


def crowd(count: int) -> list[User]:
    """Makes ``count`` users, in the lobby now."""
    users = User.objects.bulk_create(
        User(username=f"player{n}", last_seen=timezone.now()) for n in range(count)
    )
    return list(User.objects.filter(username__in=[u.username for u in users]).order_by("pk"))


def lobby_of_200_seeks() -> list[str]:
    users = crowd(70)
    games = itertools.cycle(variants.VARIANTS)
    seeks = Seek.objects.bulk_create(
        Seek(owner=users[n % len(users)], variant=next(games), clock=None) for n in range(200)
    )
    return sorted(seek.public_id for seek in seeks)


def live_games_600() -> list[str]:
    users = crowd(120)
    games = Game.objects.bulk_create(
        Game(
            mode=Game.Mode.ONLINE,
            white=users[n % 120],
            black=users[(n + 1) % 120],
            variant=variant.id,
            initial_fen=variant.start_fen,
            fen=variant.start_fen,
        )
        for n, variant in zip(range(600), itertools.cycle(variants.VARIANTS.values()), strict=False)
    )
    return sorted(game.public_id for game in games)


async def whole_list(feed: Feed, first: str, key: str, more: str, count: int) -> dict:
    """Reads a list sent whole on connect (``first``, then ``more`` messages) until it holds
    ``count`` entries; returns them by id."""
    listed = {entry["id"]: entry for entry in (await feed.until(first))[key]}
    while len(listed) < count:
        message = await feed.until(more)
        listed.update((entry["id"], entry) for entry in message["added"])
    return listed


def api_post(server, path: str, token: str, body: dict) -> dict:
    request = urllib.request.Request(
        f"{server.url}{path}",
        data=json.dumps(body).encode(),
        headers={"Content-Type": "application/json", "Authorization": f"Token {token}"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        return json.loads(response.read())


async def test_the_lobby_sends_200_seeks_under_the_cap_then_each_change(
    live_db, daphne_server
) -> None:
    ids = await database_sync_to_async(lobby_of_200_seeks)()
    dave = await database_sync_to_async(make_user)("dave")
    token = await database_sync_to_async(user_token)(user=dave)
    async with websockets.connect(
        f"{daphne_server.ws_url}/ws/lobby/", additional_headers=headers_of()
    ) as socket:
        feed = Feed(socket)
        listed = await whole_list(feed, "seeks", "seeks", "seeks_changed", len(ids))
        assert sorted(listed) == ids and feed.largest <= CAP
        seek = await asyncio.to_thread(api_post, daphne_server, "/api/seeks/", token, {})
        change = await feed.until("seeks_changed")
        assert [s["id"] for s in change["added"]] == [seek["id"]] and change["removed"] == []


async def test_the_watch_page_sends_600_live_games_under_the_cap_then_what_changed(
    live_db, daphne_server
) -> None:
    ids = await database_sync_to_async(live_games_600)()
    game = await database_sync_to_async(Game.objects.select_related("white", "black").get)(
        public_id=ids[0]
    )
    start = variants.get(game.variant).start_position()
    move = variants.get(game.variant).describe_moves(start)
    mover = game.player(start.turn.name_lower)
    token = await database_sync_to_async(user_token)(user=mover)
    async with websockets.connect(
        f"{daphne_server.ws_url}/ws/watch/", additional_headers=headers_of()
    ) as socket:
        feed = Feed(socket)
        listed = await whole_list(feed, "live_games", "games", "live_games_changed", len(ids))
        assert sorted(listed) == ids and feed.largest <= CAP
        played = await asyncio.to_thread(
            api_post, daphne_server, f"/api/games/{game.public_id}/moves/", token,
            {"move": move[0][1], "ply": 0},
        )  # fmt: skip
        change = await feed.until("live_games_changed")
        assert [(g["id"], g["ply"], g["fen"]) for g in change["added"]] == [
            (game.public_id, 1, played["fen"])
        ]
