"""The pages of ratings: profile (chart, statistics, Challenge button), /players/, the archive's
and the game page's rating changes, and the API's user endpoint."""

import html
import re
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from accounts.models import RatingChange, User
from games.models import Challenge, Game
from games.services.archive import game_import
from games.services.core import Actor
from games.services.lobby import challenge_accept, challenge_create
from games.services.play import game_draw, game_resign
from tests.factories import make_user
from tests.games.conftest import opened, start_game
from tests.games.test_challenge_from_position import position_after

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def two_games(alice, bob):
    """alice beats bob twice (rated), then they draw a casual game."""
    for _ in range(2):
        game = opened(start_game(alice, bob))  # both sides move: a rated game
        game_resign(game_id=game.public_id, actor=Actor.of(bob))
    challenge = challenge_create(user=alice, to="bob", color="white", rated=False)
    casual = challenge_accept(user=bob, challenge_id=challenge.public_id)
    game_draw(game_id=casual.public_id, actor=Actor.of(alice), action="offer")
    game_draw(game_id=casual.public_id, actor=Actor.of(bob), action="accept")
    return game, casual


def test_the_profile_shows_rating_statistics_chart_and_recent_games(two_games, alice) -> None:
    _, casual = two_games
    page = Client().get("/@/alice").content.decode()
    assert f'data-game="{casual.public_id}"' in page
    after = RatingChange.objects.filter(user=alice).last()
    assert f'data-testid="profile-rating">{round(after.rating_after)}?' in page
    assert f"± {round(after.deviation_after)} · provisional · 2 rated games" in page
    assert '<svg class="rating-chart"' in page
    assert page.count('<circle class="dot"') == 3  # the start and two rated games
    assert "Rating over 2 rated games: from 1500 to" in page
    assert 'data-testid="stat-games">3<' in page
    assert 'data-testid="stat-wins">2<' in page
    assert 'data-testid="stat-draws">1<' in page
    assert "Current streak:\n    1 draw\n" in page
    assert 'data-testid="best-win">bob (' in page
    # The game list (the archive's) gives each rated game its changes, the casual one none.
    rows = page.split('<li class="game-row"')[1:]
    assert len(rows) == 3
    assert 'data-testid="rating-changes"' not in rows[0]  # the casual draw, newest
    assert f'title="White\'s rating change">+{after.change}</span>' in rows[1]


def test_games_a_player_imported_are_kept_apart_from_those_they_played(two_games, alice) -> None:
    text = '[White "Tinsley"]\n[Black "Chinook"]\n[Variant "Checkers"]\n\n1. 11-15 23-19 *'
    (imported,) = game_import(actor=Actor.of(alice), text=text)
    page = Client().get("/@/alice").content.decode()
    assert f'data-game="{imported.public_id}"' not in page
    assert 'data-testid="stat-games">3<' in page  # the games alice played
    assert (
        '<a href="/games/?imported_by=alice">1 game imported by alice</a>'
        ' <span class="muted">(kept apart from the games alice played)</span>'
    ) in page
    listed = Client().get("/games/?imported_by=alice").content.decode()
    assert f'data-game="{imported.public_id}"' in listed and listed.count('class="game-row"') == 1
    assert "imported-games" not in Client().get("/@/bob").content.decode()


def test_a_newcomers_profile_says_the_chart_starts_with_the_first_rated_game(alice) -> None:
    page = Client().get("/@/alice").content.decode()
    assert 'data-testid="no-chart"' in page
    assert "<svg" not in page
    assert 'data-testid="profile-rating">1500?' in page


def test_the_challenge_button_challenges_the_player_and_goes_to_the_lobby(alice, bob) -> None:
    client = signed_in(alice)
    page = client.get("/@/bob").content.decode()
    assert 'data-testid="challenge-button"' in page
    response = client.post("/@/bob/challenge/", {"color": "white", "rated": "true"})
    assert response.status_code == 302 and response.url == "/play/"
    challenge = Challenge.objects.get()
    assert (challenge.challenger, challenge.to, challenge.color, challenge.rated) == (
        alice, bob, "white", True,
    )  # fmt: skip
    casual = client.post("/@/bob/challenge/", {"color": "random"})  # box unticked: casual
    assert casual.status_code == 302
    assert Challenge.objects.filter(rated=False).count() == 1
    lobby = client.get("/play/").content.decode()
    assert "You challenged bob to Chesskers, unlimited, casual." in lobby


def test_the_profiles_challenge_chooses_the_game_and_the_clock(alice, bob) -> None:
    client = signed_in(alice)
    page = client.get("/@/bob").content.decode()
    assert '<select id="challenge-variant" name="variant"' in page
    assert '<option value="chesskers" selected>Chesskers</option>' in page  # bob has no rating
    assert 'name="clock_kind"' in page and 'name="clock_minutes"' in page
    fields = {"variant": "international", "color": "black", "rated": "true"}
    fischer = {"clock_kind": "fischer", "clock_minutes": "5", "clock_increment": "3"}
    response = client.post("/@/bob/challenge/", {**fields, **fischer}, follow=True)
    assert "You challenged bob to International Checkers, 5+3, rated." in response.content.decode()
    challenge = Challenge.objects.get()
    assert (challenge.variant, challenge.clock, challenge.color) == (
        "international", {"initial": 300, "increment": 3}, "black",
    )  # fmt: skip
    challenge.delete()
    days = {"clock_kind": "correspondence", "clock_days": "7", "variant": "russian"}
    client.post("/@/bob/challenge/", days)
    assert (Challenge.objects.get().variant, Challenge.objects.get().clock) == (
        "russian",
        {"days": 7},
    )


def test_the_profiles_challenge_starts_from_a_position(alice, bob) -> None:
    """The form's FEN: the game starts there, casual (the script unticks *Rated*, whose box a
    browser then leaves out); ticked with a position, the refusal says why, back on the profile."""
    client = signed_in(alice)
    page = client.get("/@/bob").content.decode()
    assert 'name="fen"' in page and 'data-testid="challenge-position-note"' in page
    fen = position_after("russian")
    fields = {"variant": "russian", "color": "white", "fen": fen}
    refused = client.post("/@/bob/challenge/", {**fields, "rated": "true"}, follow=True)
    assert refused.redirect_chain[-1][0] == "/@/bob"
    assert "A game from a position is casual: it cannot be rated." in html.unescape(
        refused.content.decode()
    )
    assert not Challenge.objects.exists()
    sent = client.post("/@/bob/challenge/", fields, follow=True)
    assert "You challenged bob to Russian Checkers, unlimited, casual." in sent.content.decode()
    challenge = Challenge.objects.get()
    assert (challenge.variant, challenge.initial_fen, challenge.rated) == ("russian", fen, False)
    bad = client.post("/@/bob/challenge/", {**fields, "fen": "W:W99:B1"}, follow=True)
    assert bad.redirect_chain[-1][0] == "/@/bob"
    assert "Bad FEN" in bad.content.decode()
    assert Challenge.objects.count() == 1


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"variant": "tiddlywinks"}, "Unknown game &#x27;tiddlywinks&#x27;"),
        ({"clock_kind": "fischer", "clock_minutes": "500"}, "initial time is 15 to"),
        (
            {"clock_kind": "fischer", "clock_minutes": "five"},
            "A clock&#x27;s minutes are a number.",
        ),
        ({"clock_kind": "correspondence", "clock_days": "4"}, "days are one of 1, 2, 3, 5, 7, 14"),
        ({"clock_kind": "hourglass"}, "kind is unlimited, fischer or correspondence"),
    ],
)
def test_the_profiles_challenge_refuses_a_bad_game_or_clock(alice, bob, fields, message) -> None:
    response = signed_in(alice).post("/@/bob/challenge/", fields, follow=True)
    assert response.redirect_chain[-1][0] == "/@/bob"  # back on the profile
    assert message in response.content.decode()
    assert not Challenge.objects.exists()


def test_the_profiles_challenge_offers_the_game_whose_rating_it_shows(alice, bob) -> None:
    page = signed_in(alice).get("/@/bob?category=international").content.decode()
    assert '<option value="international" selected>International Checkers</option>' in page
    blitz = signed_in(alice).get("/@/bob?category=blitz").content.decode()  # a Chesskers speed
    assert '<option value="chesskers" selected>Chesskers</option>' in blitz


def test_no_challenge_button_on_your_own_profile_and_a_log_in_link_for_visitors(alice) -> None:
    assert 'data-testid="challenge-button"' not in signed_in(alice).get("/@/alice").content.decode()
    visitor = Client().get("/@/alice").content.decode()
    assert "Log in to challenge" in visitor
    assert Client().post("/@/alice/challenge/").status_code == 302  # to the log-in page
    refused = signed_in(alice).post("/@/alice/challenge/", follow=True).content.decode()
    assert "You cannot challenge yourself." in refused
    assert not Challenge.objects.exists()


def test_the_players_page_is_in_the_nav_and_lists_the_online(alice) -> None:
    User.objects.filter(pk=alice.pk).update(last_seen=timezone.now())
    page = Client().get("/players/").content.decode()
    assert '<a href="/players/" aria-current="page">Players</a>' in page
    assert 'data-testid="no-leaders"' in page
    assert '<a href="/@/alice">alice</a> <span class="muted" data-testid="online-unrated">' in page


def test_the_archive_and_the_game_page_show_the_rating_changes(two_games) -> None:
    rated, casual = two_games
    white = RatingChange.objects.get(game=rated, color="white").change
    black = RatingChange.objects.get(game=rated, color="black").change
    assert white > 0 > black
    archive = Client().get("/games/").content.decode()
    assert f'title="White\'s rating change">+{white}</span>' in archive
    assert f'title="Black\'s rating change">{black}</span>' in archive
    # The game page's banner (static/js/game_words.js) words them from the state it is given.
    game_page = Client().get(f"/game/{rated.public_id}/")
    state = game_page.context["page_data"]["state"]
    assert state["rating_changes"] == {"white": white, "black": black}
    casual_page = Client().get(f"/game/{casual.public_id}/")
    assert casual_page.context["page_data"]["state"]["rating_changes"] is None


def test_the_games_list_api_carries_each_games_rating_changes(two_games) -> None:
    rated, casual = two_games
    results = APIClient().get("/api/games/?status=finished").json()["results"]
    by_id = {game["id"]: game for game in results}
    assert by_id[rated.public_id]["rated"] is True
    assert by_id[rated.public_id]["rating_changes"] == {
        change.color: change.change for change in RatingChange.objects.filter(game=rated)
    }
    assert (by_id[casual.public_id]["rated"], by_id[casual.public_id]["rating_changes"]) == (
        False, None,
    )  # fmt: skip


def test_the_api_user_endpoint_returns_rating_deviation_and_statistics(two_games, alice) -> None:
    data = APIClient().get("/api/users/alice/").json()
    after = RatingChange.objects.filter(user=alice).last()
    assert data["rating"] == round(after.rating_after)
    assert data["deviation"] == round(after.deviation_after)
    assert (data["games_played"], data["wins"], data["draws"], data["losses"]) == (3, 2, 1, 0)
    assert data["by_color"]["white"] == {"games": 3, "wins": 2, "draws": 1, "losses": 0}
    assert data["by_termination"] == {
        "resignation": {"wins": 2, "draws": 0, "losses": 0},
        "agreement": {"wins": 0, "draws": 1, "losses": 0},
    }
    assert data["streak"] == {"outcome": "draw", "games": 1}
    assert [point["game"] for point in data["rating_history"]][1:] == [
        change.game.public_id for change in RatingChange.objects.filter(user=alice)
    ]


def test_a_profile_lists_the_games_its_player_is_playing_now(alice, bob, carol) -> None:
    newer, older = start_game(alice, bob, variant="russian"), start_game(carol, alice)
    Game.objects.filter(pk=older.pk).update(created_at=timezone.now() - timedelta(hours=1))
    finished = start_game(bob, alice)
    game_resign(game_id=finished.public_id, actor=Actor.of(alice))

    def playing(name: str) -> list[str]:
        page = Client().get(f"/@/{name}").content.decode()  # anyone may see them, and watch
        if 'data-testid="profile-playing"' not in page:
            return []
        section = page[page.index('data-testid="profile-playing"') :]
        section = section[: section.index("</section>")]
        assert "Russian Checkers · unlimited" in html.unescape(section)
        return re.findall(r'href="/game/(\w+)/"', section)

    assert playing("alice") == [newer.public_id, older.public_id]  # newest first
    assert playing("bob") == [newer.public_id]  # not the finished one
    make_user("dave")
    assert playing("dave") == []
