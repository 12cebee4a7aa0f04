"""What a page's feed shares, for the apps above whose sockets follow one thing each (a
tournament, a simul): a process's one listener to that thing's group, and its reads spaced out.

A ``GroupFeed`` listens to one group on a channel of its own (added to the group on its first
socket, discarded after its last), so a change there costs the process one message, not one
per socket; it hands each message to ``heard``. ``due(every, work)`` runs ``work`` on the event
loop at once if the last run was ``every`` seconds ago or more, else when it will have been
(once, however often it is asked meanwhile). ``Feeds`` keeps a process's feeds by id, each
forgotten once its last socket has left. Everything runs on the event loop's thread, as the
sockets do.
"""

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import Any, Generic, TypeVar

from channels.layers import get_channel_layer

log = logging.getLogger(__name__)


class GroupFeed:
    """One group's listener for this process's sockets, and the spacing of its reads."""

    def __init__(self, public_id: str, group: str, on_empty: Callable[[str], None]) -> None:
        self.public_id = public_id
        self.group = group
        self.on_empty = on_empty
        self.sockets: dict[Any, Any] = {}  # each socket, with what the feed keeps of it
        self.starting: asyncio.Task | None = None
        self.channel: str | None = None
        self.listener: asyncio.Task | None = None
        self.pending: asyncio.TimerHandle | None = None
        self.read_at = float("-inf")
        self.tasks: set[asyncio.Task] = set()

    async def start(self) -> None:
        """Listens to the group and reads what the sockets are sent (the subclass's)."""
        raise NotImplementedError

    async def heard(self, message: dict[str, Any]) -> None:
        """What a message of the group does (the subclass's)."""
        raise NotImplementedError

    def forget(self) -> None:
        """Lets go of what was read, once the last socket has left (the subclass's)."""

    async def admit(self, socket: Any, kept: Any = None) -> None:
        """Adds a socket (with what the feed keeps of it) once the feed has started: listening
        and read, once however many sockets join meanwhile. Raises what starting raised."""
        self.sockets[socket] = kept
        if self.starting is None:
            self.starting = asyncio.get_running_loop().create_task(self.start())
        try:
            await asyncio.shield(self.starting)
        except Exception:
            self.leave(socket)
            raise

    def leave(self, socket: Any) -> None:
        """Takes a socket off; after the last, stops listening and keeps nothing."""
        self.sockets.pop(socket, None)
        if self.sockets:
            return
        self.forget()
        self.stop()

    def spawn(self, work: Awaitable[Any]) -> None:
        """Runs ``work`` on the loop, keeping it until it ends."""
        task = asyncio.get_running_loop().create_task(work)
        self.tasks.add(task)
        task.add_done_callback(self.tasks.discard)

    def due(self, every: float, work: Callable[[], Awaitable[Any]]) -> None:
        """Runs ``work()`` at once if the last run was ``every`` seconds ago or more, else when
        it will have been; nothing more while one is waiting."""
        if self.pending is not None:
            return
        loop = asyncio.get_running_loop()
        delay = max(0.0, self.read_at + every - loop.time())

        def run() -> None:
            self.pending = None
            self.read_at = loop.time()
            self.spawn(work())

        self.pending = loop.call_later(delay, run)

    async def listen(self) -> None:
        layer = get_channel_layer()
        self.channel = await layer.new_channel()
        await layer.group_add(self.group, self.channel)
        self.listener = asyncio.get_running_loop().create_task(self.hear(layer, self.channel))

    async def hear(self, layer: Any, channel: str) -> None:
        while True:
            try:
                message = await layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # the layer failed: wait, then listen again
                log.exception("the feed of %s could not listen; trying again", self.group)
                await asyncio.sleep(1)
                continue
            await self.heard(message)

    def stop(self) -> None:
        """Stops listening and waiting once the last socket has left, keeping nothing."""
        self.starting = None
        if self.pending is not None:
            self.pending.cancel()
            self.pending = None
        if self.listener is not None:
            self.listener.cancel()
            self.listener = None
        channel, self.channel = self.channel, None
        if channel is not None:
            self.spawn(self.unlisten(channel))
        self.on_empty(self.public_id)

    async def unlisten(self, channel: str) -> None:
        try:
            await get_channel_layer().group_discard(self.group, channel)
        except Exception:
            log.debug("leaving the group %s failed", self.group, exc_info=True)


FeedType = TypeVar("FeedType", bound=GroupFeed)


class Feeds(Generic[FeedType]):
    """A process's feeds, by id, each made by ``make(id, on_empty)`` on its first socket."""

    def __init__(self, make: Callable[[str, Callable[[str], None]], FeedType]) -> None:
        self.make = make
        self.feeds: dict[str, FeedType] = {}

    def of(self, public_id: str) -> FeedType:
        found = self.feeds.get(public_id)
        if found is None:
            found = self.feeds[public_id] = self.make(public_id, self.drop)
        return found

    def drop(self, public_id: str) -> None:
        self.feeds.pop(public_id, None)
