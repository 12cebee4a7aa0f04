"""The throttles' counting primitive (common/throttle.py ``spend``, and ``spend_leased`` with
leases of one event; longer leases: test_budget_leases.py): one count per event, shared by
every thread, event loop and process, exactly the limit let through however many race for it;
and with Redis unreachable, counts kept in the process, with one warning and no error."""

import asyncio
import logging
import os
import subprocess
import sys
import uuid
from concurrent.futures import ThreadPoolExecutor

import pytest

from common import throttle
from common.throttle import spend, spend_leased
from tests.conftest import ROOT

WINDOW = 86400.0  # a day: no burst here straddles two windows but once a day at midnight


def fresh_key() -> str:
    return f"test:{uuid.uuid4().hex}"


@pytest.fixture
def fresh_state(monkeypatch) -> None:
    """This process's fallback counts and its memory of Redis failures, new for the test."""
    monkeypatch.setattr(throttle, "LOCAL", throttle.LocalCounts())
    monkeypatch.setattr(throttle, "STATE", throttle.RedisState())
    monkeypatch.setattr(throttle, "LEASES", throttle.Leases())


def test_a_burst_of_parallel_spends_lets_exactly_the_limit_through(
    fresh_state, patient_redis
) -> None:
    key = fresh_key()
    with ThreadPoolExecutor(16) as pool:
        allowed = list(pool.map(lambda _: spend(key, 10, WINDOW), range(40)))
    assert allowed.count(True) == 10
    assert spend(fresh_key(), 10, WINDOW)  # another key counts apart


async def test_spends_racing_on_one_event_loop_let_exactly_the_limit_through(
    fresh_state, patient_redis
) -> None:
    key = fresh_key()
    allowed = await asyncio.gather(*(spend_leased(key, 7, WINDOW, 1) for _ in range(30)))
    assert allowed.count(True) == 7


COUNTER = """
import asyncio, sys
import django
django.setup()
from common import throttle
from common.throttle import spend_leased

throttle.REDIS_TIMEOUT = 30.0  # as patient_redis: the races are counted, not the machine's speed

async def main():
    results = await asyncio.gather(*(spend_leased(sys.argv[1], 12, 86400.0, 1) for _ in range(10)))
    print(sum(results))

asyncio.run(main())
"""


@pytest.mark.services
def test_spends_from_several_processes_share_one_count_in_redis() -> None:
    """Three processes spend ten events each on one key: twelve are let through in all."""
    key = fresh_key()
    env = {**os.environ, "DJANGO_SETTINGS_MODULE": "tests.settings"}
    processes = [
        subprocess.Popen(
            [sys.executable, "-c", COUNTER, key], cwd=ROOT, env=env, stdout=subprocess.PIPE
        )
        for _ in range(3)
    ]
    allowed = [int(process.communicate(timeout=60)[0]) for process in processes]
    assert sum(allowed) == 12


DEAD_REDIS = "redis://127.0.0.1:6390/0"


def test_with_redis_unreachable_spends_count_in_the_process_with_one_warning(
    settings, fresh_state, caplog
) -> None:
    settings.THROTTLE_REDIS_URL = DEAD_REDIS
    key = fresh_key()
    with caplog.at_level(logging.WARNING, logger="common.throttle"):
        allowed = [spend(key, 10, WINDOW) for _ in range(15)]
        throttle.STATE.down_until = 0.0  # as if the retry time were over: tried and failed again
        assert not spend(key, 10, WINDOW)
    assert allowed == [True] * 10 + [False] * 5
    assert throttle.STATE.failures == 2  # Redis was left alone between the two
    assert len(caplog.records) == 1
    assert "Redis is unreachable" in caplog.records[0].getMessage()


async def test_with_redis_unreachable_async_spends_count_in_the_process(
    settings, fresh_state
) -> None:
    settings.THROTTLE_REDIS_URL = DEAD_REDIS
    key = fresh_key()
    allowed = [await spend_leased(key, 3, WINDOW, 1) for _ in range(5)]
    assert allowed == [True] * 3 + [False] * 2
