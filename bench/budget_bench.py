"""The move budget: what the largest positions cost, and what refusing them costs.

Every prefix of a chain is a move, so a lattice of jumpable pieces lists a huge number of moves.
For the issue's lattice (16 Black knights: no game reaches it), the worst position a game can
reach that we found (9 White queens against a 15-piece lattice: a hill-climb from the issue's
lattice, adding queens where they add most moves), and the start position as the reference
measured in the same run, this prints: the number of legal moves, the longest chain, the time
to generate them and to describe them (their texts, as the state lists them), the size of the
state's legal-move list as JSON, and the time ``Variant.playable_position`` takes to refuse
(or accept) the position. Times are process CPU time, each the median of several runs, with
the ratio to the start position's. It never fails on time.

    .venv/bin/python bench/budget_bench.py [--runs N]
"""

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import notation
from engine.errors import UnplayablePositionError
from engine.variants import get

POSITIONS = {
    "start": "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "issue's lattice": "7K/8/8/1n1n4/nnnnn3/1n1n4/nnnnn3/Qn1n3k w - - 0 1",
    "worst reachable": "2Q4K/Q3Q1Q1/5Q2/1r1r2Q1/pnnbb3/1p1p2Q1/pppppQ2/Q2q3k w - - 0 1",
}


def median_seconds(work: Callable[[], object], runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.process_time()
        work()
        times.append(time.process_time() - start)
    return statistics.median(times)


def answer_bytes(position) -> int:
    """Returns the size of the legal-move list as the state sends it (games.storage.history)."""
    listed = [
        {
            "text": text,
            "path": move.path_names(),
            "captured": move.captured_names(),
            "promotion": move.promotion.symbol if move.promotion else None,
            "kind": move.kind.value.replace("-", "_"),
        }
        for move, text in notation.describe_moves(position)
    ]
    return len(json.dumps(listed))


def refusal(fen: str) -> str:
    try:
        get("chesskers").playable_position(fen)
    except UnplayablePositionError as error:
        return "refused: " + ("material" if "promotion" in str(error) else "budget")
    return "accepted"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    runs = parser.parse_args().runs
    chesskers = get("chesskers")
    print(
        "| position | moves | longest chain | generate s | ratio | describe s | JSON MB "
        "| playable_position | its s |"
    )
    print("|---|---|---|---|---|---|---|---|---|")
    reference = None
    for name, fen in POSITIONS.items():
        position = chesskers.position(fen)
        moves = position.legal_moves()
        # a fresh position each run: a position keeps what it generated
        generate = median_seconds(lambda f=fen: chesskers.position(f).legal_moves(), runs)
        reference = reference or generate
        describe = median_seconds(
            lambda f=fen: notation.describe_moves(chesskers.position(f)), max(1, runs // 2)
        )
        size = answer_bytes(position) / 1e6
        check = median_seconds(lambda f=fen: refusal(f), runs)
        longest = max(len(move.path) for move in moves) - 1
        print(
            f"| {name} | {len(moves):,} | {longest} | {generate:.4f} | {generate / reference:,.0f}"
            f" | {describe:.3f} | {size:.1f} | {refusal(fen)} | {check:.4f} |"
        )


if __name__ == "__main__":
    main()
