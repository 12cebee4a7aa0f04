"""Ratings by category: a Chesskers game moves its speed's rating (ultrabullet counting as
bullet, unlimited as classical), any other game its own; the leaderboard, the profile and the
lobby show the one that applies."""

from datetime import timedelta

import pytest
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import Rating, RatingChange, rating_category
from accounts.selectors import leaderboard, rating_history
from games.domain.clock import TimeControl
from games.models import Game
from games.reads.lobby import open_seeks
from games.services.core import Actor
from games.services.lobby import seek_create
from games.services.play import game_resign
from tests.games.conftest import opened, start_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("variant", "speed", "category"),
    [
        ("chesskers", "ultrabullet", "bullet"),
        ("chesskers", "bullet", "bullet"),
        ("chesskers", "blitz", "blitz"),
        ("chesskers", "rapid", "rapid"),
        ("chesskers", "classical", "classical"),
        ("chesskers", "correspondence", "correspondence"),
        ("chesskers", "unlimited", "classical"),
        ("international", "blitz", "international"),
        ("byelorussian-cheskers", "unlimited", "byelorussian-cheskers"),
    ],
)
def test_the_category_of_a_game(variant, speed, category) -> None:
    assert rating_category(variant, speed) == category


def resigned_game(white, black, control: TimeControl, variant: str = "chesskers") -> Game:
    """A rated game of ``control`` that Black resigns: White wins."""
    game = opened(start_game(white, black, clock=control, variant=variant))
    game_resign(game_id=game.public_id, actor=Actor(user_id=black.pk))
    return game


def ratings(user) -> dict[str, int]:
    return {row.category: round(row.rating) for row in Rating.objects.filter(user=user)}


def test_ratings_are_kept_apart_by_speed_and_by_game(alice, bob) -> None:
    resigned_game(alice, bob, TimeControl(initial=180, increment=2))  # blitz
    assert set(ratings(alice)) == {"blitz"}
    blitz = ratings(alice)["blitz"]
    assert blitz > 1500 and ratings(bob)["blitz"] < 1500

    resigned_game(bob, alice, TimeControl(initial=15))  # ultrabullet: bullet
    resigned_game(bob, alice, TimeControl(initial=60))  # bullet
    resigned_game(alice, bob, TimeControl())  # unlimited: classical
    resigned_game(alice, bob, TimeControl(days=3))  # correspondence
    resigned_game(alice, bob, TimeControl(initial=180, increment=2), variant="international")
    assert set(ratings(alice)) == {
        "blitz",
        "bullet",
        "classical",
        "correspondence",
        "international",
    }
    assert ratings(alice)["blitz"] == blitz  # untouched by the other games
    assert ratings(alice)["bullet"] < 1500  # two losses at bullet
    assert Rating.objects.get(user=alice, category="bullet").games == 2
    assert Rating.objects.get(user=alice, category="international").games == 1
    assert list(RatingChange.objects.filter(user=alice).values_list("category", flat=True)) == [
        "blitz",
        "bullet",
        "bullet",
        "classical",
        "correspondence",
        "international",
    ]
    assert len(rating_history(alice, "bullet")) == 3  # the start, then two games
    assert len(rating_history(alice, "blitz")) == 2


def test_the_leaderboard_is_per_category(alice, bob, carol) -> None:
    now = timezone.now()
    for user, category, rating in (
        (alice, "blitz", 1700),
        (bob, "blitz", 1600),
        (bob, "classical", 1800),
        (carol, "international", 1900),
    ):
        Rating.objects.create(
            user=user,
            category=category,
            rating=rating,
            deviation=80,
            games=20,
            last_game_at=now - timedelta(days=1),
        )
    assert [row["username"] for row in leaderboard(now, category="blitz")] == ["alice", "bob"]
    assert [row["username"] for row in leaderboard(now)] == ["bob"]  # classical
    assert [row["username"] for row in leaderboard(now, category="international")] == ["carol"]


def test_the_profile_shows_the_category_asked_for_or_the_most_played(alice, bob) -> None:
    resigned_game(alice, bob, TimeControl(initial=180, increment=2))
    resigned_game(alice, bob, TimeControl(initial=300))
    resigned_game(alice, bob, TimeControl())
    client = APIClient()
    profile = client.get("/api/users/alice/").json()
    assert profile["category"] == "blitz" and profile["rated_games"] == 2
    assert [(r["category"], r["games"]) for r in profile["ratings"]] == [
        ("blitz", 2),
        ("classical", 1),
    ]
    classical = client.get("/api/users/alice/?category=classical").json()
    assert classical["category"] == "classical" and classical["rated_games"] == 1
    assert len(classical["rating_history"]) == 2
    unknown = client.get("/api/users/alice/?category=nonsense").json()
    assert unknown["category"] == "blitz"  # not a category: the default


def test_the_leaderboard_page_offers_every_category(client, alice) -> None:
    page = client.get("/players/?category=blitz")
    assert page.status_code == 200
    text = page.content.decode()
    assert '<option value="blitz" selected>Chesskers blitz</option>' in text
    assert '<option value="international">' in text


def test_a_seek_shows_its_owners_rating_in_its_category(alice) -> None:
    Rating.objects.create(user=alice, category="blitz", rating=1720, deviation=60)
    Rating.objects.create(user=alice, category="classical", rating=1410, deviation=60)
    seek_create(user=alice, clock=TimeControl(initial=180, increment=2))
    seek_create(user=alice)
    listed = {(s["speed"], s["rating_category"], s["rating"]) for s in open_seeks()}
    assert listed == {("blitz", "blitz", 1720), ("unlimited", "classical", 1410)}
