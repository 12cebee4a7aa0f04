"""A consumer's messages read by one long-lived task per source (common.dispatch): handled one at
a time in the order they came, ended by a dispatch's or a source's error (never in the middle of
another message), every reader cancelled at the end, and no new task made for a message."""

import asyncio

import pytest
from channels.exceptions import StopConsumer

from common.dispatch import dispatch_each


class Stop(Exception):
    pass


def runner(sources, dispatch) -> asyncio.Task:
    return asyncio.ensure_future(dispatch_each(sources, dispatch))


async def settle() -> None:
    for _ in range(10):
        await asyncio.sleep(0)


async def test_messages_of_every_source_are_dispatched_in_the_order_they_came():
    client, channel = asyncio.Queue(), asyncio.Queue()
    seen: list[str] = []

    async def dispatch(message: str) -> None:
        seen.append(message)
        if message == "bye":
            raise StopConsumer

    task = runner([client.get, channel.get], dispatch)
    for queue, message in [(client, "a"), (channel, "b"), (channel, "c"), (client, "d")]:
        queue.put_nowait(message)
        await settle()
    client.put_nowait("bye")
    with pytest.raises(StopConsumer):
        await asyncio.wait_for(task, 5)
    assert seen == ["a", "b", "c", "d", "bye"]


async def test_a_message_waits_until_the_one_before_it_is_handled():
    client, channel = asyncio.Queue(), asyncio.Queue()
    release = asyncio.Event()
    log: list[str] = []

    async def dispatch(message: str) -> None:
        log.append(f"start {message}")
        if message == "slow":
            await release.wait()
        log.append(f"end {message}")

    task = runner([client.get, channel.get], dispatch)
    client.put_nowait("slow")
    await settle()
    channel.put_nowait("quick")
    await settle()
    assert log == ["start slow"]  # the channel's message waits for the client's
    release.set()
    await settle()
    assert log == ["start slow", "end slow", "start quick", "end quick"]
    task.cancel()


async def test_a_dispatch_error_ends_it_and_cancels_every_reader():
    client, channel = asyncio.Queue(), asyncio.Queue()

    async def dispatch(message: str) -> None:
        raise Stop(message)

    task = runner([client.get, channel.get], dispatch)
    await settle()
    client.put_nowait("x")
    with pytest.raises(Stop, match="x"):
        await asyncio.wait_for(task, 5)
    # Nothing waits on the sources any more: a reader left behind would take this message.
    channel.put_nowait("left")
    await settle()
    assert channel.qsize() == 1


async def test_a_source_error_is_raised_only_between_two_messages():
    client = asyncio.Queue()
    release = asyncio.Event()
    handled: list[str] = []

    async def failing() -> str:
        await client.get()
        raise Stop("the channel layer is gone")

    async def dispatch(message: str) -> None:
        await release.wait()
        handled.append(message)

    messages = asyncio.Queue()
    messages.put_nowait("long")
    task = runner([messages.get, failing], dispatch)
    await settle()
    client.put_nowait(None)  # the second source fails while the first message is handled
    await settle()
    assert not task.done()
    release.set()
    with pytest.raises(Stop, match="gone"):
        await asyncio.wait_for(task, 5)
    assert handled == ["long"]


async def test_cancelled_it_cancels_every_reader():
    client, channel = asyncio.Queue(), asyncio.Queue()

    async def dispatch(message: str) -> None:
        pass

    task = runner([client.get, channel.get], dispatch)
    await settle()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    client.put_nowait("left")
    channel.put_nowait("left")
    await settle()
    assert (client.qsize(), channel.qsize()) == (1, 1)


async def test_a_message_makes_no_new_task():
    """Channels' own loop starts a task for the next message of a source after each message,
    which lives until that message comes; here the readers are the same tasks throughout."""
    client, channel = asyncio.Queue(), asyncio.Queue()
    handled: list[int] = []

    async def dispatch(message: int) -> None:
        handled.append(message)

    task = runner([client.get, channel.get], dispatch)
    await settle()
    before = asyncio.all_tasks()
    for number in range(20):
        (client if number % 2 else channel).put_nowait(number)
        await settle()
    assert handled == list(range(20))
    assert asyncio.all_tasks() == before
    task.cancel()
