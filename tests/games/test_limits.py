"""Bounded engine work at the site's edges: a position no game reaches, or one whose legal
moves are over the move budget, is refused with a sentence wherever a FEN comes in (the
pass-and-play API and form, an import's FEN tag), and nothing is stored."""

import pytest
from rest_framework.test import APIClient

from accounts.services import user_token
from engine.variant import MOVE_BUDGET
from games.models import Game
from tests.engine.test_playable import LATTICE, REACHABLE_LATTICE

pytestmark = pytest.mark.django_db

LATTICE_REFUSAL = (
    "Bad FEN: Black has 16 knights: more than its start army (8 pawns, 1 queen, 2 rooks, "
    "2 bishops, 2 knights) could become by promotion, so no game reaches this position."
)
BUDGET_REFUSAL = (
    f"Bad FEN: This position has 66,988 legal moves, more than the {MOVE_BUDGET:,} a game here "
    "may have."
)


@pytest.mark.parametrize(
    ("fen", "error"), [(LATTICE, LATTICE_REFUSAL), (REACHABLE_LATTICE, BUDGET_REFUSAL)]
)
def test_pass_and_play_refuses_an_unplayable_position(fen, error) -> None:
    response = APIClient().post("/api/games/local/", {"fen": fen}, format="json")
    assert (response.status_code, response.json()) == (400, {"error": error})
    assert not Game.objects.exists()


def test_the_pass_and_play_form_shows_the_refusal(client) -> None:
    response = client.post("/play/local/", {"fen": LATTICE})
    assert response.status_code == 200
    assert LATTICE_REFUSAL in response.content.decode()
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("fen", "error"), [(LATTICE, LATTICE_REFUSAL), (REACHABLE_LATTICE, BUDGET_REFUSAL)]
)
def test_an_imports_fen_tag_is_held_to_the_same_rule(alice, fen, error) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=alice)}")
    text = f'[Variant "Chesskers"]\n[SetUp "1"]\n[FEN "{fen}"]\n\n*'
    response = client.post("/api/games/import/", {"text": text}, format="json")
    expected = "Game 1: bad FEN: " + error.removeprefix("Bad FEN: ")
    assert (response.status_code, response.json()) == (400, {"error": expected})
    assert not Game.objects.exists()


def test_a_position_within_the_budget_is_played() -> None:
    fen = "7K/8/8/1r1r4/pnnbb3/8/8/Q2q3k w - - 0 1"  # a smaller lattice
    response = APIClient().post("/api/games/local/", {"fen": fen}, format="json")
    assert response.status_code == 201
    assert 0 < len(response.json()["legal_moves"]) <= MOVE_BUDGET
