"""The board editor's page (``/editor/``): every game's editor opens on its start or on a FEN
given with ``_`` for its spaces, with what the browser needs to draw the game's board and its
pieces; the game picker works without scripts; an unknown game is not found; a FEN given in the
address is bounded before it reaches the page. The analysis board, the bot's page and
pass-and-play link to it. What a position set up there is, the analysis board's API says
(test_analysis_board.py)."""

import pytest

from catalogue.descriptors import variant_descriptor
from engine import variants
from games.domain.schemas import MAX_FEN_CHARS
from tests.games.test_analysis_board import page_data

pytestmark = pytest.mark.django_db

GAMES = list(variants.VARIANTS.values())


@pytest.mark.parametrize("variant", GAMES, ids=[variant.id for variant in GAMES])
def test_every_games_editor_opens_on_its_start_with_its_board_and_pieces(client, variant):
    response = client.get(f"/editor/{variant.id}/")
    assert response.status_code == 200
    data = page_data(response)
    assert data["variant_id"] == variant.id
    assert data["fen"] == data["start_fen"] == variant.start_fen
    assert data["variant"] == variant_descriptor(variant.id)
    assert set(data["variant"]["pieces"]) == {kind.letter or "M" for kind in variant.pieces}
    assert list(data["variants"]) == list(variants.VARIANTS)
    assert f'<option value="{variant.id}" selected>' in response.content.decode()


def test_the_editor_opens_chesskers_a_fen_and_the_pickers_choice(client):
    assert page_data(client.get("/editor/"))["variant_id"] == variants.DEFAULT.id
    fen = "4k3/7p/8/8/8/8/8/R3K3 b Q - 0 1"
    data = page_data(client.get("/editor/chesskers/" + fen.replace(" ", "_")))
    assert (data["variant_id"], data["fen"]) == ("chesskers", fen)
    dameo = page_data(client.get("/editor/?variant=dameo"))  # the picker, without scripts
    assert (dameo["variant_id"], dameo["fen"]) == ("dameo", variants.get("dameo").start_fen)


def test_an_unknown_game_is_not_found_and_a_long_fen_is_cut(client):
    assert client.get("/editor/chess960/").status_code == 404
    assert client.get("/editor/chess960/8_w").status_code == 404
    long = page_data(client.get("/editor/chesskers/" + "p" * 10_000))
    assert long["fen"] == "p" * MAX_FEN_CHARS  # drawn as far as it reads; the server refuses it


def test_the_analysis_board_the_bot_and_pass_and_play_link_to_the_editor(client):
    assert 'data-action="edit"' in client.get("/analysis/").content.decode()
    for page in ("/play/local/", "/play/bot/"):
        assert 'href="/editor/" data-testid="editor-link"' in client.get(page).content.decode()
