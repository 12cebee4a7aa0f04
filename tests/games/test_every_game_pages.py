"""The pages choose the game: the lobby's seek and challenge forms, pass-and-play and the bot
page (each with a start position in the game's own FEN); the game page names the game and gives
its board the game's descriptor; the archive lists and filters by game, drawing each game's
board."""

import json
import re

import pytest

from catalogue.descriptors import variant_descriptor
from engine import variants
from games.models import Game
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def page_data(html: str) -> dict:
    found = re.search(r'<script id="page-data" type="application/json">(.*?)</script>', html, re.S)
    assert found, "the page has no page data"
    return json.loads(found.group(1))


def options(html: str, select_id: str) -> list[str]:
    found = re.search(rf'<select id="{select_id}"[^>]*>(.*?)</select>', html, re.S)
    assert found, f"no select {select_id}"
    return re.findall(r'<option value="([^"]+)"', found.group(1))


def test_the_lobby_offers_every_game_for_seeks_and_challenges(client) -> None:
    client.force_login(make_user("alice"))
    html = client.get("/play/").content.decode()
    ids = list(variants.VARIANTS)
    # Grouped by family: Chesskers, the hybrids, the checkers family.
    hybrids = [v.id for v in variants.VARIANTS.values() if v.family == "hybrid"]
    draughts = [v.id for v in variants.VARIANTS.values() if v.family == "draughts"]
    assert options(html, "seek-variant") == ["chesskers", *hybrids, *draughts]
    assert sorted(options(html, "challenge-variant")) == sorted(ids)
    assert page_data(html)["variants"]["turkish"] == "Turkish Checkers"


def test_pass_and_play_form_starts_the_chosen_game_from_its_own_fen(client) -> None:
    html = client.get("/play/local/").content.decode()
    assert sorted(options(html, "local-variant")) == sorted(variants.VARIANTS)
    fen = "W:W31,32:B1,2:H0:F1"
    answer = client.post("/play/local/", {"variant": "international", "fen": fen})
    assert answer.status_code == 302
    game = Game.objects.get()
    assert (game.variant, game.mode, game.initial_fen) == ("international", "local", fen)
    page = client.get(answer["Location"]).content.decode()
    assert 'data-testid="game-variant"' in page and "International Checkers" in page
    data = page_data(page)
    assert data["variant"] == variant_descriptor("international")
    assert data["state"]["variant"] == "international"
    # The moves are those of the men on squares 31 and 32 (named a1-style, as every path is).
    number_of = data["variant"]["board"]["labels"]
    assert {number_of[m["path"][0]] for m in data["state"]["legal_moves"]} == {"31", "32"}


def test_pass_and_play_form_says_why_a_fen_is_refused(client) -> None:
    answer = client.post("/play/local/", {"variant": "turkish", "fen": "W:Wz9:B1"})
    assert answer.status_code == 200
    assert "Bad FEN: " in answer.content.decode()
    assert not Game.objects.exists()


def test_the_bot_page_takes_a_start_position(client) -> None:
    html = client.get("/play/bot/").content.decode()
    assert sorted(options(html, "bot-variant")) == sorted(variants.VARIANTS)  # every game
    fen = "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1"
    answer = client.post(
        "/play/bot/", {"level": "1", "color": "white", "variant": "chesskers", "fen": fen}
    )
    assert answer.status_code == 302
    game = Game.objects.get()
    assert (game.mode, game.initial_fen, game.human_color) == ("bot", fen, "white")


def test_the_archive_lists_filters_and_draws_each_game(client) -> None:
    alice = make_user("alice")
    client.force_login(alice)
    text = '[Variant "Turkish Checkers"]\n[Result "1-0"]\n\n1. a3-a4 1-0\n'
    assert client.post("/api/games/import/", {"text": text}, "application/json").status_code == 201
    chess = '[Variant "Chesskers"]\n[Result "0-1"]\n\n1. e4 0-1\n'
    assert client.post("/api/games/import/", {"text": chess}, "application/json").status_code == 201
    html = client.get("/games/?variant=turkish").content.decode()
    assert html.count('class="game-row"') == 1
    assert re.search(r"Turkish Checkers · <span[^>]*>unlimited</span> · 1 ply ·", html)
    # Turkish is drawn on its own board: every square used, draughts men.
    assert 'viewBox="0 0 8 8"' in html and "pieces/chesskers/wMan.svg" in html
    assert 'option value="turkish" selected' in html
    everything = client.get("/games/").content.decode()
    assert everything.count('class="game-row"') == 2


def test_an_invite_link_names_its_game_and_starts_it(client) -> None:
    alice, bob = make_user("alice"), make_user("bob")
    client.force_login(alice)
    made = client.post(
        "/api/challenges/", {"color": "white", "variant": "dameo"}, "application/json"
    ).json()
    assert made["variant"] == "dameo"
    client.force_login(bob)
    page = client.get(f"/invite/{made['id']}/").content.decode()
    assert "alice invites you to play Dameo</h1>" in page
    answer = client.post(f"/invite/{made['id']}/accept/")
    assert answer.status_code == 302
    game = Game.objects.get()
    assert (game.variant, game.fen, game.white, game.black) == (
        "dameo",
        variants.get("dameo").start_fen,
        alice,
        bob,
    )
