"""WebSocket handshakes pass the same edge checks as HTTP requests (common/edge.py): a
path, query, cookie or header holding text the database cannot store (a NUL, a lone surrogate)
is refused at the handshake, before the session lookup or a consumer reads it; the server
answers other sockets as before."""

import asyncio
import json

import pytest
import websockets

from common.edge import CLOSE_REFUSED, SocketEdge

pytestmark = pytest.mark.django_db(transaction=True)


async def refused_status(server, path: str) -> int:
    """Returns the HTTP status the handshake at ``path`` was refused with."""
    with pytest.raises(websockets.InvalidStatus) as refused:
        async with websockets.connect(f"{server.ws_url}{path}", origin=server.url):
            pass
    return refused.value.response.status_code


@pytest.mark.parametrize("path", ["/ws/games/ab%00cd/", "/ws/watch/?game=%00", "/ws/watch/?%00=1"])
async def test_a_socket_whose_path_or_query_holds_a_nul_is_refused_at_the_handshake(
    daphne_server, path
) -> None:
    assert await refused_status(daphne_server, path) == 403
    async with websockets.connect(f"{daphne_server.ws_url}/ws/watch/", origin=daphne_server.url):
        pass  # the server still accepts a clean one


class Recorder:
    """An ASGI app that notes whether it was reached."""

    def __init__(self) -> None:
        self.reached = False

    async def __call__(self, scope, receive, send) -> None:
        self.reached = True


async def handshake(scope: dict) -> tuple[bool, list[dict]]:
    """Runs ``SocketEdge`` on a handshake; returns whether the app behind it was reached and
    what was sent back."""
    app = Recorder()
    sent: list[dict] = []

    async def receive() -> dict:
        return {"type": "websocket.connect"}

    async def send(message: dict) -> None:
        sent.append(message)

    await SocketEdge(app)({"type": "websocket", **scope}, receive, send)
    return app.reached, sent


CLEAN = {"path": "/ws/lobby/", "query_string": b"", "headers": [(b"cookie", b"sessionid=abc")]}


@pytest.mark.parametrize(
    "scope",
    [
        {**CLEAN, "path": "/ws/lobby/\ud800"},
        {**CLEAN, "query_string": b"x=%ED%A0%80%00"},
        {**CLEAN, "headers": [(b"cookie", b"sessionid=a\x00b")]},
        {**CLEAN, "headers": [(b"user-agent", b"agent\x00")]},
    ],
)
async def test_a_handshake_holding_unstorable_text_never_reaches_the_consumer(scope) -> None:
    reached, sent = await handshake(scope)
    assert not reached
    assert sent == [{"type": "websocket.close", "code": CLOSE_REFUSED}]


async def test_a_clean_handshake_passes_the_edge() -> None:
    reached, sent = await handshake(CLEAN)
    assert reached and sent == []


async def test_a_refused_handshake_leaves_other_sockets_served(daphne_server) -> None:
    url, origin = f"{daphne_server.ws_url}/ws/watch/", daphne_server.url
    async with websockets.connect(url, origin=origin) as bystander:
        await bystander.recv()
        assert await refused_status(daphne_server, "/ws/watch/?q=%00") == 403
        await bystander.send(json.dumps({"type": "ping"}))
        assert json.loads(await asyncio.wait_for(bystander.recv(), timeout=10)) == {"type": "pong"}
