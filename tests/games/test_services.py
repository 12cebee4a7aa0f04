"""The games services: every transition and every refusal, with the game unchanged after a
refusal."""

from datetime import timedelta

import pytest

import accounts.services
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest, SeekRequest, draw_action
from games.models import Challenge, Game, GameMove, Seek
from games.reads.lobby import challenge_payload, challenges_of, open_seeks
from games.reads.state import game_state
from games.services.core import Actor
from games.services.lobby import (
    challenge_accept,
    challenge_create,
    challenge_decline,
    game_rematch,
    lobby_left,
    seek_accept,
    seek_cancel,
    seek_create,
)
from games.services.play import game_create_local, game_draw, game_resign, game_takeback
from games.services.round import game_play
from games.services.sweep import sweep
from tests.factories import make_user
from tests.games.conftest import FOOLS_MATE, start_game

pytestmark = pytest.mark.django_db


def act(user) -> Actor:
    return Actor.of(user)


def snapshot(game: Game) -> tuple:
    game.refresh_from_db()
    moves = list(GameMove.objects.filter(game=game).values_list("ply", "text"))
    return (game.fen, game.ply, game.status, game.result, game.draw_offer, moves)


def refused(code: ErrorCode, game: Game, call, *args, **kwargs) -> GameError:
    before = snapshot(game)
    with pytest.raises(GameError) as info:
        call(*args, **kwargs)
    assert info.value.code == code, info.value.message
    assert snapshot(game) == before
    return info.value


def submit(*, game_id: str, actor: Actor, **wanted):
    """A move as a client sends it: its shape checked at the edge (``MoveRequest``), then
    played."""
    return game_play(game_id=game_id, actor=actor, move=MoveRequest.of(**wanted))


def draw(*, game_id: str, actor: Actor, action: str):
    """A draw message as a client sends it: its action checked at the edge, then played."""
    return game_draw(game_id=game_id, actor=actor, action=draw_action({"action": action}))


def play(game: Game, user, text: str):
    game.refresh_from_db()
    return game_play(
        game_id=game.public_id, actor=act(user), move=MoveRequest.of(ply=game.ply, text=text)
    )


# --- moves ---------------------------------------------------------------------------------
def test_a_move_is_stored_with_its_text_path_and_new_position(online_game, alice) -> None:
    state = play(online_game, alice, "e2-e4")
    assert state["ply"] == 1
    assert state["turn"] == "black"
    assert state["moves"][0]["text"] == "e4"
    assert state["moves"][0]["path"] == ["e2", "e4"]
    move = GameMove.objects.get(game=online_game)
    assert (move.ply, move.text, move.path, move.kind) == (0, "e4", ["e2", "e4"], "quiet")
    online_game.refresh_from_db()
    assert online_game.fen == move.fen_after
    assert online_game.fen.startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")


def test_a_path_with_promotion_is_a_move(alice, bob) -> None:
    game = start_game(alice, bob, fen="4k3/1P6/8/8/8/8/8/4K3 w - - 0 1")
    state = game_play(
        game_id=game.public_id,
        actor=act(alice),
        move=MoveRequest.of(ply=0, path=["b7", "b8"], promotion="n"),
    )
    assert state["moves"][0]["text"] == "b8=N"


def test_fools_mate_finishes_the_game_with_checkmate(online_game, alice, bob) -> None:
    for index, text in enumerate(FOOLS_MATE):
        state = play(online_game, alice if index % 2 == 0 else bob, text)
    assert state["status"] == "finished"
    assert (state["result"], state["termination"]) == ("0-1", "checkmate")
    assert state["moves"][-1]["text"] == "Qh4#"
    assert state["legal_moves"] == []
    online_game.refresh_from_db()
    assert online_game.finished_at is not None


def test_a_sweep_records_the_pieces_it_took(alice, bob) -> None:
    game = start_game(alice, bob, fen="4k3/8/8/8/8/p7/p7/N3K3 w - - 0 1")
    state = game_play(
        game_id=game.public_id, actor=act(alice), move=MoveRequest.of(ply=0, text="N~b3")
    )
    move = state["moves"][0]
    assert move["kind"] == "sweep"
    assert sorted(move["captured"]) == ["a2", "a3"]
    assert move["captured_pieces"] == ["p", "p"]


def test_a_move_out_of_turn_is_refused(online_game, bob) -> None:
    error = refused(
        ErrorCode.NOT_YOUR_TURN, online_game,
        submit, game_id=online_game.public_id, actor=act(bob), ply=0, text="e5",
    )  # fmt: skip
    assert error.http_status == 403


def test_a_stranger_cannot_move(online_game, carol) -> None:
    refused(
        ErrorCode.NOT_A_PLAYER, online_game,
        submit, game_id=online_game.public_id, actor=act(carol), ply=0, text="e4",
    )  # fmt: skip
    refused(
        ErrorCode.NOT_A_PLAYER, online_game,
        submit, game_id=online_game.public_id, actor=Actor(), ply=0, text="e4",
    )  # fmt: skip


def test_an_illegal_move_is_refused_with_the_engines_reason(online_game, alice) -> None:
    error = refused(
        ErrorCode.ILLEGAL_MOVE, online_game,
        submit, game_id=online_game.public_id, actor=act(alice), ply=0, text="e2-e5",
    )  # fmt: skip
    assert "e2-e5" in error.message and error.http_status == 400


def test_unparsable_text_is_refused(online_game, alice) -> None:
    error = refused(
        ErrorCode.BAD_MOVE_TEXT, online_game,
        submit, game_id=online_game.public_id, actor=act(alice), ply=0, text="hello",
    )  # fmt: skip
    assert error.http_status == 400


def test_a_bad_path_is_refused(online_game, alice) -> None:
    for path in ([], ["e2", "z9"], "e2e4", [1, 2]):
        refused(
            ErrorCode.BAD_REQUEST, online_game,
            submit, game_id=online_game.public_id, actor=act(alice), ply=0, path=path,
        )  # fmt: skip
    # One square is a path's shape (a removal, in Hawaiian), but no Chesskers move: the engine
    # refuses it.
    error = refused(
        ErrorCode.ILLEGAL_MOVE, online_game,
        submit, game_id=online_game.public_id, actor=act(alice), ply=0, path=["e2"],
    )  # fmt: skip
    assert (error.http_status, error.message) == (400, "Illegal move e2: no legal move fits.")


def test_a_stale_or_repeated_move_is_refused_and_never_applied_twice(online_game, alice) -> None:
    play(online_game, alice, "e4")
    error = refused(
        ErrorCode.STALE_PLY, online_game,
        submit, game_id=online_game.public_id, actor=act(alice), ply=0, text="e4",
    )  # fmt: skip
    assert error.http_status == 409
    assert GameMove.objects.filter(game=online_game).count() == 1


def test_a_ply_that_is_not_a_number_is_refused(online_game, alice) -> None:
    for ply in ("0", None, 0.5, True):
        refused(
            ErrorCode.BAD_REQUEST, online_game,
            submit, game_id=online_game.public_id, actor=act(alice), ply=ply, text="e4",
        )  # fmt: skip


def test_no_move_after_the_game_is_over(online_game, alice, bob) -> None:
    game_resign(game_id=online_game.public_id, actor=act(bob))
    error = refused(
        ErrorCode.GAME_OVER, online_game,
        submit, game_id=online_game.public_id, actor=act(alice), ply=0, text="e4",
    )  # fmt: skip
    assert error.http_status == 410


def test_an_unknown_game_is_not_found(alice) -> None:
    with pytest.raises(GameError) as info:
        game_play(game_id="nope", actor=act(alice), move=MoveRequest.of(ply=0, text="e4"))
    assert info.value.code == ErrorCode.NOT_FOUND


# --- resign and draws --------------------------------------------------------------------------
def test_resigning_loses_at_any_time(online_game, alice, bob) -> None:
    state = game_resign(game_id=online_game.public_id, actor=act(alice))
    assert (state["status"], state["result"], state["termination"]) == (
        "finished", "0-1", "resignation",
    )  # fmt: skip
    refused(
        ErrorCode.GAME_OVER,
        online_game,
        game_resign,
        game_id=online_game.public_id,
        actor=act(bob),
    )


def test_a_spectator_cannot_resign(online_game, carol) -> None:
    refused(
        ErrorCode.NOT_A_PLAYER,
        online_game,
        game_resign,
        game_id=online_game.public_id,
        actor=act(carol),
    )


def test_a_draw_offer_accepted_draws_the_game(online_game, alice, bob) -> None:
    state = game_draw(game_id=online_game.public_id, actor=act(alice), action="offer")
    assert state["draw_offer"] == "white"
    state = game_draw(game_id=online_game.public_id, actor=act(bob), action="accept")
    assert (state["result"], state["termination"]) == ("1/2-1/2", "agreement")


def test_a_draw_offer_can_be_declined(online_game, alice, bob) -> None:
    game_draw(game_id=online_game.public_id, actor=act(alice), action="offer")
    state = game_draw(game_id=online_game.public_id, actor=act(bob), action="decline")
    assert state["draw_offer"] is None and state["status"] == "live"


def test_a_draw_offer_stands_until_the_opponent_moves_instead(online_game, alice, bob) -> None:
    game_draw(game_id=online_game.public_id, actor=act(alice), action="offer")
    assert play(online_game, alice, "e4")["draw_offer"] == "white"  # the offerer's own move
    assert play(online_game, bob, "e5")["draw_offer"] is None  # the opponent moved instead


def test_draw_refusals(online_game, alice, bob) -> None:
    gid = online_game.public_id
    refused(
        ErrorCode.NOT_ALLOWED,
        online_game,
        game_draw,
        game_id=gid,
        actor=act(bob),
        action="accept",
    )
    game_draw(game_id=gid, actor=act(alice), action="offer")
    refused(
        ErrorCode.NOT_ALLOWED,
        online_game,
        game_draw,
        game_id=gid,
        actor=act(alice),
        action="offer",
    )
    refused(
        ErrorCode.NOT_ALLOWED,
        online_game,
        game_draw,
        game_id=gid,
        actor=act(alice),
        action="accept",
    )
    refused(
        ErrorCode.BAD_REQUEST,
        online_game,
        draw,
        game_id=gid,
        actor=act(bob),
        action="maybe",
    )


def test_mutual_offers_agree_a_draw(online_game, alice, bob) -> None:
    game_draw(game_id=online_game.public_id, actor=act(alice), action="offer")
    state = game_draw(game_id=online_game.public_id, actor=act(bob), action="offer")
    assert state["termination"] == "agreement"


def test_no_takeback_in_online_games(online_game, alice) -> None:
    play(online_game, alice, "e4")
    refused(
        ErrorCode.NOT_ALLOWED,
        online_game,
        game_takeback,
        game_id=online_game.public_id,
        actor=act(alice),
    )


# --- seeks ---------------------------------------------------------------------------------------
def test_accepting_a_seek_starts_a_game_with_the_seekers_colour(alice, bob) -> None:
    seek = seek_create(user=alice, color="black")
    game = seek_accept(user=bob, seek_id=seek.public_id)
    assert (game.white, game.black, game.mode, game.status) == (bob, alice, "online", "live")
    assert not Seek.objects.exists()


def test_a_random_seek_gives_each_player_a_side(alice, bob) -> None:
    seek = seek_create(user=alice, color="random")
    game = seek_accept(user=bob, seek_id=seek.public_id)
    assert {game.white, game.black} == {alice, bob}


def test_a_user_cannot_accept_their_own_seek(alice) -> None:
    seek = seek_create(user=alice)
    with pytest.raises(GameError) as info:
        seek_accept(user=alice, seek_id=seek.public_id)
    assert info.value.code == ErrorCode.OWN_SEEK
    assert Seek.objects.count() == 1 and not Game.objects.exists()


def test_a_fourth_open_seek_is_refused(alice) -> None:
    for color in ("white", "black", "random"):
        seek_create(user=alice, color=color)
    with pytest.raises(GameError) as info:
        seek_create(user=alice, rated=False)
    assert info.value.code == ErrorCode.TOO_MANY_SEEKS
    assert Seek.objects.count() == 3


def test_a_seek_taken_or_cancelled_is_gone(alice, bob, carol) -> None:
    seek = seek_create(user=alice)
    seek_accept(user=bob, seek_id=seek.public_id)
    with pytest.raises(GameError) as info:
        seek_accept(user=carol, seek_id=seek.public_id)
    assert info.value.code == ErrorCode.GONE and info.value.http_status == 410
    assert Game.objects.count() == 1


def test_only_the_owner_cancels_a_seek(alice, bob) -> None:
    seek = seek_create(user=alice)
    with pytest.raises(GameError) as info:
        seek_cancel(user=bob, seek_id=seek.public_id)
    assert info.value.code == ErrorCode.FORBIDDEN
    seek_cancel(user=alice, seek_id=seek.public_id)
    assert not Seek.objects.exists()


def test_a_seek_stands_while_its_owner_is_seen_and_is_withdrawn_once_they_left(
    alice, bob, carol
) -> None:
    # Posting counts as being seen; a lobby page's heartbeats keep it so. 90 s unseen (a stale
    # connection's age) and the seek is neither listed nor accepted: it is withdrawn, the
    # acceptor is told why, and nobody is put in a game they never see.
    kept = seek_create(user=alice, color="white")
    left = seek_create(user=carol, color="black")

    def at(seconds: float):
        return left.created_at + timedelta(seconds=seconds)

    assert [s["id"] for s in open_seeks(at(89))] == [kept.public_id, left.public_id]
    accounts.services.user_seen(user_id=alice.pk, at=at(60))  # alice's lobby pings; carol's not
    assert [s["id"] for s in open_seeks(at(91))] == [kept.public_id]
    error = refused_seek(bob, left, at(91))
    assert error.code == ErrorCode.GONE and "left the lobby" in error.message
    assert list(Seek.objects.all()) == [kept] and not Game.objects.exists()
    game = seek_accept(user=bob, seek_id=kept.public_id, now=at(91))
    assert (game.white, game.black) == (alice, bob)


def refused_seek(user, seek: Seek, now) -> GameError:
    with pytest.raises(GameError) as info:
        seek_accept(user=user, seek_id=seek.public_id, now=now)
    return info.value


def test_the_sweep_withdraws_the_seeks_of_owners_who_left(alice, bob) -> None:
    seek = seek_create(user=alice)
    seek_create(user=bob)
    accounts.services.user_seen(user_id=bob.pk, at=seek.created_at + timedelta(seconds=80))
    assert sweep(now=seek.created_at + timedelta(seconds=89))["withdrawn"] == 0
    assert sweep(now=seek.created_at + timedelta(seconds=91))["withdrawn"] == 1
    assert list(Seek.objects.values_list("owner__username", flat=True)) == ["bob"]


def test_leaving_the_lobby_withdraws_only_ones_own_seeks(alice, bob) -> None:
    seek_create(user=alice)
    seek_create(user=alice, variant="checkers")
    seek_create(user=bob)
    left_at = Seek.objects.last().created_at + timedelta(seconds=1)
    accounts.services.user_seen(user_id=alice.pk, at=left_at + timedelta(seconds=2))
    # A lobby socket of hers opened since she left (another page, a connection back): kept.
    assert lobby_left(user_id=alice.pk, unless_seen_since=left_at) == 0
    gone_since = left_at + timedelta(seconds=3)  # not seen since
    assert lobby_left(user_id=alice.pk, unless_seen_since=gone_since) == 2
    assert lobby_left(user_id=alice.pk) == 0
    assert list(Seek.objects.values_list("owner__username", flat=True)) == ["bob"]


def test_a_bad_seek_colour_is_refused(alice) -> None:
    with pytest.raises(GameError) as info:
        SeekRequest.from_body({"color": "green"})
    assert info.value.code == ErrorCode.BAD_REQUEST and not Seek.objects.exists()


# --- challenges, invites, rematches ----------------------------------------------------------
def test_a_challenge_accepted_starts_the_game(alice, bob) -> None:
    challenge = challenge_create(user=alice, to="BOB", color="black")
    assert challenges_of(bob.pk)["incoming"][0]["id"] == challenge.public_id
    game = challenge_accept(user=bob, challenge_id=challenge.public_id)
    assert (game.white, game.black) == (bob, alice)
    challenge.refresh_from_db()
    assert challenge.state == "accepted" and challenge.game == game


def test_a_challenge_can_be_declined_only_by_its_target(alice, bob, carol) -> None:
    challenge = challenge_create(user=alice, to="bob")
    with pytest.raises(GameError):
        challenge_decline(user=carol, challenge_id=challenge.public_id)
    with pytest.raises(GameError) as info:
        challenge_accept(user=carol, challenge_id=challenge.public_id)
    assert info.value.code == ErrorCode.FORBIDDEN
    challenge_decline(user=bob, challenge_id=challenge.public_id)
    challenge.refresh_from_db()
    assert challenge.state == "declined"
    with pytest.raises(GameError) as info:
        challenge_accept(user=bob, challenge_id=challenge.public_id)
    assert info.value.code == ErrorCode.GONE and not Game.objects.exists()


def test_challenging_nobody_or_yourself_is_refused(alice) -> None:
    with pytest.raises(GameError) as info:
        challenge_create(user=alice, to="nobody")
    assert info.value.code == ErrorCode.NOT_FOUND
    with pytest.raises(GameError):
        challenge_create(user=alice, to="alice")
    assert not Challenge.objects.exists()


def test_an_invite_link_is_accepted_by_whoever_opens_it(alice, carol) -> None:
    invite = challenge_create(user=alice, to=None, color="white")
    game = challenge_accept(user=carol, challenge_id=invite.public_id)
    assert (game.white, game.black) == (alice, carol)


def test_a_rematch_swaps_colours(online_game, alice, bob) -> None:
    with pytest.raises(GameError):  # not before the game ends
        game_rematch(game_id=online_game.public_id, actor=act(alice))
    game_resign(game_id=online_game.public_id, actor=act(bob))
    offer = game_rematch(game_id=online_game.public_id, actor=act(alice))
    error = refused(
        ErrorCode.NOT_ALLOWED, online_game,
        game_rematch, game_id=online_game.public_id, actor=act(alice),
    )  # fmt: skip
    assert error.message == "You already offered a rematch."
    state = game_state(Game.objects.get(pk=online_game.pk))
    assert state["rematch"]["by"] == "white" and state["rematch"]["state"] == "open"
    rematch = challenge_accept(user=bob, challenge_id=offer.public_id)
    assert (rematch.white, rematch.black) == (bob, alice)
    state = game_state(Game.objects.get(pk=online_game.pk))
    assert state["rematch"]["game"] == rematch.public_id


def test_the_opponent_accepts_a_rematch_from_the_game_as_it_was_offered(
    online_game, alice, bob, carol
) -> None:
    # The result banner's button offers a rematch, and on the other player's page it accepts
    # the offer: the same call (the game's socket's "rematch", or POST .../rematch/).
    game_resign(game_id=online_game.public_id, actor=act(alice))
    offer = game_rematch(game_id=online_game.public_id, actor=act(bob))
    refused(
        ErrorCode.NOT_A_PLAYER, online_game,
        game_rematch, game_id=online_game.public_id, actor=act(carol),
    )  # fmt: skip
    accepted = game_rematch(game_id=online_game.public_id, actor=act(alice))
    assert accepted.pk == offer.pk and accepted.state == "accepted"
    rematch = accepted.game
    assert (rematch.white, rematch.black, rematch.status) == (bob, alice, "live")  # swapped
    state = game_state(Game.objects.get(pk=online_game.pk))
    assert state["rematch"] == {
        "by": "black", "challenge": offer.public_id, "state": "accepted",
        "game": rematch.public_id,
    }  # fmt: skip
    refused(  # that offer is taken: a new one would be a third game
        ErrorCode.NOT_ALLOWED, online_game,
        game_rematch, game_id=online_game.public_id, actor=act(bob),
    )  # fmt: skip


def test_a_challenge_made_in_the_lobby_lasts_while_its_challenger_is_there(
    online_game, alice, bob, carol
) -> None:
    # As a seek: a challenger 90 s unseen has left the lobby, and their challenge or invite
    # link is cancelled rather than accepted. A rematch offer is made at the game's table, not
    # in the lobby, and stands.
    challenge = challenge_create(user=carol, to="bob")
    later = challenge.created_at + timedelta(seconds=91)
    with pytest.raises(GameError) as info:
        challenge_accept(user=bob, challenge_id=challenge.public_id, now=later)
    assert info.value.code == ErrorCode.GONE and "left the lobby" in info.value.message
    challenge.refresh_from_db()
    assert challenge.state == "cancelled" and challenge.game is None
    game_resign(game_id=online_game.public_id, actor=act(bob))
    offer = game_rematch(game_id=online_game.public_id, actor=act(alice))
    rematch = challenge_accept(user=bob, challenge_id=offer.public_id, now=later)
    assert (rematch.white, rematch.black) == (bob, alice)


def test_leaving_the_lobby_cancels_ones_challenges_but_not_those_made_to_one(
    online_game, alice, bob, carol
) -> None:
    mine = challenge_create(user=alice, to="bob")
    invite = challenge_create(user=alice, to=None)
    theirs = challenge_create(user=carol, to="alice")
    game_resign(game_id=online_game.public_id, actor=act(bob))
    rematch = game_rematch(game_id=online_game.public_id, actor=act(alice))
    seek_create(user=alice)
    assert lobby_left(user_id=alice.pk) == 3  # the seek, the challenge, the invite
    made = [mine, invite, theirs, rematch]
    states = dict(
        Challenge.objects.filter(pk__in=[c.pk for c in made]).values_list("public_id", "state")
    )
    assert states == {
        mine.public_id: "cancelled",
        invite.public_id: "cancelled",
        theirs.public_id: "open",
        rematch.public_id: "open",
    }
    assert challenges_of(bob.pk)["incoming"] == [
        challenge_payload(Challenge.objects.get(pk=rematch.pk))
    ]


def test_the_sweep_cancels_the_challenges_of_players_who_left_the_lobby(alice, bob) -> None:
    challenge = challenge_create(user=alice, to="bob")
    seek_create(user=bob)
    accounts.services.user_seen(user_id=bob.pk, at=challenge.created_at + timedelta(seconds=80))
    assert sweep(now=challenge.created_at + timedelta(seconds=89))["withdrawn"] == 0
    assert sweep(now=challenge.created_at + timedelta(seconds=91))["withdrawn"] == 1
    challenge.refresh_from_db()
    assert challenge.state == "cancelled" and Seek.objects.count() == 1


# --- pass-and-play ---------------------------------------------------------------------------
def test_pass_and_play_moves_both_sides_and_takes_back(alice) -> None:
    game = game_create_local(actor=act(alice))
    play(game, alice, "e4")
    state = play(game, alice, "e5")
    assert state["ply"] == 2 and state["takeback"] is True
    state = game_takeback(game_id=game.public_id, actor=act(alice))
    assert state["ply"] == 1 and [m["text"] for m in state["moves"]] == ["e4"]
    assert state["fen"].startswith("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b")


def test_a_visitor_plays_pass_and_play_by_session(alice) -> None:
    visitor = Actor(session_key="s" * 32)
    game = game_create_local(actor=visitor)
    state = game_play(game_id=game.public_id, actor=visitor, move=MoveRequest.of(ply=0, text="d4"))
    assert state["moves"][0]["text"] == "d4"
    refused(
        ErrorCode.NOT_A_PLAYER, game,
        submit, game_id=game.public_id, actor=Actor(session_key="x" * 32), ply=1,
        text="d5",
    )  # fmt: skip
    refused(
        ErrorCode.NOT_A_PLAYER,
        game,
        submit,
        game_id=game.public_id,
        actor=act(alice),
        ply=1,
        text="d5",
    )


def test_pass_and_play_from_a_fen_and_a_bad_fen(alice) -> None:
    game = game_create_local(actor=act(alice), fen="4k3/8/8/8/8/8/8/R3K3 w Q - 0 1")
    assert game.initial_fen == "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1"
    with pytest.raises(GameError) as info:
        game_create_local(actor=act(alice), fen="8/8/8/8/8/8/8/8 w - - 0 1")
    assert info.value.code == ErrorCode.BAD_REQUEST and "FEN" in info.value.message
    assert Game.objects.count() == 1


def test_pass_and_play_takeback_reopens_a_mated_game(alice) -> None:
    game = game_create_local(actor=act(alice))
    for text in FOOLS_MATE:
        state = play(game, alice, text)
    assert state["termination"] == "checkmate"
    state = game_takeback(game_id=game.public_id, actor=act(alice))
    assert (state["status"], state["result"], state["ply"]) == ("live", None, 3)


def test_nothing_to_take_back(alice) -> None:
    game = game_create_local(actor=act(alice))
    refused(
        ErrorCode.NOT_ALLOWED,
        game,
        game_takeback,
        game_id=game.public_id,
        actor=act(alice),
    )


def test_a_black_first_position_numbers_turns_right(alice, bob) -> None:
    game = start_game(alice, bob, fen="4k3/8/8/8/8/8/4p3/4K3 b - - 0 1")
    assert game.turn == "black"
    state = game_play(
        game_id=game.public_id, actor=act(bob), move=MoveRequest.of(ply=0, text="Kd7")
    )
    assert state["turn"] == "white"
    assert make_user("dave")  # a fresh user still works after the FEN games
