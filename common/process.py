"""Settings of the server process itself, applied when an ASGI application is loaded.

The site (``chesskers_site.asgi``) and the bench's bare fan-out server (``bench/echo_asgi.py``)
both apply them, so the bench's floor runs on a process tuned like the site's.
"""

import gc
import logging
import sys
import time

from django.conf import settings

logger = logging.getLogger(__name__)

# Seconds between two passes of Daphne's timeout check (daphne.server.Server.timeout_checker).
TIMEOUT_PASS_EVERY = 2


def tune_server_process() -> None:
    """Applies ``SERVER_GC_THRESHOLDS`` to this process and, with them, sets aside what the
    process has loaded by then from the garbage collector's full collections.

    The garbage collector's full collections walk every live object: with a few hundred
    sockets open (each a stack of coroutines, tasks and buffers) one took 100-200 ms here,
    stopping every game on the process at once, several times a minute under load
    (bench/ws_load.py). With the default setting young collections stay as they are and a full
    one waits for 1,000 middle ones instead of 10. Objects die by reference counting all the
    same; only cyclic garbage waits longer. (The tests keep Python's thresholds: there, threads
    that end leave database connections in reference cycles, and the test database can only be
    dropped once those are collected.)

    Called once the application is loaded: Django, the site's modules and the engine's tables
    are about 99,000 objects that live as long as the process, and walking them was 40 ms of
    every full collection here. After one collection (so no garbage is kept), ``gc.freeze``
    moves them where the collector never looks, and a full collection walks only what the
    sockets and games made since (at 500 games on two processes, 124-150 ms against 193-205).

    ``SERVER_SWITCH_INTERVAL`` is how long a thread that wants the interpreter waits for the one
    running before asking it to let go. A move's engine work and statement run on a worker
    thread (``games.edges.realtime.db``) while the event loop serves every other socket, and each
    hand-over between the two waits for the one running to block or to be asked: at Python's
    5 ms the statement's answer, a worker picking up a move and the loop taking the move back
    each waited up to 5 ms behind the other's work. At 0.5 ms (bench/ws_load.py, 500 games on
    two processes) the site's p99 was 29.9 ms against 39.2
    (medians of six runs each) and its p50 6.7 against 7.85 ms. Timed at each hop of a move, the
    tails of the hand-overs and of the loop's own steps shrank; the engine's work did not.
    """
    if settings.SERVER_GC_THRESHOLDS:
        gc.collect()
        gc.freeze()
        gc.set_threshold(*settings.SERVER_GC_THRESHOLDS)
    if settings.SERVER_SWITCH_INTERVAL:
        sys.setswitchinterval(settings.SERVER_SWITCH_INTERVAL)
    spread = bool(settings.SERVER_TIMEOUT_TURN) and spread_timeout_checks(
        settings.SERVER_TIMEOUT_TURN
    )
    at_once = bool(settings.SERVER_WRITE_AT_ONCE) and write_at_once()
    logger.info(
        "Server process tuned: collector thresholds %s (%d objects frozen), switch interval "
        "%.2f ms, timeout pass %s, writes %s",
        ",".join(map(str, gc.get_threshold())),
        gc.get_freeze_count(),
        sys.getswitchinterval() * 1000,
        f"in turns of {settings.SERVER_TIMEOUT_TURN * 1000:g} ms" if spread else "Daphne's own",
        "sent at once" if at_once else "Twisted's own",
    )


def spread_timeout_checks(turn: float, clock=time.perf_counter) -> bool:
    """Makes Daphne's timeout check run in turns of the event loop of about ``turn`` seconds
    each, not in one; returns whether Daphne's server was there to change.

    Every 2 s Daphne walks all its connections: it closes those past their timeouts and pings
    each WebSocket that has gone ``--ping-interval`` (20 s) without one. It did so in one
    callback, and while it ran no socket of the process was served: at 500 games (2,000
    sockets, a tenth of them pinged in each pass) a pass took 5-27 ms and up to 76 ms
    (bench/ws_load.py --probe), every 2 s, so about one move in a hundred waited behind one,
    which is where the p99 is measured. A turn ends once it has run ``turn`` seconds (after
    the connection it was checking): a ping costs a hundred times a check that sends none, and
    the sockets due for one sit together (they opened together), so turns of so many
    connections each still held the loop 20 ms. What is checked, and when it is pinged, is
    unchanged: a pass looks at the connections there when it began that are still there when
    their turn comes, and the next pass begins 2 s after its last turn, as Daphne's did.

    Daphne's command line imports its server before the application, and the server module
    installs Twisted's reactor on import: a process that has not imported it (a management
    command) is not Daphne's, and is left alone.
    """
    server_module = sys.modules.get("daphne.server")
    if server_module is None:
        return False
    server_class = server_module.Server

    def timeout_checker(server) -> None:
        server.check_timeouts_batch(list(server.connections), 0)

    def check_timeouts_batch(server, protocols: list, start: int) -> None:
        connections, began, index = server.connections, clock(), start
        while index < len(protocols):
            protocol = protocols[index]
            index += 1
            if protocol in connections:  # not gone since the pass began
                protocol.check_timeouts()
                if clock() - began >= turn:
                    break
        if index < len(protocols):
            server_module.reactor.callLater(0, server.check_timeouts_batch, protocols, index)
        else:
            server_module.reactor.callLater(TIMEOUT_PASS_EVERY, server.timeout_checker)

    server_class.timeout_checker = timeout_checker
    server_class.check_timeouts_batch = check_timeouts_batch
    return True


def write_at_once() -> bool:
    """Makes Twisted's TCP connections send what they are given at once when nothing is
    waiting to be sent before it, as asyncio's own transports do; returns whether Twisted's
    reactor was there to change (Daphne's, as in ``spread_timeout_checks``).

    Twisted keeps every write until the event loop reports the socket writable: it registers
    the socket for writing with the selector, sends on the loop's next turn, and unregisters
    it, two ``epoll_ctl`` calls, an ``epoll_wait`` wake-up and a turn of the loop for each
    WebSocket message, and a new selector key that lives until the socket's next message. The
    socket's buffer is almost always empty, so the message can go out in the call that wrote
    it. Whatever the kernel does not take (a full buffer, a slow reader) is kept and sent as
    Twisted always did; so is anything written while data waits to be sent (which goes after
    it), or to a connection that is closing, speaks TLS, or has a producer that waits to be
    asked for more (a pull producer, or a paused one). A WebSocket's connection keeps the
    HTTP channel it was upgraded from as its streaming producer, which is never paused while
    nothing waits to be sent.
    """
    if "daphne.server" not in sys.modules:
        return False
    from twisted.internet import tcp

    keep = tcp.Connection.write
    if hasattr(keep, "__wrapped__"):  # already done
        return True

    def write(connection, data: bytes) -> None:
        if (
            type(data) is bytes
            and data
            and connection.connected
            and not connection.TLS  # its own layer, which writes through Twisted's
            and not connection.disconnecting
            and not connection._writeDisconnected
            and (
                connection.producer is None  # or one that is never asked for more by doWrite:
                or (connection.streamingProducer and not connection.producerPaused)
            )
            and not connection._tempDataBuffer
            and len(connection.dataBuffer) == connection.offset
        ):
            sent = connection.writeSomeData(data)
            if type(sent) is int and sent > 0:
                if sent == len(data):
                    return
                data = data[sent:]
        keep(connection, data)  # lost meanwhile: Twisted's next write attempt finds out

    write.__wrapped__ = keep
    tcp.Connection.write = write
    return True


class LargeBodyCollector:
    """Runs a full garbage collection after a request with a large body, at most once every
    ``every`` seconds.

    With ``SERVER_GC_THRESHOLDS`` a full collection waits for 1,000 middle ones, and a request's
    objects sit in reference cycles (Django's and DRF's request objects refer to each other),
    so the body they hold outlives the request until one comes: 1,000 import bodies of 400 KiB
    grew a process by 300 MB against 110 MB with Python's own thresholds
    (bench/body_memory_bench.py). Collecting after such requests, no more than once a second,
    bounds what they leave to about a second's worth; small requests never pay for it."""

    def __init__(self, large: int = 64 * 1024, every: float = 1.0) -> None:
        self.large = large
        self.every = every
        self._last = float("-inf")

    def after_request(self, body_bytes: int, now: float | None = None) -> bool:
        """Collects if the body was large and no collection ran in the last ``every`` seconds;
        returns whether it collected."""
        if body_bytes < self.large:
            return False
        now = time.monotonic() if now is None else now
        if now - self._last < self.every:
            return False
        self._last = now
        gc.collect()
        return True


large_body_collector = LargeBodyCollector()
