"""What a game added by one declaration gets from the site, checked in a copy of the repository
whose engine declares one more game (``tests/site/test_adding_a_game.py`` makes the copy and runs
this module there; it is not collected by the suite itself, which has no such game).

The game is the registry's ``NEW_GAME``: listed and served on every page that offers games,
given a rules page, played online, exported and imported, played by the bot and on one board.
"""

import os
import time

import pytest
from rest_framework.test import APIClient

from accounts.services import user_token
from engine import variants
from games.models import Game
from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)

NEW_GAME = os.environ.get("NEW_GAME", "")


@pytest.fixture
def new_game():
    if NEW_GAME not in variants.VARIANTS:
        pytest.fail(f"the registry has no game {NEW_GAME!r}: run through test_adding_a_game.py")
    return variants.get(NEW_GAME)


def api_of(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client


def test_it_is_listed_and_served_on_every_page_that_offers_games(client, new_game) -> None:
    for url in ("/", "/play/", "/play/bot/", "/play/local/", "/games/", "/watch/"):
        response = client.get(url)
        assert response.status_code == 200, url
        if url != "/watch/":
            assert new_game.name in response.content.decode(), url
    rules = client.get(f"/rules/{new_game.id}/")
    assert rules.status_code == 200
    assert f"The rules of {new_game.name}</h1>" in rules.content.decode()
    home = client.get("/").content.decode()  # the gallery's count is the registry's
    assert f"Chesskers and {len(variants.VARIANTS) - 1} games around it" in home
    rules_of_chesskers = client.get("/rules/").content.decode()
    assert f"one of the {len(variants.VARIANTS)} games played here" in rules_of_chesskers
    editor = client.get(f"/editor/{new_game.id}/")
    assert editor.status_code == 200 and new_game.name in editor.content.decode()
    listed = {game["id"] for game in client.get("/api/variants/").json()}
    assert new_game.id in listed
    assert client.get(f"/games/?variant={new_game.id}").status_code == 200


def test_it_is_played_online_then_exported_and_imported_back(new_game) -> None:
    alice, bob, carol = make_user("alice"), make_user("bob"), make_user("carol")
    challenged = api_of(alice).post(
        "/api/challenges/", {"to": "bob", "color": "white", "variant": new_game.id}, format="json"
    )
    assert challenged.status_code == 201, challenged.json()
    game_id = api_of(bob).post(f"/api/challenges/{challenged.json()['id']}/accept/").json()["game"]
    players = {"white": api_of(alice), "black": api_of(bob)}
    state = players["white"].get(f"/api/games/{game_id}/").json()
    assert state["variant"] == new_game.id
    for ply in range(6):
        move = state["legal_moves"][0]["text"]
        answer = players[state["turn"]].post(
            f"/api/games/{game_id}/moves/", {"move": move, "ply": ply}, format="json"
        )
        assert answer.status_code == 201, answer.json()
        state = answer.json()
    players[state["turn"]].post(f"/api/games/{game_id}/resign/")
    exported = api_of(alice).get(f"/api/games/{game_id}/export/").content.decode()
    assert f'[Variant "{new_game.name}"]' in exported
    imported = api_of(carol).post("/api/games/import/", {"text": exported}, format="json")
    assert imported.status_code == 201, imported.json()
    copy = Game.objects.get(public_id=imported.json()["id"])
    original = Game.objects.get(public_id=game_id)
    assert copy.variant == new_game.id
    assert list(copy.moves.values_list("text", flat=True)) == list(
        original.moves.values_list("text", flat=True)
    )


def test_the_bot_plays_it(new_game) -> None:
    human = api_of(make_user("dave"))
    started = human.post(
        "/api/games/bot/", {"level": 2, "color": "white", "variant": new_game.id}, format="json"
    )
    assert started.status_code == 201, started.json()
    state = started.json()
    game_id = state["id"]
    if state["turn"] == "white":  # the human opens
        move = state["legal_moves"][0]["text"]
        human.post(f"/api/games/{game_id}/moves/", {"move": move, "ply": 0}, format="json")
    replied = 2 if state["turn"] == "white" else 1
    deadline = time.monotonic() + 60
    while state["ply"] < replied and time.monotonic() < deadline:
        time.sleep(0.2)
        state = human.get(f"/api/games/{game_id}/").json()
    assert state["ply"] == replied and state["moves"][-1]["text"]


def test_it_is_played_on_one_board(new_game) -> None:
    visitor = APIClient()
    created = visitor.post("/api/games/local/", {"variant": new_game.id}, format="json")
    assert created.status_code == 201, created.json()
    state = created.json()
    move = state["legal_moves"][0]["text"]
    answer = visitor.post(
        f"/api/games/{state['id']}/moves/", {"move": move, "ply": 0}, format="json"
    )
    assert answer.status_code == 201 and answer.json()["ply"] == 1
