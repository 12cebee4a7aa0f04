"""The body size limit on the real Daphne process: a body over ``REQUEST_MAX_BYTES`` is
refused with 413 and a sentence, whether its length is declared or it arrives in chunks; a
socket frame over Daphne's cap closes that socket alone."""

import asyncio
import http.client
import json

import pytest
import websockets
from django.conf import settings

from games.models import Game

pytestmark = pytest.mark.django_db(transaction=True)

MEGABYTE = 1024 * 1024


def connection(server) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)


def answer(conn: http.client.HTTPConnection) -> tuple[int, dict]:
    response = conn.getresponse()
    return response.status, json.loads(response.read())


def test_a_one_megabyte_body_is_413_with_a_sentence(daphne_server) -> None:
    body = json.dumps({"fen": "x" * MEGABYTE}).encode()
    conn = connection(daphne_server)
    conn.request("POST", "/api/games/local/", body, {"Content-Type": "application/json"})
    status, payload = answer(conn)
    assert status == 413
    limit = f"{settings.REQUEST_MAX_BYTES:,}"
    assert payload == {
        "error": f"That request is too large: a body may have at most {limit} bytes."
    }
    assert not Game.objects.exists()


def test_a_chunked_body_over_the_limit_is_413(daphne_server) -> None:
    conn = connection(daphne_server)
    conn.putrequest("POST", "/api/games/local/")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Transfer-Encoding", "chunked")
    conn.endheaders()
    chunk = b"x" * (64 * 1024)
    try:
        for _ in range(MEGABYTE // len(chunk)):
            conn.send(f"{len(chunk):x}\r\n".encode() + chunk + b"\r\n")
        conn.send(b"0\r\n\r\n")
    except OSError:
        pass  # the server may answer and close before the whole body is sent
    status, payload = answer(conn)
    assert status == 413 and payload["error"].startswith("That request is too large")


def test_a_body_within_the_limit_is_served(daphne_server) -> None:
    conn = connection(daphne_server)
    body = json.dumps({"fen": ""}).encode()
    conn.request("POST", "/api/games/local/", body, {"Content-Type": "application/json"})
    status, payload = answer(conn)
    assert status == 201 and payload["ply"] == 0


async def test_a_socket_frame_over_the_cap_closes_only_that_socket(daphne_server) -> None:
    """Daphne's frame cap (``DAPHNE_LIMITS``, as ``make run`` gives it): a 20 KB message closes
    its own socket before the site reads it; another socket still answers."""
    url = f"{daphne_server.ws_url}/ws/watch/"
    origin = daphne_server.url
    async with websockets.connect(url, origin=origin) as bystander:
        await bystander.recv()  # the live games
        async with websockets.connect(url, origin=origin) as sender:
            await sender.recv()
            await sender.send(json.dumps({"type": "ping", "pad": "x" * 20_000}))
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(sender.recv(), timeout=10)
            assert closed.value.rcvd is None  # dropped at once, no close handshake
        await bystander.send(json.dumps({"type": "ping"}))
        assert json.loads(await asyncio.wait_for(bystander.recv(), timeout=10)) == {"type": "pong"}
