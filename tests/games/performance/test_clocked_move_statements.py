"""Performance contract of a clocked game's move: the clock is charged in the move's one
guarded write, so a clocked move costs no statement more than an unclocked one."""

from datetime import timedelta

import pytest

from games.domain.clock import TimeControl
from games.models import Game
from tests.games.conftest import start_game
from tests.games.performance.test_move_statements import CountQueries, assert_one_guarded_write
from tests.games.test_hot_path import play

pytestmark = pytest.mark.django_db


def test_a_clocked_move_is_still_one_guarded_write(alice, bob, committed) -> None:
    game = start_game(alice, bob, clock=TimeControl(initial=180, increment=2))
    gid = game.public_id
    committed(play, gid, alice, "e4")
    committed(play, gid, bob, "e5")  # both first moves: White's clock runs from here
    before = Game.objects.get(pk=game.pk)
    with CountQueries() as queries:
        live = committed(play, gid, alice, "Nf3")
    statements = [q for q in queries.sql if "SAVEPOINT" not in q][1:]  # after the test's read
    assert_one_guarded_write(statements)
    after = Game.objects.get(pk=game.pk)
    # Charged the time since its turn began, and given its increment, in that write.
    spent = int((after.clock_since - before.clock_since).total_seconds() * 1000)
    assert after.white_ms == before.white_ms - spent + 2000
    assert after.clock_deadline == after.clock_since + timedelta(milliseconds=after.black_ms)
    assert live["clock"]["running"] == "black" and live["clock"]["white"] == after.white_ms
