"""Fixtures for the community suites: two players, throttles counted afresh for each test, and
an API client signed in with a user's token."""

import uuid

import pytest
from rest_framework.test import APIClient

from accounts.services import user_token
from tests.factories import make_user


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    """Each test counts its throttles under keys of its own: Redis keeps earlier runs' counts."""
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


@pytest.fixture
def alice():
    return make_user("alice")


@pytest.fixture
def bob():
    return make_user("bob")


def api(user=None) -> APIClient:
    """Returns an API client, signed in with ``user``'s token when given."""
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client
