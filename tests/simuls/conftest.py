"""Fixtures for the simuls suites: players, simuls made and started through the services, and
the games' endings told as after a real commit."""

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from games.models import Game
from simuls.models import Simul
from simuls.schemas import SimulRequest
from simuls.services import simul_accept, simul_create, simul_join, simul_start
from tests.factories import make_user


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


def asked(**fields: Any) -> SimulRequest:
    """A simul's request as the API would parse it: 10+5, the host White, ten boards."""
    body = {
        "name": "Friday simul",
        "clock": {"initial": 600, "increment": 5},
        "max_players": 10,
        **fields,
    }
    return SimulRequest.from_body(body)


def make_simul(host, players: list, accept: bool = True, **fields: Any) -> Simul:
    """Makes a simul that ``players`` asked to play in (accepted by the host if ``accept``)."""
    simul = simul_create(host=host, asked=asked(**fields))
    for player in players:
        simul_join(public_id=simul.public_id, user=player)
        if accept:
            simul_accept(public_id=simul.public_id, host=host, username=player.username)
    return simul


def started(host, players: list, committed: Callable, **fields: Any) -> tuple[Simul, list[Game]]:
    """Makes and starts a simul of ``players``; returns it and its games, board by board."""
    simul = make_simul(host, players, **fields)
    committed(simul_start, public_id=simul.public_id, host=host)
    games = {game.public_id: game for game in Game.objects.filter(simul=simul.public_id)}
    order = simul.entries.order_by("board").values_list("game", flat=True)
    return simul, [games[game_id] for game_id in order]


PLAYERS = ("ann", "bob", "cy", "dee", "eve")


@pytest.fixture
def people(db) -> Callable[[int], list]:
    """Makes the host ``host`` and ``n`` players: ann, bob, cy, dee, eve."""

    def make(count: int) -> list:
        return [make_user("host"), *(make_user(name) for name in PLAYERS[:count])]

    return make


@pytest.fixture
def committed(django_capture_on_commit_callbacks) -> Callable:
    """Runs a call with what it does after commit done at once (the games' endings told), as
    after a real commit."""

    def run(function: Callable, *args: Any, **kwargs: Any) -> Any:
        with django_capture_on_commit_callbacks(execute=True):
            return function(*args, **kwargs)

    return run
