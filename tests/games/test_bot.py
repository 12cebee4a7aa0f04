"""Bot games: the bot answers through the same service as a human, from a worker process, and
a thinking bot never blocks anybody else."""

import time

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import BotGameRequest, MoveRequest
from games.models import Game, GameMove
from games.reads.state import game_state
from games.services import bot_runner
from games.services.core import Actor
from games.services.play import game_takeback
from games.services.round import game_play, play_bot, start_bot_game
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 120  # seconds: generous, the test only waits this long when something is broken


def wait_for_ply(game: Game, ply: int) -> Game:
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        game.refresh_from_db()
        if game.ply >= ply:
            return game
        time.sleep(0.05)
    raise AssertionError(f"the bot never reached ply {ply} (game at {game.ply})")


def test_the_bot_opens_when_it_plays_white(alice) -> None:
    game = start_bot_game(actor=Actor.of(alice), level=1, color="black")
    assert (game.human_color, game.black, game.white) == ("black", alice, None)
    game = wait_for_ply(game, 1)
    move = GameMove.objects.get(game=game)
    assert move.ply == 0 and move.fen_after == game.fen
    state = game_state(game)
    assert state["white"] == "Bot (level 1)" and state["black"] == "alice"
    assert state["bot_thinking"] is False and state["turn"] == "black"


def test_the_bot_answers_and_takeback_returns_to_your_last_turn(alice) -> None:
    game = start_bot_game(actor=Actor.of(alice), level=2, color="white")
    game_play(game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    game = wait_for_ply(game, 2)
    game_play(game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=2, text="d4"))
    game = wait_for_ply(game, 4)
    state = game_takeback(game_id=game.public_id, actor=Actor.of(alice))
    assert state["ply"] == 2 and state["turn"] == "white"  # your move d4 and the reply undone
    assert state["moves"][0]["text"] == "e4"
    state = game_takeback(game_id=game.public_id, actor=Actor.of(alice))
    assert state["ply"] == 0 and state["moves"] == []
    with pytest.raises(GameError) as info:
        game_takeback(game_id=game.public_id, actor=Actor.of(alice))
    assert info.value.code == ErrorCode.NOT_ALLOWED


def test_you_cannot_move_for_the_bot(alice) -> None:
    game = start_bot_game(actor=Actor.of(alice), level=8, color="black")
    with pytest.raises(GameError) as info:
        game_play(
            game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4")
        )
    assert info.value.code == ErrorCode.NOT_YOUR_TURN
    wait_for_ply(game, 1)


def test_a_bot_move_for_a_position_taken_back_is_dropped(alice) -> None:
    game = start_bot_game(actor=Actor.of(alice), level=8, color="white")
    game_play(game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    # The bot is thinking (two seconds at level 8); take the move back meanwhile.
    state = game_takeback(game_id=game.public_id, actor=Actor.of(alice))
    assert state["ply"] == 0
    with pytest.raises(GameError) as info:
        play_bot(game_id=game.public_id, ply=1, move="e7-e5")
    assert info.value.code == ErrorCode.NOT_YOUR_TURN
    # The stale search finishes and its move is handed over (and dropped): then it must not
    # have landed.
    deadline = time.monotonic() + WAIT
    while bot_runner.thinking(game.public_id, 1):
        assert time.monotonic() < deadline, "the stale search never finished"
        time.sleep(0.05)
    game.refresh_from_db()
    assert game.ply == 0 and not GameMove.objects.filter(game=game).exists()


def test_bad_levels_and_colours_are_refused(alice) -> None:
    for level, color in ((0, "white"), (9, "white"), ("3", "white"), (3, "green")):
        with pytest.raises(GameError) as info:
            BotGameRequest.of(level=level, color=color)
        assert info.value.code == ErrorCode.BAD_REQUEST
    assert not Game.objects.exists()


def test_a_visitor_plays_the_bot_over_the_api() -> None:
    visitor = APIClient()
    response = visitor.post("/api/games/bot/", {"level": 1, "color": "white"}, format="json")
    assert response.status_code == 201
    gid = response.json()["id"]
    assert response.json()["black"] == "Bot (level 1)"
    assert (
        visitor.post(
            f"/api/games/{gid}/moves/", {"move": "Nf3", "ply": 0}, format="json"
        ).status_code
        == 201
    )
    wait_for_ply(Game.objects.get(public_id=gid), 2)
    assert APIClient().post(f"/api/games/{gid}/takeback/").status_code == 403
    assert visitor.post(f"/api/games/{gid}/takeback/").json()["ply"] == 0


def test_the_bot_page_starts_a_game(client) -> None:
    response = client.post("/play/bot/", {"level": "4", "color": "white"})
    game = Game.objects.get()
    assert response.url == f"/game/{game.public_id}/"
    assert (game.mode, game.bot_level, game.human_color) == ("bot", 4, "white")
    bad = client.post("/play/bot/", {"level": "nine", "color": "white"})
    assert "level is a number from 1 to 8" in bad.content.decode()


async def test_a_sync_in_another_game_is_answered_while_the_bot_thinks(
    ws, alice, bob, carol
) -> None:
    other = await database_sync_to_async(start_game)(alice, bob)
    comm = await ws(f"/ws/games/{other.public_id}/", carol)
    assert (await comm.connect())[0]
    await comm.receive_json_from(timeout=10)
    # Level 8 thinks about two seconds for its first move, in a worker process.
    bot_game = await database_sync_to_async(start_bot_game)(
        actor=Actor.of(carol), level=8, color="black"
    )
    await comm.send_json_to({"type": "sync"})
    state = await comm.receive_json_from(timeout=10)
    assert state["type"] == "state" and state["id"] == other.public_id
    await database_sync_to_async(bot_game.refresh_from_db)()
    assert bot_game.ply == 0, "the bot had already moved: the sync was not answered meanwhile"
    assert (await database_sync_to_async(wait_for_ply)(bot_game, 1)).ply == 1
