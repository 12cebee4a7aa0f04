"""The games REST API: status codes, the error shape, token and session auth."""

import pytest
from rest_framework.test import APIClient

from accounts.services import user_token
from games.models import Game, GameMove, Seek
from tests.games.conftest import FOOLS_MATE, start_game

pytestmark = pytest.mark.django_db


def client_for(user=None, *, session: bool = False) -> APIClient:
    client = APIClient()
    if user is not None and session:
        client.force_login(user)
    elif user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client


def test_seek_create_list_accept_over_the_api(alice, bob) -> None:
    created = client_for(alice).post("/api/seeks/", {"color": "white"}, format="json")
    assert created.status_code == 201
    seek = created.json()
    assert (seek["owner"], seek["color"]) == ("alice", "white")
    assert [s["id"] for s in client_for().get("/api/seeks/").json()] == [seek["id"]]
    own = client_for(alice).post(f"/api/seeks/{seek['id']}/accept/")
    assert own.status_code == 400 and own.json() == {"error": "You cannot accept your own seek."}
    accepted = client_for(bob).post(f"/api/seeks/{seek['id']}/accept/")
    assert accepted.status_code == 201
    game = Game.objects.get(public_id=accepted.json()["game"])
    assert (game.white, game.black) == (alice, bob)
    gone = client_for(bob).post(f"/api/seeks/{seek['id']}/accept/")
    assert gone.status_code == 410 and "gone" in gone.json()["error"]


def test_seek_cancel_owner_only(alice, bob) -> None:
    seek = client_for(alice).post("/api/seeks/", {"color": "random"}, format="json").json()
    forbidden = client_for(bob).delete(f"/api/seeks/{seek['id']}/")
    assert forbidden.status_code == 403 and Seek.objects.count() == 1
    assert client_for(alice).delete(f"/api/seeks/{seek['id']}/").status_code == 204
    assert not Seek.objects.exists()


def test_seeking_needs_an_account() -> None:
    response = client_for().post("/api/seeks/", {"color": "white"}, format="json")
    assert response.status_code in (401, 403) and "error" in response.json()


def test_fourth_seek_is_400(alice) -> None:
    client = client_for(alice)
    for color in ("white", "black", "random"):
        assert client.post("/api/seeks/", {"color": color}, format="json").status_code == 201
    response = client.post("/api/seeks/", {"color": "random", "rated": False}, format="json")
    assert response.status_code == 400 and "3 open seeks" in response.json()["error"]


def test_challenge_accept_and_decline(alice, bob) -> None:
    made = client_for(alice).post(
        "/api/challenges/", {"to": "bob", "color": "black"}, format="json"
    )
    assert made.status_code == 201 and made.json()["to"] == "bob"
    assert client_for(bob).get("/api/challenges/").json()["incoming"][0]["id"] == made.json()["id"]
    accepted = client_for(bob).post(f"/api/challenges/{made.json()['id']}/accept/")
    assert accepted.status_code == 201
    game = Game.objects.get(public_id=accepted.json()["game"])
    assert (game.white, game.black) == (bob, alice)
    other = client_for(alice).post("/api/challenges/", {"to": "bob"}, format="json").json()
    declined = client_for(bob).post(f"/api/challenges/{other['id']}/decline/")
    assert declined.status_code == 200 and declined.json()["state"] == "declined"


def test_an_invite_link_without_a_target(alice, carol) -> None:
    made = client_for(alice).post("/api/challenges/", {"color": "white"}, format="json").json()
    assert made["to"] is None and made["url"].endswith(f"/invite/{made['id']}/")
    accepted = client_for(carol, session=True).post(f"/api/challenges/{made['id']}/accept/")
    assert accepted.status_code == 201


def test_state_and_moves_with_every_status_code(online_game, alice, bob, carol) -> None:
    url = f"/api/games/{online_game.public_id}/"
    state = client_for().get(url).json()
    assert state["id"] == online_game.public_id and state["ply"] == 0
    assert {"id", "mode", "white", "black", "fen", "ply", "turn", "status", "result",
            "termination", "draw_offer", "moves", "legal_moves"} <= set(state)  # fmt: skip
    assert {"text", "path", "captured", "promotion"} <= set(state["legal_moves"][0])

    moves = url + "moves/"
    cases = [
        (client_for(bob), {"move": "e5", "ply": 0}, 403, "not your turn"),
        (client_for(carol), {"move": "e4", "ply": 0}, 403, "not a player"),
        (client_for(), {"move": "e4", "ply": 0}, 403, "not a player"),
        (client_for(alice), {"move": "e5", "ply": 0}, 400, "e5"),
        (client_for(alice), {"move": "zz", "ply": 0}, 400, "zz"),
        (client_for(alice), {"move": "e4", "ply": 3}, 409, "ply 0"),
        (client_for(alice), {"ply": 0}, 400, "move"),
    ]
    for client, body, code, words in cases:
        response = client.post(moves, body, format="json")
        assert response.status_code == code, (body, response.json())
        assert words.lower() in response.json()["error"].lower(), response.json()
    assert not GameMove.objects.exists()

    for ply, text in enumerate(FOOLS_MATE):
        player = alice if ply % 2 == 0 else bob
        response = client_for(player, session=ply == 0).post(
            moves, {"move": text, "ply": ply}, format="json"
        )
        assert response.status_code == 201, response.json()
    assert response.json()["termination"] == "checkmate"
    over = client_for(alice).post(moves, {"move": "e4", "ply": 4}, format="json")
    assert over.status_code == 410 and over.json() == {"error": "The game is over."}


def test_resign_and_draw_over_the_api(alice, bob) -> None:
    game = start_game(alice, bob)
    url = f"/api/games/{game.public_id}/"
    assert (
        client_for(alice)
        .post(url + "draw/", {"action": "offer"}, format="json")
        .json()["draw_offer"]
        == "white"
    )
    state = client_for(bob).post(url + "draw/", {"action": "decline"}, format="json").json()
    assert state["draw_offer"] is None
    state = client_for(bob).post(url + "resign/").json()
    assert (state["result"], state["termination"]) == ("1-0", "resignation")
    assert client_for(alice).post(url + "resign/").status_code == 410


def test_unknown_game_is_404() -> None:
    response = client_for().get("/api/games/nothing/")
    assert response.status_code == 404 and response.json() == {"error": "There is no game nothing."}


def test_local_game_for_a_visitor_and_takeback() -> None:
    visitor = APIClient()
    created = visitor.post("/api/games/local/", {}, format="json")
    assert created.status_code == 201
    gid = created.json()["id"]
    assert (
        visitor.post(
            f"/api/games/{gid}/moves/", {"move": "e4", "ply": 0}, format="json"
        ).status_code
        == 201
    )
    assert (
        visitor.post(
            f"/api/games/{gid}/moves/", {"move": "e5", "ply": 1}, format="json"
        ).status_code
        == 201
    )
    stranger = APIClient()
    assert (
        stranger.post(
            f"/api/games/{gid}/moves/", {"move": "Nf3", "ply": 2}, format="json"
        ).status_code
        == 403
    )
    assert stranger.post(f"/api/games/{gid}/takeback/").status_code == 403
    state = visitor.post(f"/api/games/{gid}/takeback/").json()
    assert state["ply"] == 1


def test_local_game_from_a_bad_fen_is_400() -> None:
    response = APIClient().post(
        "/api/games/local/", {"fen": "rnbqkbnr/pppppppp/8 w"}, format="json"
    )
    assert response.status_code == 400 and response.json()["error"].startswith("Bad FEN")
    assert not Game.objects.exists()


def test_the_games_list_filters(alice, bob, carol) -> None:
    won = start_game(alice, bob)
    client_for(bob).post(f"/api/games/{won.public_id}/resign/")
    live = start_game(carol, alice)
    drawn = start_game(bob, carol)
    client_for(bob).post(f"/api/games/{drawn.public_id}/draw/", {"action": "offer"}, format="json")
    client_for(carol).post(
        f"/api/games/{drawn.public_id}/draw/", {"action": "accept"}, format="json"
    )

    def ids(query: str) -> set[str]:
        body = client_for().get(f"/api/games/?{query}").json()
        return {game["id"] for game in body["results"]}

    assert ids("status=live") == {live.public_id}
    assert ids("status=finished") == {won.public_id, drawn.public_id}
    assert ids("player=alice") == {won.public_id, live.public_id}
    assert ids("result=1-0") == {won.public_id}
    assert ids("termination=agreement") == {drawn.public_id}
    assert ids("mode=online&player=carol&status=finished") == {drawn.public_id}
    page = client_for().get("/api/games/?page_size=2").json()
    assert page["count"] == 3 and len(page["results"]) == 2 and page["next"]


def test_the_schema_documents_the_games_api() -> None:
    paths = (
        client_for()
        .get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
        .json()["paths"]
    )
    for path in ("/api/seeks/", "/api/seeks/{seek_id}/accept/", "/api/challenges/", "/api/games/",
                 "/api/games/{game_id}/", "/api/games/{game_id}/moves/", "/api/games/local/",
                 "/api/games/{game_id}/resign/", "/api/games/{game_id}/draw/"):  # fmt: skip
        assert path in paths, path
