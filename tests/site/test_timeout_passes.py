"""Daphne's timeout check, spread over turns of the event loop (common.process): every
connection is still looked at once a pass, a turn runs no longer than its time (and checks one
connection at least), and a real Daphne serving the site still pings its sockets."""

import socket
import sys
import time
import types

import pytest

from common import process
from tests.conftest import DaphneServer


class Clock:
    """The turns' clock: a check costs ``cost`` seconds of it."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


class Protocol:
    def __init__(self, name: str, checked: list[str], clock: Clock, cost: float = 0.001) -> None:
        self.name, self.checked, self.clock, self.cost = name, checked, clock, cost

    def check_timeouts(self) -> None:
        self.checked.append(self.name)
        self.clock.now += self.cost


class Reactor:
    """Twisted's reactor as the checker sees it: calls asked for are kept, run by the test."""

    def __init__(self) -> None:
        self.calls: list[tuple[float, object, tuple]] = []

    def callLater(self, delay: float, function, *args) -> None:
        self.calls.append((delay, function, args))

    def run_next(self) -> float:
        delay, function, args = self.calls.pop(0)
        function(*args)
        return delay


@pytest.fixture
def daphne_module(monkeypatch):
    """A stand-in for daphne.server: a server class of its own, and a reactor to drive."""

    class Server:
        def __init__(self) -> None:
            self.connections: dict[Protocol, dict] = {}

        def timeout_checker(self) -> None:
            raise AssertionError("Daphne's own pass ran")

    module = types.SimpleNamespace(Server=Server, reactor=Reactor())
    monkeypatch.setitem(sys.modules, "daphne.server", module)
    return module


def test_a_pass_looks_at_every_connection_once_a_turns_time_at_a_time(daphne_module) -> None:
    clock, checked = Clock(), []
    assert process.spread_timeout_checks(0.0045, clock)
    server = daphne_module.Server()
    # 12 sockets that cost a millisecond each to check, one that costs 10 (its ping, say).
    protocols = [Protocol(f"p{n}", checked, clock) for n in range(12)]
    protocols.insert(6, Protocol("slow", checked, clock, cost=0.010))
    server.connections = {protocol: {} for protocol in protocols}
    reactor = daphne_module.reactor

    server.timeout_checker()
    assert checked == ["p0", "p1", "p2", "p3", "p4"]  # the first turn, at once: 5 ms of checks
    assert reactor.run_next() == 0  # the next turn as soon as the loop has served the others
    assert checked[5:] == ["p5", "slow"]  # a turn ends after the check that used up its time
    assert reactor.run_next() == 0
    assert checked[7:] == ["p6", "p7", "p8", "p9", "p10"]
    assert reactor.run_next() == 0
    assert checked[12:] == ["p11"]
    # The pass is over: the next one 2 s after its last turn, as Daphne's own.
    assert [(delay, function.__name__) for delay, function, _ in reactor.calls] == [
        (process.TIMEOUT_PASS_EVERY, "timeout_checker")
    ]
    reactor.run_next()
    assert checked[13:] == ["p0", "p1", "p2", "p3", "p4"]


def test_a_turn_checks_one_connection_however_long_it_takes(daphne_module) -> None:
    clock, checked = Clock(), []
    process.spread_timeout_checks(0.002, clock)
    server = daphne_module.Server()
    server.connections = {Protocol(f"p{n}", checked, clock, cost=0.5): {} for n in range(3)}
    server.timeout_checker()
    assert checked == ["p0"]
    daphne_module.reactor.run_next()
    daphne_module.reactor.run_next()
    assert checked == ["p0", "p1", "p2"]


def test_a_connection_gone_during_a_pass_is_not_looked_at(daphne_module) -> None:
    clock, checked = Clock(), []
    process.spread_timeout_checks(0.002, clock)
    server = daphne_module.Server()
    protocols = [Protocol(f"p{n}", checked, clock) for n in range(5)]
    server.connections = {protocol: {} for protocol in protocols}
    server.timeout_checker()
    del server.connections[protocols[3]]
    server.connections[Protocol("new", checked, clock)] = {}  # waits for the next pass
    while daphne_module.reactor.calls[0][0] == 0:
        daphne_module.reactor.run_next()
    assert checked == ["p0", "p1", "p2", "p4"]
    daphne_module.reactor.run_next()  # the next pass
    daphne_module.reactor.run_next()
    daphne_module.reactor.run_next()
    assert checked[4:] == ["p0", "p1", "p2", "p4", "new"]


def test_a_process_without_daphnes_server_is_left_alone(monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, "daphne.server", raising=False)
    assert not process.spread_timeout_checks(0.002)


def read_frame(sock: socket.socket) -> tuple[int, bytes]:
    """Reads one WebSocket frame from the server (unmasked): returns its opcode and payload."""
    head = recv_exactly(sock, 2)
    length = head[1] & 0x7F
    if length == 126:
        length = int.from_bytes(recv_exactly(sock, 2), "big")
    elif length == 127:
        length = int.from_bytes(recv_exactly(sock, 8), "big")
    return head[0] & 0x0F, recv_exactly(sock, length)


def recv_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ConnectionError("the server closed the socket")
        data += chunk
    return data


@pytest.mark.django_db(transaction=True)
def test_daphne_serving_the_site_still_pings_its_sockets() -> None:
    """Daphne started as documented, but pinging every second: a socket that only listens is
    pinged within a few passes."""
    server = DaphneServer(extra_args=["--ping-interval", "1"])
    try:
        with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
            sock.sendall(
                b"GET /ws/lobby/ HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\n"
                b"Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
                b"Sec-WebSocket-Version: 13\r\nOrigin: http://127.0.0.1\r\n\r\n"
            )
            answer = b""
            while b"\r\n\r\n" not in answer:
                answer += sock.recv(1)
            assert answer.startswith(b"HTTP/1.1 101"), answer
            deadline, opcodes = time.monotonic() + 8, []
            while 0x9 not in opcodes and time.monotonic() < deadline:
                opcodes.append(read_frame(sock)[0])
            assert 0x9 in opcodes, f"no ping in 8 s; frames of opcodes {opcodes}"
    finally:
        server.stop()
