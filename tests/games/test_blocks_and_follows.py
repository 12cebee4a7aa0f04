"""What blocks and follows do in the games app: two players in a block, either way, are never
paired — no challenge, no seek or invite link accepted, no rematch, the other's seeks not even
listed — and a follower's other pages (``/ws/me/``) hear when a followed player starts a game."""

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from accounts.services import user_token
from community.services import block, follow, unblock
from games.domain.clock import TimeControl
from games.domain.errors import GameError
from games.models import Challenge, Game, Seek
from games.reads.live import live_games
from games.services.core import Actor
from games.services.lobby import (
    challenge_accept,
    challenge_create,
    game_rematch,
    seek_accept,
    seek_create,
)
from games.services.play import game_resign
from tests.factories import make_user
from tests.games.conftest import start_game
from tests.games.test_consumers import connect

pytestmark = pytest.mark.django_db


async def next_of_type(comm, kind: str) -> dict:
    """Returns the next message of a type, skipping the others (a lobby's own lists)."""
    while True:
        message = await comm.receive_json_from(timeout=5)
        if message["type"] == kind:
            return message


def api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client


@pytest.mark.parametrize("blocker", ["challenger", "challenged"])
def test_neither_side_of_a_block_challenges_the_other(alice, bob, blocker) -> None:
    block(user=alice, other=bob) if blocker == "challenger" else block(user=bob, other=alice)
    answer = api(alice).post("/api/challenges/", {"to": "bob"}, format="json")
    assert answer.status_code == 403
    assert answer.json() == {"error": "You cannot challenge bob: one of you blocked the other."}
    assert not Challenge.objects.exists()


def test_a_blocked_player_accepts_neither_a_seek_nor_an_invite_link(alice, bob) -> None:
    seek = seek_create(user=alice)
    link = challenge_create(user=alice, to=None)
    block(user=alice, other=bob)
    with pytest.raises(GameError, match="cannot accept this seek: one of you blocked"):
        seek_accept(user=bob, seek_id=seek.public_id)
    with pytest.raises(GameError, match="cannot accept this challenge: one of you blocked"):
        challenge_accept(user=bob, challenge_id=link.public_id)
    assert Seek.objects.filter(pk=seek.pk).exists()  # still there for anyone else
    assert Challenge.objects.get(pk=link.pk).state == Challenge.State.OPEN
    assert not Game.objects.exists()
    carol = make_user("carol")
    assert seek_accept(user=carol, seek_id=seek.public_id).black_id in (carol.pk, alice.pk)


def test_no_rematch_between_players_who_blocked_each_other_since(alice, bob) -> None:
    game = start_game(alice, bob)
    game_resign(game_id=game.public_id, actor=Actor.of(bob))
    block(user=bob, other=alice)
    with pytest.raises(GameError, match="cannot challenge bob"):
        game_rematch(game_id=game.public_id, actor=Actor.of(alice))


def test_the_seeks_of_players_in_a_block_are_not_listed_to_each_other(alice, bob, carol) -> None:
    seek_create(user=alice)
    seek_create(user=carol)
    block(user=bob, other=alice)
    owners = {seek["owner"] for seek in api(bob).get("/api/seeks/").json()}
    assert owners == {"carol"}
    assert {seek["owner"] for seek in api(carol).get("/api/seeks/").json()} == {"alice", "carol"}
    assert {seek["owner"] for seek in APIClient().get("/api/seeks/").json()} == {
        "alice",
        "carol",
    }


@pytest.mark.django_db(transaction=True)
async def test_the_lobby_socket_leaves_out_a_blocked_players_new_seek(ws, alice, bob) -> None:
    await database_sync_to_async(block)(user=bob, other=alice)
    lobby, first = await connect(ws, "/ws/lobby/", bob)
    assert first == {"type": "seeks", "seeks": []}
    carol = await database_sync_to_async(make_user)("carol")
    await database_sync_to_async(seek_create)(user=alice)
    await database_sync_to_async(seek_create)(user=carol)
    change = await next_of_type(lobby, "seeks_changed")
    assert [seek["owner"] for seek in change["added"]] == ["carol"]


@pytest.mark.django_db(transaction=True)
async def test_a_follower_hears_when_a_followed_player_starts_a_game(ws, alice, bob) -> None:
    carol, dave = await database_sync_to_async(lambda: (make_user("carol"), make_user("dave")))()
    await database_sync_to_async(follow)(user=carol, other=alice)
    me, _ = await connect(ws, "/ws/me/", carol)
    others = await database_sync_to_async(make_user)("erin")
    await database_sync_to_async(start_game)(dave, others)  # nobody carol follows
    game = await database_sync_to_async(start_game)(alice, bob)
    notice = await next_of_type(me, "following_game")
    assert notice == {
        "type": "following_game",
        "game": game.public_id,
        "user": "alice",
        "white": "alice",
        "black": "bob",
        "variant": "chesskers",
    }
    assert await me.receive_nothing(timeout=0.3)


@pytest.mark.django_db(transaction=True)
async def test_an_open_lobby_hides_and_shows_seeks_as_blocks_are_made(ws, alice, bob) -> None:
    await database_sync_to_async(seek_create)(user=alice)
    lobby, first = await connect(ws, "/ws/lobby/", bob)
    assert [seek["owner"] for seek in first["seeks"]] == ["alice"]
    # Blocked from another tab: this socket's list is sent again without alice's seek, and her
    # next seek is left out, without reconnecting.
    await database_sync_to_async(block)(user=bob, other=alice)
    assert (await next_of_type(lobby, "seeks"))["seeks"] == []
    await next_of_type(lobby, "challenges")  # the rest of the lists sent again
    await database_sync_to_async(seek_create)(user=alice, clock=TimeControl(180, 2))
    assert await lobby.receive_nothing(timeout=0.3)
    # Undone: her seeks are listed again.
    await database_sync_to_async(unblock)(user=bob, other=alice)
    assert len((await next_of_type(lobby, "seeks"))["seeks"]) == 2


@pytest.mark.django_db(transaction=True)
async def test_a_follow_made_after_connecting_is_heard_at_once(ws, alice, bob) -> None:
    carol = await database_sync_to_async(make_user)("carol")
    me, _ = await connect(ws, "/ws/me/", carol)
    await database_sync_to_async(follow)(user=carol, other=alice)
    await next_of_type(me, "challenges")  # the socket has read its follows again
    first = await database_sync_to_async(start_game)(alice, bob)
    assert (await next_of_type(me, "following_game"))["game"] == first.public_id
    # Unfollowed (here by a block, which ends follows): nothing more is heard of her games.
    await database_sync_to_async(block)(user=carol, other=alice)
    await next_of_type(me, "challenges")
    dave = await database_sync_to_async(make_user)("dave")
    await database_sync_to_async(start_game)(alice, dave)
    assert await me.receive_nothing(timeout=0.5)


def test_the_watch_list_carries_each_games_control_and_ratings(alice, bob) -> None:
    game = start_game(alice, bob, clock=TimeControl(initial=180, increment=2))
    (listed,) = live_games()
    assert listed["id"] == game.public_id
    assert (listed["speed"], listed["control"], listed["rated"]) == ("blitz", "3+2", True)
    assert listed["ratings"] == {
        "white": {"rating": 1500, "provisional": True},
        "black": {"rating": 1500, "provisional": True},
    }
