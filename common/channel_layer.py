"""The site's channel layer: channels_redis's pub/sub layer, whose sends to different groups no
longer wait for each other.

The pub/sub layer publishes through one lock per Redis server, shared with its subscriptions:
each publish waits for every one before it to be answered by Redis, and for the event loop to
read each answer. Under load that queue was the longest wait on a move's way to its spectators
(bench/ws_load.py, timed in the process: p99 26-58 ms at 500 games). Here a publish waits only
for the publishes to its own channel (a group's messages keep their order, as under the lock);
publishes to different channels go out at once, on the connection pool's connections.

Subscriptions go out in batches: every SUBSCRIBE and UNSUBSCRIBE asked for while one is being
written is sent in the next command, one at a time under the lock. channels_redis sent each in
its own turn of the lock; when 2,000 sockets closed at once their unsubscribes queued for seconds.
An unsubscribe no longer waits at all, so a closing socket cannot be cut short inside it.

A receive is the loop layer's own coroutine, not wrapped in the proxy's: a socket waits in it
for seconds, and everything it holds meanwhile is walked by the garbage collector.
"""

import asyncio
import contextlib
import logging
from collections.abc import Coroutine
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection

logger = logging.getLogger(__name__)


class OrderedShard(RedisSingleShardConnection):
    """A Redis server's connection of the layer: publishes ordered per channel, subscriptions
    sent in batches."""

    # The most channels one SUBSCRIBE or UNSUBSCRIBE names.
    BATCH = 1000

    def __init__(self, host: dict, channel_layer: object) -> None:
        super().__init__(host, channel_layer)
        # The last publish asked for on each channel, until it is answered.
        self._tails: dict[str, asyncio.Future] = {}
        # Subscriptions asked for and not yet sent: True to subscribe, False to unsubscribe.
        # ``_subscribed_to`` is what the commands sent, or being sent, leave subscribed.
        self._changes: dict[str, bool] = {}
        self._next: asyncio.Future | None = None  # done when ``_changes`` is written
        self._in_flight: asyncio.Future | None = None  # done when the batch being sent is
        self._sender: asyncio.Task | None = None

    async def publish(self, channel: str, message: bytes) -> None:
        previous = self._tails.get(channel)
        mine = asyncio.get_running_loop().create_future()
        self._tails[channel] = mine
        try:
            if previous is not None:
                await asyncio.wait([previous])  # cancelled here, the previous one goes on
            self._ensure_redis()
            await self._redis.publish(channel, message)
        finally:
            mine.set_result(None)
            if self._tails.get(channel) is mine:
                del self._tails[channel]

    async def subscribe(self, channel: str) -> None:
        """Returns once the SUBSCRIBE naming ``channel`` is written, with every other change
        asked for meanwhile. Cancelled while it waits, the subscription still goes out."""
        waiting = self._next if self._ask(channel, True) else self._in_flight
        if waiting is not None:
            await asyncio.shield(waiting)

    async def unsubscribe(self, channel: str) -> None:
        """Asks for ``channel`` to be unsubscribed, with the next batch, and returns at once.

        channels_redis unsubscribes a socket's channel when its receive is cancelled, as the
        socket closes. Under channels_redis's own lock each waited its turn for a round trip:
        when 2,000 sockets closed at once, the last waited longer than Daphne gives a closing
        application, was cancelled there, and its channel stayed subscribed until restart.
        Here nothing waits, so nothing can be cut short."""
        self._ask(channel, False)

    def _ask(self, channel: str, subscribed: bool) -> bool:
        """Records a wanted change; returns whether one is now waiting to be sent."""
        if (channel in self._subscribed_to) == subscribed:
            self._changes.pop(channel, None)  # a change asked for and taken back
            return False
        self._changes[channel] = subscribed
        if self._next is None:
            self._next = asyncio.get_running_loop().create_future()
        if self._sender is None:
            self._sender = asyncio.ensure_future(self._send_changes())
        return True

    async def _send_changes(self) -> None:
        """Writes the changes asked for, in batches, one batch at a time, until none is left.

        A batch that fails is raised to the subscribes that wait for it; its unsubscribes are
        asked for again, and go out with the next change."""
        try:
            while self._changes:
                async with self._lock:
                    changes, self._changes = self._changes, {}
                    done, self._next = self._next, None
                    self._in_flight = done
                    gone = [name for name, wanted in changes.items() if not wanted]
                    new = [name for name, wanted in changes.items() if wanted]
                    self._subscribed_to.difference_update(gone)
                    self._subscribed_to.update(new)
                    try:
                        self._ensure_redis()
                        self._ensure_receiver()
                        for start in range(0, len(gone), self.BATCH):
                            await self._pubsub.unsubscribe(*gone[start : start + self.BATCH])
                        for start in range(0, len(new), self.BATCH):
                            await self._pubsub.subscribe(*new[start : start + self.BATCH])
                    except Exception as error:
                        self._subscribed_to.difference_update(new)
                        self._subscribed_to.update(gone)
                        for name in gone:
                            self._changes.setdefault(name, False)
                        logger.warning("Redis subscriptions not sent: %s", error)
                        done.add_done_callback(asyncio.Future.exception)  # none may wait
                        done.set_exception(error)
                        if self._next is None:
                            return  # only unsubscribes left: they go with the next change
                        continue  # subscribes asked for meanwhile wait: try for them
                    finally:
                        self._in_flight = None
                    done.set_result(None)
        finally:
            self._sender = None
            if not self._changes and self._next is not None and not self._next.done():
                self._next.set_result(None)  # cancelled with changes taken back: none to send
                self._next = None

    async def flush(self) -> None:
        sender, self._sender = self._sender, None
        if sender is not None:
            sender.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await sender
        for waiting in (self._next, self._in_flight):
            if waiting is not None and not waiting.done():
                waiting.cancel()
        self._changes, self._next, self._in_flight = {}, None, None
        await super().flush()


class PubSubChannelLayer(RedisPubSubChannelLayer):
    """channels_redis's pub/sub layer with ``OrderedShard`` connections."""

    def _get_layer(self) -> object:
        layer = super()._get_layer()  # one a running loop, made on its first use
        if not getattr(layer, "ordered_shards", False):
            layer._shards = [OrderedShard(shard.host, layer) for shard in layer._shards]
            layer.ordered_shards = True
        return layer

    def receive(self, channel: str) -> Coroutine[Any, Any, dict]:
        """The next message on ``channel``: the receive of this loop's layer itself, which
        channels_redis's proxy would wrap in one more coroutine for as long as it waits."""
        return self._get_layer().receive(channel)
