"""The game pages render for players, spectators and visitors, with their page data."""

import json

import pytest
from django.test import Client

from games.models import Game
from games.services.core import Actor
from games.services.lobby import challenge_create, seek_create
from games.services.play import game_draw, game_resign
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def page_data(response) -> dict:
    content = response.content.decode()
    start = content.index('<script id="page-data" type="application/json">') + len(
        '<script id="page-data" type="application/json">'
    )
    return json.loads(content[start : content.index("</script>", start)])


def test_the_game_page_knows_the_viewers_side(alice, bob, carol) -> None:
    game = start_game(alice, bob)
    for user, color in ((alice, "white"), (bob, "black"), (carol, None), (None, None)):
        client = Client()
        if user:
            client.force_login(user)
        response = client.get(f"/game/{game.public_id}/")
        assert response.status_code == 200
        data = page_data(response)
        assert data["viewer"]["color"] == color
        assert data["viewer"]["both_sides"] is False
        assert data["state"]["id"] == game.public_id
        assert data["ws_url"] == f"/ws/games/{game.public_id}/"


def test_an_unknown_game_page_is_404(client: Client) -> None:
    assert client.get("/game/nothing/").status_code == 404


def test_pass_and_play_starts_for_a_visitor_and_survives_a_reload(client: Client) -> None:
    response = client.post("/play/local/", {"fen": ""})
    assert response.status_code == 302
    game = Game.objects.get()
    assert response.url == f"/game/{game.public_id}/"
    data = page_data(client.get(response.url))
    assert data["viewer"]["both_sides"] is True and data["viewer"]["color"] == "white"
    listing = client.get("/play/local/").content.decode()
    assert f"/game/{game.public_id}/" in listing


def test_pass_and_play_with_a_bad_fen_shows_why(client: Client) -> None:
    response = client.post("/play/local/", {"fen": "nonsense"})
    assert response.status_code == 200
    assert "Bad FEN" in response.content.decode()
    assert not Game.objects.exists()


def test_the_lobby_embeds_the_open_seeks(client: Client, alice) -> None:

    seek_create(user=alice, color="black")
    data = page_data(client.get("/play/"))
    assert [(s["owner"], s["color"]) for s in data["seeks"]] == [("alice", "black")]
    assert data["username"] is None


def test_an_invite_page_accepts_for_a_signed_in_visitor(client: Client, alice, carol) -> None:

    invite = challenge_create(user=alice, to=None, color="white")
    anonymous = client.get(f"/invite/{invite.public_id}/").content.decode()
    assert "Log in to accept" in anonymous
    client.force_login(carol)
    assert "Accept and play" in client.get(f"/invite/{invite.public_id}/").content.decode()
    response = client.post(f"/invite/{invite.public_id}/accept/")
    game = Game.objects.get()
    assert response.url == f"/game/{game.public_id}/" and game.black == carol
    # The link now leads its players to the game.
    assert client.get(f"/invite/{invite.public_id}/").url == f"/game/{game.public_id}/"


def test_the_watch_page_lists_live_games(client: Client, alice, bob) -> None:
    game = start_game(alice, bob)
    data = page_data(client.get("/watch/"))
    assert [(g["id"], g["white"], g["black"], g["variant"]) for g in data["games"]] == [
        (game.public_id, "alice", "bob", "chesskers")
    ]
    assert data["variants"]["chesskers"] == "Chesskers"


def test_profile_counts_finished_games(client: Client, alice, bob, carol) -> None:

    for white, black, loser in ((alice, bob, bob), (carol, alice, alice), (alice, carol, None)):
        game = start_game(white, black)
        if loser:
            game_resign(game_id=game.public_id, actor=Actor.of(loser))
        else:
            game_draw(game_id=game.public_id, actor=Actor.of(white), action="offer")
            game_draw(game_id=game.public_id, actor=Actor.of(black), action="accept")
    start_game(alice, bob)  # live: not counted
    stats = client.get("/@/alice").context["stats"]
    assert (stats.games_played, stats.wins, stats.draws, stats.losses) == (3, 1, 1, 1)
    api = client.get("/api/users/alice/").json()
    assert (api["games_played"], api["wins"], api["draws"], api["losses"]) == (3, 1, 1, 1)


def test_the_lobby_lists_a_signed_in_players_games_in_progress(client: Client, alice, bob) -> None:
    game = start_game(alice, bob)
    client.force_login(alice)
    response = client.get("/play/")
    assert response.status_code == 200
    assert [g.public_id for g in response.context["my_games"]] == [game.public_id]
    assert page_data(response)["username"] == "alice"


def test_the_lobby_forms_are_rated_unless_unticked(client: Client, alice) -> None:
    client.force_login(alice)
    content = client.get("/play/").content.decode()
    assert 'id="seek-rated" checked' in content
    assert '<input type="checkbox" name="rated" checked data-testid="challenge-rated">' in content


def embedded(response, element_id: str) -> dict:
    """Returns the JSON a page embeds with ``json_script`` under ``element_id``."""
    content = response.content.decode()
    opening = f'<script id="{element_id}" type="application/json">'
    start = content.index(opening) + len(opening)
    return json.loads(content[start : content.index("</script>", start)])


def test_every_page_gives_its_scripts_the_sites_timing_policy(alice, bob) -> None:
    # The pages' sockets ping as often as the server expects (games/domain/policy.py), from one
    # figure.
    game = start_game(alice, bob)
    expected = {"ping_every_ms": 20_000, "stale_after_ms": 90_000, "abandon_after_ms": 600_000}
    for url in ("/", "/play/", f"/game/{game.public_id}/", "/watch/", "/players/"):
        assert embedded(Client().get(url), "site-policy") == expected, url
