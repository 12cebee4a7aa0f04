"""Fixtures for the tournaments suites: players, tournaments made through the services, and the
games' endings played through the games app as players end them."""

import uuid
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from django.db.models import Q
from django.utils import timezone

from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_draw, game_resign
from games.services.round import game_play
from tests.factories import make_user
from tournaments.models import Tournament
from tournaments.schemas import TournamentRequest
from tournaments.services.entries import tournament_create, tournament_join
from tournaments.services.rounds import advance


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


@pytest.fixture
def players(db) -> Callable[[int], list]:
    """Makes ``n`` players: p1, p2, …"""

    def make(count: int, start: int = 1) -> list:
        return [make_user(f"p{n}") for n in range(start, start + count)]

    return make


def request(system: str = "arena", **fields: Any) -> TournamentRequest:
    """A tournament's request as the API would parse it: 3+2, starting now."""
    body = {
        "name": "Tuesday Blitz Arena" if system == "arena" else "Sunday Swiss",
        "clock": {"initial": 180, "increment": 2},
        "system": system,
        "starts_at": timezone.now().isoformat(),
        **({"minutes": 60} if system == "arena" else {"rounds": 3}),
        **fields,
    }
    return TournamentRequest.from_body(body)


def make_tournament(joined: list, system: str = "arena", maker=None, **fields: Any) -> Tournament:
    """Makes a tournament (starting now) that ``joined`` have joined."""
    tournament = tournament_create(user=maker, asked=request(system, **fields))
    for user in joined:
        tournament_join(public_id=tournament.public_id, user=user)
    return tournament


@pytest.fixture
def committed(django_capture_on_commit_callbacks) -> Callable:
    """Runs a call with what it does after commit done at once (the games' endings told, and
    so scored), as after a real commit."""

    def run(function: Callable, *args: Any, **kwargs: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return function(*args, **kwargs)

    return run


def live_game_of(user, tournament: Tournament) -> Game:
    """Returns the player's game of the tournament being played."""
    mine = Q(white=user) | Q(black=user)
    return Game.objects.get(mine, tournament=tournament.public_id, status=Game.Status.LIVE)


def lose(loser, tournament: Tournament, committed: Callable) -> Game:
    """The player resigns their game of the tournament being played."""
    game = live_game_of(loser, tournament)
    committed(game_resign, game_id=game.public_id, actor=Actor.of(loser))
    return game


def draw(player, tournament: Tournament, committed: Callable) -> Game:
    """The player's game being played is drawn by agreement."""
    game = live_game_of(player, tournament)
    committed(game_draw, game_id=game.public_id, actor=Actor.of(game.white), action="offer")
    committed(game_draw, game_id=game.public_id, actor=Actor.of(game.black), action="accept")
    return game


def move(user, game: Game, text: str, ply: int) -> None:
    game_play(game_id=game.public_id, actor=Actor.of(user), move=MoveRequest.of(ply=ply, text=text))


def step(tournament: Tournament, committed: Callable, at: datetime | None = None) -> int:
    """One pass of the director over the tournament; returns the games it started."""
    return committed(advance, tournament.public_id, at or timezone.now())["games"]


def later(minutes: float) -> datetime:
    return timezone.now() + timedelta(minutes=minutes)
