"""An ASGI application that wraps another and reports what held up its process's event loop:
``bench/ws_load.py --probe`` serves every server of a round through it.

``LOOP_PROBE_APP`` names the wrapped application (``chesskers_site.asgi:application``, say);
``LOOP_PROBE_OUT`` is where the reports go (the process id is appended to the name). The process
starts counting on SIGUSR2 (a round's first move) and appends a report on SIGUSR1 (its end):

- the loop's lateness: a task asks to wake every 2 ms and records how late it woke (every
  socket's messages wait as long);
- the callbacks of the loop by how long they ran, and those that ran ``LOOP_PROBE_SLOW_MS`` (3)
  or more, by what they were (a task's coroutine and where it stopped);
- each pass of Daphne's timeout check over every connection (every 2 s): how long it ran and how
  many sockets it pinged (Daphne pings a socket every ``--ping-interval``, 20 s by default), and,
  where the application spreads a pass over several turns of the loop
  (``common.process.spread_timeout_checks``), the longest turn;
- Twisted's timed calls (``reactor.callLater``: Daphne's checks, autobahn's and txaio's timers),
  which Twisted's asyncio reactor runs together in one callback of the loop: those that ran
  ``LOOP_PROBE_SLOW_MS`` or more, by what they were;
- the garbage collector's collections, by generation: how many, and how long they ran; with
  ``LOOP_PROBE_CENSUS=1``, also what the middle collections walk (the young generations' objects
  by type; counting them stops the loop too, outside the timed collection).

It costs each callback two clock readings; what it reports is the process as measured with it.
"""

import asyncio
import gc
import importlib
import json
import os
import signal
import time
from collections import Counter
from typing import Any

import daphne.server
import daphne.ws_protocol

SLOW = float(os.environ.get("LOOP_PROBE_SLOW_MS", "3")) / 1000
CENSUS = os.environ.get("LOOP_PROBE_CENSUS") == "1"
TICK = 0.002
QUANTILES = (0.5, 0.99, 0.999)


class Probe:
    """What the process's loop did since counting started."""

    def __init__(self) -> None:
        self.reset()

    def reset(self, *_: object) -> None:
        self.durations: Counter[int] = Counter()  # whole milliseconds (50: 50 or more) → callbacks
        self.slow: Counter[str] = Counter()
        self.slow_seconds: Counter[str] = Counter()
        self.lateness: list[float] = []
        # Daphne's passes: [seconds, sockets pinged, the longest turn's seconds]
        self.checks: list[list[float]] = []
        self.pings = 0
        self.timers: Counter[str] = Counter()  # Twisted's slow timed calls, by what they were
        self.timer_seconds: Counter[str] = Counter()
        self.collections: dict[int, list[float]] = {0: [], 1: [], 2: []}  # seconds, by generation
        self.census: Counter[str] = Counter()  # objects the middle collections walked, by type
        self.censuses = 0

    def report(self) -> str:
        lines = []
        late = sorted(self.lateness)
        if late:
            at = {q: 1000 * late[min(len(late) - 1, int(len(late) * q))] for q in QUANTILES}
            lines.append(
                f"loop lateness: {len(late)} wake-ups, p50 {at[0.5]:.2f} ms, p99 {at[0.99]:.2f} "
                f"ms, p99.9 {at[0.999]:.2f} ms, max {1000 * late[-1]:.2f} ms"
            )
        slow = sum(count for ms, count in self.durations.items() if ms >= SLOW * 1000)
        lines.append(
            f"callbacks: {sum(self.durations.values())}, of which {slow} ran "
            f"{SLOW * 1000:g} ms or more; by whole ms: {sorted(self.durations.items())}"
        )
        if self.checks:
            worst = max(self.checks)
            lines.append(
                f"Daphne's timeout passes: {len(self.checks)}, "
                f"{1000 * sum(check[0] for check in self.checks):.0f} ms in all, the longest "
                f"{1000 * worst[0]:.1f} ms ({worst[1]:.0f} sockets pinged); pinged "
                f"{sum(check[1] for check in self.checks):.0f} sockets in all; the longest "
                f"turn of the loop in a pass {1000 * max(check[2] for check in self.checks):.1f} ms"
            )
        for what, count in self.slow.most_common(15):
            lines.append(f"  {count:5d} x, {1000 * self.slow_seconds[what]:8.1f} ms: {what}")
        collected = [
            f"generation {generation}: {len(took)}, the longest {1000 * max(took):.1f} ms, "
            f"{1000 * sum(took):.0f} ms in all"
            for generation, took in self.collections.items()
            if took
        ]
        if collected:
            lines.append("garbage collections: " + "; ".join(collected))
        if self.censuses:
            walked = sum(self.census.values()) / self.censuses
            lines.append(
                f"a middle collection walked {walked:,.0f} objects on average ({self.censuses} "
                "counted); by type, on average:"
            )
            for what, count in self.census.most_common(25):
                lines.append(f"  {count / self.censuses:9.1f}  {what}")
        if self.timers:
            lines.append(f"Twisted's timed calls that ran {SLOW * 1000:g} ms or more:")
        for what, count in self.timers.most_common(10):
            lines.append(f"  {count:5d} x, {1000 * self.timer_seconds[what]:8.1f} ms: {what}")
        return "\n".join(lines)


PROBE = Probe()


def described(handle: asyncio.Handle) -> str:
    """What a callback was: a task's coroutine and where its innermost await stands now."""
    callback = handle._callback
    task = getattr(callback, "__self__", None)
    if not isinstance(task, asyncio.Task):
        return getattr(callback, "__qualname__", repr(callback))
    coroutine = task.get_coro()
    where = []
    while coroutine is not None:
        frame = getattr(coroutine, "cr_frame", None)
        if frame is not None:
            where.append(f"{frame.f_code.co_qualname}:{frame.f_lineno}")
        coroutine = getattr(coroutine, "cr_await", None)
    return "task " + " > ".join(where[-3:])


_run = asyncio.events.Handle._run


def timed_run(handle: asyncio.Handle) -> None:
    started = time.perf_counter()
    _run(handle)
    took = time.perf_counter() - started
    PROBE.durations[min(int(took * 1000), 50)] += 1
    if took >= SLOW:
        what = described(handle)
        PROBE.slow[what] += 1
        PROBE.slow_seconds[what] += took


_ping = daphne.ws_protocol.WebSocketProtocol._sendAutoPing
_call_later = type(daphne.server.reactor).callLater


def timed_turn(turn: Any, *args: Any) -> None:
    """Runs one turn of a pass (the whole pass, unless the application spreads it) and adds
    what it took to the pass."""
    pings, started = PROBE.pings, time.perf_counter()
    turn(*args)
    took = time.perf_counter() - started
    if PROBE.checks:
        check = PROBE.checks[-1]
        check[0] += took
        check[1] += PROBE.pings - pings
        check[2] = max(check[2], took)


def timed_checks(server_class: type) -> None:
    """Wraps the server's timeout check as the application left it: a pass begins with each
    call of ``timeout_checker``; a spread pass goes on in ``check_timeouts_batch``."""
    check = server_class.timeout_checker
    batch = getattr(server_class, "check_timeouts_batch", None)

    def timed_check(server: daphne.server.Server) -> None:
        PROBE.checks.append([0.0, 0, 0.0])
        if batch is None:
            timed_turn(check, server)
        else:
            check(server)

    server_class.timeout_checker = timed_check
    if batch is not None:
        server_class.check_timeouts_batch = lambda server, *args: timed_turn(batch, server, *args)


def counted_ping(protocol: Any, *args: Any, **kwargs: Any) -> Any:
    PROBE.pings += 1
    return _ping(protocol, *args, **kwargs)


def timed_call_later(reactor: Any, delay: float, function: Any, *args: Any, **kwargs: Any) -> Any:
    """Twisted's ``callLater``, the call timed when it runs."""

    def timed(*call_args: Any, **call_kwargs: Any) -> Any:
        started = time.perf_counter()
        try:
            return function(*call_args, **call_kwargs)
        finally:
            took = time.perf_counter() - started
            if took >= SLOW:
                what = getattr(function, "__qualname__", repr(function))
                PROBE.timers[what] += 1
                PROBE.timer_seconds[what] += took

    return _call_later(reactor, delay, timed, *args, **kwargs)


def census() -> None:
    """Counts the objects of the two young generations, by type: what the next middle
    collection walks.

    Run from the loop when the next collection will be a middle one, and counted in a child
    forked for it: the child is this process at that moment with no other thread running. In
    the process itself the list of objects would hold a reference to each, and a worker
    thread could meanwhile be finishing a tuple, which must have no other reference then."""
    reader, writer = os.pipe()
    child = os.fork()
    if child == 0:
        try:
            gc.disable()  # a collection in the child would move what is being counted
            kinds = Counter(
                f"{kind.__module__}.{kind.__qualname__}"
                for generation in (0, 1)
                for kind in map(type, gc.get_objects(generation))
            )
            with os.fdopen(writer, "w") as out:
                json.dump(kinds, out)
        finally:
            os._exit(0)
    os.close(writer)
    with os.fdopen(reader) as counted:
        kinds = json.load(counted)
    os.waitpid(child, 0)
    PROBE.census.update(kinds)
    PROBE.censuses += 1


_collecting: list[float] = []
_census_due = [True]  # no census yet since the last middle collection


def timed_collection(phase: str, info: dict[str, Any]) -> None:
    if phase == "start":
        _collecting[:] = [time.perf_counter()]
    elif _collecting:
        PROBE.collections[info["generation"]].append(time.perf_counter() - _collecting.pop())
        if info["generation"] >= 1:
            _census_due[0] = True


async def tick() -> None:
    loop = asyncio.get_running_loop()
    while True:
        asked = loop.time()
        await asyncio.sleep(TICK)
        PROBE.lateness.append(loop.time() - asked - TICK)
        if CENSUS and _census_due[0] and gc.get_count()[1] > gc.get_threshold()[1]:
            _census_due[0] = False  # the next collection is a middle one
            census()


def write_report(*_: object) -> None:
    # Appended: a server that serves several rounds (the relays) reports each in turn.
    with open(f"{os.environ['LOOP_PROBE_OUT']}.{os.getpid()}", "a") as out:
        out.write(PROBE.report() + "\n\n")


asyncio.events.Handle._run = timed_run
daphne.ws_protocol.WebSocketProtocol._sendAutoPing = counted_ping
type(daphne.server.reactor).callLater = timed_call_later
gc.callbacks.append(timed_collection)
signal.signal(signal.SIGUSR2, PROBE.reset)
signal.signal(signal.SIGUSR1, write_report)

_module, _, _name = os.environ["LOOP_PROBE_APP"].partition(":")
wrapped = getattr(importlib.import_module(_module), _name)
timed_checks(daphne.server.Server)  # after the application: it may spread the passes
_ticking: set[asyncio.Task] = set()


async def application(scope: dict, receive: Any, send: Any) -> None:
    if not _ticking:
        _ticking.add(asyncio.get_running_loop().create_task(tick()))
    await wrapped(scope, receive, send)
