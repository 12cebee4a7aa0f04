"""Engine work is shared fairly: an owner's bot searches wait their turn beyond a few at once,
a user has at most a few analyses running, and analysis runs in its own, lower-priority pool
so it never queues in front of a bot's reply."""

import os
from concurrent.futures import Future

import pytest

from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_RUNNING_ANALYSES
from games.services import bot_runner, workers
from games.services.analysis import game_analyse
from games.services.core import Actor
from tests.games.archive_helpers import FOOLS_MATE, finished_game


@pytest.fixture
def submitted(monkeypatch) -> list[tuple[str, Future, object]]:
    """The bot's searches submitted to the workers, as (fen, future, then), none run."""
    found: list[tuple[str, Future, object]] = []

    def compute(function, fen, level, history, *, then=None, kind=workers.BOT):
        assert kind == workers.BOT
        future: Future = Future()
        found.append((fen, future, then))
        return future

    monkeypatch.setattr(workers, "compute", compute)
    return found


def test_an_owners_searches_beyond_the_cap_wait_their_turn(submitted) -> None:
    played = []

    def play(*, game_id, ply, move):
        played.append((game_id, move))

    for game in ("a1", "a2", "a3", "a4"):
        assert bot_runner.request_move(game, 0, game, 1, [], play=play, owner="user:1")
    assert not bot_runner.request_move("a1", 0, "a1", 1, [], play=play, owner="user:1")
    assert bot_runner.request_move("b1", 0, "b1", 1, [], play=play, owner="user:2")
    # user:1's first two, then user:2's at once: a crowd of one owner's games waits behind.
    assert [fen for fen, _, _ in submitted] == ["a1", "a2", "b1"]
    assert all(bot_runner.thinking(game, 0) for game in ("a1", "a2", "a3", "a4", "b1"))

    _, _, then = submitted[0]
    then("e2-e4")  # a1's move is played: user:1's next search goes
    assert played == [("a1", "e2-e4")]
    assert [fen for fen, _, _ in submitted] == ["a1", "a2", "b1", "a3"]
    assert not bot_runner.thinking("a1", 0)

    failed = submitted[1][1]
    failed.set_exception(RuntimeError("the worker died"))  # a2 failed: a4 goes
    assert [fen for fen, _, _ in submitted][-1] == "a4"
    for _, _future, then in submitted[2:]:  # the rest finish
        then("e2-e4")
    assert not any(bot_runner.thinking(game, 0) for game in ("a3", "a4", "b1"))
    assert not bot_runner._submitted and not bot_runner._waiting


@pytest.mark.django_db
def test_a_user_has_at_most_a_few_analyses_running(alice, bob) -> None:
    games = [finished_game(alice, bob, FOOLS_MATE) for _ in range(MAX_RUNNING_ANALYSES + 1)]
    running = [
        game_analyse(game_id=game.public_id, actor=Actor.of(alice))
        for game in games[:MAX_RUNNING_ANALYSES]
    ]
    with pytest.raises(GameError) as refused:
        game_analyse(game_id=games[-1].public_id, actor=Actor.of(alice))
    assert (refused.value.code, refused.value.message) == (
        ErrorCode.NOT_ALLOWED,
        f"You have {MAX_RUNNING_ANALYSES} analyses running: wait for one to finish.",
    )
    again = game_analyse(game_id=games[0].public_id, actor=Actor.of(alice))
    assert again.pk == running[0].pk  # a running one is returned as it is
    game_analyse(game_id=games[-1].public_id, actor=Actor.of(bob))  # bob's share is his own


def test_analysis_runs_in_its_own_pool_at_a_lower_priority() -> None:
    analysis = workers.process_pool(workers.ANALYSIS)
    assert analysis is not workers.process_pool(workers.BOT)
    niceness = analysis.submit(os.nice, 0).result(timeout=60)
    assert niceness == min(19, os.nice(0) + workers.ANALYSIS_NICENESS)
