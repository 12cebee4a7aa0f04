"""A simul's socket on the real ASGI application: the simul on connect, each change as it
commits (a player asks, the host accepts, the start with its boards), the boards following
their games' moves while it is played, ``gone`` and a close when the host calls it off, an
unknown simul refused."""

import pytest
from channels.db import database_sync_to_async

from games.domain.schemas import MoveRequest
from games.edges.consumers import CLOSE_NOT_FOUND
from games.services.core import Actor
from games.services.round import game_play
from simuls.services import simul_accept, simul_cancel, simul_join, simul_start
from tests.factories import make_user
from tests.games.conftest import ws  # noqa: F401 (a fixture)
from tests.simuls.conftest import make_simul

pytestmark = pytest.mark.django_db(transaction=True)


async def until(comm, check, timeout: float = 6) -> dict:
    """Returns the first ``simul`` message whose simul passes ``check``."""
    while True:
        message = await comm.receive_json_from(timeout=timeout)
        if message["type"] == "simul" and check(message["simul"]):
            return message["simul"]


def people() -> list:
    return [make_user(name) for name in ("host", "ann", "bob")]


async def test_every_open_page_follows_the_simul_from_its_players_to_its_boards(ws) -> None:  # noqa: F811
    host, ann, bob = await database_sync_to_async(people)()
    simul = await database_sync_to_async(make_simul)(host, [ann])
    path = f"/ws/simuls/{simul.public_id}/"
    visitor = await ws(path)
    assert (await visitor.connect())[0]
    first = await until(visitor, lambda s: True)
    assert [(p["user"], p["accepted"]) for p in first["players"]] == [("ann", True)]
    player = await ws(path, bob)
    assert (await player.connect())[0]
    await until(player, lambda s: True)
    await database_sync_to_async(simul_join)(public_id=simul.public_id, user=bob)
    await database_sync_to_async(simul_accept)(public_id=simul.public_id, host=host, username="bob")
    for comm in (visitor, player):
        seen = await until(comm, lambda s: s["accepted"] == 2)
        assert [p["user"] for p in seen["players"]] == ["ann", "bob"]
    await database_sync_to_async(simul_start)(public_id=simul.public_id, host=host)
    shown = await until(visitor, lambda s: s["status"] == "started")
    assert [(b["board"], b["user"], b["ply"]) for b in shown["boards"]] == [
        (1, "ann", 0),
        (2, "bob", 0),
    ]
    game = shown["boards"][1]["game"]
    await database_sync_to_async(game_play)(
        game_id=game, actor=Actor.of(host), move=MoveRequest.of(ply=0, text="e4")
    )
    moved = await until(player, lambda s: s["boards"][1]["ply"] == 1)
    assert moved["boards"][1]["fen"] != shown["boards"][1]["fen"]
    assert moved["boards"][1]["host_to_move"] is False


async def test_a_called_off_simul_closes_its_pages_and_an_unknown_one_is_refused(ws) -> None:  # noqa: F811
    host, ann, _ = await database_sync_to_async(people)()
    simul = await database_sync_to_async(make_simul)(host, [ann])
    comm = await ws(f"/ws/simuls/{simul.public_id}/")
    assert (await comm.connect())[0]
    await until(comm, lambda s: True)
    await database_sync_to_async(simul_cancel)(public_id=simul.public_id, host=host)
    assert await comm.receive_json_from(timeout=5) == {"type": "gone"}
    assert (await comm.receive_output(timeout=5))["code"] == CLOSE_NOT_FOUND
    unknown = await ws("/ws/simuls/nope/")
    assert (await unknown.connect())[0]
    refusal = await unknown.receive_json_from(timeout=5)
    assert (refusal["type"], refusal["code"]) == ("error", "not_found")
    assert "no simul nope" in refusal["error"]
    assert (await unknown.receive_output(timeout=5))["code"] == CLOSE_NOT_FOUND
