"""The check marks of every legal move of a position: in one batch against one move at a time.

The state's legal-move list marks each move that gives check. ``Position.checks`` answers for
all of a position's moves at once; the reference, measured in the same run, plays each move on
a copy and tests the opponent's king in full (``Position.gives_check``). Positions come from
seeded random games that play a checking move half the time they have one. Both answers are
compared first; runs alternate and are timed in process CPU time, each figure the median of
several runs. Prints microseconds a position for each and the ratio. It never fails on time.

    .venv/bin/python bench/checks_bench.py [--runs N]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import Position
from engine.chesskers import CHESSKERS


def positions(games: int = 200, plies: int = 80, seed: int = 5) -> list[Position]:
    rng = random.Random(seed)
    found = []
    for _ in range(games):
        game = CHESSKERS.new_game()
        for _ in range(plies):
            if game.is_over():
                break
            position = game.position
            moves = position.legal_moves()
            found.append(position)
            checks = [m for m in moves if position.gives_check(m)]
            game.push(rng.choice(checks if checks and rng.random() < 0.5 else moves))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median taken)")
    args = parser.parse_args()
    cases = [(p, p.legal_moves()) for p in positions()]
    for position, moves in cases:
        if position.checks(moves) != [position.gives_check(m) for m in moves]:
            raise SystemExit(f"the answers differ in {position.fen()}")
    batch, single = [], []
    for _ in range(args.runs):
        start = time.process_time()
        for position, moves in cases:
            position.checks(moves)
        batch.append(time.process_time() - start)
        start = time.process_time()
        for position, moves in cases:
            [position.gives_check(m) for m in moves]
        single.append(time.process_time() - start)
    ours = 1e6 * statistics.median(batch) / len(cases)
    reference = 1e6 * statistics.median(single) / len(cases)
    print(f"{len(cases)} positions, the same answers, median of {args.runs} runs")
    print(f"one batch (Position.checks):       {ours:7.1f} us a position")
    print(f"each move (Position.gives_check):  {reference:7.1f} us a position")
    print(f"ratio batch/each: {ours / reference:.2f}")


if __name__ == "__main__":
    main()
