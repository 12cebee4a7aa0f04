"""Fixtures for the forum suites: players, a moderator, and topics started through the
services."""

import uuid

import pytest

from forum.models import Topic
from forum.schemas import TopicRequest
from forum.services import topic_create
from tests.factories import make_moderator, make_user


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


@pytest.fixture
def ann(db):
    return make_user("ann")


@pytest.fixture
def bob(db):
    return make_user("bob")


@pytest.fixture
def mod(db):
    return make_moderator("mod")


def start(
    user, slug: str = "general", title: str = "Knights in Chesskers", text: str = ""
) -> Topic:
    """Starts a topic as ``user`` in ``slug``."""
    body = {"title": title, "text": text or "Do knights sweep both ways?"}
    return topic_create(user=user, slug=slug, asked=TopicRequest.from_body(body))
