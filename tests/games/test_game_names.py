"""People read a game's name, never its internal id: the challenges the pop-up and the lobby
word, the profile's ratings and chart, and the ratings of the players online now."""

import pytest
from rest_framework.test import APIClient

from games.lobby import challenge_create

pytestmark = pytest.mark.django_db


def signed_in(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_a_challenge_carries_its_games_name_beside_its_id(alice, bob) -> None:
    challenge_create(user=alice, to="bob", color="white", variant="byelorussian-cheskers")
    incoming = signed_in(bob).get("/api/challenges/").json()["incoming"]
    assert [(c["variant"], c["variant_name"]) for c in incoming] == [
        ("byelorussian-cheskers", "Byelorussian Cheskers")
    ]
