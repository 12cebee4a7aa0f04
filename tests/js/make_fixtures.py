"""Writes the legal-move fixtures the paths.js tests read (run by hand; the JSON is committed).

    .venv/bin/python tests/js/make_fixtures.py

Each fixture is a position's `legal_moves` payload exactly as the server sends it; those of
fixtures/trees (legal_tree.js) hold its `legal_tree` too.
"""

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

import os  # noqa: E402

import django  # noqa: E402

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
django.setup()

import engine  # noqa: E402
from games.history import legal_moves_of_fen, legal_moves_payload, legal_tree_json  # noqa: E402
from tests.games.test_legal_tree import POSITIONS as TREE_POSITIONS  # noqa: E402
from tests.games.test_legal_tree import TREES  # noqa: E402

POSITIONS = {
    "start": engine.STARTING_FEN,
    "chain": "4k3/8/8/2p5/1p6/p7/8/R3K3 w - - 0 1",
    "queen_loop": "7k/1p1p4/8/1p1p4/2Q5/8/8/4K3 w - - 0 1",
    "pawn_chain_promotion": "k7/4p3/8/2p5/1P6/8/8/4K3 w - - 0 1",
    "sweep": "4k3/8/8/8/8/b7/p7/N3K3 w - - 0 1",
    "castling": "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "en_passant": "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1",
    "step_promotion": "4k3/1P6/8/8/8/8/8/4K3 w - - 0 1",
    "branching_chain": "4k3/8/8/8/1p1p4/2p5/8/2R1K3 w - - 0 1",
    "black_chain": "r3k3/8/8/8/8/8/P7/4K3 b - - 0 1",
    "mate": "7k/5K2/8/8/6N1/8/8/8 w - - 0 1",
}


def main() -> None:
    out = ROOT / "tests" / "js" / "fixtures"
    out.mkdir(exist_ok=True)
    for name, fen in POSITIONS.items():
        data = {"fen": fen, "legal_moves": legal_moves_payload(engine.Game(fen))}
        (out / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")
    write_trees()


def write_trees() -> None:
    """Writes the legal_tree.js fixtures: each position's tree and list, as the server sends."""
    TREES.mkdir(exist_ok=True)
    for name, (variant, fen, _, _) in TREE_POSITIONS.items():
        data = {
            "variant": variant,
            "fen": fen,
            "legal_tree": json.loads(legal_tree_json(fen, variant)),
            "legal_moves": legal_moves_of_fen(fen, variant),
        }
        (TREES / f"{name}.json").write_text(json.dumps(data, indent=1) + "\n")


if __name__ == "__main__":
    main()
