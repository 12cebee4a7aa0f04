"""On PostgreSQL: a resignation racing a checkmating move rates the game exactly once.

Marked ``services``: in CI a missing PostgreSQL fails this, never skips it."""

import threading

import pytest
from django.db import connection, connections

from accounts import glicko2
from accounts.models import Rating, RatingChange
from games.domain.errors import GameError
from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_resign
from games.services.round import game_play
from tests.games.conftest import FOOLS_MATE, start_game

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("round_", range(5))
def test_a_resignation_racing_a_checkmating_move_rates_the_game_exactly_once(
    alice, bob, round_
) -> None:
    assert connection.vendor == "postgresql"
    game = start_game(alice, bob)
    for ply, text in enumerate(FOOLS_MATE[:3]):
        mover = alice if ply % 2 == 0 else bob
        game_play(
            game_id=game.public_id, actor=Actor.of(mover), move=MoveRequest.of(ply=ply, text=text)
        )
    barrier = threading.Barrier(2)
    outcomes: dict[str, str] = {}

    def submit(name: str, action) -> None:
        try:
            barrier.wait()
            action()
            outcomes[name] = "applied"
        except GameError as error:
            outcomes[name] = error.code.value
        finally:
            connections.close_all()

    # White resigns while Black plays the mate (Qh4#): both end the game, only one may.
    resign = threading.Thread(
        target=submit,
        args=("resign", lambda: game_resign(
            game_id=game.public_id, actor=Actor.of(alice)
        )),
    )  # fmt: skip
    mate = threading.Thread(
        target=submit,
        args=("mate", lambda: game_play(game_id=game.public_id, actor=Actor.of(bob),
                                        move=MoveRequest.of(ply=3, text=FOOLS_MATE[3]))),
    )  # fmt: skip
    for thread in (resign, mate):
        thread.start()
    for thread in (resign, mate):
        thread.join()

    assert sorted(outcomes.values()) == ["applied", "game_over"]
    game.refresh_from_db()
    assert game.result == "0-1"  # either way Black won
    expected = "resignation" if outcomes["resign"] == "applied" else "checkmate"
    assert game.termination == expected
    assert RatingChange.objects.filter(game=game).count() == 2
    white, black = glicko2.rate_game(glicko2.Rating(), glicko2.Rating(), 0.0)
    for user, after in ((alice, white), (bob, black)):
        row = Rating.objects.get(user=user)
        assert row.games == 1
        assert (row.rating, row.deviation, row.volatility) == pytest.approx(
            (after.rating, after.deviation, after.volatility)
        )
    assert Game.objects.get(pk=game.pk).status == "finished"
