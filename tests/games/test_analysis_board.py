"""The analysis board's HTTP side (issue #38): in every game, a position's legal moves and a move
played from it come from the server (``/api/analysis/``), refusals say why; the pages open any
game's start or a FEN, and a finished game with its side lines — but a live game's board is
refused to everyone, its players included, and its page offers no analysis."""

import json

import pytest
from rest_framework.test import APIClient

from engine import variants
from games.storage.positions import legal_moves_of_fen
from tests.games.archive_helpers import finished_game, play_out
from tests.games.conftest import start_game
from tests.games.test_archive import api

pytestmark = pytest.mark.django_db

GAMES = list(variants.VARIANTS.values())
IDS = [variant.id for variant in GAMES]


def page_data(response) -> dict:
    text = response.content.decode()
    start = text.index('<script id="page-data" type="application/json">') + len(
        '<script id="page-data" type="application/json">'
    )
    return json.loads(text[start : text.index("</script>", start)])


@pytest.mark.parametrize("variant", GAMES, ids=IDS)
def test_every_games_start_and_a_move_from_it_come_from_the_server(variant) -> None:
    client = APIClient()
    start = client.get("/api/analysis/position/", {"variant": variant.id}).json()
    assert start["fen"] == variant.new_game().fen() and start["outcome"] is None
    # Black moves first in a few games (Cheskers, Hawaiian, the checkers of PDN's numbering).
    assert start["turn"] == ("white" if variant.start_position().side == 1 else "black")
    legal = legal_moves_of_fen(start["fen"], variant.id)
    first = legal[0]
    body = {"variant": variant.id, "fen": start["fen"], "path": first["path"]}
    if first["promotion"]:
        body["promotion"] = first["promotion"]
    played = client.post("/api/analysis/play/", body, format="json")
    assert played.status_code == 200, played.json()
    game = variant.new_game(start["fen"])
    game.push_text(first["text"])
    assert played.json()["move"]["text"] == first["text"]
    assert played.json()["position"]["fen"] == game.fen()


def test_a_position_where_the_game_is_over_is_shown_with_its_end_and_no_moves() -> None:
    mated = "6k1/6Q1/6K1/8/8/8/8/8 b - - 0 1"
    answer = APIClient().get("/api/analysis/position/", {"fen": mated}).json()
    assert answer["outcome"] == {"result": "1-0", "reason": "checkmate"}
    assert answer["legal_tree"] == {} and answer["check"] == "g8" and answer["turn"] == "black"
    refused = APIClient().post("/api/analysis/play/", {"fen": mated, "move": "Kh8"}, format="json")
    assert refused.status_code == 410
    assert refused.json() == {"error": "The game is over in this position."}


@pytest.mark.parametrize(
    "body, status, says",
    [
        ({"move": "e5"}, 400, "illegal"),
        ({"move": "Zz"}, 400, ""),
        ({"fen": "nonsense", "move": "e4"}, 400, "Bad FEN"),
        ({"variant": "chess960", "move": "e4"}, 400, "Unknown game"),
        ({}, 400, "A move needs its text or its path."),
    ],
)
def test_a_move_the_engine_refuses_gets_a_sentence(body, status, says) -> None:
    response = APIClient().post("/api/analysis/play/", body, format="json")
    assert response.status_code == status
    error = response.json()["error"]
    assert says.lower() in error.lower() and error.endswith(".")


def test_the_free_board_opens_a_games_start_and_a_fen_with_underscores(client) -> None:
    assert page_data(client.get("/analysis/"))["start"]["fen"] == variants.DEFAULT.start_fen
    dameo = page_data(client.get("/analysis/dameo/"))
    assert dameo["variant_id"] == "dameo" and dameo["start"]["fen"].startswith("W:")
    fen = "6k1/p4ppp/8/p7/8/p7/8/R6K w - - 0 1"
    opened = page_data(client.get(f"/analysis/chesskers/{fen.replace(' ', '_')}"))
    assert opened["start"]["fen"] == fen and opened["error"] is None
    refused = page_data(client.get("/analysis/chesskers/not_a_fen"))
    assert refused["start"]["fen"] == variants.DEFAULT.start_fen
    assert refused["error"].startswith("Bad FEN")


def test_a_finished_games_board_has_its_moves_and_side_lines(client, alice, bob) -> None:
    game = finished_game(alice, bob, ["f3", "e5", "g4", "Qh4#"])
    api(alice).post(
        f"/api/games/{game.public_id}/annotations/", {"ply": 2, "moves": ["g3"]}, format="json"
    )
    client.force_login(alice)
    data = page_data(client.get(f"/analysis/{game.public_id}/"))
    assert [move["text"] for move in data["moves"]] == ["f3", "e5", "g4", "Qh4#"]
    assert [line["moves"][0]["move"] for line in data["side_lines"]] == ["g3"]
    assert data["game"]["can_annotate"] is True
    page = client.get(f"/game/{game.public_id}/").content.decode()
    assert f'href="/analysis/{game.public_id}/"' in page


def test_a_live_games_board_is_refused_to_everyone_and_its_page_offers_none(
    client, alice, bob, carol
) -> None:
    game = play_out(start_game(alice, bob), ["e4"], alice, bob)
    for user in (alice, bob, carol, None):
        if user is not None:
            client.force_login(user)
        else:
            client.logout()
        refused = client.get(f"/analysis/{game.public_id}/")
        assert refused.status_code == 403
        assert "still being played" in refused.content.decode()
        page = client.get(f"/game/{game.public_id}/").content.decode()
        assert "/analysis/" not in page


def test_an_unknown_games_board_is_not_found(client) -> None:
    assert client.get("/analysis/nosuchid/").status_code == 404


def test_the_archive_and_pass_and_play_lead_to_the_board(client, alice, bob) -> None:
    game = finished_game(alice, bob, ["f3", "e5", "g4", "Qh4#"])
    archive = client.get("/games/").content.decode()
    assert f'href="/analysis/{game.public_id}/"' in archive
    assert 'href="/analysis/"' in client.get("/play/local/").content.decode()
