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
    order: list[str] = []

    async def group(name: str, plays_for: float) -> None:
        await settled.wait()
        await asyncio.sleep(plays_for)
        order.append(f"{name} done")
        await settled.finished()
        # The group closes its sockets here: the round's clocks have stopped already.
        assert settled.stop.is_set()
        order.append(f"{name} closes")

    loop = asyncio.get_running_loop()
    started = loop.time()
    await asyncio.gather(group("fast", 0.05), group("slow", 0.3), group("middle", 0.1))
    # No group closed while another still played, and every one closed.
    assert order[:3] == ["fast done", "middle done", "slow done"]
    assert sorted(order[3:]) == ["fast closes", "middle closes", "slow closes"]
    # The three groups waited for the slowest (0.3 s of play after the 3 s settling).
    assert 0.3 <= settled.play_seconds < loop.time() - started
    assert settled.server_cpu >= 0 and settled.client_cpu >= 0
