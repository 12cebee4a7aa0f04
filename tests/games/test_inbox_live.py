"""Private messages over the real consumers: a message written over the API reaches its reader's
``/ws/me/`` with their unread count, and its writer's other pages; reading it there tells the
reader's pages the count left; nobody else hears anything."""

import pytest
from channels.db import database_sync_to_async

from community.inbox import mark_read, send_message
from tests.factories import make_user
from tests.games.test_consumers import connect, next_of_type

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_message_reaches_its_readers_and_writers_pages_and_no_one_else(
    ws, alice, bob
) -> None:
    carol = await database_sync_to_async(make_user)("carol")
    reader, _ = await connect(ws, "/ws/me/", bob)
    writer, _ = await connect(ws, "/ws/me/", alice)
    other, _ = await connect(ws, "/ws/me/", carol)
    sent = await database_sync_to_async(send_message)(sender=alice, recipient=bob, text="hi bob")
    heard = await next_of_type(reader, "message")
    assert heard == {"type": "message", "message": sent, "unread": 1}
    assert sent["from"] == "alice" and sent["to"] == "bob" and sent["text"] == "hi bob"
    mine = await next_of_type(writer, "message")
    assert mine == {"type": "message", "message": sent}  # no count: nothing unread of hers
    await database_sync_to_async(send_message)(sender=alice, recipient=bob, text="still there?")
    assert (await next_of_type(reader, "message"))["unread"] == 2
    await next_of_type(writer, "message")
    left = await database_sync_to_async(mark_read)(user=bob, other=alice)
    assert left == 0
    assert await next_of_type(reader, "inbox_read") == {"type": "inbox_read", "unread": 0}
    assert await other.receive_nothing(timeout=0.3)
    assert await writer.receive_nothing(timeout=0.3)
