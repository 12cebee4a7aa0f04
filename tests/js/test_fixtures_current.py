"""The JSON fixtures of the paths.js tests still say what the engine says (RULES §1, §4).

The node tests read committed fixtures (tests/js/fixtures); this keeps them honest when the
engine or the state payload changes. Regenerate with ``python tests/js/make_fixtures.py``.
"""

import json
from pathlib import Path

import pytest

import engine
from engine.chesskers import CHESSKERS
from games.storage.positions import legal_moves_payload
from tests.js.make_fixtures import FIRST_PLIES, REGISTRY, first_plies, registry

FIXTURES = sorted(
    path
    for path in (Path(__file__).parent / "fixtures").glob("*.json")
    if path not in (FIRST_PLIES, REGISTRY)
)


def by_text(moves: list[dict]) -> list[dict]:
    return sorted(moves, key=lambda move: (move["text"], move["path"]))


@pytest.mark.parametrize("path", FIXTURES, ids=[path.stem for path in FIXTURES])
def test_fixture_matches_the_engine(path: Path) -> None:
    data = json.loads(path.read_text())
    assert by_text(data["legal_moves"]) == by_text(
        legal_moves_payload(engine.Game(CHESSKERS, data["fen"]))
    )


def test_every_games_first_plies_are_what_the_engine_plays_and_the_export_numbers() -> None:
    # game_model.js's tests take the games, the sides and the numbers from this fixture.
    assert json.loads(FIRST_PLIES.read_text()) == json.loads(json.dumps(first_plies()))


def test_the_js_tests_list_of_games_is_the_registrys() -> None:
    # The node tests take every list of games from this fixture, never from a list of their own.
    assert json.loads(REGISTRY.read_text()) == registry()
