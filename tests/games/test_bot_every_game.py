"""The site's bot and analysis in games other than Chesskers: a bot game asks the worker pool
for a move of the game's own variant (``Game.variant``), and the analysis of a short game of
each family gives an evaluation per ply.

Playing the answer into a non-Chesskers game goes through the one move service, whose reading
of every game's notation and FEN is the site's work (``games.moves``); here the answer is
caught where the bot runner hands it over (``play``) and checked with the engine.
"""

import threading

import pytest

from engine import variants
from games import bot_runner, moves
from games.core import Actor
from games.evaluation import MATE, evaluate_position
from games.models import Game
from games.play import game_create_bot
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
    monkeypatch.setattr(moves, "game_play_bot", caught)
    assert moves.bot_kick(game)
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
