"""The analysis board's search against the bot's current search, every game, in the same run.

For each game of the registry, from its start and from a middle position (20 plies of seeded
random play), it runs the analysis board's search (``engine.bot.lines.analyse_lines``, one line
and three) and the bot's analysis search (``engine.bot``'s searcher as ``analyse`` runs it: no
contempt, the time limit alone) for ``--seconds`` each, alternating, and prints the median over
``--runs`` of the nodes a second and the depth reached, with the ratio of nodes a second against
the bot's search. The analysis board's figure counts every depth it completed within the time;
the bot's stops early when its next iteration would most likely not finish. It never fails on
time: it prints figures.

    .venv/bin/python bench/analysis_bench.py [--seconds 2] [--runs 3] [--variant ID]
"""

import argparse
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import variants
from engine.bot import _Start
from engine.bot.lines import Control, analyse_lines
from engine.bot.search import Limits

MIDDLE_PLIES = 20


def middle(variant, seed: int = 1):
    """Returns the position after up to ``MIDDLE_PLIES`` random plies that do not end the game."""
    rng = random.Random(seed)
    position = variant.start_position()
    for _ in range(MIDDLE_PLIES):
        moves = [
            m
            for m in position.legal_moves()
            if not variant.outcome(position.play_unchecked(m), 1).is_over
        ]
        if not moves:
            break
        position = position.play_unchecked(rng.choice(moves))
    return position.fen()


def board_search(fen: str, variant: str, seconds: float, lines: int) -> tuple[float, int]:
    began = time.monotonic()
    control = Control()  # to count the nodes of the depth the time cut too
    depth = 0
    for report in analyse_lines(fen, variant, lines=lines, time_limit=seconds, control=control):
        depth = report.depth
    return control.nodes() / (time.monotonic() - began), depth


def bot_search(fen: str, variant: str, seconds: float) -> tuple[float, int]:
    start = _Start(variant, fen, ())
    result = start.searcher(Limits(time=seconds), contempt=False).search()
    return result.nodes / max(result.seconds, 1e-9), result.depth


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--variant", action="append", help="a game's id (default: every game)")
    args = parser.parse_args()
    chosen = args.variant or list(variants.VARIANTS)
    print(
        f"{args.seconds:g} s a search, median of {args.runs} runs; nodes/s (depth reached); "
        "ratio: nodes/s against the bot's search"
    )
    header = f"{'game':24} {'position':8} {'bot':>14} {'board, 1 line':>20} {'board, 3 lines':>20}"
    print(header)
    print("-" * len(header))
    ratios = []
    for variant_id in chosen:
        variant = variants.get(variant_id)
        for name, fen in (("start", variant.start_fen), ("middle", middle(variant))):
            bot, one, three = [], [], []
            for _ in range(args.runs):
                bot.append(bot_search(fen, variant_id, args.seconds))
                one.append(board_search(fen, variant_id, args.seconds, 1))
                three.append(board_search(fen, variant_id, args.seconds, 3))

            def median(runs):
                return (
                    statistics.median(r[0] for r in runs),
                    statistics.median(r[1] for r in runs),
                )

            (bot_rate, bot_depth), (one_rate, one_depth), (three_rate, three_depth) = (
                median(bot),
                median(one),
                median(three),
            )
            ratios.append(one_rate / bot_rate)
            print(
                f"{variant_id:24} {name:8} {bot_rate:>8,.0f} ({bot_depth:>2}) "
                f"{one_rate:>8,.0f} ({one_depth:>2}) {one_rate / bot_rate:4.2f}x "
                f"{three_rate:>8,.0f} ({three_depth:>2}) {three_rate / bot_rate:4.2f}x"
            )
    print(f"median ratio of nodes/s, one line against the bot: {statistics.median(ratios):.2f}x")


if __name__ == "__main__":
    main()
