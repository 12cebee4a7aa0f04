"""CPU-heavy work off the event loop: process pools for the bot's thinking and for analysis.

A thinking bot must never delay anybody else's move, so its search runs in a
separate process, and what it decides is written back by a small thread pool of its own — never
on the event loop nor in the one thread Channels gives database work.

Bot replies come before analysis: each kind of work has its own pool (``BOT`` and ``ANALYSIS``),
so a queue of analysis positions never stands in front of a bot's reply, and the analysis
workers run at a lower scheduling priority (``ANALYSIS_NICENESS``), so the bot's search gets the
CPU first when both run. A worker ends with the server process that started it, however the
server ends (``_start_worker``).

Work that reports as it goes (the analysis board's search, ``games.services.lines``) runs in the
analysis pool too, in one of ``STREAM_SLOTS`` places: each place has a generation number in
memory the workers share, which the server bumps to stop the work in it, and what the work
yields comes back on one queue, read by a thread of the server (``Streams``).
"""

import atexit
import contextlib
import logging
import multiprocessing
import os
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connections

from engine.bot.lines import Control

log = logging.getLogger(__name__)

BOT = "bot"
ANALYSIS = "analysis"
ANALYSIS_NICENESS = 10  # added to the analysis workers' niceness: the bot's search goes first

_lock = threading.Lock()
_pools: dict[str, ProcessPoolExecutor] = {}
_appliers: ThreadPoolExecutor | None = None

# The places of streamed work in a process's analysis pool: at most this many run at once, and
# the most the setting ``BOARD_ANALYSES`` may ask.
STREAM_SLOTS = 16
# In a worker: the shared generations and the results' queue its pool was started with.
_shared: tuple[Any, Any] | None = None
# In the server: the same, made with the analysis pool.
_streams: tuple[Any, Any] | None = None


# How often a worker looks whether its server process is still there.
PARENT_CHECK_EVERY = 0.5


def _start_worker(server_pid: int, niceness: int, shared: tuple[Any, Any] | None = None) -> None:
    """A worker's initialiser: it ends when the server process that started it does (however
    that ends: a ``kill -9`` runs no clean-up in the server, so the worker watches), and runs
    at ``niceness`` more than the server (where the OS allows); an analysis worker keeps the
    streams' ``shared`` generations and queue."""
    global _shared
    _shared = shared
    if niceness:
        with contextlib.suppress(OSError):
            os.nice(niceness)
    watcher = threading.Thread(
        target=_end_with_server, args=(server_pid,), name="server-watch", daemon=True
    )
    watcher.start()


def _end_with_server(server_pid: int) -> None:
    # An orphan is given a new parent: the server is gone.
    while os.getppid() == server_pid:
        time.sleep(PARENT_CHECK_EVERY)
    os._exit(0)


def process_pool(kind: str = BOT) -> ProcessPoolExecutor:
    """Returns this process's pool of worker processes for ``kind`` of work, started on first
    use: ``ENGINE_WORKERS`` for the bot, ``ANALYSIS_WORKERS`` (niced) for analysis."""
    global _streams
    with _lock:
        if kind not in _pools:
            analysis = kind == ANALYSIS
            setting = "ANALYSIS_WORKERS" if analysis else "ENGINE_WORKERS"
            # "spawn": a clean interpreter per worker, never a fork of a threaded server.
            context = multiprocessing.get_context("spawn")
            shared = None
            if analysis:
                _streams = shared = (context.Array("q", STREAM_SLOTS), context.SimpleQueue())
            _pools[kind] = ProcessPoolExecutor(
                max_workers=getattr(settings, setting, 1),
                mp_context=context,
                initializer=_start_worker,
                initargs=(os.getpid(), ANALYSIS_NICENESS if analysis else 0, shared),
            )
        return _pools[kind]


def streams() -> tuple[Any, Any]:
    """Returns the analysis pool's shared generations (one per place) and results' queue,
    starting the pool if it is not yet."""
    process_pool(ANALYSIS)
    assert _streams is not None
    return _streams


STOP_CHECK_EVERY = 0.02  # seconds between a streamed work's looks at its generation


def streamed(slot: int, generation: int, function: Callable[..., Any], *args: Any) -> None:
    """Runs in an analysis worker: iterates ``function(*args, control=...)`` and puts each
    item on the results' queue as ``(slot, generation, item)``, then ``(slot, generation,
    None)``, or ``(slot, generation, error)`` with the ``ValueError`` it raised; stops it (its
    ``Control``) as soon as the place's generation is no longer ``generation``."""
    assert _shared is not None, "streamed work runs in the analysis pool"
    generations, results = _shared
    control = Control()
    finished = threading.Event()

    def watch() -> None:
        while not finished.wait(STOP_CHECK_EVERY):
            if generations[slot] != generation:
                control.stop()
                return

    watcher = threading.Thread(target=watch, name="stream-watch", daemon=True)
    watcher.start()
    try:
        for item in function(*args, control=control):
            results.put((slot, generation, item))
    except ValueError as error:
        results.put((slot, generation, error))
        return
    except Exception as error:  # the server must hear the end, whatever it was
        results.put((slot, generation, ValueError(f"the analysis failed: {error}")))
        raise
    finally:
        finished.set()
    results.put((slot, generation, None))


def applier_pool() -> ThreadPoolExecutor:
    """Returns the threads that write the workers' results to the database."""
    global _appliers
    with _lock:
        if _appliers is None:
            _appliers = ThreadPoolExecutor(max_workers=2, thread_name_prefix="engine-apply")
        return _appliers


def run_in_database_thread(function: Callable[..., Any], *args: Any) -> Future:
    """Runs ``function(*args)`` on an applier thread with a fresh database connection."""

    def call() -> Any:
        close_old_connections()
        try:
            return function(*args)
        except Exception:
            log.exception("applying an engine result failed")
            raise
        finally:
            connections.close_all()

    return applier_pool().submit(call)


def compute(
    function: Callable[..., Any],
    *args: Any,
    then: Callable[[Any], Any] | None = None,
    kind: str = BOT,
) -> Future:
    """Runs a picklable ``function(*args)`` in a worker process of ``kind``'s pool;
    ``then(result)`` runs after it on an applier thread (with database access). Returns the
    worker's future."""
    future = process_pool(kind).submit(function, *args)
    if then is not None:

        def done(finished: Future) -> None:
            if finished.cancelled() or finished.exception() is not None:
                log.error("engine work failed: %r", finished.exception())
                return
            run_in_database_thread(then, finished.result())

        future.add_done_callback(done)
    return future


def shutdown() -> None:
    """Stops the pools (tests and process exit)."""
    global _appliers
    global _streams
    with _lock:
        if _streams is not None:
            generations, _ = _streams
            for slot in range(STREAM_SLOTS):
                generations[slot] += 1  # streamed work stops, so the pool can
        for pool in _pools.values():
            pool.shutdown(wait=True, cancel_futures=True)
        _pools.clear()
        _streams = None
        if _appliers is not None:
            _appliers.shutdown(wait=True)
            _appliers = None


atexit.register(shutdown)
