"""The live-games list of a process's watch sockets (``/ws/watch/``): read once for all of them,
at most once a second after a change, and sent to each as what changed.

Every move of every online game changes the list (its ply, its position), so a socket is never
sent the whole list again after connect: the process keeps the list as it last read it, reads it
again ``WATCH_EVERY`` after a change (whatever changed meanwhile, once), and sends every watch
socket the games that are new or changed (``added``) and the ids of those that ended
(``removed``). The list lives on the event loop's thread, as the sockets do; it is per process,
like them. With no watch socket open, nothing is kept.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from games.domain import wire
from games.edges.realtime import db
from games.reads.live import live_games

log = logging.getLogger(__name__)

WATCH_EVERY = 1.0

Sender = Callable[[str], Awaitable[None]]


class WatchList:
    """The live games as this process's watch sockets were last told them, and those sockets
    (each known by the function that sends it a message's text)."""

    def __init__(self) -> None:
        self.sockets: set[Sender] = set()
        self.games: dict[str, dict[str, Any]] | None = None
        self.pending: asyncio.TimerHandle | None = None
        self.tasks: set[asyncio.Task] = set()

    async def join(self, send: Sender) -> list[dict[str, Any]]:
        """Adds a socket and returns the list to send it whole: the list as last read if the
        other sockets have it, else read now."""
        self.sockets.add(send)
        if self.games is None:
            self.games = {game["id"]: game for game in await db(live_games)()}
        return list(self.games.values())

    def leave(self, send: Sender) -> None:
        self.sockets.discard(send)
        if not self.sockets:
            self.games = None
            if self.pending is not None:
                self.pending.cancel()
                self.pending = None

    def changed(self) -> None:
        """Reads the list again ``WATCH_EVERY`` from now (once, however many changes come
        meanwhile) and tells every socket what changed (from the event loop)."""
        if self.pending is not None or not self.sockets:
            return
        loop = asyncio.get_running_loop()

        def due() -> None:
            task = loop.create_task(self.refresh())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

        self.pending = loop.call_later(WATCH_EVERY, due)

    async def refresh(self) -> None:
        self.pending = None
        if not self.sockets:
            return
        try:
            fresh = {game["id"]: game for game in await db(live_games)()}
        except Exception:
            log.exception("reading the live games failed")
            return
        before = self.games or {}
        added = [game for gid, game in fresh.items() if before.get(gid) != game]
        removed = [gid for gid in before if gid not in fresh]
        self.games = fresh
        if not added and not removed:
            return
        change = {"type": "live_games_changed", "removed": removed}
        texts = wire.list_texts(change, "added", added, "live_games_changed")
        for send in list(self.sockets):
            try:
                for text in texts:
                    await send(text)
            except Exception:  # a socket closing meanwhile: it leaves on its own
                log.debug("a watch socket could not be told", exc_info=True)


WATCHING = WatchList()
"""This process's list."""
