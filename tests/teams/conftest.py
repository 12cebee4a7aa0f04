"""Fixtures for the teams suites: players, and teams made through the services."""

import uuid
from collections.abc import Callable
from typing import Any

import pytest

from teams.models import Team
from teams.schemas import TeamRequest
from teams.services import team_create, team_join
from tests.factories import make_user

PLAYERS = ("ann", "bob", "cy", "dee")


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


@pytest.fixture
def people(db) -> Callable[[int], list]:
    """Makes the leader ``lead`` and ``n`` players: ann, bob, cy, dee."""

    def make(count: int) -> list:
        return [make_user("lead"), *(make_user(name) for name in PLAYERS[:count])]

    return make


def make_team(leader, members: list = (), **fields: Any) -> Team:
    """Makes a team (open unless said) that ``members`` joined."""
    body = {"name": "Knights of Kyiv", "text": "We play on Fridays.", **fields}
    team = team_create(user=leader, asked=TeamRequest.from_body(body))
    for member in members:
        team_join(public_id=team.public_id, user=member)
    team.refresh_from_db()
    return team
