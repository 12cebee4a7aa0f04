"""A tournament's standings for the sockets a process holds open to it (``/ws/tournaments/<id>/``):
read once for all of them, at most once a second, and sent to each with its player's own line.

Each tournament a process has sockets to has one ``Feed``, which alone listens to the
tournament's group (its own channel, added to ``tournament.<id>``): a change there costs the
process one message, not one per socket. On ``tournament.changed`` the feed reads the
tournament again, at once if it last did a second ago or more, else when that second is up
(whatever changed meanwhile, once: ``STANDINGS_EVERY``), and sends every socket the
``tournament`` message: the top ``SOCKET_STANDINGS`` lines of the standings, built once, with
the socket's own line (``me``: null for a spectator) put in. On ``tournament.paired`` it tells
each player among its sockets their new game (``game_started``). The feed lives on the event
loop's thread, as the sockets do; with none left, it stops listening and keeps nothing.
"""

import asyncio
import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from channels.layers import get_channel_layer

from games.edges.realtime import db
from tournaments.policy import SOCKET_STANDINGS, STANDINGS_EVERY
from tournaments.reads import Snapshot, own_line, payload, snapshot, tournament_by_id
from tournaments.services.tell import group

log = logging.getLogger(__name__)

Sender = Callable[[str], Awaitable[None]]


def read_snapshot(public_id: str) -> Snapshot:
    """Returns the tournament's snapshot read now (raises ``not_found``)."""
    return snapshot(tournament_by_id(public_id))


class Feed:
    """One tournament's standings as this process's sockets were last told them, and those
    sockets (each known by the function that sends it a message's text, with its player's id
    or None)."""

    def __init__(self, public_id: str, on_empty: Callable[[str], None]) -> None:
        self.public_id = public_id
        self.on_empty = on_empty
        self.sockets: dict[Sender, int | None] = {}
        self.starting: asyncio.Task | None = None
        self.snap: Snapshot | None = None
        self.shared: str | None = None  # the message's text but its ``me``
        self.channel: str | None = None
        self.listener: asyncio.Task | None = None
        self.pending: asyncio.TimerHandle | None = None
        self.read_at = float("-inf")
        self.tasks: set[asyncio.Task] = set()

    async def join(self, send: Sender, user_id: int | None) -> None:
        """Adds a socket and sends it the tournament: as last read if other sockets have it,
        else read now (once, however many sockets join meanwhile)."""
        self.sockets[send] = user_id
        if self.starting is None:
            self.starting = asyncio.get_running_loop().create_task(self.start())
        try:
            await asyncio.shield(self.starting)
        except Exception:
            self.leave(send)
            raise
        await send(self.text_for(user_id))

    async def start(self) -> None:
        await self.listen()
        self.keep(await db(read_snapshot)(self.public_id))

    def leave(self, send: Sender) -> None:
        self.sockets.pop(send, None)
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
        self.snap = self.shared = None
        if channel is not None:
            task = asyncio.get_running_loop().create_task(self.unlisten(channel))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        self.on_empty(self.public_id)

    async def resend(self, send: Sender) -> None:
        """Sends one socket the tournament again (a ``sync``)."""
        if self.snap is not None:
            await send(self.text_for(self.sockets.get(send)))

    # --- the group ----------------------------------------------------------------------
    async def listen(self) -> None:
        layer = get_channel_layer()
        self.channel = await layer.new_channel()
        await layer.group_add(group(self.public_id), self.channel)
        self.listener = asyncio.get_running_loop().create_task(self.hear(layer, self.channel))

    async def unlisten(self, channel: str) -> None:
        try:
            await get_channel_layer().group_discard(group(self.public_id), channel)
        except Exception:
            log.debug("leaving a tournament's group failed", exc_info=True)

    async def hear(self, layer: Any, channel: str) -> None:
        while True:
            try:
                message = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # the layer failed: wait, then listen again
                log.exception("a tournament's feed could not listen; trying again")
                await asyncio.sleep(1)
                continue
            if message.get("type") == "tournament.changed":
                self.changed()
            elif message.get("type") == "tournament.paired":
                await self.paired(message["games"])

    # --- telling the sockets --------------------------------------------------------------
    def changed(self) -> None:
        """Reads the tournament again and tells every socket: at once if the last read was
        ``STANDINGS_EVERY`` ago, else when it will have been (once, however many changes)."""
        if self.pending is not None or not self.sockets:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, self.read_at + STANDINGS_EVERY - loop.time())

        def due() -> None:
            task = loop.create_task(self.refresh())
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)

        self.pending = loop.call_later(delay, due)

    async def refresh(self) -> None:
        self.pending = None
        if not self.sockets:
            return
        self.read_at = asyncio.get_running_loop().time()
        try:
            self.keep(await db(read_snapshot)(self.public_id))
        except Exception:
            log.exception("reading tournament %s failed", self.public_id)
            return
        for send, user_id in list(self.sockets.items()):
            await self.tell(send, self.text_for(user_id))

    async def paired(self, games: dict[str, str]) -> None:
        """Tells each player among the sockets the game of theirs that just started."""
        for send, user_id in list(self.sockets.items()):
            game = games.get(str(user_id)) if user_id is not None else None
            if game is not None:
                await self.tell(send, json.dumps({"type": "game_started", "game": game}))

    async def tell(self, send: Sender, text: str) -> None:
        try:
            await send(text)
        except Exception:  # a socket closing meanwhile: it leaves on its own
            log.debug("a tournament socket could not be told", exc_info=True)

    def keep(self, snap: Snapshot) -> None:
        self.snap = snap
        head = {"type": "tournament", **payload(snap, SOCKET_STANDINGS)}
        self.shared = json.dumps(head)

    def text_for(self, user_id: int | None) -> str:
        """Returns the ``tournament`` message of a socket: the shared text with its own line."""
        me = json.dumps(own_line(self.snap, user_id))
        return f'{self.shared[:-1]}, "me": {me}}}'


class Feeds:
    """This process's feeds, by tournament."""

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
