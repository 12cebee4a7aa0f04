"""Ratings move when a rated online game ends — by every ending, exactly once, both players —
and never for unrated, bot, pass-and-play or imported games."""

from datetime import timedelta

import pytest
from django.db import transaction
from rest_framework.test import APIClient

from accounts import glicko2
from accounts.models import Rating, RatingChange
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest
from games.models import Game
from games.reads.lobby import open_seeks
from games.reads.state import game_state
from games.services.archive import game_import
from games.services.core import Actor, finish, lock_game
from games.services.lobby import (
    challenge_accept,
    challenge_create,
    game_rematch,
    seek_accept,
    seek_create,
)
from games.services.play import game_create_bot, game_create_local, game_draw, game_resign
from games.services.presence import connection_open
from games.services.round import game_play
from games.services.sweep import sweep
from tests.factories import make_user
from tests.games.conftest import FOOLS_MATE, start_game

pytestmark = pytest.mark.django_db


def play(game: Game, *moves: str, from_ply: int = 0) -> dict:
    state = {}
    for ply, text in enumerate(moves, start=from_ply):
        mover = game.white if ply % 2 == 0 else game.black
        state = game_play(
            game_id=game.public_id, actor=Actor.of(mover), move=MoveRequest.of(ply=ply, text=text)
        )
    return state


def standing(user) -> tuple[float, float, float, int]:
    row = Rating.objects.filter(user=user).first()
    if row is None:
        return (1500.0, 350.0, 0.06, 0)
    return (row.rating, row.deviation, row.volatility, row.games)


def expected_after(white_score: float) -> tuple[glicko2.Rating, glicko2.Rating]:
    return glicko2.rate_game(glicko2.Rating(), glicko2.Rating(), white_score)


def assert_rated_once(game: Game, white_score: float) -> None:
    white, black = expected_after(white_score)
    assert standing(game.white) == pytest.approx(
        (white.rating, white.deviation, white.volatility, 1)
    )
    assert standing(game.black) == pytest.approx(
        (black.rating, black.deviation, black.volatility, 1)
    )
    assert RatingChange.objects.filter(game=game).count() == 2


def test_a_checkmate_in_a_rated_game_moves_both_ratings_once(alice, bob) -> None:
    game = start_game(alice, bob)
    state = play(game, *FOOLS_MATE)
    assert state["termination"] == "checkmate" and state["result"] == "0-1"
    assert_rated_once(game, 0.0)
    white, black = expected_after(0.0)
    assert state["rated"] is True
    assert state["rating_changes"] == {
        "white": round(white.rating) - 1500,
        "black": round(black.rating) - 1500,
    }
    assert state["rating_changes"]["black"] > 0 > state["rating_changes"]["white"]


def started(white, black) -> Game:
    """A rated game in which both sides have made their first move (one that ends before is
    not rated)."""
    game = start_game(white, black)
    play(game, "e4", "e5")
    return game


def test_resignation_agreement_and_abandonment_each_rate_the_game(alice, bob, carol) -> None:
    resigned = started(alice, bob)
    game_resign(game_id=resigned.public_id, actor=Actor.of(bob))
    assert_rated_once(resigned, 1.0)

    agreed = started(carol, bob)
    game_draw(game_id=agreed.public_id, actor=Actor.of(carol), action="offer")
    game_draw(game_id=agreed.public_id, actor=Actor.of(bob), action="accept")
    assert RatingChange.objects.filter(game=agreed).count() == 2
    assert Rating.objects.get(user=carol).games == 1
    assert Rating.objects.get(user=bob).games == 2

    abandoned = started(alice, carol)
    now = abandoned.created_at
    connection_open(game_id=abandoned.public_id, channel_name="w", actor=Actor.of(alice), now=now)
    sweep(now=now + timedelta(minutes=11))  # Black never came: forfeits
    abandoned.refresh_from_db()
    assert abandoned.termination == "abandonment" and abandoned.result == "1-0"
    change = RatingChange.objects.get(game=abandoned, user=carol)
    assert change.score == 0.0 and change.at == abandoned.finished_at
    assert Rating.objects.get(user=alice).games == 2


def test_a_game_that_ends_before_both_sides_have_moved_is_not_rated(alice, bob, carol) -> None:
    # Resigning at once moved two players' ratings by up to 230 points in fourteen games: farming.
    at_once = start_game(alice, bob)
    state = game_resign(game_id=at_once.public_id, actor=Actor.of(bob))
    assert (state["result"], state["rated"], state["rating_changes"]) == ("1-0", False, None)
    after_one = start_game(carol, bob)
    play(after_one, "e4")
    game_resign(game_id=after_one.public_id, actor=Actor.of(bob))
    assert not Rating.objects.exists() and not RatingChange.objects.exists()
    after_both = started(alice, carol)
    game_resign(game_id=after_both.public_id, actor=Actor.of(carol))
    assert_rated_once(after_both, 1.0)


def test_both_new_ratings_are_computed_from_both_old_ones(alice, bob, carol) -> None:
    first = started(alice, carol)
    game_resign(game_id=first.public_id, actor=Actor.of(carol))  # alice up, carol down
    alice_before = glicko2.Rating(*standing(alice)[:3])
    bob_before = glicko2.Rating(*standing(bob)[:3])
    second = started(bob, alice)
    game_draw(game_id=second.public_id, actor=Actor.of(bob), action="offer")
    game_draw(game_id=second.public_id, actor=Actor.of(alice), action="accept")
    bob_after, alice_after = glicko2.rate_game(bob_before, alice_before, 0.5)
    assert standing(bob)[:3] == pytest.approx(
        (bob_after.rating, bob_after.deviation, bob_after.volatility)
    )
    assert standing(alice)[:3] == pytest.approx(
        (alice_after.rating, alice_after.deviation, alice_after.volatility)
    )
    change = RatingChange.objects.get(game=second, user=bob)
    assert change.opponent_rating == pytest.approx(alice_before.rating)
    assert change.rating_before == 1500 and change.rating_after == pytest.approx(bob_after.rating)


def test_a_second_ending_of_a_finished_game_is_refused_and_rates_nothing(alice, bob) -> None:
    game = start_game(alice, bob)
    play(game, *FOOLS_MATE)
    with pytest.raises(GameError) as refusal:
        game_resign(game_id=game.public_id, actor=Actor.of(bob))
    assert refusal.value.code == ErrorCode.GAME_OVER
    assert_rated_once(game, 0.0)


def test_an_unrated_game_changes_no_rating(alice, bob) -> None:
    challenge = challenge_create(user=alice, to="bob", color="white", rated=False)
    game = challenge_accept(user=bob, challenge_id=challenge.public_id)
    assert game.rated is False
    state = play(game, *FOOLS_MATE)
    assert state["status"] == "finished"
    assert state["rated"] is False and state["rating_changes"] is None
    assert not Rating.objects.exists()
    assert not RatingChange.objects.exists()


@pytest.mark.parametrize("mode", [Game.Mode.BOT, Game.Mode.LOCAL, Game.Mode.IMPORTED])
def test_bot_local_and_imported_games_are_never_rated(alice, bob, mode) -> None:
    # Even with the rated flag at its default (True): only online games are rated.
    game = Game.objects.create(mode=mode, white=alice, black=bob, bot_level=3)
    with transaction.atomic():
        locked = lock_game(game.public_id)
        finish(locked, result="1-0", termination="resignation")
        locked.save()
    assert not RatingChange.objects.exists()
    assert not Rating.objects.exists()


def test_bot_pass_and_play_and_imported_games_are_created_unrated(alice) -> None:
    bot = game_create_bot(actor=Actor.of(alice), level=1, color="white")
    local = game_create_local(actor=Actor.of(alice))
    (imported,) = game_import(
        actor=Actor.of(alice),
        text='[Variant "Chesskers"]\n[White "x"]\n[Black "y"]\n[Result "1-0"]\n\n1. e4 1-0\n',
    )
    assert [game.rated for game in (bot, local, imported)] == [False, False, False]
    game_resign(game_id=bot.public_id, actor=Actor.of(alice))
    game_resign(game_id=local.public_id, actor=Actor.of(alice))
    assert game_state(imported)["rating_changes"] is None
    assert not RatingChange.objects.exists()
    assert not Rating.objects.exists()


def test_a_live_game_has_no_rating_changes_yet(online_game) -> None:
    state = game_state(online_game)
    assert state["rated"] is True
    assert state["rating_changes"] is None


def test_an_unrated_seek_starts_an_unrated_game_and_a_rated_one_a_rated_game(
    alice, bob, carol
) -> None:
    unrated = seek_create(user=alice, color="white", rated=False)
    rated = seek_create(user=carol, color="white")
    assert seek_accept(user=bob, seek_id=unrated.public_id).rated is False
    assert seek_accept(user=make_user("dave"), seek_id=rated.public_id).rated is True


def test_a_rematch_is_rated_as_the_game_was(alice, bob) -> None:
    for rated in (False, True):
        challenge = challenge_create(user=alice, to="bob", color="white", rated=rated)
        game = challenge_accept(user=bob, challenge_id=challenge.public_id)
        game_resign(game_id=game.public_id, actor=Actor.of(alice))
        rematch = game_rematch(game_id=game.public_id, actor=Actor.of(bob))
        assert rematch.rated is rated
        again = challenge_accept(user=alice, challenge_id=rematch.public_id)
        assert again.rated is rated
        assert (again.white, again.black) == (bob, alice)


def test_the_lobby_shows_each_seekers_rating_with_a_question_mark_while_provisional(
    alice, bob
) -> None:
    Rating.objects.create(user=bob, rating=1712.4, deviation=110.0)
    Rating.objects.create(user=alice, rating=1490.6, deviation=110.01)
    seek_create(user=alice)
    seek_create(user=bob, rated=False)
    seeks = {seek["owner"]: seek for seek in open_seeks()}
    assert (seeks["alice"]["rating"], seeks["alice"]["provisional"]) == (1491, True)
    assert (seeks["bob"]["rating"], seeks["bob"]["provisional"]) == (1712, False)
    assert (seeks["alice"]["rated"], seeks["bob"]["rated"]) == (True, False)


def test_the_api_takes_rated_on_seeks_and_challenges_and_refuses_nonsense(alice, bob) -> None:
    api = APIClient()
    api.force_authenticate(alice)
    seek = api.post("/api/seeks/", {"color": "white", "rated": False}, format="json")
    assert seek.status_code == 201 and seek.json()["rated"] is False
    default = api.post("/api/seeks/", {"color": "white"}, format="json")
    assert default.status_code == 201 and default.json()["rated"] is True
    challenge = api.post("/api/challenges/", {"to": "bob", "rated": False}, format="json")
    assert challenge.status_code == 201 and challenge.json()["rated"] is False
    bad = api.post("/api/challenges/", {"to": "bob", "rated": "perhaps"}, format="json")
    assert bad.status_code == 400
    assert bad.json() == {"error": "`rated` is true or false."}
