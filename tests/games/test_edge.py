"""Input refused at the edge with a 4xx and one sentence, never a 500: text the database cannot
store, JSON nested too deeply, numbers out of range, stray import syntax, and a download name
that must not break its header."""

import json

import pytest
from channels.db import database_sync_to_async
from rest_framework.test import APIClient

from accounts.services import user_token
from common.edge import MAX_JSON_DEPTH
from games.edges.api_archive import attachment
from games.models import Annotation, Game
from tests.games.archive_helpers import FOOLS_MATE, play_out
from tests.games.conftest import start_game
from tests.games.test_consumers import connect, next_of_type

pytestmark = pytest.mark.django_db

NUL = "\x00"
SURROGATE = "\ud800"
NESTED = "[" * 5000 + "]" * 5000


def api(user=None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client


def post_raw(client: APIClient, path: str, text: str):
    """Posts ``text`` as a JSON body exactly as written (surrogate escapes included)."""
    return client.generic("POST", path, text, content_type="application/json")


@pytest.fixture
def finished(alice, bob) -> Game:
    return play_out(start_game(alice, bob), FOOLS_MATE, alice, bob)


@pytest.mark.parametrize(
    "path",
    [
        "/api/games/?player=al%00ice",
        "/api/games/export/?player=al%00ice",
        "/games/?player=al%00ice",
        "/api/games/?player=%00",
        "/api/games/ab%00cd/",
    ],
)
def test_a_nul_in_a_query_or_path_is_400_with_a_sentence(client, path) -> None:
    response = client.get(path)
    assert response.status_code == 400
    assert b"Text may not contain a NUL character." in response.content


def test_a_nul_in_a_cookie_or_token_is_400(alice) -> None:
    cookie = APIClient()
    cookie.cookies["sessionid"] = "abc\x00def"
    assert cookie.get("/api/games/").status_code == 400
    token = APIClient(HTTP_AUTHORIZATION="Token abc\x00def")
    response = token.get("/api/account/")
    assert response.status_code == 400
    assert response.json() == {"error": "Text may not contain a NUL character."}


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ('{"ply": 0, "comment": "a\\u0000b"}', "Text may not contain a NUL character."),
        ('{"ply": 0, "comment": "a\\ud800b"}', "Text must be valid Unicode: it holds a lone"),
        ('{"ply": 0, "comm\\u0000ent": "x"}', "Text may not contain a NUL character."),
        (NESTED, f"JSON may nest at most {MAX_JSON_DEPTH} levels deep."),
        ('{"a":' * 20 + "1" + "}" * 20, f"JSON may nest at most {MAX_JSON_DEPTH} levels deep."),
        ('{"ply": NaN}', "JSON numbers are finite: NaN is not one."),
        ('{"ply": 0', "That is not JSON."),
    ],
)
def test_bad_json_text_on_annotations_is_400_and_changes_nothing(
    finished, alice, body, message
) -> None:
    response = post_raw(api(alice), f"/api/games/{finished.public_id}/annotations/", body)
    assert response.status_code == 400
    assert response.json()["error"].startswith(message)
    assert not Annotation.objects.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/api/auth/signup/",
        "/api/auth/token/",
        "/api/seeks/",
        "/api/challenges/",
        "/api/games/local/",
        "/api/games/bot/",
        "/api/games/import/",
        "/api/games/nosuchgame/moves/",
        "/api/games/nosuchgame/draw/",
        "/api/games/nosuchgame/annotations/",
    ],
)
def test_deep_json_is_400_on_every_post_endpoint(alice, path) -> None:
    response = post_raw(api(alice), path, NESTED)
    assert response.status_code == 400
    assert response.json() == {"error": f"JSON may nest at most {MAX_JSON_DEPTH} levels deep."}


def test_import_text_with_a_nul_from_a_file_is_refused(client, alice) -> None:
    client.force_login(alice)
    response = client.post("/games/import/", {"text": '[White "a\x00b"]'})
    assert response.status_code == 400
    assert b"Text may not contain a NUL character." in response.content


@pytest.mark.parametrize(
    ("fen", "message"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 \u00b2", "plain ASCII"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 " + "9" * 150, "at most 5 digits"),
        ("4k3/8/8/8/8/8/8/4K3 w - - " + "9" * 5000 + " 1", "at most 400 characters"),
    ],
)
def test_a_fen_with_numbers_out_of_range_is_refused(client, fen, message) -> None:
    response = api().post("/api/games/local/", {"fen": fen}, format="json")
    assert response.status_code == 400 and message in response.json()["error"]
    page = client.post("/play/local/", {"fen": fen})
    assert page.status_code == 200 and message.encode() in page.content
    assert not Game.objects.exists()


def test_an_imported_fen_tag_with_thousands_of_digits_is_refused(alice) -> None:
    fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 " + "1" * 50
    text = f'[Variant "Chesskers"]\n[FEN "{fen}"]\n\n1. Kd2 1-0\n'
    response = api(alice).post("/api/games/import/", {"text": text}, format="json")
    assert response.status_code == 400
    assert response.json() == {"error": "Game 1: bad FEN: A number in a FEN has at most 5 digits."}


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("until=9999-12-31", "until is a day from 1900-01-01 to 9999-12-30."),
        ("since=0001-01-01", "since is a day from 1900-01-01 to 9999-12-30."),
        ("min_plies=\u00b2", "min_plies is a whole number, not \u00b2."),
        ("min_plies=" + "9" * 30, "min_plies has at most 6 digits."),
    ],
)
def test_filters_out_of_range_are_400(client, query, message) -> None:
    response = api().get(f"/api/games/?{query}")
    assert response.status_code == 400 and response.json()["error"].startswith(message)
    assert api().get(f"/api/games/export/?{query}").status_code == 400
    assert client.get(f"/games/?{query}").status_code == 400


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("1. e4 }", "Game 1: unexpected '}' after move 1."),
        ("1. e4 ]", "Game 1: unexpected ']' after move 1."),
        ("1. e4 $ 1-0", "Game 1: unexpected '$' after move 1."),
        ("1. e4 $" + "9" * 5000, "Game 1: unexpected '$' after move 1."),
        ('[White "' + "x" * 1000 + '"]\n\n1. e4 1-0', "Game 1: a tag has at most 200"),
        ("1. e4 {" + "c" * 3000 + "} 1-0", "Game 1: a comment has at most 2000"),
    ],
)
def test_import_syntax_errors_are_400_with_the_game_named(alice, text, message) -> None:
    response = api(alice).post("/api/games/import/", {"text": text}, format="json")
    assert response.status_code == 400 and response.json()["error"].startswith(message)
    assert not Game.objects.exists()


def test_the_download_name_cannot_break_its_header() -> None:
    header = attachment("chesskers-a\"; filename*=UTF-8''evil.exe é.pgn")
    assert header == (
        'attachment; filename="chesskers-a___filename__UTF-8__evil.exe__.pgn"; '
        "filename*=UTF-8''chesskers-a%22%3B%20filename%2A%3DUTF-8%27%27evil.exe%20%C3%A9.pgn"
    )
    assert header.count("filename*=") == 1 and header.count('"') == 2


def test_the_bulk_export_of_a_quoted_player_is_one_safe_header(client) -> None:
    response = client.get('/api/games/export/?player=a"b;c')
    assert response.status_code == 200
    assert response["Content-Disposition"] == (
        "attachment; filename=\"chesskers-a_b_c.pgn\"; filename*=UTF-8''chesskers-a%22b%3Bc.pgn"
    )


BAD_SOCKET_MESSAGES = [
    (NESTED[:4000], f"JSON may nest at most {MAX_JSON_DEPTH} levels deep."),
    ('{"type": "move", "move": "e\\u0000", "ply": 0}', "NUL"),
    ('{"type": "move", "move": "e\\udc00", "ply": 0}', "lone surrogate"),
    ('{"type": "move", "move": "e4", "ply": 99999999999999999999}', "a number from 0"),
    ('{"type": "move", "move": "e4", "ply": -1}', "a number from 0"),
    ('{"type": "move", "move": "' + "a" * 400 + '", "ply": 0}', "at most 300 characters"),
    (
        '{"type": "move", "path": ' + json.dumps(["a1"] * 70) + ', "ply": 0}',
        "list of 1 to 64 squares",
    ),
    ('{"type": "ping", "x": Infinity}', "finite"),
]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("raw", "reason"), BAD_SOCKET_MESSAGES)
async def test_a_malformed_socket_message_is_refused_and_the_socket_lives(
    ws, alice, bob, raw, reason
) -> None:
    game = await database_sync_to_async(start_game)(alice, bob)
    white, _ = await connect(ws, f"/ws/games/{game.public_id}/", alice)
    await white.send_to(text_data=raw)
    error = await next_of_type(white, "error")
    assert error["code"] == "bad_request" and reason in error["error"], error
    await white.send_json_to({"type": "sync"})
    state = await next_of_type(white, "state")
    assert state["ply"] == 0 and state["status"] == "live"
