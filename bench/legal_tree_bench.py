"""The legal moves' compact form (``legal_tree``) against the list (``legal_moves``).

For the start position (the reference), a normal middlegame, a lattice of chains and the
largest playable position under the move budget (5,000) we found (a lattice of all of Black's
kinds of piece, White's pieces added where they add most moves, as bench/budget_bench.py's
"worst reachable" was found), this prints the number of legal moves, the bytes of the list's
JSON (what a state sends today) and of the tree's (what the game page's socket gets), their
ratio, and the CPU time to encode each from the described moves (the work a move adds to the
hot path: once per position, cached), each the median of several runs. It never fails on time.

    .venv/bin/python bench/legal_tree_bench.py [--runs N]
"""

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from bench.budget_bench import median_seconds  # noqa: E402
from games.storage.positions import (  # noqa: E402
    legal_moves_json,
    legal_moves_of_fen,
    legal_tree,
    legal_tree_json,
)

POSITIONS = {
    "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "middlegame": "r1bqkb1r/1ppp1ppp/p1n2n2/4p3/B3P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 5",
    "chain lattice": "7K/8/8/8/nnnnn3/1n1n4/7k/Q7 w - - 0 1",
    "near the budget": "R6K/4Q3/2R5/1q1r4/rbbnn3/1p1p1R2/ppp4k/Q7 w - - 0 1",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    print(
        "| position | moves | list bytes | tree bytes | tree/list "
        "| list encode ms | tree encode ms |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, fen in POSITIONS.items():
        listed = legal_moves_of_fen(fen)
        list_bytes, tree_bytes = len(legal_moves_json(fen)), len(legal_tree_json(fen))
        encode_list = median_seconds(lambda m=listed: json.dumps(m), runs)
        encode_tree = median_seconds(
            lambda m=listed: json.dumps(legal_tree(m), separators=(",", ":")), runs
        )
        print(
            f"| {name} | {len(listed):,} | {list_bytes:,} | {tree_bytes:,}"
            f" | {tree_bytes / list_bytes:.2f}"
            f" | {encode_list * 1e3:.3f} | {encode_tree * 1e3:.3f} |"
        )


if __name__ == "__main__":
    main()
