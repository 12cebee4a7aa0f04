"""A reply reaches the topic's author on the real ASGI application: their open pages'
``/ws/me/`` hears ``forum_reply`` once the reply commits; their own replies, and a blocked
player's, are not told."""

import pytest
from channels.db import database_sync_to_async

from community.services import block
from forum.services import post_reply
from tests.factories import make_user
from tests.forum.conftest import start
from tests.games.conftest import ws  # noqa: F401 (a fixture)
from tests.games.test_consumers import connect, next_of_type


@pytest.mark.django_db(transaction=True)
async def test_the_topics_author_hears_of_a_reply(ws) -> None:  # noqa: F811
    ann, bob, cy = [await database_sync_to_async(make_user)(name) for name in ("ann", "bob", "cy")]
    topic = await database_sync_to_async(start)(ann)
    await database_sync_to_async(block)(user=ann, other=cy)
    anns, _ = await connect(ws, "/ws/me/", ann)
    for writer, text in ((ann, "Mine"), (cy, "Blocked"), (bob, "An answer")):
        await database_sync_to_async(post_reply)(user=writer, topic_id=topic.public_id, text=text)
    told = await next_of_type(anns, "forum_reply")
    assert told == {
        "type": "forum_reply",
        "topic": topic.public_id,
        "title": "Knights in Chesskers",
        "from": "bob",
        "url": f"/forum/general/{topic.public_id}/#p4",
    }
