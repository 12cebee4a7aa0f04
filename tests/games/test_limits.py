"""Bounded engine work at the site's edges: a position no game reaches, or one whose legal
moves are over the move budget, is refused with a sentence wherever a FEN comes in (the
pass-and-play API and form, an import's FEN tag), and nothing is stored."""

import pytest
from rest_framework.test import APIClient

from accounts.services import user_token
from engine.variant import MOVE_BUDGET
from games.domain.errors import GameError
from games.models import Game
from games.services import archive
from games.services import round as round_module
from games.services.core import Actor
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


# Black to move; after 1...Kh3 2.Kg8, 2...Be4 completes a lattice: White would have 5,032 moves.
NEAR_THE_BUDGET = "5K2/8/6b1/1r1r4/pnnb4/1p1p4/1ppp3k/Q7 b - - 0 1"
OVER_BUDGET_MOVE = (
    f"That move would lead to a position with 5,032 legal moves, more than the {MOVE_BUDGET:,} "
    "a game here may have."
)


@pytest.mark.django_db(transaction=True)  # commits: a move keeps its history for the next
def test_a_move_into_a_position_over_the_budget_is_refused(monkeypatch) -> None:
    """Both paths of a move refuse it: the first two moves leave a kept history, so the third is
    tried without the lock first, then refused under it. The game stays at its ply."""
    unlocked = []

    def write_ordinary(*args, **kwargs):
        unlocked.append(write_ordinary_of_the_site(*args, **kwargs))
        return unlocked[-1]

    write_ordinary_of_the_site = round_module.write_ordinary
    monkeypatch.setattr(round_module, "write_ordinary", write_ordinary)
    visitor = APIClient()
    created = visitor.post("/api/games/local/", {"fen": NEAR_THE_BUDGET}, format="json")
    game_id = created.json()["id"]
    moves = f"/api/games/{game_id}/moves/"
    for ply, text in enumerate(["Kh3", "Kg8"]):
        assert visitor.post(moves, {"ply": ply, "move": text}, format="json").status_code == 201
    unlocked.clear()
    refused = visitor.post(moves, {"ply": 2, "move": "Be4"}, format="json")
    assert (refused.status_code, refused.json()) == (
        400,
        {"error": OVER_BUDGET_MOVE},
    )
    assert unlocked and set(unlocked) == {round_module.NeedsLock.REFUSED}  # then the lock
    game = Game.objects.get(public_id=game_id)
    assert (game.ply, game.moves.count()) == (2, 2)
    played = visitor.post(moves, {"ply": 2, "move": "Bf5"}, format="json")
    assert played.status_code == 201 and played.json()["ply"] == 3


def test_an_import_stops_at_a_move_over_the_budget(alice) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=alice)}")
    text = f'[Variant "Chesskers"]\n[SetUp "1"]\n[FEN "{NEAR_THE_BUDGET}"]\n\n1... Kh3 2. Kg8 Be4 *'
    response = client.post("/api/games/import/", {"text": text}, format="json")
    reason = OVER_BUDGET_MOVE[:1].lower() + OVER_BUDGET_MOVE[1:]
    assert (response.status_code, response.json()) == (
        400,
        {"error": f"Game 1: move 2... Be4: {reason}"},
    )
    assert not Game.objects.exists()


def test_an_import_is_bounded_in_moves(alice, monkeypatch) -> None:
    """Each ply is replayed on the request's thread: the moves of one import are bounded."""
    monkeypatch.setattr(archive, "MAX_IMPORT_PLIES", 5)
    game = '[Variant "Chesskers"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n'
    archive.game_import(actor=Actor.of(alice), text=game)  # 4 plies
    with pytest.raises(GameError) as refused:
        archive.game_import(actor=Actor.of(alice), text=game * 2)  # 8 plies
    assert refused.value.message == "Import at most 5 moves at once; this text has 8."
    assert Game.objects.count() == 1
