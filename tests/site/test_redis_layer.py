"""The Redis channel layer CI and production use really carries messages (service test)."""

import uuid

import pytest
from channels.layers import get_channel_layer
from channels_redis.pubsub import RedisPubSubChannelLayer

from chesskers_site.settings import redis_channel_prefix

pytestmark = pytest.mark.services


async def test_redis_layer_delivers_a_group_message() -> None:
    layer = get_channel_layer()
    assert type(layer).__module__ == "channels_redis.pubsub"
    channel = await layer.new_channel()
    group = f"test.{uuid.uuid4().hex}"
    await layer.group_add(group, channel)
    try:
        await layer.group_send(group, {"type": "hello", "text": "over redis"})
        message = await layer.receive(channel)
        assert message == {"type": "hello", "text": "over redis"}
    finally:
        await layer.group_discard(group, channel)


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
