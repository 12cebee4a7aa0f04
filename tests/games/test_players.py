"""Statistics, the leaderboard and who is online, on seeded games with exact expected numbers."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.utils import timezone

from accounts import glicko2
from accounts.models import Rating, RatingChange, User
from accounts.selectors import leaderboard
from games.domain.schemas import MoveRequest
from games.models import Connection, Game
from games.services.core import Actor
from games.services.lobby import challenge_accept, challenge_create
from games.services.play import game_draw, game_resign
from games.services.round import game_play, start_bot_game
from players.selectors import online_players, profile_data
from tests.factories import make_user
from tests.games.conftest import FOOLS_MATE, opened, start_game


def resign(game: Game, loser) -> None:
    opened(game)  # a game resigned before both sides have moved is not rated
    game_resign(game_id=game.public_id, actor=Actor.of(loser))


def agree_draw(game: Game) -> None:
    opened(game)
    game_draw(game_id=game.public_id, actor=Actor.of(game.white), action="offer")
    game_draw(game_id=game.public_id, actor=Actor.of(game.black), action="accept")


def fools_mate(game: Game) -> None:
    for ply, text in enumerate(FOOLS_MATE):
        mover = game.white if ply % 2 == 0 else game.black
        game_play(
            game_id=game.public_id, actor=Actor.of(mover), move=MoveRequest.of(ply=ply, text=text)
        )


@pytest.fixture
def dave(db):
    return make_user("dave")


@pytest.fixture
def seeded(alice, bob, carol, dave) -> list[Game]:
    """Alice's six finished online games (one unrated), a bot game and a live game.

    1. bob-alice, Black mates (Fool's mate): alice wins as Black by checkmate
    2. alice-bob, bob resigns: alice wins as White by resignation
    3. alice-carol, draw agreed
    4. carol-alice, alice resigns: alice loses as Black by resignation
    5. alice-dave, unrated, dave resigns: alice wins as White by resignation
    6. dave-alice, dave (rated 1800 ± 80 before) resigns: alice wins as Black by resignation
    """
    games = [start_game(bob, alice)]
    fools_mate(games[-1])
    games.append(start_game(alice, bob))
    resign(games[-1], bob)
    games.append(start_game(alice, carol))
    agree_draw(games[-1])
    games.append(start_game(carol, alice))
    resign(games[-1], alice)
    challenge = challenge_create(user=alice, to="dave", color="white", rated=False)
    games.append(challenge_accept(user=dave, challenge_id=challenge.public_id))
    resign(games[-1], dave)
    Rating.objects.create(user=dave, rating=1800, deviation=80)
    games.append(start_game(dave, alice))
    resign(games[-1], dave)
    bot = start_bot_game(actor=Actor.of(alice), level=1, color="white")
    resign(bot, alice)
    start_game(alice, carol)  # still live
    return games


def replayed_ratings() -> dict[str, glicko2.Rating]:
    """The ratings the seeded rated games must produce, game by game from both old ratings."""
    r = {name: glicko2.Rating() for name in ("alice", "bob", "carol")}
    r["dave"] = glicko2.Rating(1800, 80)
    for white, black, score in [
        ("bob", "alice", 0.0),
        ("alice", "bob", 1.0),
        ("alice", "carol", 0.5),
        ("carol", "alice", 1.0),
        ("dave", "alice", 0.0),
    ]:
        r[white], r[black] = glicko2.rate_game(r[white], r[black], score)
    return r


@pytest.mark.django_db
def test_a_players_statistics_on_seeded_games_are_exact(seeded, alice) -> None:
    profile = profile_data(alice)
    assert (profile["games_played"], profile["wins"], profile["draws"], profile["losses"]) == (
        6, 4, 1, 1,
    )  # fmt: skip
    assert profile["by_color"] == {
        "white": {"games": 3, "wins": 2, "draws": 1, "losses": 0},
        "black": {"games": 3, "wins": 2, "draws": 0, "losses": 1},
    }
    assert profile["by_termination"] == {
        "checkmate": {"wins": 1, "draws": 0, "losses": 0},
        "resignation": {"wins": 3, "draws": 0, "losses": 1},
        "agreement": {"wins": 0, "draws": 1, "losses": 0},
    }
    assert list(profile["by_termination"]) == ["checkmate", "resignation", "agreement"]
    assert profile["streak"] == {"outcome": "win", "games": 2}
    assert profile["best_win"]["game"] == seeded[5].public_id
    assert (profile["best_win"]["opponent"], profile["best_win"]["opponent_rating"]) == (
        "dave", 1800,
    )  # fmt: skip
    assert [game["id"] for game in profile["recent"]] == [g.public_id for g in reversed(seeded)]
    assert [game["outcome"] for game in profile["recent"]] == [
        "win", "win", "loss", "draw", "win", "win",
    ]  # fmt: skip
    assert [game["rated"] for game in profile["recent"]] == [True, False, True, True, True, True]
    assert profile["recent"][1]["rating_change"] is None

    expected = replayed_ratings()["alice"]
    assert profile["rated_games"] == 5
    assert profile["rating"] == round(expected.rating)
    assert profile["deviation"] == round(expected.deviation)
    assert Rating.objects.get(user=alice).rating == pytest.approx(expected.rating)
    history = profile["rating_history"]
    assert len(history) == 6 and history[0]["rating"] == 1500 and history[0]["game"] is None
    assert history[-1]["rating"] == round(expected.rating)
    changes = list(RatingChange.objects.filter(user=alice).order_by("at", "id"))
    assert [c.game_id for c in changes] == [seeded[i].pk for i in (0, 1, 2, 3, 5)]
    shown = [game["rating_change"] for game in profile["recent"] if game["rated"]]
    assert shown == [c.change for c in reversed(changes)]


@pytest.mark.django_db
def test_every_seeded_players_rating_matches_the_games_replayed(seeded) -> None:
    expected = replayed_ratings()
    for name, rating in expected.items():
        row = Rating.objects.get(user__username=name)
        assert (row.rating, row.deviation, row.volatility) == pytest.approx(
            (rating.rating, rating.deviation, rating.volatility)
        ), name
    assert Rating.objects.get(user__username="dave").games == 1  # the unrated game not counted


@pytest.mark.django_db
def test_the_leaderboard_lists_established_active_players_best_first() -> None:
    now = timezone.now()
    rows = {
        "ann": (1800.4, 60, 10, True),  # listed first
        "ben": (1700.0, 110, 89, True),  # deviation 110 is established; 89 days is recent
        "eve": (1700.0, 80, 1, True),  # ties with ben: by username
        "cid": (1900.0, 110.5, 1, True),  # provisional: left out
        "deb": (2000.0, 50, 91, True),  # no game in 90 days: left out
        "fay": (2100.0, 50, 1, False),  # account closed: left out
    }
    for name, (rating, deviation, days_ago, active) in rows.items():
        user = make_user(name)
        User.objects.filter(pk=user.pk).update(is_active=active)
        Rating.objects.create(
            user=user,
            rating=rating,
            deviation=deviation,
            games=20,
            last_game_at=now - timedelta(days=days_ago),
        )
    make_user("gus")  # never played: no row at all
    assert leaderboard(now) == [
        {"rank": 1, "username": "ann", "rating": 1800, "deviation": 60, "games": 20},
        {"rank": 2, "username": "ben", "rating": 1700, "deviation": 110, "games": 20},
        {"rank": 3, "username": "eve", "rating": 1700, "deviation": 80, "games": 20},
    ]


@pytest.mark.django_db
def test_online_now_means_a_fresh_game_or_lobby_socket(alice, bob, carol, dave) -> None:
    now = timezone.now()
    game = start_game(alice, bob)
    for channel, user, seconds_ago in [
        ("a", alice, 30),  # at her game, heartbeat fresh
        ("b", bob, 100),  # his socket's process died 100 s ago
        ("anon", None, 5),  # a visitor watching: not a player
    ]:
        Connection.objects.create(
            game=game,
            channel_name=channel,
            user=user,
            last_seen=now - timedelta(seconds=seconds_ago),
        )
    User.objects.filter(pk=carol.pk).update(last_seen=now - timedelta(seconds=10))
    User.objects.filter(pk=dave.pk).update(last_seen=now - timedelta(minutes=5))
    Rating.objects.create(user=carol, rating=1612, deviation=90)
    assert online_players(now) == [  # alice has played no rated game: no rating to show
        {
            "username": "alice",
            "rating": None,
            "deviation": None,
            "provisional": False,
            "category": None,
            "category_name": None,
        },
        {
            "username": "carol",
            "rating": 1612,
            "deviation": 90,
            "provisional": False,
            "category": "classical",
            "category_name": "Chesskers classical",
        },
    ]


@pytest.mark.django_db(transaction=True)
async def test_opening_the_lobby_marks_a_player_online(ws, alice) -> None:
    assert await database_sync_to_async(online_players)() == []
    lobby = await ws("/ws/lobby/", alice)
    connected, _ = await lobby.connect()
    assert connected
    await lobby.receive_json_from(timeout=5)
    online = await database_sync_to_async(online_players)()
    assert [player["username"] for player in online] == ["alice"]
