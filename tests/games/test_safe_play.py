"""Safe play in online games: aborting before both sides have moved (unrated, no result), takeback
requests with the opponent's consent (clocks put back, the opponent's preference, no asking
again after a decline until the next move), and a lobby that starts one game at a time."""

from datetime import timedelta

import pytest
from channels.db import database_sync_to_async
from django.test import Client

from accounts.models import Preferences
from accounts.services import preferences_update
from games.domain.clock import TimeControl
from games.domain.errors import GameError
from games.domain.schemas import MoveRequest
from games.models import Game, Seek
from games.reads.state import game_state
from games.services.core import Actor
from games.services.lobby import (
    challenge_accept,
    challenge_create,
    seek_accept,
    seek_create,
)
from games.services.play import game_abort, game_create_local, game_resign
from games.services.round import game_play
from games.services.takebacks import game_takeback_online
from tests.games.conftest import start_game
from tests.games.test_consumers import connect

pytestmark = pytest.mark.django_db


def client_of(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def play(game: Game, user, text: str, now=None) -> None:
    game.refresh_from_db()
    move = MoveRequest.of(ply=game.ply, text=text)
    game_play(game_id=game.public_id, actor=Actor.of(user), move=move, now=now)


def takeback(game: Game, user, action: str, now=None) -> dict:
    return game_takeback_online(
        game_id=game.public_id, actor=Actor.of(user), action=action, now=now
    )


def casual_game(alice, bob, **kwargs) -> Game:
    return start_game(alice, bob, rated=False, **kwargs)


# --- abort ---------------------------------------------------------------------------------------
def test_a_player_aborts_before_any_move_and_the_game_has_no_result_and_no_rating(
    alice, bob, carol
) -> None:
    game = start_game(alice, bob)
    path = f"/api/games/{game.public_id}/"
    assert client_of(alice).get(path).json()["abortable"] is True
    assert client_of(carol).get(path).json()["abortable"] is False  # not a player
    assert Client().get(path).json()["abortable"] is False
    assert client_of(carol).post(path + "abort/").status_code == 403

    response = client_of(bob).post(path + "abort/")

    assert response.status_code == 200
    state = response.json()
    assert (state["status"], state["result"], state["termination"]) == ("aborted", None, None)
    assert state["abortable"] is False and state["rating_changes"] is None
    game.refresh_from_db()
    assert not game.rating_changes.exists()


def test_black_may_abort_after_whites_first_move_but_nobody_once_both_have_moved(
    alice, bob
) -> None:
    game = start_game(alice, bob)
    play(game, alice, "e4")
    assert game_state(game)["abortable"] is True
    play(game, bob, "e5")
    game.refresh_from_db()
    assert game_state(game)["abortable"] is False

    response = client_of(alice).post(f"/api/games/{game.public_id}/abort/")

    assert response.status_code == 400
    assert "can no longer be aborted" in response.json()["error"]
    game.refresh_from_db()
    assert (game.status, game.ply) == ("live", 2)


def test_only_online_games_are_aborted(alice) -> None:
    game = game_create_local(actor=Actor.of(alice))
    with pytest.raises(GameError, match="Only online games are aborted"):
        game_abort(game_id=game.public_id, actor=Actor.of(alice))


def test_resigning_before_both_sides_have_moved_is_not_rated(alice, bob) -> None:
    game = start_game(alice, bob)
    play(game, alice, "e4")
    state = game_resign(game_id=game.public_id, actor=Actor.of(bob))
    assert (state["result"], state["termination"]) == ("1-0", "resignation")
    assert state["rated"] is False and state["rating_changes"] is None
    assert not game.rating_changes.exists()


def test_the_first_move_deadline_is_shown_until_each_side_has_moved(alice, bob) -> None:
    game = start_game(alice, bob, clock=TimeControl(initial=180, increment=2))
    state = game_state(game)
    assert state["first_move_deadline"] == game.clock_deadline.isoformat()
    play(game, alice, "e4")
    game.refresh_from_db()
    assert game_state(game)["first_move_deadline"] == game.clock_deadline.isoformat()
    play(game, bob, "e5")
    game.refresh_from_db()
    assert game_state(game)["first_move_deadline"] is None


def test_an_unlimited_game_has_no_first_move_deadline(alice, bob) -> None:
    assert game_state(start_game(alice, bob))["first_move_deadline"] is None


# --- takebacks -----------------------------------------------------------------------------------
def test_an_accepted_takeback_goes_back_to_the_askers_last_turn(alice, bob) -> None:
    game = casual_game(alice, bob)
    for user, text in ((alice, "e4"), (bob, "e5"), (alice, "Nf3")):
        play(game, user, text)
    game.refresh_from_db()
    fen_after_e5 = game.moves.get(ply=1).fen_after

    state = takeback(game, bob, "offer")  # Black to move: back one ply, to Black's turn
    assert state["takeback_offer"] == "black" and state["ply"] == 3
    state = takeback(game, alice, "accept")

    assert (state["ply"], state["takeback_offer"]) == (1, None)
    game.refresh_from_db()
    assert list(game.moves.values_list("ply", flat=True).order_by("ply")) == [0]
    assert game.fen == game.moves.get(ply=0).fen_after and game.fen != fen_after_e5

    play(game, bob, "e5")
    takeback(game, alice, "offer")  # White to move: back two plies, to White's turn
    state = takeback(game, bob, "accept")
    assert (state["ply"], state["turn"]) == (0, "white")
    assert not game.moves.exists()


def test_a_takeback_puts_both_clocks_back_as_they_were(alice, bob) -> None:
    game = casual_game(alice, bob, clock=TimeControl(initial=60, increment=0))
    now = game.clock_since
    for seconds, user, text in (
        (5, alice, "e4"),
        (5, bob, "e5"),
        (12, alice, "Nf3"),  # White 48 s
        (7, bob, "Nc6"),  # Black 53 s
        (10, alice, "Bc4"),  # White 38 s
        (5, bob, "Bc5"),  # Black 48 s
    ):
        now += timedelta(seconds=seconds)
        play(game, user, text, now=now)
    game.refresh_from_db()
    assert (game.white_ms, game.black_ms) == (38_000, 48_000)

    takeback(game, bob, "offer", now=now + timedelta(seconds=2))
    later = now + timedelta(seconds=3)
    takeback(game, alice, "accept", now=later)

    game.refresh_from_db()
    assert (game.ply, game.turn) == (5, "black")
    assert (game.white_ms, game.black_ms) == (38_000, 53_000)
    assert game.clock_since == later
    assert game.clock_deadline == later + timedelta(seconds=53)


def test_after_a_decline_the_asker_waits_for_the_next_move(alice, bob, committed) -> None:
    game = casual_game(alice, bob)
    play(game, alice, "e4")
    takeback(game, alice, "offer")
    state = committed(takeback, game, bob, "decline")
    assert (state["takeback_offer"], state["takeback_refused"], state["ply"]) == (None, "white", 1)

    with pytest.raises(GameError, match="ask again after the next move"):
        takeback(game, alice, "offer")
    play(game, bob, "e5")
    assert game_state(Game.objects.get(pk=game.pk))["takeback_refused"] is None
    assert takeback(game, alice, "offer")["takeback_offer"] == "white"


def test_a_move_ends_an_offer_and_the_asker_may_withdraw_it(alice, bob) -> None:
    game = casual_game(alice, bob)
    play(game, alice, "e4")
    takeback(game, alice, "offer")
    play(game, bob, "e5")
    game.refresh_from_db()
    assert game.takeback_offer is None

    takeback(game, alice, "offer")
    state = takeback(game, alice, "decline")  # withdrawn: no refusal recorded
    assert state["takeback_offer"] is None
    assert takeback(game, alice, "offer")["takeback_offer"] == "white"


def test_both_asking_is_agreeing(alice, bob) -> None:
    game = casual_game(alice, bob)
    play(game, alice, "e4")
    play(game, bob, "e5")
    takeback(game, alice, "offer")
    state = takeback(game, bob, "offer")
    assert (state["ply"], state["takeback_offer"]) == (0, None)


def test_there_must_be_a_move_to_take_back_and_an_offer_to_answer(alice, bob) -> None:
    game = casual_game(alice, bob)
    with pytest.raises(GameError, match="no move of yours to take back"):
        takeback(game, alice, "offer")
    with pytest.raises(GameError, match="no takeback offer to accept"):
        takeback(game, bob, "accept")
    play(game, alice, "e4")
    takeback(game, alice, "offer")
    with pytest.raises(GameError, match="already asked"):
        takeback(game, alice, "offer")


@pytest.mark.parametrize(
    ("preference", "rated", "granted"),
    [
        (Preferences.Takebacks.NEVER, False, False),
        (Preferences.Takebacks.CASUAL, False, True),
        (Preferences.Takebacks.CASUAL, True, False),
        (Preferences.Takebacks.ALWAYS, True, True),
    ],
)
def test_the_opponents_preference_decides_whether_they_are_asked(
    alice, bob, preference, rated, granted
) -> None:
    preferences_update(user=bob, changes={"takebacks": preference})
    game = start_game(alice, bob, rated=rated)
    play(game, alice, "e4")
    if granted:
        assert takeback(game, alice, "offer")["takeback_offer"] == "white"
    else:
        with pytest.raises(GameError, match="bob does not grant takebacks"):
            takeback(game, alice, "offer")
        game.refresh_from_db()
        assert game.takeback_offer is None


def test_a_tournaments_games_have_no_takebacks(alice, bob) -> None:
    preferences_update(user=bob, changes={"takebacks": Preferences.Takebacks.ALWAYS})
    game = casual_game(alice, bob)
    Game.objects.filter(pk=game.pk).update(tournament="arena1", tournament_round=1)
    play(game, alice, "e4")
    with pytest.raises(GameError, match="no takebacks in tournament games"):
        takeback(game, alice, "offer")


def test_takebacks_over_the_api_say_why_they_are_refused(alice, bob, carol) -> None:
    game = casual_game(alice, bob)
    play(game, alice, "e4")
    path = f"/api/games/{game.public_id}/takeback/"
    bad = client_of(alice).post(path, {"action": "please"}, content_type="application/json")
    assert bad.status_code == 400
    assert bad.json()["error"] == "A takeback action is offer, accept or decline."
    assert (
        client_of(carol).post(path, {"action": "offer"}, content_type="application/json")
    ).status_code == 403

    offered = client_of(alice).post(path, {"action": "offer"}, content_type="application/json")
    assert offered.status_code == 200 and offered.json()["takeback_offer"] == "white"
    accepted = client_of(bob).post(path, {"action": "accept"}, content_type="application/json")
    assert accepted.status_code == 200 and accepted.json()["ply"] == 0


# --- one game starting at a time -----------------------------------------------------------------
def test_a_second_click_on_the_same_seek_is_the_same_seek(alice) -> None:
    first = seek_create(user=alice, variant="chesskers")
    again = seek_create(user=alice, variant="chesskers")
    assert again.pk == first.pk
    blitz = TimeControl(initial=180, increment=2)
    timed = seek_create(user=alice, clock=blitz)
    assert timed.pk != first.pk
    assert seek_create(user=alice, clock=blitz).pk == timed.pk
    assert Seek.objects.filter(owner=alice).count() == 2


def test_a_game_that_starts_withdraws_both_players_other_seeks(alice, bob) -> None:
    taken = seek_create(user=alice, clock=TimeControl(initial=180, increment=2))
    seek_create(user=alice, clock=TimeControl(initial=60, increment=0))
    seek_create(user=bob, clock=TimeControl(initial=600, increment=5))

    game = seek_accept(user=bob, seek_id=taken.public_id)

    assert game.status == "live"
    assert not Seek.objects.filter(owner__in=[alice, bob]).exists()


def test_an_accepted_challenge_withdraws_both_players_seeks(alice, bob) -> None:
    seek_create(user=alice)
    seek_create(user=bob, variant="checkers")
    challenge = challenge_create(user=alice, to="bob")
    challenge_accept(user=bob, challenge_id=challenge.public_id)
    assert not Seek.objects.filter(owner__in=[alice, bob]).exists()


def test_while_a_game_is_starting_its_players_seek_nothing(alice, bob, carol) -> None:
    game = start_game(alice, bob, clock=TimeControl(initial=180, increment=2))
    open_seek = seek_create(user=carol)
    with pytest.raises(GameError, match="You have a game starting"):
        seek_create(user=alice)
    with pytest.raises(GameError, match="You have a game starting"):
        seek_accept(user=bob, seek_id=open_seek.public_id)
    assert Seek.objects.filter(pk=open_seek.pk).exists()  # nothing lost

    play(game, alice, "e4")
    play(game, bob, "e5")
    assert seek_create(user=alice).owner_id == alice.pk


def test_a_correspondence_game_does_not_hold_its_players_back(alice, bob) -> None:
    start_game(alice, bob, clock=TimeControl(days=3))
    assert seek_create(user=alice).owner_id == alice.pk


# --- over the socket -----------------------------------------------------------------------------
async def next_of_type(comm, kind: str) -> dict:
    """Returns the next message of a type, skipping those of any other."""
    while (message := await comm.receive_json_from(timeout=5))["type"] != kind:
        pass
    return message


@pytest.mark.django_db(transaction=True)
async def test_takebacks_and_abort_over_the_socket(ws, alice, bob, carol) -> None:
    game = await database_sync_to_async(casual_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, first = await connect(ws, path, alice)
    assert (first["abortable"], first["takeback_offer"], first["takeback_refused"]) == (
        True,
        None,
        None,
    )
    black, _ = await connect(ws, path, bob)
    spectator, _ = await connect(ws, path, carol)
    await white.send_json_to({"type": "move", "move": "e4", "ply": 0})
    await next_of_type(black, "state")

    await white.send_json_to({"type": "takeback", "action": "offer"})
    asked = await next_of_type(black, "state")
    assert asked["takeback_offer"] == "white"
    await spectator.send_json_to({"type": "takeback", "action": "accept"})
    refused = await next_of_type(spectator, "error")
    assert "player" in refused["error"].lower()
    await black.send_json_to({"type": "takeback", "action": "decline"})
    told = await next_of_type(white, "takeback_declined")
    assert told == {"type": "takeback_declined", "by": "black"}
    assert (await next_of_type(spectator, "takeback_declined"))["by"] == "black"
    await white.send_json_to({"type": "takeback", "action": "offer"})
    again = await next_of_type(white, "error")
    assert again["error"] == "Your takeback was declined: ask again after the next move."

    await black.send_json_to({"type": "abort"})  # Black has not moved: the game may be aborted
    ended = await next_of_type(spectator, "state")
    while ended["status"] == "live":
        ended = await next_of_type(spectator, "state")
    assert (ended["status"], ended["result"], ended["abortable"]) == ("aborted", None, False)
    await white.send_json_to({"type": "abort"})
    assert "over" in (await next_of_type(white, "error"))["error"]
