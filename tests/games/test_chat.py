"""A game's chat (docs/api.md "Chat"): the players' room and the spectators', kept apart while
the game is live and both seen once it is over; lines checked, throttled, refused to visitors,
muted players and those who turned chat off; stored with the game; and never delivered to a user
in a block with their writer, either way — over the API and on the game socket (the real ASGI
application, the in-memory channel layer, and Redis with the services)."""

import time

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from accounts.services import preferences_update, user_token
from community.services import block, mute
from games.models import ChatLine
from games.services.core import Actor
from games.services.play import game_create_bot, game_resign
from tests.factories import make_moderator, make_user
from tests.games.conftest import start_game
from tests.games.test_consumers import channel_layer_kind, connect, next_of_type  # noqa: F401

pytestmark = pytest.mark.django_db


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client


def say(user, game, text: str):
    return api(user).post(f"/api/games/{game.public_id}/chat/", {"text": text}, format="json")


def read(user, game) -> list[tuple[str, str, str]]:
    answer = api(user).get(f"/api/games/{game.public_id}/chat/")
    assert answer.status_code == 200
    return [(line["room"], line["user"], line["text"]) for line in answer.json()]


def test_players_and_spectators_talk_in_rooms_apart_until_the_game_is_over(
    alice, bob, carol
) -> None:
    game = start_game(alice, bob)
    assert say(alice, game, "Good luck").status_code == 201
    assert say(carol, game, "  go bob  ").json()["text"] == "go bob"
    assert read(alice, game) == read(bob, game) == [("players", "alice", "Good luck")]
    assert read(carol, game) == read(None, game) == [("spectators", "carol", "go bob")]
    game_resign(game_id=game.public_id, actor=Actor.of(bob))
    everything = [("players", "alice", "Good luck"), ("spectators", "carol", "go bob")]
    assert read(alice, game) == read(carol, game) == read(None, game) == everything


def test_a_line_answers_as_it_is_stored(alice, bob) -> None:
    game = start_game(alice, bob)
    answer = say(bob, game, "Hello <b>there</b> https://example.org")
    line = answer.json()
    assert set(line) == {"room", "user", "text", "at"}
    assert (line["room"], line["user"]) == ("players", "bob")
    stored = ChatLine.objects.get()
    assert (stored.game_id, stored.user_id, stored.text) == (game.pk, bob.pk, line["text"])
    assert line["text"] == "Hello <b>there</b> https://example.org"  # text, never markup


@pytest.mark.parametrize(
    ("text", "refusal"),
    [
        ("", "needs some text"),
        ("   ", "needs some text"),
        ("x" * 141, "at most 140 characters"),
        ("a\x00b", "NUL"),
        ("line\nbreak", "no control characters"),
        ("tab\there", "no control characters"),
        ("\u202eevil", "no control characters"),
        (17, "is text"),
        (None, "is text"),
    ],
)
def test_a_malformed_line_is_refused_with_its_reason(alice, bob, text, refusal) -> None:
    game = start_game(alice, bob)
    answer = say(alice, game, text)
    assert answer.status_code == 400
    assert refusal in answer.json()["error"]
    assert not ChatLine.objects.exists()


def test_140_characters_of_any_script_fit(alice, bob) -> None:
    game = start_game(alice, bob)
    assert say(alice, game, "é" * 140).status_code == 201
    assert say(alice, game, "☃" * 140).status_code == 201


def test_visitors_read_and_never_write(alice, bob) -> None:
    game = start_game(alice, bob)
    answer = say(None, game, "hi")
    assert answer.status_code == 401
    assert answer.json() == {"error": "Sign in to chat: visitors only read."}
    assert not ChatLine.objects.exists()


def test_a_muted_player_is_refused_until_the_mute_ends(alice, bob) -> None:
    moderator = make_moderator()
    game = start_game(alice, bob)
    mute(moderator=moderator, user=bob, hours=2)
    answer = say(bob, game, "hi")
    assert answer.status_code == 403
    assert answer.json()["error"].startswith("A moderator muted your chat until ")
    assert not ChatLine.objects.exists()


def test_a_player_who_turned_chat_off_neither_writes_nor_is_sent_lines(alice, bob) -> None:
    game = start_game(alice, bob)
    preferences_update(user=bob, changes={"chat": False})
    answer = say(bob, game, "hi")
    assert answer.status_code == 400
    assert answer.json() == {"error": "Your chat is off: turn it on in your settings."}


def test_only_online_games_have_a_chat(alice) -> None:
    game = game_create_bot(actor=Actor.of(alice), level=1, color="white")
    answer = say(alice, game, "hi bot")
    assert answer.status_code == 400
    assert answer.json() == {"error": "Only online games have a chat."}
    assert read(alice, game) == []


def test_lines_are_throttled_per_writer(alice, bob, settings, throttle_clock) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "chat_user": "2/60"}
    game = start_game(alice, bob)
    answers = [say(alice, game, f"line {n}") for n in range(3)]
    assert [answer.status_code for answer in answers] == [201, 201, 429]
    assert answers[2].json()["error"].startswith("Too many chat lines: wait ")
    assert ChatLine.objects.count() == 2
    assert say(bob, game, "mine are counted apart").status_code == 201


def test_the_lines_of_a_user_in_a_block_are_left_out_either_way(alice, bob, carol) -> None:
    game = start_game(alice, bob)
    dave = make_user("dave")
    say(carol, game, "from carol")
    say(dave, game, "from dave")
    block(user=carol, other=dave)
    assert read(carol, game) == [("spectators", "carol", "from carol")]
    assert read(dave, game) == [("spectators", "dave", "from dave")]
    assert read(None, game) == [
        ("spectators", "carol", "from carol"),
        ("spectators", "dave", "from dave"),
    ]


def test_an_unknown_game_has_no_chat(alice) -> None:
    assert api(alice).get("/api/games/nosuchid/chat/").status_code == 404
    assert say(alice, type("G", (), {"public_id": "nosuchid"}), "hi").status_code == 404


# --- on the game socket ----------------------------------------------------------------------
async def chat_of(comm) -> dict:
    return await next_of_type(comm, "chat")


async def no_chat_within(comm, timeout: float) -> None:
    """Asserts that no chat line reaches ``comm`` within ``timeout`` seconds; presence updates
    (another socket arriving, which a busy machine may tell late) are let by. (A receive that
    times out would cancel the consumer: ``receive_nothing`` only looks.)"""
    deadline = time.monotonic() + timeout
    while not await comm.receive_nothing(timeout=max(0.0, deadline - time.monotonic())):
        message = await comm.receive_json_from()
        assert message["type"] == "presence", message


@pytest.mark.django_db(transaction=True)
async def test_lines_reach_their_rooms_sockets_only_and_every_socket_once_over(
    ws,
    alice,
    bob,
    carol,
    channel_layer_kind,  # noqa: F811
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    white, _ = await connect(ws, path, alice)
    black, _ = await connect(ws, path, bob)
    spectator, _ = await connect(ws, path, carol)
    visitor, _ = await connect(ws, path)

    await white.send_json_to({"type": "chat", "text": "Good luck"})
    for comm in (white, black):
        line = await chat_of(comm)
        assert (line["room"], line["user"], line["text"]) == ("players", "alice", "Good luck")
        assert line["at"]
    await spectator.send_json_to({"type": "chat", "text": "nice opening"})
    for comm in (spectator, visitor):
        line = await chat_of(comm)
        assert (line["room"], line["user"]) == ("spectators", "carol")
    for comm in (white, black):  # the players heard nothing of the spectators
        await no_chat_within(comm, 0.3)
    for comm in (spectator, visitor):  # nor the spectators the same line twice
        await no_chat_within(comm, 0.1)

    await database_sync_to_async(game_resign)(game_id=game.public_id, actor=Actor.of(bob))
    for comm in (white, black, spectator, visitor):
        await next_of_type(comm, "state")
    await spectator.send_json_to({"type": "chat", "text": "well played"})
    await black.send_json_to({"type": "chat", "text": "Good game"})
    for comm in (white, black, spectator, visitor):
        texts = {(await chat_of(comm))["text"], (await chat_of(comm))["text"]}
        assert texts == {"well played", "Good game"}


@pytest.mark.django_db(transaction=True)
async def test_a_blocked_writers_lines_never_reach_the_blocker_nor_the_other_way(
    ws,
    alice,
    bob,
    carol,
    channel_layer_kind,  # noqa: F811
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    dave = await database_sync_to_async(make_user)("dave")
    await database_sync_to_async(block)(user=carol, other=dave)
    path = f"/ws/games/{game.public_id}/"
    carols, _ = await connect(ws, path, carol)
    daves, _ = await connect(ws, path, dave)
    visitor, _ = await connect(ws, path)
    await daves.send_json_to({"type": "chat", "text": "from dave"})
    assert (await chat_of(daves))["text"] == "from dave"
    assert (await chat_of(visitor))["text"] == "from dave"
    await carols.send_json_to({"type": "chat", "text": "from carol"})
    assert (await chat_of(carols))["text"] == "from carol"
    assert (await chat_of(visitor))["text"] == "from carol"
    # Neither heard the other: the next line each hears is one of their own.
    await daves.send_json_to({"type": "chat", "text": "dave again"})
    assert (await chat_of(daves))["text"] == "dave again"
    await carols.send_json_to({"type": "chat", "text": "carol again"})
    assert (await chat_of(carols))["text"] == "carol again"


@pytest.mark.django_db(transaction=True)
async def test_a_socket_is_sent_the_lines_it_may_read_on_connect(ws, alice, bob, carol) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    await database_sync_to_async(say)(alice, game, "players only")
    await database_sync_to_async(say)(carol, game, "spectators only")
    path = f"/ws/games/{game.public_id}/"
    black, _ = await connect(ws, path, bob)
    history = await next_of_type(black, "chat_history")
    assert [line["text"] for line in history["lines"]] == ["players only"]
    visitor, _ = await connect(ws, path)
    history = await next_of_type(visitor, "chat_history")
    assert [line["text"] for line in history["lines"]] == ["spectators only"]


@pytest.mark.django_db(transaction=True)
async def test_a_refused_line_is_answered_about_the_chat(ws, alice, bob) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    path = f"/ws/games/{game.public_id}/"
    visitor, _ = await connect(ws, path)
    await visitor.send_json_to({"type": "chat", "text": "hi"})
    error = await next_of_type(visitor, "error")
    assert error == {
        "type": "error",
        "code": "unauthenticated",
        "error": "Sign in to chat: visitors only read.",
        "about": "chat",
    }
    white, _ = await connect(ws, path, alice)
    await white.send_json_to({"type": "chat", "text": "x" * 141})
    error = await next_of_type(white, "error")
    assert (error["code"], error["about"]) == ("bad_request", "chat")
    assert not await database_sync_to_async(ChatLine.objects.exists)()
