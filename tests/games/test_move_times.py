"""The time each move took, from the clocks the server kept: a real-time game played at times
of the test's choosing, each move's seconds exact (the increment earned, a side's first move
without a clock), a game Black began, and a game without a Fischer clock; the page
data and the API that carry them."""

import json
import re
from datetime import timedelta

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.domain.clock import TimeControl, move_times
from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_resign
from games.services.round import game_play
from tests.games.archive_helpers import finished_game
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db

# Each move after the one before it, in seconds: both first moves have their own allowance.
LINE = [("e4", 3), ("e5", 9), ("Nf3", 4.3), ("Nc6", 12), ("Bc4", 0.5), ("Bc5", 30)]


def played(white, black, control: TimeControl, resign: bool = True) -> Game:
    """Plays ``LINE`` at its times in an online game with ``control``; White then resigns."""
    game = start_game(white, black, clock=control)
    now = game.clock_since
    for ply, (text, after) in enumerate(LINE):
        now += timedelta(seconds=after)
        player = white if ply % 2 == 0 else black
        move = MoveRequest(ply=ply, text=text)
        game_play(game_id=game.public_id, actor=Actor.of(player), move=move, now=now)
    if resign:
        game_resign(game_id=game.public_id, actor=Actor.of(white))
    return Game.objects.get(pk=game.pk)


def test_each_moves_seconds_come_from_the_clocks(alice, bob) -> None:
    game = played(alice, bob, TimeControl(initial=180, increment=2))
    answer = APIClient().get(f"/api/games/{game.public_id}/move-times/").json()
    assert answer == {"move_times": [None, None, 4.3, 12.0, 0.5, 30.0]}
    clocks = list(game.moves.order_by("ply").values_list("clock_ms", flat=True))
    assert clocks == [180_000, 180_000, 177_700, 170_000, 179_200, 142_000]


def test_the_finished_games_page_carries_them_and_an_unclocked_game_has_none(
    alice, bob, client
) -> None:
    game = played(alice, bob, TimeControl(initial=60, increment=0))
    page = client.get(f"/game/{game.public_id}/").content.decode()
    data = json.loads(re.search(r'id="page-data"[^>]*>(.*?)</script>', page, re.S).group(1))
    assert data["archive"]["move_times"] == [None, None, 4.3, 12.0, 0.5, 30.0]
    assert 'id="movetimes"' in page
    unlimited = finished_game(alice, bob, ["e4", "e5"], resign=True)
    empty = APIClient().get(f"/api/games/{unlimited.public_id}/move-times/").json()
    assert empty == {"move_times": []}
    live = start_game(alice, bob, clock=TimeControl(initial=60, increment=0))
    live_page = Client().get(f"/game/{live.public_id}/").content.decode()
    assert '"move_times": []' in live_page  # asked for once the game has ended
    assert APIClient().get("/api/games/nope/move-times/").status_code == 404


def test_the_arithmetic_from_either_side_first() -> None:
    game = Game(clock_initial=60, clock_increment=5, initial_fen="8/8/8/8/8/8/8/K6k b - - 0 1")
    # Black moves first: its second move (ply 2) took 60 + 5 - 58 = 7 s; White's 3 + 5 = 8 s.
    assert move_times(game, [60_000, 60_000, 58_000, 57_000]) == [None, None, 7.0, 8.0]
    assert move_times(game, [60_000, None, 61_000]) == [None, None, 4.0]
    flagged = move_times(game, [60_000, 60_000, 0])
    assert flagged == [None, None, 65.0]  # the time left before, all of it, and the increment
    assert move_times(Game(clock_days=3), [None, None]) == []
    assert move_times(Game(), [None]) == []
