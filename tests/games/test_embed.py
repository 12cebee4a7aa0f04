"""A game framed by another site (``/embed/<id>/``): every game's moves and positions for the
page to step through, a frame any site may hold (its own policy, no X-Frame-Options) while every
other page stays unframeable, colours chosen in the address, and the snippet a game's page
offers to copy."""

import html
import json
import re

import pytest
from django.test import Client

from engine.variants import VARIANTS
from games.models import Game
from games.services.core import Actor
from games.services.play import game_create_local, game_resign
from tests.factories import api_client
from tests.games.conftest import start_game
from tests.games.test_challenge_from_position import position_after

pytestmark = pytest.mark.django_db


def embed_data(response) -> dict:
    found = re.search(
        r'<script id="embed-data" type="application/json">(.*?)</script>', response.content.decode()
    )
    return json.loads(html.unescape(found.group(1)))


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_games_moves_and_positions_are_framed(variant_id, alice) -> None:
    game = game_create_local(actor=Actor.of(alice), variant=variant_id)
    client = api_client(alice)
    fen = game.initial_fen
    played = []
    for _ in range(4):
        legal = client.get(f"/api/games/{game.public_id}/").json()["legal_moves"]
        if not legal:
            break
        move = legal[0]
        state = client.post(
            f"/api/games/{game.public_id}/moves/",
            {"path": move["path"], "ply": len(played)},
            format="json",
        ).json()
        played.append((state["moves"][-1]["text"], state["fen"], move["path"]))
    response = Client().get(f"/embed/{game.public_id}/")
    assert response.status_code == 200
    data = embed_data(response)
    assert data["id"] == game.public_id and data["initial_fen"] == fen
    assert data["variant"]["id"] == variant_id
    assert [(m["text"], m["fen"], m["path"]) for m in data["moves"]] == played


def test_the_embed_is_the_one_page_another_site_may_frame(alice, bob) -> None:
    game = start_game(alice, bob)
    game_resign(game_id=game.public_id, actor=Actor.of(bob))
    framed = Client().get(f"/embed/{game.public_id}/")
    assert "X-Frame-Options" not in framed.headers
    policy = framed.headers["Content-Security-Policy"]
    assert "frame-ancestors *" in policy and "frame-ancestors 'none'" not in policy
    assert "script-src 'self'" in policy  # the rest of the policy holds
    page = Client().get(f"/game/{game.public_id}/")
    assert page.headers["X-Frame-Options"] == "DENY"
    assert "frame-ancestors 'none'" in page.headers["Content-Security-Policy"]
    text = html.unescape(framed.content.decode())
    assert "alice \u2013 bob" in text and "1-0" in text
    assert f'href="http://testserver/game/{game.public_id}/" target="_blank"' in text
    assert 'data-testid="embed-variant">Chesskers</span>' in text and "Open on Chesskers" in text
    assert Client().get("/embed/nosuchgame/").status_code == 404


def test_colours_are_chosen_in_the_address_and_unknown_ones_ignored(alice, bob) -> None:
    game = start_game(alice, bob)
    dark = Client().get(f"/embed/{game.public_id}/", {"theme": "dark", "board": "blue"})
    assert '<html lang="en" data-theme="dark" data-board="blue"' in dark.content.decode()
    odd = Client().get(f"/embed/{game.public_id}/", {"theme": "<b>", "board": "plaid"})
    assert '<html lang="en" data-theme="system" data-board="brown"' in odd.content.decode()
    assert "Live" in dark.content.decode()  # a live game, as it stood


def test_a_game_page_offers_the_snippet_to_copy(alice, bob) -> None:
    game = start_game(alice, bob, variant="international", fen=position_after("international"))
    game_resign(game_id=game.public_id, actor=Actor.of(bob))
    page = html.unescape(Client().get(f"/game/{game.public_id}/").content.decode())
    url = f"http://testserver/embed/{game.public_id}/"
    assert f'<iframe src="{url}" width="400" height="520" title="Chesskers"' in page
    assert Game.objects.get(pk=game.pk).status == "finished"
