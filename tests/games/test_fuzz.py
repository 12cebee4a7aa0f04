"""A seeded fuzz of every POST endpoint and every socket (game, lobby, me, watch) with malformed
input.

Thousands of bodies and messages, each built to be refused: a poison anywhere in it (a NUL, a
lone surrogate, nesting past the limit, a non-finite number, broken JSON or UTF-8), or the
field its endpoint depends on given a wrong type or an out-of-range value. Asserted: no 5xx
and no ``server_error``, the sender's and a bystander's sockets still open and answering, and
every row of the database as it was. Deterministic (``random.Random(SEED)``); the socket part
runs on the in-memory layer and, with the services, on Redis (as CI does, on PostgreSQL).
"""

import json
import random
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
from channels.db import database_sync_to_async
from django.apps import apps
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.services import user_token
from games.models import Connection
from tests.games.archive_helpers import FOOLS_MATE, play_out
from tests.games.conftest import start_game
from tests.games.test_consumers import channel_layer_kind, connect, next_of_type  # noqa: F401
from tournaments.schemas import TournamentRequest
from tournaments.services.entries import tournament_create

SEED = 24
HTTP_CASES = 3000
SOCKET_CASES = 1500

FIELDS = [
    "ply", "move", "path", "promotion", "color", "rated", "to", "level", "fen", "text",
    "glyph", "comment", "action", "username", "password", "type", "variant", "speed",
]  # fmt: skip
TEXTS = ["", " ", "e4", "white", "1-0", "Qh4#", "a1", "é", "☃", "ℵ", "²", "0", "-1", "{", "]", "$"]
POISONS = ["\x00", "a\x00b", "\ud800", "x\udfffy"]


def scalar(rng: random.Random) -> Any:
    """A random JSON scalar: the values a careless or hostile client sends."""
    kind = rng.randrange(8)
    if kind == 0:
        return None
    if kind == 1:
        return rng.choice([True, False])
    if kind == 2:
        return rng.choice([0, -1, 1, 7, 2**31, 2**63, -(2**63) - 1, 10**30])
    if kind == 3:
        return rng.choice([0.5, -1e308, 1e-300, 3.0])
    if kind == 4:
        return "".join(rng.choice(TEXTS) for _ in range(rng.randrange(1, 4)))
    if kind == 5:
        return "x" * rng.choice([300, 5000, 100_000])
    if kind == 6:
        return "".join(chr(rng.randrange(0x20, 0x2FFF)) for _ in range(rng.randrange(1, 12)))
    return rng.choice(FIELDS)


def value(rng: random.Random, depth: int = 0) -> Any:
    """A random JSON value nested at most three levels."""
    kind = rng.randrange(6) if depth < 3 else 0
    if kind == 4:
        return [value(rng, depth + 1) for _ in range(rng.randrange(4))]
    if kind == 5:
        return {rng.choice(FIELDS): value(rng, depth + 1) for _ in range(rng.randrange(4))}
    return scalar(rng)


def random_object(rng: random.Random) -> dict[str, Any]:
    return {rng.choice(FIELDS): value(rng) for _ in range(rng.randrange(1, 6))}


def plant(rng: random.Random, tree: dict[str, Any], poison: Any) -> None:
    """Puts ``poison`` somewhere in ``tree``: a value, a key, or deep inside a list."""
    where = rng.randrange(3)
    if where == 0:
        tree[rng.choice(FIELDS)] = poison
    elif where == 1 and isinstance(poison, str):
        tree[poison] = value(rng)
    else:
        tree[rng.choice(FIELDS)] = [value(rng), {"x": [poison]}]


def poisoned_text(rng: random.Random, extra: dict[str, Any] | None = None) -> str | bytes:
    """A body or message that the edge refuses whatever endpoint or type it goes to."""
    tree = {**random_object(rng), **(extra or {})}
    kind = rng.randrange(6)
    if kind <= 1:
        plant(rng, tree, rng.choice(POISONS))
        return json.dumps(tree)
    if kind == 2:
        deep: Any = value(rng)
        for _ in range(rng.randrange(9, 400)):
            deep = [deep] if rng.random() < 0.5 else {"a": deep}
        plant(rng, tree, deep)
        return json.dumps(tree)
    if kind == 3:
        plant(rng, tree, float(rng.choice(["nan", "inf", "-inf"])))
        return json.dumps(tree)
    text = json.dumps(tree)
    if kind == 4:
        return text[: rng.randrange(max(1, len(text) - 1))] or "{"
    return text.encode()[:-1] + bytes([rng.choice([0xFF, 0xC0, 0x80])]) + b"}"


# The field each endpoint's body depends on, and values that make it wrong.
def wrong_color(rng: random.Random) -> Any:
    return rng.choice([None, 1, "purple", "WHITE", ["white"], {"c": "white"}, "", True])


def wrong_ply(rng: random.Random) -> Any:
    return rng.choice([None, "0", 0.0, -1, 10**9, 2**63, [0], {"p": 0}, True])


def junk_text(rng: random.Random) -> Any:
    return rng.choice(["!!!", "}{", "Zz9", "1. ]", 17, None, ["e4"], "Ke2:e9", "¹²³", "x" * 301])


BREAKERS: dict[str, dict[str, Callable[[random.Random], Any]]] = {
    "/api/auth/signup/": {"username": lambda r: r.choice(["a b", "!", "", 5, "x" * 200, None])},
    "/api/auth/token/": {"username": lambda r: "alice", "password": lambda r: r.choice(["", "no"])},
    "/api/seeks/": {"color": wrong_color},
    "/api/challenges/": {"color": wrong_color},
    "/api/games/local/": {
        "fen": lambda r: r.choice(["!!!", "8/8 w", 17, ["e4"], "¹²³", "x" * 201])
    },
    "/api/games/bot/": {"level": lambda r: r.choice([0, 9, -1, "3", 3.0, None, [3], 2**70])},
    "/api/games/import/": {"text": junk_text},
    "{live}/moves/": {"ply": wrong_ply, "move": junk_text},
    "{live}/draw/": {"action": lambda r: r.choice(["accept!", "", None, 1, ["offer"], "decline"])},
    "{done}/annotations/": {"ply": wrong_ply, "glyph": lambda r: r.choice(["!!!", "x", 1, "?!?"])},
    "/api/tournaments/": {
        "system": lambda r: r.choice([None, "Arena", "knockout", 1, ["swiss"], {"s": 1}, ""]),
        "minutes": lambda r: r.choice([None, 0, 9, 721, "60", 60.5, 2**70, [60]]),
        "rounds": lambda r: r.choice([None, 2, 16, "5", [5]]),
    },
    "{live}/chat/": {
        "text": lambda r: r.choice(["", " ", "x" * 141, 17, None, ["hi"], "a\nb", "\u202eab"])
    },
    "/api/reports/": {"reason": lambda r: r.choice(["", "rude", 1, None, ["spam"], "SPAM"])},
    "/api/account/close/": {"password": lambda r: r.choice(["", "wrong", 1, None, ["x"]])},
    "/api/account/email/": {"email": lambda r: r.choice(["a@", "@b", 1, None, ["a@b.c"], "x y"])},
}
# Endpoints that read no body: only a poisoned one is sure to be refused.
BODYLESS = [
    "{live}/resign/",
    "{live}/takeback/",
    "{done}/rematch/",
    "{done}/analysis/",
    "/api/seeks/{seek}/accept/",
    "/api/challenges/{challenge}/accept/",
    "/api/challenges/{challenge}/decline/",
    "{tournament}/join/",
    "{tournament}/withdraw/",
    "/api/users/carol/block/",
    "/api/users/carol/follow/",
]


def snapshot() -> dict[str, list[dict[str, Any]]]:
    """Every row of every model of the site's apps (open sockets aside: they come and go)."""
    rows = {}
    for model in apps.get_models():
        labels = ("accounts", "community", "games", "tournaments", "authtoken")
        if model._meta.app_label in labels and model is not Connection:
            rows[model._meta.label] = list(model.objects.order_by("pk").values())
    return rows


@pytest.fixture
def table(alice, bob, carol) -> dict[str, str]:
    """A live game, a finished one, and a seek and a challenge of carol's to aim at."""
    live = start_game(alice, bob)
    done = play_out(start_game(alice, bob), FOOLS_MATE, alice, bob)
    seek = APIClient()
    seek.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=carol)}")
    seek_id = seek.post("/api/seeks/", {"color": "white"}, format="json").json()["id"]
    challenge = seek.post("/api/challenges/", {"to": "alice"}, format="json").json()["id"]
    tournament = tournament_create(user=carol, asked=TournamentRequest.from_body({
        "name": "Fuzzed Arena", "clock": {"initial": 180, "increment": 2}, "system": "arena",
        "minutes": 60, "starts_at": (timezone.now() + timedelta(days=1)).isoformat(),
    }))  # fmt: skip
    return {
        "live": f"/api/games/{live.public_id}",
        "done": f"/api/games/{done.public_id}",
        "seek": seek_id,
        "challenge": challenge,
        "tournament": f"/api/tournaments/{tournament.public_id}",
    }


@pytest.mark.django_db
def test_thousands_of_malformed_bodies_get_4xx_and_change_nothing(table, alice, bob) -> None:
    rng = random.Random(SEED)
    clients = [APIClient(), APIClient(), APIClient()]
    clients[0].credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=alice)}")
    clients[1].force_login(bob)
    before = snapshot()
    statuses: dict[int, int] = {}
    endpoints = [*BREAKERS, *BODYLESS]
    for case in range(HTTP_CASES):
        template = endpoints[case % len(endpoints)]
        path = template.format(**table)
        if template in BREAKERS and case % 2:
            body: str | bytes = json.dumps(
                {**random_object(rng), **{k: f(rng) for k, f in BREAKERS[template].items()}}
            )
        else:
            body = poisoned_text(rng)
        client = rng.choice(clients)
        response = client.generic("POST", path, body, content_type="application/json")
        statuses[response.status_code] = statuses.get(response.status_code, 0) + 1
        assert response.status_code < 500, (path, body, response.content)
        assert response.status_code >= 400, (path, body, response.content)
        assert response.json()["error"], (path, body)
    assert snapshot() == before
    assert statuses[400] > HTTP_CASES // 2, statuses


GAME_TYPES = ["move", "resign", "draw", "takeback", "rematch", "chat", "sync", "ping"]


def socket_case(rng: random.Random) -> str | bytes:
    """A malformed message for the game socket: refused (``bad_request``) whatever the game."""
    kind = rng.randrange(4)
    if kind == 0:
        return poisoned_text(rng, {"type": rng.choice(GAME_TYPES)})
    if kind == 1:
        message = {**random_object(rng), "type": "move", "ply": wrong_ply(rng)}
        return json.dumps(message)
    if kind == 2:
        message = {**random_object(rng), "type": "draw", "action": rng.choice(["", "x", 1, None])}
        return json.dumps(message)
    wrong = rng.choice([value(rng), [1], "text", {"type": 5}, {"type": "dance"}, {}])
    if isinstance(wrong, dict) and wrong.get("type") in GAME_TYPES:
        wrong["type"] = "dance"  # a known type might be a legal message
    return json.dumps(wrong)


async def send_raw(comm, raw: str | bytes) -> None:
    if isinstance(raw, bytes):
        await comm.send_to(bytes_data=raw)
    else:
        await comm.send_to(text_data=raw)


@pytest.mark.django_db(transaction=True)
async def test_thousands_of_malformed_socket_messages_drop_no_bystander(
    ws,
    alice,
    bob,
    carol,
    settings,
    channel_layer_kind,  # noqa: F811
) -> None:
    settings.SOCKET_BUDGETS = {"player": "1000000/20", "other": "40/20"}  # the fuzz is no flood
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    sender, _ = await connect(ws, path, alice)
    bystander, _ = await connect(ws, path, carol)
    opponent, _ = await connect(ws, path, bob)
    before = await database_sync_to_async(snapshot)()
    rng = random.Random(SEED)
    for _ in range(SOCKET_CASES):
        raw = socket_case(rng)
        await send_raw(sender, raw)
        answer = await next_of_type(sender, "error")
        assert answer["code"] != "server_error", (raw, answer)
        assert answer["code"] in ("bad_request", "rate_limited"), (raw, answer)
    assert await database_sync_to_async(snapshot)() == before
    for comm in (sender, bystander, opponent):
        await comm.send_json_to({"type": "sync"})
        state = await next_of_type(comm, "state")
        assert state["ply"] == 0 and state["status"] == "live"
        # Nothing else but the table's presence (the spectator count is told at most once a
        # second, so it may still be on its way): no error, no second state.
        extra = []
        while not await comm.receive_nothing(timeout=0.2):
            extra.append(await comm.receive_json_from())
        assert all(message["type"] == "presence" for message in extra), extra


LOBBY_PATHS = [
    "/ws/lobby/",
    "/ws/me/",
    "/ws/watch/",
    "/ws/tournaments/{tournament}/",
    "/ws/analysis/",
]


@pytest.mark.django_db(transaction=True)
async def test_the_other_sockets_refuse_poisoned_messages_and_stay_open(
    ws, alice, settings
) -> None:
    settings.SOCKET_BUDGETS = {"player": "100/20", "other": "1000000/20"}
    rng = random.Random(SEED + 1)
    tournament = await database_sync_to_async(tournament_create)(
        user=alice,
        asked=TournamentRequest.from_body({
            "name": "Fuzzed Arena", "clock": {"initial": 180, "increment": 2},
            "system": "arena", "minutes": 60, "starts_at": timezone.now().isoformat(),
        }),
    )  # fmt: skip
    for template in LOBBY_PATHS:
        path = template.format(tournament=tournament.public_id)
        comm = await ws(path, alice)
        connected, _ = await comm.connect()
        assert connected
        for _ in range(SOCKET_CASES // 10):
            await send_raw(comm, poisoned_text(rng, {"type": rng.choice(["sync", "ping"])}))
            answer = await comm.receive_json_from(timeout=5)
            while answer["type"] != "error":  # what the socket sends on its own
                answer = await comm.receive_json_from(timeout=5)
            assert answer["code"] == "bad_request", (path, answer)
        await comm.send_json_to({"type": "ping"})
        answer = await comm.receive_json_from(timeout=5)
        while answer["type"] != "pong":
            answer = await comm.receive_json_from(timeout=5)
