"""People read a game's name, never its internal id: the challenges the pop-up and the lobby
word, the profile's ratings and chart, and the ratings of the players online now."""

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Rating, User
from games.services.core import Actor
from games.services.lobby import challenge_create
from games.services.play import game_resign
from tests.games.conftest import opened, start_game

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


def resigned(winner, loser, variant: str) -> None:
    game = opened(start_game(winner, loser, variant=variant))
    game_resign(game_id=game.public_id, actor=Actor.of(loser))


@pytest.fixture
def draughts_player(alice, bob):
    """alice has played two rated games of International Checkers and one of Chesskers."""
    resigned(alice, bob, "international")
    resigned(alice, bob, "international")
    resigned(alice, bob, "chesskers")
    return alice


def test_the_profile_api_names_each_rating_category(draughts_player) -> None:
    profile = APIClient().get("/api/users/alice/").json()
    assert (profile["category"], profile["category_name"]) == (
        "international", "International Checkers",
    )  # fmt: skip
    assert [(r["category"], r["name"]) for r in profile["ratings"]] == [
        ("international", "International Checkers"),
        ("classical", "Chesskers classical"),
    ]


def test_the_profile_page_names_its_rating_heading_list_and_chart(draughts_player) -> None:
    page = Client().get("/@/alice").content.decode()
    heading = page.split('data-testid="profile-category">', 1)[1].split("<", 1)[0]
    assert heading == "International Checkers"
    ratings = page.split('data-testid="profile-ratings">', 1)[1].split("</ul>", 1)[0]
    assert '<a href="?category=international">International Checkers</a>' in ratings
    assert '<a href="?category=classical">Chesskers classical</a>' in ratings
    assert ">international<" not in ratings and ">classical<" not in ratings
    assert "</span> · 2 games</li>" in ratings and "</span> · 1 game</li>" in ratings
    assert "from 1500 to" in page and "(International Checkers)</title>" in page
    chesskers = Client().get("/@/alice?category=classical").content.decode()
    assert 'data-testid="profile-category">Chesskers classical<' in chesskers


def test_online_now_shows_the_most_played_games_rating_and_says_which(alice, bob) -> None:
    Rating.objects.create(
        user=alice, category="byelorussian-cheskers", rating=1712, games=14, deviation=70
    )
    Rating.objects.create(user=alice, category="blitz", rating=1320, games=3, deviation=200)
    User.objects.filter(pk__in=[alice.pk, bob.pk]).update(last_seen=timezone.now())
    page = Client().get("/players/").content.decode()
    online = page.split('data-testid="online">', 1)[1].split("</ul>", 1)[0]
    alice_row, bob_row = online.split("<li>")[1:]
    assert '<span class="rating">1712</span>' in alice_row
    assert 'data-testid="online-category">Byelorussian Cheskers<' in alice_row
    assert "1500" not in bob_row and "no rated games yet" in bob_row  # bob has played none
    assert "the game they have played most rated" in page
