"""Message budgets counted a lease at a time (common/throttle.py ``spend_leased``): never more
than the limit through, however processes and racing messages interleave; most messages cost
no round trip; a window that refused is not asked again."""

import asyncio
import uuid

import pytest

from common import throttle
from common.throttle import spend_leased
from games.edges.sockets import budget_lease

WINDOW = 86400.0  # a day: no burst here straddles two windows but once a day at midnight


@pytest.fixture
def counted(monkeypatch) -> list[int]:
    """This process's counts, leases and memory of Redis failures, new for the test; returns
    the list of the counts asked of Redis (or of the fallback), one entry a round trip."""
    monkeypatch.setattr(throttle, "LOCAL", throttle.LocalCounts())
    monkeypatch.setattr(throttle, "STATE", throttle.RedisState())
    monkeypatch.setattr(throttle, "LEASES", throttle.Leases())
    asked: list[int] = []
    add_async = throttle.add_async

    async def counting(window: throttle.Window, by: int = 1) -> int:
        asked.append(by)
        return await add_async(window, by)

    monkeypatch.setattr(throttle, "add_async", counting)
    return asked


async def test_a_lease_serves_most_messages_without_a_round_trip(counted) -> None:
    key = f"test:{uuid.uuid4().hex}"
    allowed = [await spend_leased(key, 100, WINDOW, 5) for _ in range(130)]
    assert allowed == [True] * 100 + [False] * 30
    # Twenty leases of five, then one refused: the refusal is remembered for the window.
    assert counted == [5] * 21


async def test_the_last_lease_of_a_window_is_what_is_left_of_it(counted) -> None:
    key = f"test:{uuid.uuid4().hex}"
    allowed = [await spend_leased(key, 7, WINDOW, 5) for _ in range(10)]
    assert allowed == [True] * 7 + [False] * 3
    assert len(counted) == 3  # 5, then the 2 left of a second lease, then the refusal


async def test_two_processes_spending_in_turn_share_exactly_the_limit(counted, monkeypatch) -> None:
    """Two processes' leases (each its own ``Leases``) on one count: exactly the limit through."""
    key = f"test:{uuid.uuid4().hex}"
    processes = [throttle.Leases(), throttle.Leases()]
    allowed = []
    for turn in range(120):
        monkeypatch.setattr(throttle, "LEASES", processes[turn % 2])
        allowed.append(await spend_leased(key, 100, WINDOW, 5))
    assert allowed == [True] * 100 + [False] * 20
    assert len(counted) == 22  # ten leases each, then one refusal each


async def test_leases_racing_on_one_event_loop_never_let_more_than_the_limit(
    counted, patient_redis
) -> None:
    key = f"test:{uuid.uuid4().hex}"
    burst = await asyncio.gather(*(spend_leased(key, 7, WINDOW, 3) for _ in range(30)))
    after = [await spend_leased(key, 7, WINDOW, 3) for _ in range(10)]
    # Racers that asked for leases at once were granted 3, 3 and the 1 left, one message each
    # (with Redis; counted in the process, they run in turn); what the leases hold serves the
    # next messages, and nothing more.
    assert burst.count(True) >= 3
    assert burst.count(True) + after.count(True) == 7
    assert after[-1] is False


def test_a_budgets_lease_is_a_twentieth_of_it_and_at_least_one() -> None:
    assert [budget_lease(limit) for limit in (100, 40, 20, 19, 6, 1)] == [5, 2, 1, 1, 1, 1]
