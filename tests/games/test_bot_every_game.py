"""The site's bot and analysis in games other than Chesskers: a bot game asks the worker pool
for a move of the game's own variant (``Game.variant``), and the analysis of a short game of
each family gives an evaluation per ply.

Some tests catch the answer where the bot runner hands it over (``play``) and check it with the
engine; the others play a bot game of every game over the API, the reply going through the one
move service, and analyse a finished game of another game as a player asks for it.
"""

import threading
import time

import pytest
from rest_framework.test import APIClient

from engine import variants
from games.domain.evaluation import MATE, evaluate_position
from games.models import Analysis, Evaluation, Game, GameMove
from games.services import bot_runner
from games.services import round as game_round
from games.services.core import Actor
from games.services.play import game_create_bot
from tests.engine.bot.test_every_game import WINS_IN_ONE

pytestmark = pytest.mark.django_db(transaction=True)

WAIT = 120  # seconds: only reached when something is broken


class Caught:
    """The ``play`` of a bot request: records the move handed over and wakes the test."""

    def __init__(self) -> None:
        self.calls: list[dict] = []
        self.done = threading.Event()

    def __call__(self, **kwargs) -> None:
        self.calls.append(kwargs)
        self.done.set()

    def wait(self) -> dict:
        assert self.done.wait(WAIT), "the bot never answered"
        assert len(self.calls) == 1
        return self.calls[0]


def wins_at_once(variant_id: str, fen: str, machine: str) -> bool:
    variant = variants.get(variant_id)
    position = variant.position(fen)
    move = variant.parse_move(position, machine)
    after = variant.outcome(position.play(move), 1)
    return after.is_over and after.winner is position.turn


@pytest.mark.parametrize("variant_id", ["international", "turkish", "cheskers", "game-mix"])
def test_the_worker_pool_answers_with_a_move_of_the_games_variant(variant_id) -> None:
    fen = WINS_IN_ONE[variant_id]
    caught = Caught()
    started = bot_runner.request_move(
        f"g-{variant_id}", 5, fen, 8, [fen], play=caught, variant=variant_id
    )
    assert started
    call = caught.wait()
    assert (call["game_id"], call["ply"]) == (f"g-{variant_id}", 5)
    assert wins_at_once(variant_id, fen, call["move"])  # legal in that game, and the win
    assert not bot_runner.thinking(f"g-{variant_id}", 5)


def test_a_bot_game_of_a_hybrid_asks_for_a_move_of_its_variant(alice, monkeypatch) -> None:
    game = game_create_bot(actor=Actor.of(alice), level=8, color="white")
    fen = WINS_IN_ONE["cheskers"]  # Black (the bot) to move, and one move wins
    Game.objects.filter(pk=game.pk).update(variant="cheskers", initial_fen=fen, fen=fen)
    game.refresh_from_db()
    caught = Caught()
    monkeypatch.setattr(game_round, "play_bot", caught)
    assert game_round.Round(game.public_id).kick_bot(game)
    call = caught.wait()
    assert (call["game_id"], call["ply"]) == (game.public_id, 0)
    assert wins_at_once("cheskers", fen, call["move"])


def short_game(variant_id: str, plies: int = 6) -> tuple[str, list[str]]:
    """Returns the start FEN and the FEN after each ply of a game whose moves are each the
    first legal move."""
    variant = variants.get(variant_id)
    position = variant.start_position()
    fens = []
    for _ in range(plies):
        position = position.play(position.legal_moves()[0])
        fens.append(position.fen())
    return variant.start_fen, fens


@pytest.mark.parametrize(
    "variant_id", ["chesskers", "russian", "canadian", "byelorussian-cheskers"]
)
def test_the_analysis_of_a_short_game_gives_an_evaluation_per_ply(variant_id) -> None:
    variant = variants.get(variant_id)
    initial, fens = short_game(variant_id)
    for index in range(len(fens) + 1):
        score, best, depth = evaluate_position(initial, fens[:index], 2, None, variant_id)
        position = variant.position(fens[index - 1] if index else initial)
        assert isinstance(score, int) and abs(score) < MATE
        texts = [text for _, text in variant.describe_moves(position)]
        assert best in texts  # the best move in the game's own notation
        assert depth == (2 if len(texts) > 1 else 1)  # a single reply needs no deeper look


def test_the_analysis_of_a_won_position_scores_the_win_from_whites_side() -> None:
    # Turkish: White's b1-b2 leaves Black's last man without a move.
    initial = WINS_IN_ONE["turkish"]
    variant = variants.get("turkish")
    position = variant.position(initial)
    after = position.play(variant.parse_move(position, "b1-b2"))
    assert evaluate_position(initial, [after.fen()], None, 0.1, "turkish") == (MATE, "", 0)


def wait_until(found, what: str):
    deadline = time.monotonic() + WAIT
    while time.monotonic() < deadline:
        value = found()
        if value:
            return value
        time.sleep(0.05)
    raise AssertionError(f"{what} never happened")


@pytest.mark.parametrize("variant_id", list(variants.VARIANTS))
def test_a_bot_game_of_every_game_is_played_through_the_site(alice, variant_id) -> None:
    """Over the API, as a player would: a bot game of the game, the player's first move when it
    is theirs, and the bot's reply played by the one move service (the game moves on)."""
    client = APIClient()
    client.force_authenticate(alice)
    made = client.post(
        "/api/games/bot/", {"level": 1, "color": "white", "variant": variant_id}, "json"
    )
    assert made.status_code == 201, made.content
    state = made.json()
    assert state["variant"] == variant_id
    game_id = state["id"]
    if state["turn"] == "white":  # the player opens: their first legal move
        first = state["legal_moves"][0]["text"]
        moved = client.post(f"/api/games/{game_id}/moves/", {"move": first, "ply": 0}, "json")
        assert moved.status_code == 201, moved.content
    answered = state["ply"] + 1 if state["turn"] == "black" else 2
    game = wait_until(
        lambda: Game.objects.filter(public_id=game_id, ply__gte=answered).first(),
        f"the bot's reply in {variant_id}",
    )
    reply = GameMove.objects.get(game=game, ply=answered - 1)
    assert reply.fen_after == client.get(f"/api/games/{game_id}/").json()["moves"][-1]["fen"]
    assert game.variant == variant_id and game.status == Game.Status.LIVE


@pytest.mark.parametrize("variant_id", ["russian", "cheskers"])
def test_a_finished_game_of_another_game_is_analysed_over_the_api(alice, variant_id) -> None:
    client = APIClient()
    client.force_authenticate(alice)
    state = client.post("/api/games/local/", {"variant": variant_id}, "json").json()
    for ply in range(4):
        move = state["legal_moves"][0]["text"]
        state = client.post(
            f"/api/games/{state['id']}/moves/", {"move": move, "ply": ply}, "json"
        ).json()
    assert client.post(f"/api/games/{state['id']}/resign/").status_code == 200
    answer = client.post(f"/api/games/{state['id']}/analysis/")
    assert answer.status_code == 202, answer.content
    game = Game.objects.get(public_id=state["id"])
    done = wait_until(
        lambda: Analysis.objects.filter(game=game).exclude(state="running").first(),
        "the analysis",
    )
    assert (done.state, done.done, done.total) == ("done", 5, 5)
    assert Evaluation.objects.filter(game=game).count() == 5
    plies = client.get(f"/api/games/{state['id']}/analysis/").json()["plies"]
    assert [p["ply"] for p in plies] == [0, 1, 2, 3]
