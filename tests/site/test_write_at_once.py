"""Twisted's TCP connections send at once what they are given when nothing waits before it
(common.process.write_at_once), and keep the rest as Twisted always did: every byte arrives, in
order, whatever the kernel takes at a time; a real Daphne serving the site still answers."""

import socket
import sys
import types

import pytest
from twisted.internet import tcp

from common import process


class Reactor:
    """The reactor as a connection sees it: whether it asked to be told when it may write."""

    def __init__(self) -> None:
        self.writers: set[object] = set()

    def addWriter(self, writer) -> None:
        self.writers.add(writer)

    def removeWriter(self, writer) -> None:
        self.writers.discard(writer)

    def addReader(self, reader) -> None:
        pass

    def removeReader(self, reader) -> None:
        pass


def twisteds_own(monkeypatch) -> None:
    """Puts Twisted's own ``write`` back for the test (a module of the site imported earlier in
    this process, under a Daphne module of a test's, may have wrapped it)."""
    write = tcp.Connection.write
    monkeypatch.setattr(tcp.Connection, "write", getattr(write, "__wrapped__", write))


@pytest.fixture
def pair(monkeypatch):
    """A Twisted connection over one end of a socket pair (the other end is the client's), with
    Twisted's ``write`` restored after the test."""
    monkeypatch.setitem(sys.modules, "daphne.server", types.ModuleType("daphne.server"))
    twisteds_own(monkeypatch)
    ours, theirs = socket.socketpair()
    ours.setblocking(False)
    theirs.setblocking(False)
    reactor = Reactor()
    connection = tcp.Connection(ours, None, reactor)
    connection.connected = True
    yield connection, theirs, reactor
    ours.close()
    theirs.close()


def received(client: socket.socket) -> bytes:
    chunks = []
    while True:
        try:
            chunk = client.recv(1 << 20)
        except BlockingIOError:
            return b"".join(chunks)
        if not chunk:
            return b"".join(chunks)
        chunks.append(chunk)


def test_twisted_alone_sends_nothing_until_the_loop_says_the_socket_is_writable(pair) -> None:
    # What the change is for: without it a message waits for a turn of the loop.
    connection, client, reactor = pair
    connection.write(b"hello")
    assert received(client) == b"" and reactor.writers == {connection}
    connection.doWrite()
    assert received(client) == b"hello" and reactor.writers == set()


def test_a_write_with_nothing_waiting_is_sent_at_once(pair) -> None:
    connection, client, reactor = pair
    assert process.write_at_once()
    for message in (b"first", b"second"):
        connection.write(message)
        assert received(client) == message
    assert reactor.writers == set()  # never registered with the selector


def test_what_the_kernel_does_not_take_is_kept_and_sent_in_order(pair) -> None:
    connection, client, reactor = pair
    process.write_at_once()
    large = bytes(range(256)) * 16384  # 4 MiB: more than the socket pair's buffers hold
    connection.write(large)
    connection.write(b"after")  # waits behind the rest of the large one
    assert reactor.writers == {connection}
    got = [received(client)]
    assert 0 < len(got[0]) < len(large)
    while reactor.writers:
        connection.doWrite()
        got.append(received(client))
    assert b"".join(got) == large + b"after"
    connection.write(b"then at once")  # nothing waits any more
    assert received(client) == b"then at once" and reactor.writers == set()


def test_a_closing_or_tls_connection_writes_as_twisted_does(pair) -> None:
    connection, client, reactor = pair
    process.write_at_once()
    connection.disconnecting = True
    connection.write(b"bye")
    assert received(client) == b"" and reactor.writers == {connection}
    connection.doWrite = lambda: None  # the reactor is not run here
    connection.disconnecting = False
    reactor.writers.clear()
    connection.dataBuffer, connection._tempDataBuffer, connection._tempDataLen = b"", [], 0
    connection.TLS = True
    connection.protocol = types.SimpleNamespace(written=[])
    connection.protocol.write = connection.protocol.written.append
    connection.write(b"secret")
    assert connection.protocol.written == [b"secret"] and received(client) == b""


class Producer:
    def __init__(self) -> None:
        self.resumed = 0

    def resumeProducing(self) -> None:
        self.resumed += 1

    def pauseProducing(self) -> None:
        pass

    def stopProducing(self) -> None:
        pass


def test_a_streaming_producer_does_not_hold_a_write_back(pair) -> None:
    # Daphne's WebSocket connections keep the HTTP channel they were upgraded from as their
    # streaming producer.
    connection, client, reactor = pair
    process.write_at_once()
    connection.registerProducer(Producer(), True)
    connection.write(b"move")
    assert received(client) == b"move" and reactor.writers == set()


def test_a_pull_producer_is_still_asked_for_more_once_its_data_is_sent(pair) -> None:
    connection, client, reactor = pair
    process.write_at_once()
    producer = Producer()
    connection.registerProducer(producer, False)
    resumed = producer.resumed  # registering a pull producer asks it for data once
    connection.write(b"chunk")
    assert reactor.writers == {connection}  # kept, so that the reactor's write asks for more
    connection.doWrite()
    assert received(client) == b"chunk" and producer.resumed == resumed + 1


def test_a_process_that_is_not_daphnes_is_left_alone(monkeypatch) -> None:
    monkeypatch.delitem(sys.modules, "daphne.server", raising=False)
    twisteds_own(monkeypatch)
    before = tcp.Connection.write
    assert not process.write_at_once()
    assert tcp.Connection.write is before


def test_applied_twice_it_wraps_once(pair) -> None:
    process.write_at_once()
    once = tcp.Connection.write
    process.write_at_once()
    assert tcp.Connection.write is once


@pytest.mark.parametrize("enabled", [True, False])
def test_the_server_process_writes_at_once_unless_told_not_to(pair, settings, enabled) -> None:
    settings.SERVER_GC_THRESHOLDS = settings.SERVER_SWITCH_INTERVAL = None
    settings.SERVER_TIMEOUT_TURN = 0
    settings.SERVER_WRITE_AT_ONCE = enabled
    connection, client, reactor = pair
    process.tune_server_process()
    connection.write(b"move")
    assert (received(client), reactor.writers) == (
        (b"move", set()) if enabled else (b"", {connection})
    )
