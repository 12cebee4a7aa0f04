"""What the games app gives the tournaments above it, which it does not import: a game that names
its tournament and round (in its state, its list entry, the archive's filter and its page),
berserk (a player halving their own time before their first move), and the ``game_ended``
signal once an ending commits."""

from datetime import timedelta

import pytest
from django.db import transaction
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from games.domain.clock import TimeControl
from games.domain.errors import GameError
from games.domain.events import game_ended, tournament_label
from games.domain.schemas import MoveRequest
from games.models import Game
from games.reads.state import game_state
from games.services.core import Actor
from games.services.play import game_berserk, game_create_online, game_resign
from games.services.round import game_play
from games.services.timeout import flag_game

pytestmark = pytest.mark.django_db

BLITZ = TimeControl(initial=180, increment=2)


def arena_game(white, black, *, berserk: bool = True, tournament: str = "arena123") -> Game:
    with transaction.atomic():
        return game_create_online(
            white,
            black,
            clock=BLITZ,
            tournament=tournament,
            tournament_round=3,
            berserk_allowed=berserk,
        )


@pytest.fixture
def told():
    """Every ``game_ended`` the test's code sends: (game id, tournament)."""
    heard: list[tuple[str, str | None]] = []

    def hear(sender, game_id, tournament, **kwargs):
        heard.append((game_id, tournament))

    game_ended.connect(hear, weak=False, dispatch_uid="test-told")
    yield heard
    game_ended.disconnect(dispatch_uid="test-told")


def test_a_tournaments_game_names_it_and_its_round_in_its_state_and_list_entry(alice, bob) -> None:
    game = arena_game(alice, bob)
    state = game_state(game)
    assert (state["tournament"], state["tournament_round"]) == ("arena123", 3)
    assert state["berserk"] == {"white": False, "black": False}
    game_resign(game_id=game.public_id, actor=Actor.of(bob))
    listed = APIClient().get("/api/games/?status=finished").json()["results"]
    assert [entry["tournament"] for entry in listed] == ["arena123"]


def test_a_player_going_berserk_keeps_half_their_time_once_before_their_first_move(
    alice, bob
) -> None:
    game = arena_game(alice, bob)
    state = game_berserk(game_id=game.public_id, actor=Actor.of(bob))
    assert state["berserk"] == {"white": False, "black": True}
    assert (state["clock"]["white"], state["clock"]["black"]) == (180_000, 90_000)
    with pytest.raises(GameError, match="already"):
        game_berserk(game_id=game.public_id, actor=Actor.of(bob))
    game_play(game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    with pytest.raises(GameError, match="before your first move"):
        game_berserk(game_id=game.public_id, actor=Actor.of(alice))
    stored = Game.objects.get(pk=game.pk)
    assert (stored.white_ms, stored.black_ms) == (180_000, 90_000)
    assert (stored.white_berserk, stored.black_berserk) == (False, True)


def test_berserk_is_refused_where_the_game_does_not_allow_it_and_to_a_spectator(
    alice, bob, carol
) -> None:
    plain = arena_game(alice, bob, berserk=False)
    with pytest.raises(GameError, match="tournaments that allow it"):
        game_berserk(game_id=plain.public_id, actor=Actor.of(alice))
    game = arena_game(alice, bob)
    with pytest.raises(GameError, match="not a player"):
        game_berserk(game_id=game.public_id, actor=Actor.of(carol))
    assert game_state(Game.objects.get(pk=plain.pk))["berserk"] is None


def test_berserk_over_the_api_answers_the_state_or_a_sentence(alice, bob) -> None:
    game = arena_game(alice, bob)
    client = APIClient()
    client.force_authenticate(alice)
    answer = client.post(f"/api/games/{game.public_id}/berserk/")
    assert answer.status_code == 200
    assert answer.json()["berserk"]["white"] is True
    again = client.post(f"/api/games/{game.public_id}/berserk/")
    assert again.status_code == 400
    assert again.json() == {"error": "You have gone berserk in this game already."}


def test_an_ending_is_told_with_its_tournament_once_it_commits(
    alice, bob, told, django_capture_on_commit_callbacks
) -> None:
    game = arena_game(alice, bob)
    with django_capture_on_commit_callbacks(execute=False) as waiting:
        game_resign(game_id=game.public_id, actor=Actor.of(alice))
    assert told == []  # not before the commit
    for callback in waiting:
        callback()
    assert told == [(game.public_id, "arena123")]


def test_an_ending_rolled_back_is_never_told(alice, bob, told, django_capture_on_commit_callbacks):
    game = arena_game(alice, bob)
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        game_resign(game_id=game.public_id, actor=Actor.of(alice))
        raise RuntimeError("the transaction fails after the ending")
    assert told == []
    assert Game.objects.get(pk=game.pk).status == Game.Status.LIVE


def test_a_game_aborted_on_time_is_told_too(
    alice, bob, told, django_capture_on_commit_callbacks
) -> None:
    game = arena_game(alice, bob)
    later = timezone.now() + timedelta(minutes=5)
    with django_capture_on_commit_callbacks(execute=True):
        assert flag_game(game.public_id, later)
    assert Game.objects.get(pk=game.pk).status == Game.Status.ABORTED
    assert told == [(game.public_id, "arena123")]


def test_the_archive_lists_one_tournaments_games_and_refuses_a_malformed_id(alice, bob) -> None:
    games = [arena_game(alice, bob, tournament=name) for name in ("arena123", "other456")]
    for game in games:
        game_resign(game_id=game.public_id, actor=Actor.of(alice))
    client = APIClient()
    listed = client.get("/api/games/?status=finished&tournament=arena123").json()["results"]
    assert [entry["id"] for entry in listed] == [games[0].public_id]
    bad = client.get("/api/games/?status=finished&tournament=no%20such!")
    assert bad.status_code == 400
    assert "tournament is a tournament's id" in bad.json()["error"]
    page = Client().get("/games/?tournament=other456")
    assert page.status_code == 200
    assert games[1].public_id in page.content.decode()
    assert games[0].public_id not in page.content.decode()


def test_the_game_page_says_which_round_of_which_tournament_in_the_words_given(alice, bob) -> None:
    game = arena_game(alice, bob)

    def label(sender, tournament, **kwargs):
        if tournament == "arena123":
            return {"name": "Tuesday Blitz Arena", "url": "/t/arena123/", "socket": "/ws/t/"}
        return None

    tournament_label.connect(label, weak=False, dispatch_uid="test-label")
    try:
        page = Client().get(f"/game/{game.public_id}/").content.decode()
    finally:
        tournament_label.disconnect(dispatch_uid="test-label")
    assert '<a href="/t/arena123/">Round 3 of Tuesday Blitz Arena</a>' in page
    plain = arena_game(alice, bob, tournament="unknown1")
    assert "game-tournament" not in Client().get(f"/game/{plain.public_id}/").content.decode()
