"""games.storage.broadcast: what work on a consumer's thread sends goes out from the event loop when
the work returns, in order, even if it raises; the live-games list is told at most once a second."""

import asyncio
import threading

import pytest
from channels.layers import get_channel_layer

from games.edges.realtime import db
from games.storage import broadcast

MEMORY_LAYER = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


@pytest.fixture
def memory_layer(settings):
    settings.CHANNEL_LAYERS = MEMORY_LAYER
    return get_channel_layer()


async def member_of(layer, group: str) -> str:
    channel = await layer.new_channel()
    await layer.group_add(group, channel)
    return channel


async def received(layer, channel: str, within: float) -> list[dict]:
    messages = []
    try:
        while True:
            messages.append(await asyncio.wait_for(layer.receive(channel), within))
    except TimeoutError:
        return messages


async def test_work_on_a_thread_sends_from_the_loop_in_order_when_it_returns(memory_layer) -> None:
    channel = await member_of(memory_layer, "game.x")
    thread_outboxes = []

    def work() -> str:
        broadcast.send_now("game.x", {"type": "game.state", "n": 1})
        broadcast.send_now("game.x", {"type": "game.state", "n": 2})
        thread_outboxes.append(list(broadcast._collecting.outbox))
        return "done"

    assert await db(work)() == "done"
    # Collected on the thread (nothing sent from there), sent afterwards in order.
    assert [message["n"] for _, message in thread_outboxes[0]] == [1, 2]
    assert [m["n"] for m in await received(memory_layer, channel, 0.2)] == [1, 2]


async def test_what_was_collected_is_sent_even_if_the_work_then_raises(memory_layer) -> None:
    channel = await member_of(memory_layer, "game.y")

    def work() -> None:
        broadcast.send_now("game.y", {"type": "game.state", "n": 1})  # e.g. a committed forfeit
        raise ValueError("and then a refusal")

    with pytest.raises(ValueError):
        await db(work)()
    assert [m["n"] for m in await received(memory_layer, channel, 0.2)] == [1]


async def test_a_consumer_cancelled_during_the_work_still_sends_what_it_commits(
    memory_layer,
) -> None:
    # A consumer's task cancelled while its work runs on the thread (its server shutting
    # down, say): the work cannot be stopped, and what it commits must still be told.
    channel = await member_of(memory_layer, "game.z")
    started, go_on = threading.Event(), threading.Event()

    def work() -> None:
        started.set()
        go_on.wait(5)
        broadcast.send_now("game.z", {"type": "game.state", "n": 1})

    task = asyncio.ensure_future(db(work)())
    await asyncio.get_running_loop().run_in_executor(None, started.wait, 5)
    task.cancel()
    # The cancellation is delivered at the task's next step; a few steps of the loop (no time
    # passes) and the task has either ended or gone back to waiting for the work.
    for _ in range(5):
        await asyncio.sleep(0)
    assert not task.done()  # waiting for the work, not gone
    go_on.set()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert [m["n"] for m in await received(memory_layer, channel, 0.2)] == [1]


async def test_stale_database_connections_are_closed_before_and_after_the_work(
    memory_layer, monkeypatch
) -> None:
    import games.edges.realtime

    calls = []
    monkeypatch.setattr(
        games.edges.realtime, "close_old_connections", lambda: calls.append("close")
    )
    assert await db(lambda: calls.append("work") or 7)() == 7
    assert calls == ["close", "work", "close"]


async def test_the_live_games_list_is_told_at_once_then_at_most_once_a_second(
    memory_layer,
) -> None:
    channel = await member_of(memory_layer, broadcast.WATCH_GROUP)
    change = [(broadcast.WATCH_GROUP, dict(broadcast.WATCH_CHANGED))]
    await broadcast.flush(change)
    assert len(await received(memory_layer, channel, 0.1)) == 1  # the first change: at once
    for _ in range(5):  # five more within the second: one message when it has passed
        await broadcast.flush(change)
    assert await received(memory_layer, channel, 0.5) == []
    assert len(await received(memory_layer, channel, 1.0)) == 1
    assert await received(memory_layer, channel, 1.3) == []  # and nothing after that
