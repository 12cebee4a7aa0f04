"""The client's address comes from the trusted proxy, not the client (common/clients.py).

A real Daphne process trusts this test as its proxy (``TRUSTED_PROXIES=127.0.0.1``), as the
documented deployment trusts nginx, and is sent forged ``X-Forwarded-For`` headers: the address
every per-address limit keys on is the right-most one the proxy appended, whatever the client
wrote to its left; a header from a peer that is not a trusted proxy is ignored; and no header,
however malformed, makes it answer 500.
"""

import asyncio
import http.client
import json
import uuid
from collections.abc import Iterator

import pytest
import websockets

from common.clients import forwarded_client, with_client
from tests.conftest import DaphneServer

SIGNUP_LIMIT = 2


@pytest.fixture(scope="module")
def proxied(django_db_setup, django_db_blocker) -> Iterator[DaphneServer]:
    """A Daphne process behind this test as its trusted proxy, with a low sign-up limit and a
    cap of one socket per address (each test uses addresses of its own)."""
    server = DaphneServer(
        {
            "TRUSTED_PROXIES": "127.0.0.1",
            "THROTTLE_SIGNUP_ADDRESS": f"{SIGNUP_LIMIT}/86400",
            "SOCKETS_PER_ADDRESS": "1",
        }
    )
    yield server
    server.stop()


def fresh_address() -> str:
    """An address no other test (nor an earlier run, whose counts Redis keeps) used."""
    return "10." + ".".join(str(octet) for octet in uuid.uuid4().bytes[:3])


def sign_up(server: DaphneServer, forwarded_for: bytes | str) -> int:
    """Posts a sign-up with this X-Forwarded-For (sent as raw bytes); returns the status."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=30)
    body = json.dumps({"username": f"x{uuid.uuid4().hex[:12]}", "password": "c0rrect-h0rse!"})
    conn.putrequest("POST", "/api/auth/signup/")
    conn.putheader("Content-Type", "application/json")
    conn.putheader("Content-Length", str(len(body)))
    conn.putheader(
        "X-Forwarded-For",
        forwarded_for if isinstance(forwarded_for, bytes) else forwarded_for.encode(),
    )
    conn.endheaders(body.encode())
    response = conn.getresponse()
    response.read()
    return response.status


@pytest.mark.django_db(transaction=True)
def test_forged_entries_left_of_the_proxys_own_do_not_change_the_address(proxied) -> None:
    client = fresh_address()
    statuses = [sign_up(proxied, f"203.0.113.{n}, {client}") for n in range(SIGNUP_LIMIT + 1)]
    assert statuses == [201] * SIGNUP_LIMIT + [429]


@pytest.mark.django_db(transaction=True)
def test_two_clients_behind_the_proxy_have_limits_of_their_own(proxied) -> None:
    first, second = fresh_address(), fresh_address()
    for _ in range(SIGNUP_LIMIT):
        assert sign_up(proxied, first) == 201
    assert sign_up(proxied, first) == 429
    assert sign_up(proxied, second) == 201


@pytest.mark.django_db(transaction=True)
def test_a_header_that_is_not_utf8_or_not_an_address_is_answered_not_500(proxied) -> None:
    client = fresh_address()
    assert sign_up(proxied, b"\xff\xfe\x80, " + client.encode()) == 201
    assert sign_up(proxied, f"nonsense, {client}") == 201
    assert sign_up(proxied, f"{client}, 999.1.2.3") in (201, 429)  # the proxy's own address
    assert sign_up(proxied, client) == 429  # the first two counted against the client


async def open_watch(server: DaphneServer, forwarded_for: str) -> websockets.ClientConnection:
    socket = await websockets.connect(
        f"{server.ws_url}/ws/watch/",
        origin=server.url,
        additional_headers={"X-Forwarded-For": forwarded_for},
    )
    await asyncio.wait_for(socket.recv(), timeout=10)  # the live games: accepted
    return socket


@pytest.mark.django_db(transaction=True)
async def test_sockets_are_capped_per_client_behind_the_proxy(proxied) -> None:
    """The socket cap (one per address here) keys on the same address as HTTP's limits."""
    client, other = fresh_address(), fresh_address()
    first = await open_watch(proxied, f"198.51.100.1, {client}")
    try:
        forged = await websockets.connect(
            f"{proxied.ws_url}/ws/watch/",
            origin=proxied.url,
            additional_headers={"X-Forwarded-For": f"198.51.100.2, {client}"},
        )
        async with forged:
            refusal = json.loads(await asyncio.wait_for(forged.recv(), timeout=10))
            assert refusal["code"] == "rate_limited"
            with pytest.raises(websockets.ConnectionClosed) as closed:
                await asyncio.wait_for(forged.recv(), timeout=10)
            assert closed.value.rcvd.code == 4429
        second = await open_watch(proxied, other)
        await second.close()
    finally:
        await first.close()


@pytest.mark.parametrize(
    ("trusted", "peer", "header", "client"),
    [
        # The right-most entry that is not a trusted proxy, through a chain of them.
        (["127.0.0.1", "10.0.0.0/8"], "127.0.0.1", [b"6.6.6.6, 1.2.3.4, 10.0.0.7"], "1.2.3.4"),
        # Several headers read as one list, in order.
        (["127.0.0.1"], "127.0.0.1", [b"6.6.6.6", b"1.2.3.4"], "1.2.3.4"),
        # A peer that is not a trusted proxy is the client, whatever it says.
        (["10.0.0.1"], "127.0.0.1", [b"1.2.3.4"], "127.0.0.1"),
        # Daphne on a unix socket: its peer has no address, trusted as "unix".
        (["unix"], None, [b"6.6.6.6, 2001:db8::1"], "2001:db8::1"),
        (["127.0.0.1"], None, [b"1.2.3.4"], None),
        # Garbage is never believed: the nearest hop known is the address.
        (["127.0.0.1"], "127.0.0.1", [b"1.2.3.4, \xff\xfe"], "127.0.0.1"),
        (["127.0.0.1", "10.0.0.0/8"], "127.0.0.1", [b"1.2.3.4, junk, 10.0.0.9"], "10.0.0.9"),
        # Only trusted proxies in the header: the furthest of them.
        (["127.0.0.1", "10.0.0.0/8"], "127.0.0.1", [b"10.0.0.1, 10.0.0.2"], "10.0.0.1"),
    ],
)
def test_the_client_is_the_right_most_address_not_of_a_trusted_proxy(
    settings, trusted, peer, header, client
) -> None:
    settings.TRUSTED_PROXIES = trusted
    assert forwarded_client(peer, header) == client


def test_the_scheme_is_the_trusted_proxys_alone(settings) -> None:
    settings.TRUSTED_PROXIES = ["127.0.0.1"]
    headers = [(b"x-forwarded-proto", b"https"), (b"x-forwarded-for", b"1.2.3.4")]
    scope = {"type": "http", "scheme": "http", "client": ["127.0.0.1", 5000], "headers": headers}
    assert with_client(scope)["scheme"] == "https"
    assert with_client({**scope, "type": "websocket", "scheme": "ws"})["scheme"] == "wss"
    stranger = with_client({**scope, "client": ["192.0.2.9", 5000]})
    assert stranger["scheme"] == "http" and stranger["client"] == ["192.0.2.9", 5000]
