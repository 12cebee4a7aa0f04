"""The site's channel layer: channels_redis's pub/sub layer, whose sends to different groups no
longer wait for each other.

The pub/sub layer publishes through one lock per Redis server, shared with its subscriptions:
each publish waits for every one before it to be answered by Redis, and for the event loop to
read each answer. Under load that queue was the longest wait on a move's way to its spectators
(bench/ws_load.py, timed in the process: p99 26-58 ms at 500 games). Here a publish waits only
for the publishes to its own channel (a group's messages keep their order, as under the lock);
publishes to different channels go out at once, on the connection pool's connections.
Subscribing and unsubscribing keep the lock.

A receive is the loop layer's own coroutine, not wrapped in the proxy's: a socket waits in it
for seconds, and everything it holds meanwhile is walked by the garbage collector.
"""

import asyncio
from collections.abc import Coroutine
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection


class OrderedShard(RedisSingleShardConnection):
    """A Redis server's connection of the layer whose publishes are ordered per channel."""

    def __init__(self, host: dict, channel_layer: object) -> None:
        super().__init__(host, channel_layer)
        # The last publish asked for on each channel, until it is answered.
        self._tails: dict[str, asyncio.Future] = {}

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
