"""A socket that fails on the server while it connects, through Daphne as deployed: the client is
told ``server_error`` and the socket is closed with 4500 (try again later), a code Daphne can send
(it refuses an application's 1011), and the server answers the next socket."""

import json

import pytest
import websockets
from channels.db import database_sync_to_async
from django.db import connection

from games.models import ChatLine
from tests.factories import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db(transaction=True)


@database_sync_to_async
def rename_table(before: str, after: str) -> None:
    quote = connection.ops.quote_name
    with connection.cursor() as cursor:
        cursor.execute(f"ALTER TABLE {quote(before)} RENAME TO {quote(after)}")


async def test_a_socket_that_fails_while_connecting_is_told_and_closed_with_4500(
    live_db, daphne_server
) -> None:
    game = await database_sync_to_async(lambda: start_game(make_user("alice"), make_user("bob")))()
    url = f"{daphne_server.ws_url}/ws/games/{game.public_id}/"
    table = ChatLine._meta.db_table
    # A spectator's socket reads the game's chat as it connects: without its table, it fails.
    await rename_table(table, f"{table}_away")
    try:
        async with websockets.connect(url, origin=daphne_server.url) as socket:
            error = json.loads(await socket.recv())
            assert (error["type"], error["code"]) == ("error", "server_error")
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await socket.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4500
    finally:
        await rename_table(f"{table}_away", table)
    async with websockets.connect(url, origin=daphne_server.url) as socket:
        assert json.loads(await socket.recv())["type"] in {"state", "presence"}
    assert "invalid close code" not in daphne_server.log_path.read_text()
