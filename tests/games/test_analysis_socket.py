"""The analysis board's socket, ``/ws/analysis/``, on the real ASGI app and the real analysis
workers: evals stream as the search deepens and end done, a mate in one is announced, a new
``analyse`` replaces the running one, refused positions get an error sentence, and a process
runs no more analyses at once than its places."""

import asyncio

import pytest
from channels.db import database_sync_to_async

from engine import variants
from games.services import workers
from games.services.lines import BOARD
from tests.engine.test_playable import WORST_CAPTURES
from tests.games.test_capture_limits import BAD_FEN

pytestmark = pytest.mark.django_db(transaction=True)

# Chesskers (docs/rules/chesskers.md §1.3): Ra1:a4:a6:a8 takes three pawns and mates.
MATE_IN_ONE = "6k1/p4ppp/8/p7/8/p7/8/R6K w - - 0 1"


@pytest.fixture(autouse=True)
def quick_analyses(settings):
    settings.BOARD_ANALYSIS_SECONDS = 1.0
    settings.BOARD_ANALYSES = 1
    yield
    workers.shutdown()


async def opened(ws):
    comm = await ws("/ws/analysis/")
    connected, _ = await comm.connect()
    assert connected
    return comm


async def evals_until_done(comm, fen: str, timeout: float = 30) -> list[dict]:
    """Returns the evals of ``fen`` up to the one marked done (others' are skipped)."""
    found = []
    while True:
        message = await comm.receive_json_from(timeout=timeout)
        assert message["type"] == "eval", message
        if message["fen"] != fen:
            continue
        found.append(message)
        if message["done"]:
            return found


async def test_the_evals_of_a_position_stream_deeper_and_end_done(ws) -> None:
    comm = await opened(ws)
    fen = variants.get("international").start_fen
    await comm.send_json_to({"type": "analyse", "variant": "international", "fen": fen, "lines": 2})
    found = await evals_until_done(comm, fen)
    depths = [message["depth"] for message in found if not message["done"]]
    assert depths == sorted(depths) and depths[0] == 1 and len(depths) >= 2
    last = found[-1]
    assert last["depth"] == depths[-1] and len(last["lines"]) == 2
    position = variants.get("international").position(fen)
    legal = {text for _, text in variants.get("international").describe_moves(position)}
    assert {line["pv"][0] for line in last["lines"]} <= legal
    assert all(set(line["score"]) == {"cp"} for line in last["lines"])
    await comm.disconnect()


async def test_a_mate_in_one_is_announced(ws) -> None:
    comm = await opened(ws)
    await comm.send_json_to({"type": "analyse", "variant": "chesskers", "fen": MATE_IN_ONE})
    last = (await evals_until_done(comm, MATE_IN_ONE))[-1]
    assert last["lines"][0]["score"] == {"mate": 1}
    assert last["lines"][0]["pv"][0] == "Ra1:a4:a6:a8#"
    await comm.disconnect()


async def test_a_new_analyse_replaces_the_running_one(ws, settings) -> None:
    settings.BOARD_ANALYSIS_SECONDS = 30.0  # the first would run long: only replacing ends it
    comm = await opened(ws)
    first = variants.DEFAULT.start_fen
    await comm.send_json_to({"type": "analyse", "fen": first})
    message = await comm.receive_json_from(timeout=30)
    assert message["fen"] == first and not message["done"]
    settings.BOARD_ANALYSIS_SECONDS = 1.0
    await comm.send_json_to({"type": "analyse", "fen": MATE_IN_ONE})
    found = await evals_until_done(comm, MATE_IN_ONE, timeout=10)
    assert found[-1]["lines"][0]["score"] == {"mate": 1}
    assert await database_sync_to_async(BOARD.counts)() == (0, 0, 0)
    await comm.disconnect()


async def test_closing_the_socket_stops_its_analysis(ws, settings) -> None:
    settings.BOARD_ANALYSIS_SECONDS = 30.0
    comm = await opened(ws)
    await comm.send_json_to({"type": "analyse", "fen": variants.DEFAULT.start_fen})
    await comm.receive_json_from(timeout=30)
    assert BOARD.counts()[0] == 1
    await comm.disconnect()
    for _ in range(100):  # the worker says it stopped within a few dozen nodes
        if BOARD.counts() == (0, 0, 0):
            break
        await asyncio.sleep(0.05)
    assert BOARD.counts() == (0, 0, 0)


async def test_a_second_socket_waits_for_the_one_place_and_then_gets_its_turn(ws) -> None:
    one, two = await opened(ws), await opened(ws)
    start = variants.DEFAULT.start_fen
    await one.send_json_to({"type": "analyse", "fen": start})
    await two.send_json_to({"type": "analyse", "fen": MATE_IN_ONE})
    await one.receive_json_from(timeout=30)
    running, stopping, _ = BOARD.counts()
    assert running + stopping <= 1  # one place: never two searches at once
    found = await evals_until_done(two, MATE_IN_ONE)
    assert found[-1]["lines"][0]["score"] == {"mate": 1}
    await one.disconnect()
    await two.disconnect()


async def test_a_long_search_yields_its_place_to_a_waiting_one_after_its_fair_share(
    ws, settings
) -> None:
    settings.BOARD_ANALYSIS_SECONDS = 600.0  # only the fair share can end the first in time
    one, two = await opened(ws), await opened(ws)
    start = variants.DEFAULT.start_fen
    await one.send_json_to({"type": "analyse", "fen": start})
    assert (await one.receive_json_from(timeout=30))["done"] is False
    await two.send_json_to({"type": "analyse", "fen": MATE_IN_ONE})
    found = await evals_until_done(two, MATE_IN_ONE, timeout=60)
    assert found[-1]["lines"][0]["score"] == {"mate": 1}
    ended = await evals_until_done(one, start, timeout=60)
    assert ended[-1]["done"] and ended[-1]["depth"] >= 1
    await one.disconnect()
    await two.disconnect()


@pytest.mark.parametrize(
    "message, says",
    [
        ({"type": "analyse", "fen": "not a fen"}, "Bad FEN"),
        ({"type": "analyse", "fen": "6k1/6Q1/6K1/8/8/8/8/8 b - - 0 1"}, "already over"),
        ({"type": "analyse", "variant": "chess960"}, "Unknown game"),
        ({"type": "analyse", "lines": 4}, "`lines` is a whole number from 1 to 3"),
        ({"type": "analyse", "fen": 7}, "A FEN is text"),
        *(
            ({"type": "analyse", "variant": variant_id, "fen": fen}, BAD_FEN)
            for variant_id, fen in sorted(WORST_CAPTURES.items())
        ),
    ],
)
async def test_a_position_the_engine_refuses_gets_an_error_sentence(ws, message, says) -> None:
    comm = await opened(ws)
    await comm.send_json_to(message)
    answer = await comm.receive_json_from(timeout=10)
    assert answer["type"] == "error" and answer["code"] == "bad_request"
    assert says in answer["error"] and answer["error"].endswith(".")
    assert BOARD.counts() == (0, 0, 0)
    await comm.disconnect()
