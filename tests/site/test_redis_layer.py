"""The Redis channel layer CI and production use really carries messages (service test)."""

import uuid

import pytest
from channels.layers import get_channel_layer

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
