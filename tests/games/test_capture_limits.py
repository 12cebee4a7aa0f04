"""Bounded capture search at the site's edges (issue #35): a position whose capture search is
over the engine's budget of jumps (``engine.work``) is refused with a sentence wherever a
position comes in — pass-and-play and bot games and challenges from a FEN, by the API and by
the forms, an import's FEN tag — a move into one is refused, and the positions of one import
share one limit for the whole request. Nothing is stored."""

import html

import pytest
from rest_framework.test import APIClient

from accounts.services import user_token
from engine.variants import VARIANTS
from engine.work import CAPTURE_BUDGET, work_limit
from games.domain import pgn
from games.models import Challenge, Game
from games.services import archive
from tests.engine.test_capture_search import PRUNED
from tests.engine.test_playable import WORST_CAPTURES

pytestmark = pytest.mark.django_db

WORST = sorted(WORST_CAPTURES)
REFUSAL = (
    f"this position's captures take more than {CAPTURE_BUDGET:,} jumps to search, more than a "
    "game here may have"
)
BAD_FEN = f"Bad FEN: {REFUSAL[:1].upper()}{REFUSAL[1:]}."
IMPORT_BAD_FEN = f"Game 1: bad FEN: {BAD_FEN.removeprefix('Bad FEN: ')}"


def signed_in(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client


def with_black_to_move(fen: str) -> str:
    """Returns a draughts FEN with Black to move instead: in the worst positions Black has only
    quiet moves, each leaving White a capture search over the budget."""
    return "B" + fen[1:]


@pytest.mark.parametrize("variant_id", WORST)
def test_pass_and_play_refuses_a_capture_search_over_the_budget(variant_id) -> None:
    asked = {"variant": variant_id, "fen": WORST_CAPTURES[variant_id]}
    response = APIClient().post("/api/games/local/", asked, format="json")
    assert (response.status_code, response.json()) == (400, {"error": BAD_FEN})
    assert not Game.objects.exists()


@pytest.mark.parametrize("variant_id", WORST)
def test_a_bot_game_refuses_a_capture_search_over_the_budget(variant_id) -> None:
    asked = {"level": 1, "variant": variant_id, "fen": WORST_CAPTURES[variant_id]}
    response = APIClient().post("/api/games/bot/", asked, format="json")
    assert (response.status_code, response.json()) == (400, {"error": BAD_FEN})
    assert not Game.objects.exists()


@pytest.mark.parametrize("variant_id", WORST)
def test_a_challenge_refuses_a_capture_search_over_the_budget(alice, variant_id) -> None:
    asked = {"variant": variant_id, "fen": WORST_CAPTURES[variant_id]}
    response = signed_in(alice).post("/api/challenges/", asked, format="json")
    assert (response.status_code, response.json()) == (400, {"error": BAD_FEN})
    assert not Challenge.objects.exists()


@pytest.mark.parametrize("page", ["/play/local/", "/play/bot/"])
def test_the_forms_show_the_refusal(client, page) -> None:
    asked = {"level": "1", "color": "white", "variant": "dameo", "fen": WORST_CAPTURES["dameo"]}
    response = client.post(page, asked)
    assert response.status_code == 200
    assert BAD_FEN in html.unescape(response.content.decode())
    assert not Game.objects.exists()


@pytest.mark.parametrize("variant_id", WORST)
def test_an_imports_fen_tag_with_a_capture_search_over_the_budget_is_refused(
    alice, variant_id
) -> None:
    name = VARIANTS[variant_id].name
    text = f'[Variant "{name}"]\n[SetUp "1"]\n[FEN "{WORST_CAPTURES[variant_id]}"]\n\n*'
    response = signed_in(alice).post("/api/games/import/", {"text": text}, format="json")
    assert (response.status_code, response.json()) == (400, {"error": IMPORT_BAD_FEN})
    assert not Game.objects.exists()


def test_the_import_form_shows_the_refusal(client, alice) -> None:
    client.force_login(alice)
    text = f'[Variant "Turkish Checkers"]\n[FEN "{WORST_CAPTURES["turkish"]}"]\n\n*'
    response = client.post("/games/import/", {"text": text})
    assert response.status_code == 200
    assert IMPORT_BAD_FEN in html.unescape(response.content.decode())
    assert not Game.objects.exists()


@pytest.mark.django_db(transaction=True)  # commits: a move keeps its history for the next
def test_a_move_into_a_capture_search_over_the_budget_is_refused() -> None:
    visitor = APIClient()
    asked = {"variant": "turkish", "fen": with_black_to_move(WORST_CAPTURES["turkish"])}
    created = visitor.post("/api/games/local/", asked, format="json")
    assert created.status_code == 201  # Black to move has a few quiet moves: playable
    moves = f"/api/games/{created.json()['id']}/moves/"
    refused = visitor.post(moves, {"ply": 0, "move": "b2-c2"}, format="json")
    assert (refused.status_code, refused.json()) == (
        400,
        {"error": f"That move would lead to a position the site does not play: {REFUSAL}."},
    )
    game = Game.objects.get()
    assert (game.ply, game.moves.count()) == (0, 0)


def test_an_import_stops_at_a_move_into_a_capture_search_over_the_budget(alice) -> None:
    fen = with_black_to_move(WORST_CAPTURES["turkish"])
    # PDN numbers from the side to move in the FEN: Black's first move is "1."
    text = f'[Variant "Turkish Checkers"]\n[FEN "{fen}"]\n\n1. b2-c2 *'
    response = signed_in(alice).post("/api/games/import/", {"text": text}, format="json")
    assert (response.status_code, response.json()) == (
        400,
        {
            "error": "Game 1: move 1. b2-c2: that move would lead to a position the site does "
            f"not play: {REFUSAL}."
        },
    )
    assert not Game.objects.exists()


def test_the_games_of_one_import_share_one_limit_of_capture_search(alice) -> None:
    """Each game starts from a position under the budget whose one move takes 17 pieces; what
    one game's replay spends, measured, says which game of the text finds the limit spent."""
    canadian = VARIANTS["canadian"]
    move = canadian.describe_moves(canadian.position(PRUNED))[0][1]
    game = f'[Variant "Canadian Checkers"]\n[FEN "{PRUNED}"]\n\n1. {move} 1-0\n\n'
    with work_limit(archive.MAX_IMPORT_JUMPS) as limit:
        archive.replay_parsed(pgn.parse_games(game)[0])
    first_refused = archive.MAX_IMPORT_JUMPS // limit.spent + 1
    assert 1 < first_refused <= 10
    text = game * 10
    response = signed_in(alice).post("/api/games/import/", {"text": text}, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == (
        f"Game {first_refused}: the positions of this request take more than "
        f"{archive.MAX_IMPORT_JUMPS:,} jumps of capture search in all, more than one request "
        "may spend."
    )
    assert not Game.objects.exists()
    fewer = game * (first_refused - 1)
    response = signed_in(alice).post("/api/games/import/", {"text": fewer}, format="json")
    assert response.status_code == 201
    assert Game.objects.count() == first_refused - 1
