"""Challenges from a position: a challenge or an invite link names the position its game starts
from (``fen``, in the game's own FEN, checked by the engine before anything is written); the
game is casual, starts there for both players, is played there by the rules, keeps the position
in its rematch and in its export. Every game of the registry."""

import html
import json
import random
import re

import pytest

from engine import variants
from engine.variants import VARIANTS
from games.models import Challenge, Game
from games.services.play import position_start
from tests.factories import api_client

pytestmark = pytest.mark.django_db

CASUAL_ONLY = {"error": "A game from a position is casual: it cannot be rated."}


def position_after(variant_id: str, plies: int = 3, seed: int = 0) -> str:
    """Returns a position of the game ``plies`` random moves from its start, none of them
    ending it, as the engine writes it: a position a player could set up, with the other side
    to move than at the start when ``plies`` is odd."""
    variant = variants.get(variant_id)
    rng, game = random.Random(seed), variant.new_game()
    for _ in range(plies):
        moves = game.legal_moves()
        rng.shuffle(moves)
        for move in moves:
            game.push(move)
            if not game.is_over():
                break
            game.pop()
    return game.fen()


def legal_texts(variant_id: str, fen: str) -> list[str]:
    variant = variants.get(variant_id)
    game = variant.new_game(fen)
    return sorted(variant.move_text(game.position, move) for move in game.legal_moves())


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_a_challenge_from_a_position_starts_the_game_there(variant_id, alice, bob) -> None:
    fen = position_after(variant_id)
    assert fen != variants.get(variant_id).start_fen
    made = api_client(alice).post(
        "/api/challenges/",
        {"to": "bob", "color": "white", "variant": variant_id, "fen": fen},
        format="json",
    )
    assert made.status_code == 201, made.json()
    assert (made.json()["fen"], made.json()["rated"]) == (fen, False)  # casual when not said
    incoming = api_client(bob).get("/api/challenges/").json()["incoming"]
    assert [(c["id"], c["fen"]) for c in incoming] == [(made.json()["id"], fen)]

    accepted = api_client(bob).post(f"/api/challenges/{made.json()['id']}/accept/")
    assert accepted.status_code == 201
    game = Game.objects.get(public_id=accepted.json()["game"])
    assert (game.initial_fen, game.fen, game.ply, game.rated) == (fen, fen, 0, False)
    assert (game.white, game.black) == (alice, bob)

    state = api_client(bob).get(f"/api/games/{game.public_id}/").json()
    assert (state["fen"], state["initial_fen"]) == (fen, fen)
    shown = sorted(move["text"] for move in state["legal_moves"])
    assert shown == legal_texts(variant_id, fen)
    # The side to move there plays first, whichever it is, by the rules of that position.
    mover = {"white": alice, "black": bob}[state["turn"]]
    played = api_client(mover).post(
        f"/api/games/{game.public_id}/moves/", {"move": shown[0], "ply": 0}, format="json"
    )
    assert played.status_code == 201, played.json()
    assert played.json()["moves"][0]["text"] == shown[0]


def test_asking_for_a_rated_game_from_a_position_is_refused(alice, bob) -> None:
    fen = position_after("chesskers")
    asked = {"to": "bob", "fen": fen, "rated": True}
    refused = api_client(alice).post("/api/challenges/", asked, format="json")
    assert (refused.status_code, refused.json()) == (400, CASUAL_ONLY)
    assert not Challenge.objects.exists()


def test_the_usual_start_written_out_is_an_ordinary_challenge(alice, bob) -> None:
    start = variants.get("russian").start_fen
    asked = {"to": "bob", "variant": "russian", "fen": f"  {start} "}
    made = api_client(alice).post("/api/challenges/", asked, format="json")
    assert made.status_code == 201
    assert (made.json()["fen"], made.json()["rated"]) == (None, True)
    assert Challenge.objects.get().initial_fen == ""


@pytest.mark.parametrize("variant_id", sorted(VARIANTS))
def test_every_games_start_written_out_is_its_usual_start(variant_id) -> None:
    # A rematch of an ordinary rated game passes its start again: it must stay rated.
    assert position_start(variants.get(variant_id).start_fen, variant_id, True) == ("", True)


@pytest.mark.parametrize(
    ("fen", "error"),
    [
        ("not a position", "Bad FEN: "),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "Bad FEN: "),  # no kings
        ("x" * 401, "A FEN has at most 400 characters."),
        (42, "A FEN is text."),
    ],
)
def test_a_position_the_engine_refuses_is_refused_with_its_reason(alice, bob, fen, error) -> None:
    asked = {"to": "bob", "fen": fen}
    refused = api_client(alice).post("/api/challenges/", asked, format="json")
    said = refused.json()["error"]
    assert refused.status_code == 400
    if error == "Bad FEN: ":  # and the engine's reason after it
        assert said.startswith(error) and len(said) > len(error) + 10
    else:
        assert said == error
    assert not Challenge.objects.exists()


def test_a_finished_position_is_refused(alice, bob) -> None:
    variant = variants.get("chesskers")
    game = variant.new_game()
    for text in ("f3", "e5", "g4", "Qh4"):  # the fool's mate
        game.push(variant.parse_move(game.position, text))
    assert game.is_over()
    refused = api_client(alice).post("/api/challenges/", {"fen": game.fen()}, format="json")
    assert refused.status_code == 400 and "already over" in refused.json()["error"]


def test_an_invite_link_from_a_position_shows_it_and_starts_there(client, alice, bob) -> None:
    fen = position_after("international", plies=1)
    made = (
        api_client(alice)
        .post(
            "/api/challenges/",
            {"variant": "international", "fen": fen, "color": "white"},
            format="json",
        )
        .json()
    )
    client.force_login(bob)
    page = client.get(f"/invite/{made['id']}/").content.decode()
    assert "From a position, casual:" in page and "Black to move." in page  # after White's move
    link = re.search(r'href="(/analysis/international/[^"]+)"', page).group(1)
    assert html.unescape(link) == f"/analysis/international/{fen.replace(' ', '_')}"
    assert client.get(html.unescape(link)).status_code == 200
    data = json.loads(re.search(r'id="page-data"[^>]*>(.*?)</script>', page).group(1))
    assert (data["fen"], data["variant"]["id"]) == (fen, "international")
    answer = client.post(f"/invite/{made['id']}/accept/")
    assert answer.status_code == 302
    game = Game.objects.get()
    assert (game.initial_fen, game.fen, game.rated, game.black) == (fen, fen, False, bob)


def test_an_ordinary_invite_link_draws_no_position(client, alice, bob) -> None:
    made = api_client(alice).post("/api/challenges/", {}, format="json").json()
    client.force_login(bob)
    page = client.get(f"/invite/{made['id']}/").content.decode()
    assert "From a position" not in page and "data-invite-board" not in page


def test_a_rematch_starts_from_the_same_position(alice, bob) -> None:
    fen = position_after("turkish")
    made = (
        api_client(alice)
        .post(
            "/api/challenges/",
            {"to": "bob", "variant": "turkish", "fen": fen, "color": "white"},
            format="json",
        )
        .json()
    )
    game_id = api_client(bob).post(f"/api/challenges/{made['id']}/accept/").json()["game"]
    assert api_client(alice).post(f"/api/games/{game_id}/resign/").status_code == 200
    offered = api_client(bob).post(f"/api/games/{game_id}/rematch/")
    assert offered.status_code == 201 and offered.json()["fen"] == fen
    api_client(alice).post(f"/api/games/{game_id}/rematch/")  # accepted
    rematch = Game.objects.exclude(public_id=game_id).get()
    assert (rematch.initial_fen, rematch.variant, rematch.rated) == (fen, "turkish", False)
    assert (rematch.white, rematch.black) == (bob, alice)  # colours swapped


def test_the_export_of_a_game_from_a_position_names_it(alice, bob) -> None:
    fen = position_after("chesskers")
    made = api_client(alice).post("/api/challenges/", {"to": "bob", "fen": fen}, format="json")
    game_id = api_client(bob).post(f"/api/challenges/{made.json()['id']}/accept/").json()["game"]
    api_client(alice).post(f"/api/games/{game_id}/resign/")
    text = api_client(alice).get(f"/api/games/{game_id}/export/").content.decode()
    assert '[SetUp "1"]' in text and f'[FEN "{fen}"]' in text


def test_the_lobby_fills_the_challenge_form_with_the_position(client, alice) -> None:
    fen = position_after("russian")
    client.force_login(alice)
    page = client.get("/play/", {"variant": "russian", "fen": fen}).content.decode()
    field = re.search(r'<input name="fen" value="([^"]*)"', page).group(1)
    assert html.unescape(field) == fen
    assert '<option value="russian" selected>' in page
    long = client.get("/play/", {"fen": "8" * 1000}).content.decode()
    assert re.search(r'<input name="fen" value="(8*)"', long).group(1) == "8" * 400


def test_a_visitor_is_sent_to_log_in_and_back_to_the_position(client) -> None:
    page = client.get("/play/", {"variant": "russian", "fen": "W:W1:B32"}).content.decode()
    assert "?next=/play/%3Fvariant%3Drussian%26fen%3DW%253AW1%253AB32" in page
