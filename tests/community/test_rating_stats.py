"""A player's record in one rating category (``/@/<name>/perf/<category>/`` and its API) and how
a category's ratings spread (``/players/distribution/<category>/`` and its API), as docs/site.md
"Ratings and players" says: exact counts, streaks, extremes and lists from rated games played
through the services, on SQLite and PostgreSQL alike (the streaks are a window query)."""

from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from accounts.models import Rating, RatingChange, User
from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_draw, game_resign
from games.services.round import game_play
from players.rating_stats import distribution, rating_stats
from tests.factories import api_client, make_user
from tests.games.conftest import start_game
from tests.games.test_openapi import SchemaChecked

pytestmark = pytest.mark.django_db

# Alice's nine rated games against Bob, in order: her result, Bob's rating before the game
# (as stored), and her rating and deviation after it (the first three still provisional).
PLAYED = [
    ("win", 1500, 1700, 200),
    ("win", 1560, 1650, 180),
    ("loss", 1420, 1600, 150),
    ("draw", 1610, 1550, 100),
    ("win", 1480, 1580, 100),
    ("win", 1700, 1620, 95),
    ("win", 1530, 1610, 95),
    ("loss", 1450, 1590, 90),
    ("loss", 1690, 1560, 90),
]


def rated_game(alice, bob, result: str) -> Game:
    game = start_game(alice, bob)
    for ply, text in enumerate(["e4", "e5"]):
        mover = Actor.of(alice if ply % 2 == 0 else bob)
        game_play(game_id=game.public_id, actor=mover, move=MoveRequest.of(ply=ply, text=text))
    if result == "draw":
        game_draw(game_id=game.public_id, actor=Actor.of(alice), action="offer")
        game_draw(game_id=game.public_id, actor=Actor.of(bob), action="accept")
    else:
        game_resign(game_id=game.public_id, actor=Actor.of(bob if result == "win" else alice))
    return game


@pytest.fixture
def history(alice, bob) -> list[Game]:
    return play_history(alice, bob)


def play_history(alice, bob) -> list[Game]:
    """Plays ``PLAYED`` and sets each change to its row's figures, a minute apart, the last
    a day ago; Alice ends established at 1560, Bob at 1600 and Carol at 1500."""
    start = timezone.now() - timedelta(days=1, minutes=len(PLAYED))
    games = []
    before = 1500
    for index, (result, opponent, after, deviation) in enumerate(PLAYED):
        game = rated_game(alice, bob, result)
        RatingChange.objects.filter(game=game, user=alice).update(
            opponent_rating=opponent,
            rating_before=before,
            rating_after=after,
            deviation_after=deviation,
            at=start + timedelta(minutes=index + 1),
        )
        # Each game lasted ten minutes more than the one before: 10, 20, … 90.
        Game.objects.filter(pk=game.pk).update(
            created_at=start - timedelta(minutes=10 * (index + 1)), finished_at=start
        )
        before = after
        games.append(game)
    now = timezone.now()
    Rating.objects.filter(user=alice, category="classical").update(
        rating=1560, deviation=90, last_game_at=now
    )
    Rating.objects.filter(user=bob, category="classical").update(
        rating=1600, deviation=80, last_game_at=now
    )
    Rating.objects.create(
        user=make_user("carol"),
        category="classical",
        rating=1500,
        deviation=70,
        games=30,
        last_game_at=now,
    )
    return games


def moment(game: Game) -> dict:
    change = RatingChange.objects.get(game=game, user__username="alice")
    return {"at": change.at, "game": game.public_id}


def test_a_record_counted_exactly(alice, history) -> None:
    stats = rating_stats(alice, "classical")
    g = history
    assert stats["category_name"] == "Chesskers classical"
    assert (stats["rating"], stats["deviation"], stats["provisional"]) == (1560, 90, False)
    assert stats["rank"] == 2  # behind Bob's 1600
    assert stats["percentile"] == 33.3  # above Carol: one of the three established
    assert stats["progress"] == 60  # 1500 before the first of the (at most 12) games, 1560 now
    # The provisional 1700 and 1650 do not count: the highest once established is 1620.
    assert stats["highest"] == {"rating": 1620, **moment(g[5])}
    assert stats["lowest"] == {"rating": 1550, **moment(g[3])}
    assert stats["games"] == 9
    assert stats["results"] == {
        "wins": {"games": 5, "percent": 55.6},
        "draws": {"games": 1, "percent": 11.1},
        "losses": {"games": 3, "percent": 33.3},
    }
    assert stats["average_opponent"] == round(sum(row[1] for row in PLAYED) / 9)
    assert stats["seconds_played"] == 450 * 60  # 10 + 20 + … + 90 minutes
    assert stats["streaks"] == {
        "win": {
            "longest": {"games": 3, "from": moment(g[4]), "to": moment(g[6])},
            "current": None,  # the latest game was lost
        },
        "loss": {
            "longest": {"games": 2, "from": moment(g[7]), "to": moment(g[8])},
            "current": {"games": 2, "from": moment(g[7]), "to": moment(g[8])},
        },
    }
    best = [(row["opponent"], row["opponent_rating"], row["game"]) for row in stats["best_wins"]]
    assert best == [
        ("bob", 1700, g[5].public_id),
        ("bob", 1560, g[1].public_id),
        ("bob", 1530, g[6].public_id),
        ("bob", 1500, g[0].public_id),
        ("bob", 1480, g[4].public_id),
    ]
    worst = [(row["opponent_rating"], row["game"]) for row in stats["worst_losses"]]
    assert worst == [(1420, g[2].public_id), (1450, g[7].public_id), (1690, g[8].public_id)]


def test_a_streak_that_is_still_going_and_one_that_ties(alice, bob, history) -> None:
    with CaptureQueriesContext(connection) as nine:
        rating_stats(alice, "classical")
    g = history + [rated_game(alice, bob, "win") for _ in range(3)]
    with CaptureQueriesContext(connection) as twelve:
        stats = rating_stats(alice, "classical")
    assert len(nine) == len(twelve) <= 14  # as many queries however many games
    # Three wins again: the longest of equal runs is the latest, which is also the current.
    run = {"games": 3, "from": moment(g[9]), "to": moment(g[11])}
    assert stats["streaks"]["win"] == {"longest": run, "current": run}
    assert stats["streaks"]["loss"]["current"] is None
    assert stats["streaks"]["loss"]["longest"]["games"] == 2
    assert stats["progress_games"] == 12 and stats["games"] == 12


def test_a_category_never_played(alice) -> None:
    stats = rating_stats(alice, "international")
    assert stats["games"] == 0 and stats["rank"] is None and stats["percentile"] is None
    assert stats["highest"] is None and stats["lowest"] is None and stats["progress"] == 0
    assert stats["streaks"] == {
        "win": {"longest": None, "current": None},
        "loss": {"longest": None, "current": None},
    }
    assert stats["best_wins"] == [] and stats["worst_losses"] == []


def spread_of_ratings() -> None:
    """Established players at 1490, 1510, 1520, 1549, 1550 and 1820; one provisional, one
    who last played 100 days ago, one closed account and one of another category, not counted."""
    now = timezone.now()
    for index, (rating, deviation, days, category) in enumerate(
        [
            (1490, 60, 1, "blitz"),
            (1510, 60, 1, "blitz"),
            (1520, 60, 1, "blitz"),
            (1549, 110, 89, "blitz"),
            (1550, 60, 1, "blitz"),
            (1820, 60, 1, "blitz"),
            (1500, 111, 1, "blitz"),
            (1500, 60, 100, "blitz"),
            (1500, 60, 1, "bullet"),
        ]
    ):
        Rating.objects.create(
            user=make_user(f"p{index}"),
            category=category,
            rating=rating,
            deviation=deviation,
            games=20,
            last_game_at=now - timedelta(days=days),
        )
    closed = make_user("gone")
    closed.is_active = False
    closed.save()
    Rating.objects.create(
        user=closed, category="blitz", rating=1500, deviation=60, games=20, last_game_at=now
    )


def test_the_spread_of_a_category() -> None:
    spread_of_ratings()
    assert distribution("blitz") == {
        "category": "blitz",
        "category_name": "Chesskers blitz",
        "band": 50,
        "bands": [
            {"from": 1450, "players": 1},
            {"from": 1500, "players": 3},
            {"from": 1550, "players": 1},
            {"from": 1800, "players": 1},
        ],
        "players": 6,
    }
    assert distribution("rapid")["bands"] == []


def test_the_distribution_page_places_the_viewer(client: Client) -> None:
    spread_of_ratings()
    client.force_login(User.objects.get(username="p2"))  # rated 1520
    page = client.get("/players/distribution/blitz/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "6 players" in text
    assert "Your rating, 1520, is better than 33.3% of them." in text  # 1490 and 1510 below
    assert text.count('class="bar"') == 3 and text.count('class="bar mine"') == 1
    assert 'class="bar mine" x=' in text and 'data-band="1500"><title>1500 to 1549' in text
    assert "1500 to 1549: 3 players" in text
    assert 'data-testid="distribution-mark"' in text
    assert "/@/p2/perf/blitz/" in text
    other = Client().get("/players/distribution/rapid/").content.decode()
    assert "Nobody is established yet" in other and "distribution-mark" not in other
    chosen = Client().get("/players/distribution/?category=international")
    assert chosen.status_code == 302 and chosen.url == "/players/distribution/international/"
    assert Client().get("/players/distribution/?category=nope").url.endswith("/classical/")
    assert Client().get("/players/distribution/nope/").status_code == 404


def test_the_record_page(client: Client, alice, history) -> None:
    page = client.get("/@/alice/perf/classical/")
    text = page.content.decode()
    assert page.status_code == 200
    assert "alice in Chesskers classical" in text
    assert "Rank 2 on the leaderboard" in text
    assert "Better than 33.3% of established Chesskers classical players" in text
    assert "Progress over the last 12 games: +60" in text
    assert 'data-testid="rating-stats-highest">Highest rating: <strong>1620</strong>' in text
    assert 'data-testid="rating-stats-wins">5 <small>55.6%</small>' in text
    assert 'data-testid="streak-win-longest">Longest: <strong>3 games</strong>' in text
    assert 'data-testid="streak-win-current">Current: <span class="muted">none' in text
    assert "Time spent playing: 7 h 30 min" in text
    assert text.count('class="dot"') == 10  # the category's chart: the start and nine games
    assert text.count(f"/game/{history[5].public_id}/") == 2  # the highest, the best win
    assert client.get("/@/ALICE/perf/classical/").url == "/@/alice/perf/classical/"
    assert client.get("/@/alice/perf/nope/").status_code == 404
    assert client.get("/@/nobody/perf/classical/").status_code == 404
    unplayed = client.get("/@/alice/perf/russian/").content.decode()
    assert "alice has played no rated game of Russian Checkers yet." in unplayed
    profile = client.get("/@/alice").content.decode()
    assert '/@/alice/perf/classical/"' in profile and "/players/distribution/classical/" in profile
    leaders = client.get("/players/?category=blitz").content.decode()
    assert "/players/distribution/blitz/" in leaders


def test_the_api_as_its_schema_says(alice, history) -> None:
    call = SchemaChecked()
    stats = call(
        api_client(),
        "get",
        "/api/users/alice/perf/classical/",
        "/api/users/{username}/perf/{category}/",
        200,
    )
    assert stats["streaks"]["win"]["longest"]["games"] == 3
    assert stats["streaks"]["win"]["longest"]["from"]["game"] == history[4].public_id
    assert stats["highest"]["rating"] == 1620 and stats["rank"] == 2
    assert stats["seconds_played"] == 27000
    assert stats["best_wins"][0]["opponent_rating"] == 1700
    spread = call(
        api_client(),
        "get",
        "/api/ratings/classical/distribution/",
        "/api/ratings/{category}/distribution/",
        200,
    )
    assert spread["bands"] == [
        {"from": 1500, "players": 1},
        {"from": 1550, "players": 1},
        {"from": 1600, "players": 1},
    ]
    assert call.problems == []
    for url, said in [
        ("/api/users/alice/perf/nope/", "There is no rating category called nope."),
        ("/api/users/nobody/perf/classical/", "No user is called nobody."),
        ("/api/ratings/nope/distribution/", "There is no rating category called nope."),
    ]:
        answer = api_client().get(url)
        assert (answer.status_code, answer.json()) == (404, {"error": said})
