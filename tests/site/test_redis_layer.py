"""The Redis channel layer CI and production use really carries messages, a group's in the
order they were sent, without one group's sends waiting for another's (service tests)."""

import asyncio
import uuid

import pytest
import redis.asyncio
import redis.exceptions
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer

from chesskers_site.settings import redis_channel_prefix
from common.channel_layer import PubSubChannelLayer

pytestmark = pytest.mark.services


async def test_redis_layer_delivers_a_group_message() -> None:
    layer = get_channel_layer()
    assert type(layer) is PubSubChannelLayer
    channel = await layer.new_channel()
    group = f"test.{uuid.uuid4().hex}"
    await layer.group_add(group, channel)
    try:
        await layer.group_send(group, {"type": "hello", "text": "over redis"})
        message = await layer.receive(channel)
        assert message == {"type": "hello", "text": "over redis"}
    finally:
        await layer.group_discard(group, channel)


async def test_a_receive_is_the_loop_layers_own_coroutine() -> None:
    # Not one more coroutine around it (channels_redis's proxy): a socket waits in it for
    # seconds, and what it holds meanwhile is walked by the garbage collector.
    layer = get_channel_layer()
    channel = await layer.new_channel()
    waiting = layer.receive(channel)
    assert waiting.__qualname__ == "RedisPubSubLoopLayer.receive"
    await layer.send(channel, {"type": "hello"})
    assert await asyncio.wait_for(waiting, 5) == {"type": "hello"}


async def test_the_layers_prefix_names_the_redis_database(settings) -> None:
    """Redis's pub/sub ignores the database number: the prefix carries it instead."""
    from_url = redis_channel_prefix(settings.REDIS_URL)
    assert from_url == f"chesskers.{settings.REDIS_URL.rsplit('/', 1)[-1]}."
    assert get_channel_layer().prefix == settings.CHANNEL_PREFIX == from_url


async def test_deployments_with_their_own_prefixes_do_not_hear_each_other(settings) -> None:
    config = settings.CHANNEL_LAYERS["default"]["CONFIG"]
    ours = RedisPubSubChannelLayer(**{**config, "prefix": "chesskers.ours."})
    theirs = RedisPubSubChannelLayer(**{**config, "prefix": "chesskers.theirs."})
    channel = await ours.new_channel()
    group = f"game.{uuid.uuid4().hex[:8]}"  # the same game id in both deployments
    await ours.group_add(group, channel)
    await theirs.group_add(group, await theirs.new_channel())
    try:
        await theirs.group_send(group, {"type": "game.state", "text": "theirs"})
        await ours.group_send(group, {"type": "game.state", "text": "ours"})
        # Published in that order on one Redis: had theirs reached us, it would come first.
        assert await ours.receive(channel) == {"type": "game.state", "text": "ours"}
    finally:
        await ours.flush()
        await theirs.flush()


async def test_a_groups_messages_sent_at_once_arrive_in_the_order_sent(settings) -> None:
    layer = PubSubChannelLayer(**settings.CHANNEL_LAYERS["default"]["CONFIG"])
    channel = await layer.new_channel()
    group = f"game.{uuid.uuid4().hex[:8]}"
    await layer.group_add(group, channel)
    try:
        sends = [layer.group_send(group, {"type": "game.state", "ply": ply}) for ply in range(200)]
        await asyncio.gather(*sends)
        received = [(await layer.receive(channel))["ply"] for _ in range(200)]
        assert received == list(range(200))
    finally:
        await layer.flush()


async def test_a_send_waiting_on_redis_holds_up_its_own_group_only(settings) -> None:
    """One group's publish held up (a slow answer from Redis): another group's goes out and
    arrives meanwhile, and the held group's next message waits for it, then follows it."""
    layer = PubSubChannelLayer(**settings.CHANNEL_LAYERS["default"]["CONFIG"])
    slow_group, other_group = (f"game.{uuid.uuid4().hex[:8]}" for _ in range(2))
    slow_reader, other_reader = await layer.new_channel(), await layer.new_channel()
    await layer.group_add(slow_group, slow_reader)
    await layer.group_add(other_group, other_reader)
    loop_layer = layer._get_layer()
    shard = loop_layer._get_shard(loop_layer._get_group_channel_name(slow_group))
    shard._ensure_redis()
    release = asyncio.Event()
    publish = shard._redis.publish
    held = loop_layer._get_group_channel_name(slow_group)

    async def slow_publish(channel, message):
        if channel == held and not release.is_set():
            await release.wait()
        return await publish(channel, message)

    shard._redis.publish = slow_publish
    try:
        first = asyncio.create_task(layer.group_send(slow_group, {"type": "x", "n": 1}))
        await asyncio.sleep(0.05)
        second = asyncio.create_task(layer.group_send(slow_group, {"type": "x", "n": 2}))
        await asyncio.wait_for(layer.group_send(other_group, {"type": "x", "n": 3}), 2)
        assert await asyncio.wait_for(layer.receive(other_reader), 2) == {"type": "x", "n": 3}
        assert not first.done() and not second.done()
        release.set()
        await asyncio.wait_for(asyncio.gather(first, second), 2)
        assert [(await layer.receive(slow_reader))["n"] for _ in range(2)] == [1, 2]
    finally:
        release.set()
        shard._redis.publish = publish
        await layer.flush()


def count_commands(layer: PubSubChannelLayer) -> dict[str, int]:
    """Counts the pub/sub commands each shard of ``layer`` writes to Redis, by name; the
    commands themselves still go out."""
    counts: dict[str, int] = {}
    for shard in layer._get_layer()._shards:
        shard._ensure_redis()
        write = shard._pubsub.execute_command

        async def counted(*args, write=write):
            counts[args[0]] = counts.get(args[0], 0) + 1
            return await write(*args)

        shard._pubsub.execute_command = counted
    return counts


async def subscribers(settings, channels: list[str], expected: int) -> list[int]:
    """How many subscribers Redis counts on each of ``channels``, asked over a connection of
    its own, once each count is ``expected`` (or after 5 s): a command just written on the
    layer's connection may reach Redis after this one's question."""
    client = redis.asyncio.Redis.from_url(settings.REDIS_URL)
    try:
        for _ in range(100):
            counts = [count for _name, count in await client.pubsub_numsub(*channels)]
            if counts == [expected] * len(channels):
                break
            await asyncio.sleep(0.05)
        return counts
    finally:
        await client.aclose()


async def test_sockets_closing_at_once_unsubscribe_in_a_few_commands_and_all(settings) -> None:
    """300 sockets' receives cancelled at once, and cancelled again while they clean up (as
    Daphne cancels an application that outlives its close timeout): every channel and group is
    unsubscribed, in a few commands, not one command and one turn of a lock each."""
    layer = PubSubChannelLayer(**settings.CHANNEL_LAYERS["default"]["CONFIG"])
    loop_layer = layer._get_layer()
    counts = count_commands(layer)
    channels = await asyncio.gather(*(layer.new_channel() for _ in range(300)))
    groups = [f"game.{uuid.uuid4().hex[:8]}" for _ in channels]
    await asyncio.gather(*(layer.group_add(g, c) for g, c in zip(groups, channels, strict=True)))
    assert counts["SUBSCRIBE"] <= 10, counts  # 600 subscriptions, batched
    names = [*channels, *(loop_layer._get_group_channel_name(g) for g in groups)]
    assert await subscribers(settings, names, 1) == [1] * 600
    try:
        receives = [asyncio.create_task(layer.receive(c)) for c in channels]
        await asyncio.sleep(0.05)
        for task in receives:
            task.cancel()
        await asyncio.sleep(0)  # each is now in its clean-up
        for task in receives:
            task.cancel()
        await asyncio.gather(*receives, return_exceptions=True)
        await asyncio.gather(
            *(layer.group_discard(g, c) for g, c in zip(groups, channels, strict=True))
        )
        assert await subscribers(settings, names, 0) == [0] * 600
        assert counts["UNSUBSCRIBE"] <= 10, counts
        assert not any(shard._subscribed_to for shard in loop_layer._shards)
    finally:
        await layer.flush()


async def test_a_group_left_and_joined_again_at_once_still_hears(settings) -> None:
    """The last socket of a game leaves as another joins, before the unsubscribe is written:
    the group stays subscribed, and the newcomer hears the group's next message."""
    layer = PubSubChannelLayer(**settings.CHANNEL_LAYERS["default"]["CONFIG"])
    leaving, joining = await layer.new_channel(), await layer.new_channel()
    group = f"game.{uuid.uuid4().hex[:8]}"
    await layer.group_add(group, leaving)
    try:
        await asyncio.gather(layer.group_discard(group, leaving), layer.group_add(group, joining))
        await layer.group_send(group, {"type": "game.state", "ply": 1})
        assert await asyncio.wait_for(layer.receive(joining), 5) == {"type": "game.state", "ply": 1}
        # Left, then joined once the unsubscribe is on its way: subscribed again after it.
        await layer.group_discard(group, joining)
        await asyncio.sleep(0)
        await layer.group_add(group, joining)
        await layer.group_send(group, {"type": "game.state", "ply": 2})
        assert await asyncio.wait_for(layer.receive(joining), 5) == {"type": "game.state", "ply": 2}
    finally:
        await layer.flush()


async def test_a_subscribe_redis_refuses_is_raised_to_its_socket() -> None:
    layer = PubSubChannelLayer(hosts=["redis://127.0.0.1:1/0"])  # nothing listens there
    try:
        with pytest.raises(redis.exceptions.ConnectionError):
            await asyncio.wait_for(layer.new_channel(), 30)
    finally:
        await layer.flush()


async def test_a_batch_redis_fails_is_raised_to_its_subscribes_and_its_unsubscribes_retried(
    settings,
) -> None:
    """One write to Redis fails (a dropped connection): the subscribes of that batch raise, as
    channels_redis's own did, and succeed when asked again; an unsubscribe of a failed batch
    goes out with the next change."""
    layer = PubSubChannelLayer(**settings.CHANNEL_LAYERS["default"]["CONFIG"])
    loop_layer = layer._get_layer()
    reader = await layer.new_channel()
    (shard,) = loop_layer._shards
    write = shard._pubsub.execute_command
    failures = {"left": 0}

    async def failing(*args):
        if failures["left"]:
            failures["left"] -= 1
            raise redis.exceptions.ConnectionError("Connection reset by peer")
        return await write(*args)

    shard._pubsub.execute_command = failing
    group, other = (f"game.{uuid.uuid4().hex[:8]}" for _ in range(2))
    group_channel = loop_layer._get_group_channel_name(group)
    try:
        failures["left"] = 1
        with pytest.raises(redis.exceptions.ConnectionError):
            await layer.group_add(group, reader)
        await layer.group_add(group, reader)  # asked again: sent
        assert await subscribers(settings, [group_channel], 1) == [1]
        await layer.group_send(group, {"type": "game.state", "ply": 1})
        assert await asyncio.wait_for(layer.receive(reader), 5) == {"type": "game.state", "ply": 1}

        failures["left"] = 1
        await layer.group_discard(group, reader)
        for _ in range(100):  # the batch with the unsubscribe fails
            if failures["left"] == 0 and shard._sender is None:
                break
            await asyncio.sleep(0.01)
        assert await subscribers(settings, [group_channel], 1) == [1]
        await layer.group_add(other, reader)  # the next change takes the unsubscribe along
        assert await subscribers(settings, [group_channel], 0) == [0]
        assert group_channel not in shard._subscribed_to
    finally:
        shard._pubsub.execute_command = write
        await layer.flush()


async def test_the_layer_reads_redis_replies_with_the_c_parser() -> None:
    # Every group message a server hears is a reply read off its pub/sub connection: hiredis
    # reads one at under half the CPU of redis-py's parser in Python (bench/RESULTS.md).
    layer = get_channel_layer()
    channel = await layer.new_channel()
    group = f"test.{uuid.uuid4().hex}"
    await layer.group_add(group, channel)
    try:
        await layer.group_send(group, {"type": "hello"})
        assert await layer.receive(channel) == {"type": "hello"}
        shard = layer._get_layer()._get_shard(channel)
        parsers = {type(shard._pubsub.connection._parser).__name__}
        parsers.add(type((await shard._redis.connection_pool.get_connection())._parser).__name__)
        assert parsers == {"_AsyncHiredisParser"}
    finally:
        await layer.group_discard(group, channel)
