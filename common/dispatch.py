"""A consumer's messages, read by one long-lived task per source and handled one at a time.

Channels' own loop (``channels.utils.await_many_dispatch``) waits on its sources with
``asyncio.wait`` and, after each message, starts a new task to wait for the next one from that
source: a task, its coroutines, a copy of the context, a waiter future and its callbacks. A
socket waits seconds for its next message, so all of that outlives the garbage collector's
young collections and is walked by its middle ones: with a few thousand sockets open most of
what they walked was exactly this (bench/RESULTS.md), and those collections stopped every
socket of the process for up to 20 ms at a time.

Here each source has one reader task for the consumer's whole life. A message costs only what
its source makes to deliver it, and the readers take turns through a lock, so a consumer still
handles one message at a time, in the order they came, as under Channels' loop.
"""

import asyncio
import contextlib
import functools
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from channels.consumer import AsyncConsumer
from channels.exceptions import StopConsumer
from channels.layers import get_channel_layer

Source = Callable[[], Awaitable[Any]]
Dispatch = Callable[[Any], Awaitable[None]]


async def dispatch_each(sources: Sequence[Source], dispatch: Dispatch) -> None:
    """Reads messages from every source and awaits ``dispatch`` for each, one at a time.

    Ends, cancelling every reader, as soon as a source or a dispatch raises, and raises that
    (Channels' ``StopConsumer`` is how a consumer ends); cancelled, it cancels every reader.
    """
    turn = asyncio.Lock()

    async def read(source: Source) -> None:
        while True:
            try:
                message = await source()
            except Exception:
                async with turn:  # not in the middle of another message's dispatch
                    raise
            async with turn:
                await dispatch(message)

    readers = [asyncio.ensure_future(read(source)) for source in sources]
    try:
        done, _ = await asyncio.wait(readers, return_when=asyncio.FIRST_COMPLETED)
        for reader in done:
            reader.result()  # a reader ends only by raising
    finally:
        for reader in readers:
            reader.cancel()
        for reader in readers:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await reader  # its error, if it had one, was raised above


async def serve(consumer: AsyncConsumer, scope: dict[str, Any], receive: Source, send: Any) -> None:
    """Runs ``consumer`` as Channels' ``AsyncConsumer.__call__`` does, its two sources (the
    client, and its channel on the channel layer) read by ``dispatch_each``."""
    consumer.scope = scope
    consumer.base_send = send
    consumer.channel_layer = get_channel_layer(consumer.channel_layer_alias)
    sources = [receive]
    if consumer.channel_layer is not None:
        consumer.channel_name = await consumer.channel_layer.new_channel()
        consumer.channel_receive = functools.partial(
            consumer.channel_layer.receive, consumer.channel_name
        )
        sources.append(consumer.channel_receive)
    with contextlib.suppress(StopConsumer):
        await dispatch_each(sources, consumer.dispatch)
