"""What the table is told over the game socket beyond the state: a declined draw offer, and
the live game's page data that lets its archive tools appear when it ends."""

import json

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from games.services.core import Actor
from games.services.play import game_create_local, game_resign
from tests.games.conftest import start_game
from tests.games.test_consumers import MEMORY_LAYER, connect


async def messages_until_state(comm) -> list[dict]:
    """Returns the messages up to and including the next state, presence updates left out."""
    seen = []
    while True:
        message = await comm.receive_json_from(timeout=5)
        if message["type"] == "presence":
            continue
        seen.append(message)
        if message["type"] == "state":
            return seen


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("layer", ["memory", pytest.param("redis", marks=pytest.mark.services)])
async def test_a_declined_draw_offer_is_told_to_the_whole_table(
    ws, alice, bob, carol, settings, layer
) -> None:
    if layer == "memory":
        settings.CHANNEL_LAYERS = MEMORY_LAYER
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    black, _ = await connect(ws, path, bob)
    watcher, _ = await connect(ws, path, carol)
    await white.send_json_to({"type": "draw", "action": "offer"})
    for comm in (white, black, watcher):
        [offered] = await messages_until_state(comm)
        assert offered["draw_offer"] == "white"
    await black.send_json_to({"type": "draw", "action": "decline"})
    for comm in (white, black, watcher):
        told = await messages_until_state(comm)
        assert [m["type"] for m in told] == ["draw_declined", "state"]
        assert told[0] == {"type": "draw_declined", "by": "black"}
        assert told[1]["draw_offer"] is None and told[1]["status"] == "live"
    # Accepting tells no one of a decline: the state says the game is drawn.
    await black.send_json_to({"type": "draw", "action": "offer"})
    for comm in (white, black):
        await messages_until_state(comm)
    await white.send_json_to({"type": "draw", "action": "accept"})
    told = await messages_until_state(black)
    assert [m["type"] for m in told] == ["state"]
    assert told[0]["termination"] == "agreement"
    for comm in (white, black, watcher):
        await comm.disconnect()


NOTHING_JUDGED = {"inaccuracy": 0, "mistake": 0, "blunder": 0, "acpl": None}


def archive_of(client: Client, game) -> dict:
    html = client.get(f"/game/{game.public_id}/").content.decode()
    start = html.index('<script id="page-data" type="application/json">')
    start = html.index(">", start) + 1
    return json.loads(html[start : html.index("</script>", start)])["archive"]


@pytest.mark.django_db
def test_a_live_games_page_carries_its_archive_tools_for_when_it_ends(alice, bob, carol) -> None:
    game = start_game(alice, bob)
    for user, can_annotate in ((alice, True), (bob, True), (carol, False), (None, False)):
        client = Client()
        if user:
            client.force_login(user)
        assert archive_of(client, game) == {
            "annotations": [],
            "analysis": {
                "state": "none",
                "done": 0,
                "total": 1,
                "evaluations": [],
                "plies": [],
                "summary": {side: NOTHING_JUDGED for side in ("white", "black")},
            },
            "move_times": [],
            "can_annotate": can_annotate,
            "can_analyse": user is not None,
            "export_url": f"/api/games/{game.public_id}/export/?download=1",
        }
    # The same player may annotate once it is over; the server still refuses it before.
    local = game_create_local(actor=Actor.of(alice))
    client = Client()
    client.force_login(alice)
    assert archive_of(client, local)["can_annotate"] is True
    game_resign(game_id=local.public_id, actor=Actor.of(alice))
    finished = archive_of(client, local)
    assert finished["can_annotate"] is True and finished["analysis"]["state"] == "none"
