"""A simul for the sockets a process holds open to it (``/ws/simuls/<id>/``): read once for all
of them, and sent to each.

Each simul a process has sockets to has one ``Feed``, which alone listens to the simul's group
(``simul.<id>``, its own channel added to it): a change costs the process one message, not one
per socket. On ``simul.changed`` the feed reads the simul again, at once if it last did
``READ_EVERY`` ago or more, else when that is up (whatever changed meanwhile, once), and sends
every socket the ``simul`` message if it differs from the last. While the simul is played, it
also reads it every ``BOARDS_EVERY`` seconds, so that its boards follow their games' moves,
which the games app tells nobody above it. On ``simul.gone`` (called off) every socket is told
``gone`` and closed. The feed lives on the event loop's thread, as the sockets do; with none
left, it stops listening and keeps nothing.
"""

import asyncio
import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

from channels.layers import get_channel_layer

from games.domain.errors import GameError
from games.edges.realtime import db
from simuls.models import Simul
from simuls.policy import BOARDS_EVERY, READ_EVERY
from simuls.reads import simul_object
from simuls.services import simul_group

log = logging.getLogger(__name__)

GONE = json.dumps({"type": "gone"})


class Socket(Protocol):
    async def send_text(self, text: str) -> None: ...

    async def close_gone(self) -> None: ...


class Feed:
    """One simul as this process's sockets were last told it, and those sockets."""

    def __init__(self, public_id: str, on_empty: Callable[[str], None]) -> None:
        self.public_id = public_id
        self.on_empty = on_empty
        self.sockets: set[Socket] = set()
        self.starting: asyncio.Task | None = None
        self.text: str | None = None
        self.channel: str | None = None
        self.listener: asyncio.Task | None = None
        self.pending: asyncio.TimerHandle | None = None
        self.read_at = float("-inf")
        self.tasks: set[asyncio.Task] = set()

    async def join(self, socket: Socket) -> None:
        """Adds a socket and sends it the simul: as last read if other sockets have it, else
        read now (once, however many sockets join meanwhile). Raises ``not_found``."""
        self.sockets.add(socket)
        if self.starting is None:
            self.starting = asyncio.get_running_loop().create_task(self.start())
        try:
            await asyncio.shield(self.starting)
        except Exception:
            self.leave(socket)
            raise
        await socket.send_text(self.text)

    async def start(self) -> None:
        await self.listen()
        self.keep(await db(simul_object)(self.public_id))

    def leave(self, socket: Socket) -> None:
        self.sockets.discard(socket)
        if self.sockets:
            return
        self.starting = None
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if self.listener is not None:
            self.listener.cancel()
            self.listener = None
        channel, self.channel = self.channel, None
        self.text = None
        if channel is not None:
            self.spawn(self.unlisten(channel))
        self.on_empty(self.public_id)

    async def resend(self, socket: Socket) -> None:
        """Sends one socket the simul again (a ``sync``)."""
        if self.text is not None:
            await socket.send_text(self.text)

    def spawn(self, work: Any) -> None:
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    # --- the group ----------------------------------------------------------------------
    async def listen(self) -> None:
        layer = get_channel_layer()
        self.channel = await layer.new_channel()
        await layer.group_add(simul_group(self.public_id), self.channel)
        self.listener = asyncio.get_running_loop().create_task(self.hear(layer, self.channel))

    async def unlisten(self, channel: str) -> None:
        try:
            await get_channel_layer().group_discard(simul_group(self.public_id), channel)
        except Exception:
            log.debug("leaving a simul's group failed", exc_info=True)

    async def hear(self, layer: Any, channel: str) -> None:
        while True:
            try:
                message = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # the layer failed: wait, then listen again
                log.exception("a simul's feed could not listen; trying again")
                await asyncio.sleep(1)
                continue
            if message.get("type") == "simul.changed":
                self.changed(READ_EVERY)
            elif message.get("type") == "simul.gone":
                await self.gone()

    # --- telling the sockets --------------------------------------------------------------
    def changed(self, every: float) -> None:
        """Reads the simul again and tells every socket: at once if the last read was
        ``every`` ago, else when it will have been (once, however many changes)."""
        if self.pending is not None or not self.sockets:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, self.read_at + every - loop.time())

        def due() -> None:
            self.pending = None
            self.spawn(self.refresh())

        self.pending = loop.call_later(delay, due)

    async def refresh(self) -> None:
        if not self.sockets:
            return
        self.read_at = asyncio.get_running_loop().time()
        try:
            fresh = await db(simul_object)(self.public_id)
        except GameError:  # called off meanwhile
            await self.gone()
            return
        except Exception:
            log.exception("reading simul %s failed", self.public_id)
            return
        before = self.text
        self.keep(fresh)
        if self.text != before:
            for socket in list(self.sockets):
                await self.tell(socket, self.text)
        if fresh["status"] == Simul.Status.STARTED:
            self.changed(BOARDS_EVERY)

    async def gone(self) -> None:
        for socket in list(self.sockets):
            await self.tell(socket, GONE)
            await socket.close_gone()

    async def tell(self, socket: Socket, text: str) -> None:
        try:
            await socket.send_text(text)
        except Exception:  # a socket closing meanwhile: it leaves on its own
            log.debug("a simul socket could not be told", exc_info=True)

    def keep(self, payload: dict[str, Any]) -> None:
        self.text = json.dumps({"type": "simul", "simul": payload})
        if payload["status"] == Simul.Status.STARTED and self.pending is None:
            self.changed(BOARDS_EVERY)


class Feeds:
    """This process's feeds, by simul."""

    def __init__(self) -> None:
        self.feeds: dict[str, Feed] = {}

    def of(self, public_id: str) -> Feed:
        found = self.feeds.get(public_id)
        if found is None:
            found = self.feeds[public_id] = Feed(public_id, self.drop)
        return found

    def drop(self, public_id: str) -> None:
        self.feeds.pop(public_id, None)


FEEDS = Feeds()
"""This process's feeds."""
