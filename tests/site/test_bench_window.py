"""bench/ws_load.py times a round from its first move until every game has played and heard its
last state, never the sockets' closing (a game socket's close writes who left the table, which
is no part of what a move costs)."""

import asyncio
import gc
import os

import pytest

from bench.ws_load import Settled


@pytest.fixture(autouse=True)
def collector_back_on():
    # The round turns the client's garbage collector off while it plays (``Settled.begin``);
    # the bench turns it back on after the round, and so does this test.
    yield
    gc.enable()
    gc.unfreeze()


async def test_the_round_ends_when_the_last_group_finishes_before_any_closes():
    settled = Settled(3, [os.getpid()])
    closed: list[int] = []

    async def group(index: int, plays_for: float) -> None:
        await settled.wait()
        await asyncio.sleep(plays_for)
        await settled.finished()
        # The group closes its sockets here: the round's clocks have stopped already.
        assert settled.stop.is_set()
        closed.append(index)

    loop = asyncio.get_running_loop()
    started = loop.time()
    await asyncio.gather(group(0, 0.05), group(1, 0.3), group(2, 0.1))
    assert sorted(closed) == [0, 1, 2]
    # The three groups waited for the slowest (0.3 s of play after the 3 s settling).
    assert 0.3 <= settled.play_seconds < loop.time() - started
    assert settled.server_cpu >= 0 and settled.client_cpu >= 0


async def test_no_group_closes_while_another_still_plays():
    settled = Settled(2, [os.getpid()])
    order: list[str] = []

    async def group(name: str, plays_for: float) -> None:
        await settled.wait()
        await asyncio.sleep(plays_for)
        order.append(f"{name} done")
        await settled.finished()
        order.append(f"{name} closes")

    await asyncio.gather(group("fast", 0.0), group("slow", 0.2))
    assert order[:2] == ["fast done", "slow done"]
