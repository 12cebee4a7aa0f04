"""The compact form of the legal moves (``legal_tree``) says exactly what the list says: expanded
back, it is the same moves, for chains whose prefixes are moves (Chesskers) and for captures
listed only when complete (International, Turkish). The browser expands it with
static/js/legal_tree.js (tests/js/legal_tree.test.mjs reads fixtures checked here)."""

import json
from pathlib import Path
from typing import Any

import pytest

from games.services import round as game_round
from games.storage import positions
from games.storage.positions import (
    legal_moves_json,
    legal_moves_of_fen,
    legal_tree,
    legal_tree_json,
)

# (game, FEN, number of legal moves, longest path): a lattice of chains, branching captures.
POSITIONS = {
    "chesskers_lattice": ("chesskers", "7K/8/8/8/nnnnn3/1n1n4/7k/Q7 w - - 0 1", 54, 8),
    "chesskers_branching": ("chesskers", "4k3/8/8/8/1p1p4/2p5/8/2R1K3 w - - 0 1", 12, 3),
    "international_multi": (
        "international",
        "W:W46,K47:B41,42,32,33,23,24,31,22:H0:F1",
        4,
        7,
    ),
    "turkish_multi": ("turkish", "W:WKd1:Bd3,d5,c6,f6,b4:H0:F1", 3, 5),
}
TREES = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "trees"


def expanded(tree: dict[str, Any], path: tuple[str, ...] = ()) -> list[dict[str, Any]]:
    """The list a tree stands for (what static/js/legal_tree.js does, written again here)."""
    moves = []
    for square, node in tree.items():
        here = (*path, square)
        for stop in node.get("moves", []):
            moves.append(
                {
                    "text": stop["text"],
                    "path": list(here),
                    "captured": stop.get("captured", []),
                    "promotion": stop.get("promotion"),
                    "kind": stop["kind"],
                }
            )
        moves.extend(expanded(node.get("next", {}), here))
    return moves


def by_text(moves: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return sorted(moves, key=lambda move: (move["text"], move["path"]))


@pytest.mark.parametrize("name", POSITIONS)
def test_the_tree_expands_to_exactly_the_list(name: str) -> None:
    variant, fen, count, longest = POSITIONS[name]
    listed = legal_moves_of_fen(fen, variant)
    assert (len(listed), max(len(move["path"]) for move in listed)) == (count, longest)
    tree = json.loads(legal_tree_json(fen, variant))
    assert tree == legal_tree(listed)
    assert by_text(expanded(tree)) == by_text(listed)
    assert len(legal_tree_json(fen, variant)) < len(legal_moves_json(fen, variant))


def test_a_node_names_its_square_once_for_every_move_through_it() -> None:
    variant, fen = POSITIONS["chesskers_branching"][:2]
    tree = json.loads(legal_tree_json(fen, variant))
    rook = tree["c1"]["next"]["c4"]
    assert rook["moves"] == [{"text": "Rc1:c4", "kind": "jump", "captured": ["c3"]}]
    assert rook["next"] == {
        "e4": {"moves": [{"text": "Rc1:c4:e4+", "kind": "jump", "captured": ["c3", "d4"]}]},
        "a4": {"moves": [{"text": "Rc1:c4:a4", "kind": "jump", "captured": ["c3", "b4"]}]},
    }
    assert "moves" not in tree["c1"]  # no move stops where it starts


def test_a_promotion_is_kept_and_an_empty_one_left_out() -> None:
    tree = json.loads(legal_tree_json("4k3/1P6/8/8/8/8/8/4K3 w - - 0 1"))
    stops = tree["b7"]["next"]["b8"]["moves"]
    assert {stop["text"]: stop.get("promotion") for stop in stops} == {
        "b8=Q+": "q",
        "b8=R+": "r",
        "b8=B": "b",
        "b8=N": "n",
    }
    assert tree["e1"]["next"]["d1"]["moves"] == [{"text": "Kd1", "kind": "quiet"}]


def test_the_cache_counts_the_tree_in_its_bytes() -> None:
    game_round.forget()
    variant, fen = POSITIONS["chesskers_lattice"][:2]
    size = len(legal_moves_json(fen, variant)) + len(legal_tree_json(fen, variant))
    assert positions._legal_by_fen.total_cost == size
    game_round.forget()


@pytest.mark.parametrize("name", POSITIONS)
def test_the_browser_fixtures_are_current(name: str) -> None:
    """tests/js/fixtures/trees/<name>.json: what the server sends, for the node test."""
    variant, fen = POSITIONS[name][:2]
    data = json.loads((TREES / f"{name}.json").read_text())
    assert (data["variant"], data["fen"]) == (variant, fen)
    assert data["legal_tree"] == json.loads(legal_tree_json(fen, variant))
    assert by_text(data["legal_moves"]) == by_text(legal_moves_of_fen(fen, variant))
