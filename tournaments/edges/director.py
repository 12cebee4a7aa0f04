"""Each server process's tournament director: the periodic task that starts, pairs and finishes
tournaments (``tournaments.services.rounds.tick`` every ``TOURNAMENT_TICK`` seconds), as the
games' sweep ends games, and a pass over one tournament soon after a game of it ends here.

A game's ending scored in this process asks for a pass (``tell.wake``, handed over on the event
loop); the wake-ups of ``WAKE_AFTER`` are gathered into one pass per tournament, so the players
that a wave of endings frees are paired together, within a second of coming free. Every pass
runs on a worker thread (``games.edges.realtime.db``) and is safe in several processes at once
(``rounds.advance`` takes the tournament's row without waiting for it). The director starts
with the first connection the process serves (``start_director``, from ``chesskers_site.asgi``)
and ends with the process; a process that dies leaves the work to the others' directors, or to
its own next start.
"""

import asyncio
import logging
import weakref

from django.conf import settings

from games.edges.realtime import db
from tournaments.services import tell
from tournaments.services.rounds import advance, tick

log = logging.getLogger(__name__)

# Seconds a wake-up waits for others: the endings of one moment paired in one pass.
WAKE_AFTER = 0.1


class Director:
    """One event loop's director: its periodic task and the tournaments it was woken for."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.task: asyncio.Task | None = None
        self.woken: set[str] = set()
        self.handle: asyncio.TimerHandle | None = None
        self.tasks: set[asyncio.Task] = set()

    def start(self, every: float) -> None:
        if self.task is None or self.task.done():
            self.task = self.loop.create_task(self.run(every))

    async def run(self, every: float) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await db(tick)()
            except Exception:
                log.exception("the tournaments' pass failed; it runs again in %s s", every)

    def wake(self, public_id: str) -> None:
        """Passes over the tournament ``WAKE_AFTER`` from now (with any others woken by then)."""
        self.woken.add(public_id)
        if self.handle is None:
            self.handle = self.loop.call_later(WAKE_AFTER, self.fire)

    def fire(self) -> None:
        self.handle = None
        woken, self.woken = sorted(self.woken), set()
        task = self.loop.create_task(self.advance(woken))
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    async def advance(self, public_ids: list[str]) -> None:
        for public_id in public_ids:
            try:
                await db(advance)(public_id)
            except Exception:  # the next tick passes over it again
                log.exception("advancing tournament %s failed", public_id)


_directors: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def start_director() -> None:
    """Starts the running loop's director, once (``TOURNAMENT_TICK`` 0: none)."""
    every = settings.TOURNAMENT_TICK
    if not every:
        return
    loop = asyncio.get_running_loop()
    director = _directors.get(loop)
    if director is None:
        director = _directors[loop] = Director(loop)
    director.start(every)


def woken(public_id: str) -> None:
    """Hands a wake-up to the running loop's director, if it has one."""
    try:
        loop = asyncio.get_running_loop()
    except RuntimeError:
        return
    director = _directors.get(loop)
    if director is not None:
        director.wake(public_id)


tell.on_wake(woken)
