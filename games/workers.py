"""CPU-heavy work off the event loop: a process pool for the bot's thinking and for analysis.

A thinking bot must never delay anybody else's move, so its search runs in a
separate process, and what it decides is written back by a small thread pool of its own — never
on the event loop nor in the one thread Channels gives database work.
"""

import atexit
import logging
import multiprocessing
import threading
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor, ThreadPoolExecutor
from typing import Any

from django.conf import settings
from django.db import close_old_connections, connections

log = logging.getLogger(__name__)

_lock = threading.Lock()
_processes: ProcessPoolExecutor | None = None
_appliers: ThreadPoolExecutor | None = None


def process_pool() -> ProcessPoolExecutor:
    """Returns this process's pool of worker processes, started on first use."""
    global _processes
    with _lock:
        if _processes is None:
            # "spawn": a clean interpreter per worker, never a fork of a threaded server.
            _processes = ProcessPoolExecutor(
                max_workers=getattr(settings, "ENGINE_WORKERS", 1),
                mp_context=multiprocessing.get_context("spawn"),
            )
        return _processes


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
    function: Callable[..., Any], *args: Any, then: Callable[[Any], Any] | None = None
) -> Future:
    """Runs a picklable ``function(*args)`` in a worker process; ``then(result)`` runs after it
    on an applier thread (with database access). Returns the worker's future."""
    future = process_pool().submit(function, *args)
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
    global _processes, _appliers
    with _lock:
        if _processes is not None:
            _processes.shutdown(wait=True, cancel_futures=True)
            _processes = None
        if _appliers is not None:
            _appliers.shutdown(wait=True)
            _appliers = None


atexit.register(shutdown)
