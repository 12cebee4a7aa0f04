"""A player's activity on their profile, as docs/site.md "Ratings and players" says: each day
of the last four weeks with something done, the latest first — rated games by category (won,
drawn, lost, the rating before and after), casual and bot games, puzzles, tournaments, forum
topics of the site's forums (never a team's), teams joined, public studies (never a private
one), players followed; nothing older than four weeks; the same on the page and in the API."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from accounts.models import RatingChange
from community.services import follow
from forum.categories import team_slug
from forum.services import post_reply
from games.domain.schemas import MoveRequest
from games.models import Game
from games.services.core import Actor
from games.services.play import game_resign
from games.services.round import game_play
from players.activity import ACTIVITY_DAYS, activity_of
from puzzles.models import Puzzle, PuzzleRound
from studies.services import study_create
from teams.services import team_join
from tests.factories import api_client, make_user
from tests.forum.conftest import start
from tests.games.conftest import start_game
from tests.games.test_openapi import SchemaChecked
from tests.teams.conftest import make_team
from tests.tournaments.conftest import make_tournament
from tournaments.models import Entry, Tournament

pytestmark = pytest.mark.django_db


def rated_game(white, black, loser) -> Game:
    game = start_game(white, black)
    for ply, text in enumerate(["e4", "e5"]):
        mover = Actor.of(white if ply % 2 == 0 else black)
        game_play(game_id=game.public_id, actor=mover, move=MoveRequest.of(ply=ply, text=text))
    game_resign(game_id=game.public_id, actor=Actor.of(loser))
    return game


def aged(days: int, *games: Game) -> None:
    """Moves the games, and their rating changes, ``days`` into the past."""
    at = timezone.now() - timedelta(days=days)
    Game.objects.filter(pk__in=[g.pk for g in games]).update(finished_at=at)
    RatingChange.objects.filter(game__in=games).update(at=at)


def test_a_day_of_everything_and_nothing_older(alice, bob) -> None:
    rated_game(alice, bob, loser=bob)
    rated_game(bob, alice, loser=bob)
    rated_game(alice, bob, loser=alice)
    casual = start_game(alice, bob, rated=False)
    game_resign(game_id=casual.public_id, actor=Actor.of(bob))
    old = rated_game(alice, bob, loser=bob)
    aged(ACTIVITY_DAYS + 2, old)
    for won, fen in [
        (False, "8/8/8/8/8/8/8/K5k1 w - - 0 1"),
        (True, "8/8/8/8/8/8/8/K6k w - - 0 1"),
    ]:
        puzzle = Puzzle.objects.create(
            variant="chesskers", fen=fen, solver="white", moves=["Kb1"], rating=1500
        )
        PuzzleRound.objects.create(
            user=alice, puzzle=puzzle, won=won, rating_before=1500, rating_after=1510
        )
        if not won:  # the first, five weeks ago: not shown
            PuzzleRound.objects.filter(puzzle=puzzle).update(
                played_at=timezone.now() - timedelta(days=35)
            )
    topic = start(bob)
    post_reply(user=alice, topic_id=topic.public_id, text="One")
    post_reply(user=alice, topic_id=topic.public_id, text="Two")
    team = make_team(bob, open=True)
    team_join(public_id=team.public_id, user=alice, text="")
    start(alice, slug=team_slug(team.public_id), title="Among us")  # a team's: not shown
    study_create(alice.pk, {"name": "Openings", "visibility": "public"})
    study_create(alice.pk, {"name": "Secret", "visibility": "private"})
    follow(user=alice, other=bob)

    days = activity_of(alice)
    assert len(days) == 1 and days[0]["date"] == timezone.localdate()
    today = days[0]
    category = RatingChange.objects.filter(user=alice).values_list("category", flat=True)[0]
    lines = [
        (r["category"], r["games"], r["wins"], r["draws"], r["losses"]) for r in today["rated"]
    ]
    assert lines == [(category, 3, 2, 0, 1)]
    first = RatingChange.objects.filter(user=alice).order_by("at", "id")
    assert today["rated"][0]["before"] == round(first[1].rating_before)  # the old one is out
    assert today["rated"][0]["after"] == round(first.last().rating_after)
    assert today["casual"] == 1
    assert today["puzzles"] == {"solved": 1, "failed": 0}
    assert [(t["id"], t["posts"]) for t in today["topics"]] == [(topic.public_id, 2)]
    assert [t["id"] for t in today["teams"]] == [team.public_id]
    assert [s["name"] for s in today["studies"]] == ["Openings"]
    assert today["follows"] == ["bob"]


def test_a_tournament_is_on_the_day_it_ended(alice, bob) -> None:
    tournament = make_tournament([alice, bob])
    Tournament.objects.filter(pk=tournament.pk).update(
        status="finished", finished_at=timezone.now()
    )
    Entry.objects.filter(tournament=tournament, user=alice).update(
        games=3, points=5, wins=2, draws=0, losses=1
    )  # bob played no game there: not shown on his
    [today] = activity_of(alice)
    assert today["tournaments"] == [
        {"id": tournament.public_id, "name": tournament.name, "points": 5, "games": 3,
         "wins": 2, "draws": 0, "losses": 1}
    ]  # fmt: skip
    assert activity_of(bob) == []


def test_the_profile_and_the_api_show_it(alice, bob) -> None:
    rated_game(alice, bob, loser=bob)
    topic = start(alice, title="Sweeping knights")
    page = Client().get("/@/alice").content.decode()
    assert 'data-testid="profile-activity"' in page
    assert "Played 1 rated game of" in page and "1 won, 0 drawn, 0 lost" in page
    assert f'href="/forum/general/{topic.public_id}/">Sweeping knights</a>' in page
    make_user("quiet")
    assert "Nothing in the last four weeks." in Client().get("/@/quiet").content.decode()

    checked = SchemaChecked()
    path = "/api/users/{username}/activity/"
    days = checked(api_client(), "get", "/api/users/alice/activity/", path, 200)
    assert [d["date"] for d in days] == [timezone.localdate().isoformat()]
    assert days[0]["rated"][0]["wins"] == 1 and days[0]["topics"][0]["posts"] == 1
    assert checked(api_client(), "get", "/api/users/quiet/activity/", path, 200) == []
    checked(api_client(), "get", "/api/users/nobody/activity/", path, 404)
    assert checked.problems == []
