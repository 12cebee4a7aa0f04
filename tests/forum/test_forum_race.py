"""On PostgreSQL: replies written at once to one topic, from as many connections, are numbered
one after another with no gap and no number twice, and every count agrees; a player starting
topics at once from several connections starts no more than a day's.

Marked ``services``: in CI a missing PostgreSQL fails this, never skips it."""

import threading

import pytest
from django.db import connection, connections

from forum.models import Forum, Post, Topic
from forum.policy import TOPICS_A_DAY
from forum.schemas import TopicRequest
from forum.services import post_reply, topic_create
from games.domain.errors import GameError
from tests.factories import make_user
from tests.forum.conftest import start

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

WRITERS = 8


def at_once(count: int, act) -> list[str]:
    """Runs ``act(n)`` in ``count`` threads released together; returns each one's outcome."""
    barrier = threading.Barrier(count)
    outcomes: list[str] = []

    def run(n: int) -> None:
        try:
            barrier.wait()
            act(n)
            outcomes.append("done")
        except GameError as error:
            outcomes.append(error.code.value)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    return outcomes


def test_replies_at_once_are_numbered_in_turn() -> None:
    assert connection.vendor == "postgresql"
    writers = [make_user(f"w{n}") for n in range(WRITERS)]
    topic = start(writers[0])
    outcomes = at_once(
        WRITERS,
        lambda n: post_reply(user=writers[n], topic_id=topic.public_id, text=f"reply {n}"),
    )
    assert outcomes == ["done"] * WRITERS
    numbers = sorted(Post.objects.filter(topic=topic).values_list("number", flat=True))
    assert numbers == list(range(1, WRITERS + 2))
    topic.refresh_from_db()
    forum = Forum.objects.get(slug="general")
    assert (topic.post_count, forum.topic_count, forum.post_count) == (WRITERS + 1, 1, WRITERS + 1)


def test_topics_started_at_once_stop_at_a_days() -> None:
    assert connection.vendor == "postgresql"
    ann = make_user("ann")
    tries = TOPICS_A_DAY + 4
    outcomes = at_once(
        tries,
        lambda n: topic_create(
            user=ann,
            slug="general",
            asked=TopicRequest.from_body({"title": f"Question {n}", "text": "Why?"}),
        ),
    )
    assert sorted(outcomes) == ["done"] * TOPICS_A_DAY + ["not_allowed"] * 4
    assert Topic.objects.count() == TOPICS_A_DAY
    assert Forum.objects.get(slug="general").topic_count == TOPICS_A_DAY
