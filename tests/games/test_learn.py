"""Learn from your mistakes (``games.services.learn``): an analysed game's mistakes and blunders
of one side listed with their positions, and each move tried instead judged against the best —
exactly, at a fixed depth, with the analysis' own search in its worker process; refusals that
say why and change nothing; the bound on searches at once; a blunder made on purpose in a game
of each family (chess-like, checkers, hybrid) learned from; the analysis' tally of each side;
the page and the API's schema."""

import functools
import threading
import uuid

import pytest
from rest_framework.test import APIClient

from engine import variants
from engine.pieces import Color
from games.domain.evaluation import evaluate_position, judge
from games.models import Analysis, Evaluation, Game
from games.services import learn
from games.services.core import Actor
from games.services.play import game_resign
from tests.games.archive_helpers import EVERYTHING, finished_game, play_out
from tests.games.conftest import start_game
from tests.games.test_openapi import SchemaChecked
from tests.long_games import long_game_of_each_family

pytestmark = pytest.mark.django_db

# EVERYTHING analysed at depth 2: White's mistake 4. N~d6+ (ply 6) and blunder 5. Qxd7+ (ply 8),
# Bxh6 the best move at both; Black's moves lose an inaccuracy at most.
WHITE_MISTAKES = [(6, "mistake", "N~d6+", "Bxh6"), (8, "blunder", "Qxd7+", "Bxh6")]


@pytest.fixture(autouse=True)
def depth_two(settings) -> None:
    settings.ANALYSIS_DEPTH = 2
    settings.ANALYSIS_SECONDS = None  # depth only: the same verdicts on any machine
    learn._remembered.clear()


@functools.cache
def searched(variant: str, initial_fen: str, fens: tuple[str, ...]) -> tuple[int, str, int]:
    return evaluate_position(initial_fen, fens, 2, None, variant)  # pure: searched once


def analysed(game: Game) -> Game:
    """Stores the analysis of every position of ``game`` as the background job would, searched
    here with the same settings."""
    fens = tuple(game.moves.order_by("ply").values_list("fen_after", flat=True))
    for index in range(len(fens) + 1):
        score, best, depth = searched(game.variant, game.initial_fen, fens[:index])
        Evaluation.objects.create(game=game, index=index, score=score, best=best, depth=depth)
    Analysis.objects.create(game=game, state="done", done=len(fens) + 1, total=len(fens) + 1)
    return game


@pytest.fixture
def game(alice, bob) -> Game:
    return analysed(finished_game(alice, bob, EVERYTHING))


def ask(game: Game, **asked):
    return APIClient().post(f"/api/games/{game.public_id}/learn/", asked, format="json")


def test_a_sides_mistakes_are_listed_with_the_positions_before_them(game) -> None:
    answer = APIClient().get(f"/api/games/{game.public_id}/learn/?side=white").json()
    assert answer["side"] == "white" and answer["state"] == "done"
    found = [(m["ply"], m["judgement"], m["played"], m["best"]) for m in answer["mistakes"]]
    assert found == WHITE_MISTAKES
    fens = dict(game.moves.values_list("ply", "fen_after"))
    for mistake in answer["mistakes"]:
        position = mistake["position"]
        assert position["fen"] == fens[mistake["ply"] - 1] and position["turn"] == "white"
        assert position["outcome"] is None and position["legal_tree"]
    assert answer["mistakes"][1]["loss"] == 806
    black = APIClient().get(f"/api/games/{game.public_id}/learn/?side=black").json()
    assert black["mistakes"] == []  # only inaccuracies: not asked again


def test_a_game_not_analysed_has_nothing_to_learn_yet(alice, bob) -> None:
    game = finished_game(alice, bob, EVERYTHING)
    answer = APIClient().get(f"/api/games/{game.public_id}/learn/").json()
    assert (answer["side"], answer["state"], answer["mistakes"]) == ("white", "none", [])
    refused = ask(game, ply=8, move="Bxh6")
    assert refused.status_code == 400
    assert refused.json()["error"] == "Ply 8 of this game was not judged a mistake or a blunder."


@pytest.mark.parametrize(
    ("asked", "verdict", "loss"),
    [
        ({"move": "Bxh6"}, "best", 0),
        ({"path": ["c1", "h6"]}, "best", 0),
        ({"move": "Qxd7+"}, "played", None),
        # Searched at depth 2 after each: Bxh6 -283, b2:d4 -216, Rb1 -348, Bd2 -569 (White's
        # side): b2:d4 does better than the best as searched, Rb1 loses 65 (an inaccuracy).
        ({"move": "b2:d4"}, "good", 0),
        ({"move": "Rb1"}, "worse", 65),
        ({"path": ["c1", "d2"]}, "worse", 286),
    ],
)
def test_a_move_tried_is_judged_against_the_best(game, asked, verdict, loss) -> None:
    answer = ask(game, ply=8, **asked)
    assert answer.status_code == 200, answer.content
    body = answer.json()
    assert (body["verdict"], body["loss"], body["best"]) == (verdict, loss, "Bxh6")
    eg = variants.get("chesskers").new_game(game.moves.get(ply=7).fen_after)
    eg.push_text(body["move"]["text"])
    assert body["position"]["fen"] == eg.fen() and body["position"]["turn"] == "black"


@pytest.mark.parametrize(
    ("asked", "error"),
    [
        ({"ply": 7, "move": "Qxd7"}, "Ply 7 of this game was not judged a mistake or a blunder."),
        ({"ply": 3, "move": "Nc6"}, "Ply 3 of this game was not judged a mistake or a blunder."),
        ({"ply": 8, "move": "Ke3"}, None),  # not legal there
        ({"ply": 8, "move": "%%"}, None),  # not a move
        ({"move": "Bxh6"}, "A move needs the ply it is for, a number from 0 to"),
        ({"ply": 8}, None),  # no move at all
    ],
)
def test_a_try_that_cannot_be_judged_is_refused_saying_why(game, asked, error) -> None:
    before = (game.ply, game.fen, Evaluation.objects.filter(game=game).count())
    answer = ask(game, **asked)
    assert answer.status_code == 400
    message = answer.json()["error"]
    assert message.endswith(".") and (error is None or message.startswith(error))
    game.refresh_from_db()
    assert (game.ply, game.fen, Evaluation.objects.filter(game=game).count()) == before


def test_an_unknown_game_or_side_is_refused(game) -> None:
    assert APIClient().get("/api/games/nope/learn/").status_code == 404
    assert ask(Game(public_id="nope"), ply=8, move="Bxh6").status_code == 404
    side = APIClient().get(f"/api/games/{game.public_id}/learn/?side=green")
    assert side.status_code == 400 and side.json()["error"] == "The side is white or black."


def test_searches_at_once_are_bounded_and_a_move_tried_again_costs_none(game, monkeypatch) -> None:
    searched: list[str] = []
    compute = learn.workers.compute

    def counted(function, initial, fens, *rest, **kwargs):
        searched.append(fens[-1])
        return compute(function, initial, fens, *rest, **kwargs)

    monkeypatch.setattr(learn.workers, "compute", counted)
    assert ask(game, ply=8, move="Rb1").json()["verdict"] == "worse"
    assert len(searched) == 2  # the best move's position and the try's
    assert ask(game, ply=8, move="Rb1").json()["loss"] == 65
    assert ask(game, ply=8, move="Bxh6").json()["verdict"] == "best"  # no search: the best
    assert len(searched) == 2
    monkeypatch.setattr(learn, "_searches", threading.BoundedSemaphore(1))
    assert learn._searches.acquire(blocking=False)  # the one place, taken by another try
    busy = ask(game, ply=8, move="Bd2")
    assert busy.status_code == 429
    assert busy.json()["error"] == str(learn.BUSY)
    assert ask(game, ply=8, move="Rb1").json()["loss"] == 65  # remembered: needs no place
    learn._searches.release()
    assert ask(game, ply=8, move="Bd2").json()["verdict"] == "worse"


def test_the_page_asks_the_players_own_side_and_refuses_a_live_game(
    client, game, alice, bob
) -> None:
    page = client.get(f"/game/{game.public_id}/learn/")
    assert page.status_code == 200
    text = page.content.decode()
    assert 'data-testid="learn-board"' in text and "js/learn.js" in text
    assert '"side": "white"' in text and f'"api_url": "/api/games/{game.public_id}/learn/"' in text
    client.force_login(bob)
    assert '"side": "black"' in client.get(f"/game/{game.public_id}/learn/").content.decode()
    asked = client.get(f"/game/{game.public_id}/learn/?side=white").content.decode()
    assert '"side": "white"' in asked
    assert client.get("/game/nope/learn/").status_code == 404
    live = start_game(alice, bob)
    closed = client.get(f"/game/{live.public_id}/learn/")
    assert closed.status_code == 403 and 'data-testid="learn-closed"' in closed.content.decode()
    game_page = client.get(f"/game/{game.public_id}/").content.decode()
    assert f'href="/game/{game.public_id}/learn/" data-testid="learn-link"' in game_page
    board = client.get(f"/analysis/{game.public_id}/").content.decode()
    assert f'href="/game/{game.public_id}/learn/" data-testid="analysis-learn"' in board
    Analysis.objects.filter(game=game).update(state="running")
    assert (
        'data-testid="analysis-learn"'
        not in client.get(f"/analysis/{game.public_id}/").content.decode()
    )


def test_the_api_answers_as_the_schema_documents(game) -> None:
    checked = SchemaChecked()
    api = APIClient()
    url, path = f"/api/games/{game.public_id}/learn/", "/api/games/{game_id}/learn/"
    listed = checked(api, "get", url, path, 200)
    assert len(listed["mistakes"]) == 2
    checked(api, "post", url, path, 200, {"ply": 8, "move": "Bxh6"})
    checked(api, "post", url, path, 200, {"ply": 8, "move": "Qxd7+"})
    checked(api, "post", url, path, 400, {"ply": 8, "move": "Ke3"})
    missing = {"ply": 8, "move": "Bxh6"}
    checked(api, "post", "/api/games/nope/learn/", "/api/games/{game_id}/learn/", 404, missing)
    assert checked.problems == []


def test_an_address_spends_its_budget_on_the_list_and_the_tries(game, settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "learn_address": "2/60"}
    assert APIClient().get(f"/api/games/{game.public_id}/learn/").status_code == 200
    assert ask(game, ply=8, move="Bxh6").status_code == 200
    refused = ask(game, ply=8, move="Rb1")
    assert refused.status_code == 429 and refused.json()["error"]
    assert refused["Retry-After"]


def test_the_analysis_tallies_each_sides_judgements_and_average_loss(game, alice, bob) -> None:
    analysis = APIClient().get(f"/api/games/{game.public_id}/analysis/").json()
    assert [p["side"] for p in analysis["plies"]] == ["white", "black"] * 7
    # White lost 0, 58, 96, 258, 806, 0, 0 centipawns; Black 17, 63, 96, 0, 0, 0, 0.
    assert analysis["summary"] == {
        "white": {"inaccuracy": 1, "mistake": 1, "blunder": 1, "acpl": 174},
        "black": {"inaccuracy": 2, "mistake": 0, "blunder": 0, "acpl": 25},
    }
    other = finished_game(alice, bob, EVERYTHING)
    none = APIClient().get(f"/api/games/{other.public_id}/analysis/").json()["summary"]
    empty = {"inaccuracy": 0, "mistake": 0, "blunder": 0, "acpl": None}
    assert none == {"white": empty, "black": empty}


@pytest.mark.parametrize("line", long_game_of_each_family(10), ids=lambda line: line.variant)
def test_every_family_learns_from_a_blunder_made_on_purpose(alice, bob, line) -> None:
    # Ten plies of the family's first game, then the move the search scores worst for its
    # mover: a blunder at depth 2 in every family (checked when written: 533 to 1,197 lost).
    variant = variants.get(line.variant)
    start = variant.start_fen
    eg = variant.game_from_fens(start, list(line.fens))
    side = "white" if eg.position.turn is Color.WHITE else "black"
    after = {}
    for move in eg.legal_moves():
        tried = variant.game_from_fens(start, list(line.fens))
        text = tried.move_text(move)
        tried.push(move)
        after[text] = (searched(line.variant, start, (*line.fens, tried.fen()))[0], tried.fen())
    worst = (min if side == "white" else max)(after, key=lambda text: after[text][0])
    game = play_out(start_game(alice, bob, variant=line.variant), [*line.texts, worst], alice, bob)
    game_resign(game_id=game.public_id, actor=Actor.of(alice if game.turn == "white" else bob))
    game = analysed(Game.objects.get(pk=game.pk))

    listed = APIClient().get(f"/api/games/{game.public_id}/learn/?side={side}").json()
    mistake = next(m for m in listed["mistakes"] if m["ply"] == 10)
    assert (mistake["judgement"], mistake["played"]) == ("blunder", worst)
    assert mistake["position"]["fen"] == line.fens[-1] and mistake["position"]["turn"] == side
    best = mistake["best"]
    path = variant.game_from_fens(start, list(line.fens)).parse_move(best).path_names()
    assert ask(game, ply=10, path=path).json()["verdict"] == "best"
    assert ask(game, ply=10, move=worst).json()["verdict"] == "played"
    other = next(text for text in after if text not in (best, worst))
    answer = ask(game, ply=10, move=other).json()
    loss, judgement = judge(after[best][0], after[other][0], side == "white")
    assert (answer["verdict"], answer["loss"]) == ("worse" if judgement else "good", loss)
    assert answer["position"]["fen"] == after[other][1]
