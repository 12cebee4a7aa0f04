"""What the site's tests share: Redis waited for by the throttles' races."""

import weakref

import pytest

from common import throttle


@pytest.fixture
def patient_redis(monkeypatch) -> None:
    """Redis waited for as long as it takes, on pools made for the test: what these tests count
    is the races, and a machine too busy to answer within the site's quarter of a second would
    send some racers to the process's own counts (the fallback), letting more through."""
    monkeypatch.setattr(throttle, "REDIS_TIMEOUT", 30.0)
    monkeypatch.setattr(throttle, "_sync_clients", {})
    monkeypatch.setattr(throttle, "_async_clients", weakref.WeakKeyDictionary())
