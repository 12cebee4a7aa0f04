"""The load bench's client plays what the site's page would: it reads the legal moves from the
tree a page's socket receives (``bench/ws_load.py``), and finds there every move of the list."""

import pytest

from bench import ws_load
from engine import variants
from games.storage.positions import legal_moves_of_position, legal_tree

# docs/api.md's Chesskers example of chains of jumps, with a pawn about to promote.
CHAINS = "4k3/P7/8/8/1p1p4/2p5/8/2R1K3 w - - 0 1"


def as_set(moves: list[dict]) -> set[tuple[tuple[str, ...], str | None]]:
    return {(tuple(move["path"]), move["promotion"]) for move in moves}


@pytest.mark.parametrize("variant_id", sorted(variants.VARIANTS))
def test_the_tree_gives_the_bench_every_legal_move_of_each_games_start(variant_id):
    position = variants.get(variant_id).start_position()
    listed = legal_moves_of_position(position, variant_id=variant_id)
    found = ws_load.legal_of({"legal_tree": legal_tree(listed)})
    assert len(found) == len(listed)
    assert as_set(found) == as_set(listed)


def test_the_tree_gives_every_prefix_of_a_chain_and_each_promotion():
    position = variants.get("chesskers").position(CHAINS)
    listed = legal_moves_of_position(position, variant_id="chesskers")
    found = ws_load.legal_of({"legal_tree": legal_tree(listed)})
    assert as_set(found) == as_set(listed)
    paths = {path for path, _ in as_set(found)}
    assert ("c1", "c4") in paths and ("c1", "c4", "e4") in paths
    assert {promotion for path, promotion in as_set(found) if path == ("a7", "a8")} == {
        "q",
        "r",
        "b",
        "n",
    }


def test_a_state_without_a_tree_gives_its_list():
    listed = [{"path": ["e2", "e4"], "promotion": None}]
    assert ws_load.legal_of({"legal_moves": listed}) == listed
    assert ws_load.legal_of({"legal_tree": {}}) == []
