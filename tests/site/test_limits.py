"""The body size limit on the real Daphne process: a body over ``REQUEST_MAX_BYTES`` is
refused with 413 and a sentence, whether its length is declared or it arrives in chunks."""

import http.client
import json

import pytest
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
