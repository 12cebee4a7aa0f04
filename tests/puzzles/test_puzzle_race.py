"""On PostgreSQL: a player's rounds on one puzzle racing each other — the last move from two
tabs, and the solution asked at the same moment — rate it exactly once, the player's rating and
the puzzle's moved together by that one round.

Marked ``services``: in CI a missing PostgreSQL fails this, never skips it."""

import threading

import pytest
from django.db import connection, connections

from accounts import glicko2
from puzzles.models import Puzzle, PuzzleRating, PuzzleRound
from puzzles.services import give_up, puzzle_move
from tests.factories import make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]


@pytest.mark.parametrize("round_", range(3))
def test_racing_rounds_of_one_player_rate_the_puzzle_once(round_) -> None:
    assert connection.vendor == "postgresql"
    user = make_user(f"racer{round_}")
    puzzle = Puzzle.objects.create(
        variant="chesskers",
        fen="6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1",
        solver="white",
        moves=["Ra8#"],
    )
    barrier = threading.Barrier(3)
    ratings: list = []

    def run(action) -> None:
        try:
            barrier.wait()
            ratings.append(action())
        finally:
            connections.close_all()

    actions = [
        lambda: puzzle_move(user, puzzle.public_id, {"ply": 0, "move": "Ra8#"})["rating"],
        lambda: puzzle_move(user, puzzle.public_id, {"ply": 0, "move": "Ra8#"})["rating"],
        lambda: give_up(user, puzzle.public_id)["rating"],
    ]
    threads = [threading.Thread(target=run, args=(action,)) for action in actions]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    rated = [rating for rating in ratings if rating is not None]
    assert len(ratings) == 3 and len(rated) == 1
    [kept] = PuzzleRound.objects.filter(user=user)
    mine = PuzzleRating.objects.get(user=user)
    puzzle.refresh_from_db()
    assert (mine.plays, puzzle.plays, mine.wins, puzzle.wins) == (
        1,
        1,
        int(kept.won),
        int(kept.won),
    )
    expected, _ = glicko2.rate_game(glicko2.Rating(), glicko2.Rating(), 1.0 if kept.won else 0.0)
    assert round(mine.rating, 6) == round(expected.rating, 6) == round(kept.rating_after, 6)
    assert rated[0] == {"before": 1500, "after": round(expected.rating)}
