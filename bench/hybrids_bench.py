"""Perft throughput of the four hybrids beside Chesskers' pure-Python generator, in the same run.

Each hybrid is timed from its start position and from a middle game, and every figure is paired
with Chesskers' perft from its start (depth 4) on the Python generator (``engine.movegen``, the
C one switched off with ``CHESSKERS_PURE_PYTHON=1``): the two alternate run by run, timed in
process CPU time, and each figure is the median of the runs. Nodes are the leaves counted, moves
being generated at every node and counted, not played, at the last ply. Prints nodes per second
and the ratio hybrid/Chesskers; the target is a ratio of at least 1/3 everywhere. This is a
benchmark that prints figures; it never passes or fails on time.

    .venv/bin/python bench/hybrids_bench.py [--runs N]
"""

import argparse
import os
import platform
import statistics
import sys
import time
from pathlib import Path

os.environ["CHESSKERS_PURE_PYTHON"] = "1"  # before the engine loads: Chesskers in Python
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine import STARTING_FEN, Position
from engine.generator import NATIVE
from engine.perft import perft
from engine.variants import VARIANTS

REFERENCE = ("chesskers start", STARTING_FEN, 4)

# (variant id, position name, FEN, depth). The middle games come from seeded random games of
# 20-24 plies from the start.
CASES = [
    ("cheskers", "start", "start", 6),
    ("cheskers", "middle game", "3k1k1b/p1p3p1/1p3p2/8/1P3B2/P5p1/3P4/2K3C1 b - - 0 11", 5),
    ("byelorussian-cheskers", "start", "start", 4),
    (
        "byelorussian-cheskers",
        "middle game",
        "rmbqkmn1/mp2mp1p/2p2mpm/p1Mp4/1P1MP2P/2M5/PMPM1MPM/MN1QKBMR w Kq - 0 13",
        3,
    ),
    ("game-mix", "start", "start", 4),
    (
        "game-mix",
        "middle game",
        "l1skds2/2pppp1c/2c2n1c/2c5/DnPP4/N1S1P3/CC3PCC/L1N1KS1L w - - 5 11",
        3,
    ),
    ("mix-chess", "start", "start", 4),
    (
        "mix-chess",
        "middle game",
        "l1skds2/2pppp1c/2c2n1c/2c5/DnPP4/N1S1P3/CC3PCC/L1N1KS1L w - - 5 11",
        3,
    ),
]


def timed_pair(case, reference, runs: int) -> tuple[int, float, int, float]:
    """Returns (case result, its median seconds, reference result, its median seconds), the two
    run alternately ``runs`` times each, in process CPU time."""
    case_times, reference_times = [], []
    case_result = reference_result = 0
    for _ in range(runs):
        start = time.process_time()
        case_result = case()
        case_times.append(time.process_time() - start)
        start = time.process_time()
        reference_result = reference()
        reference_times.append(time.process_time() - start)
    return (
        case_result,
        statistics.median(case_times),
        reference_result,
        statistics.median(reference_times),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median taken)")
    args = parser.parse_args()
    assert not NATIVE, "Chesskers must run on its Python generator here"
    name, fen, depth = REFERENCE
    chesskers = Position.from_fen(fen)
    print(f"python {platform.python_version()}, runs {args.runs}, reference: {name} depth {depth}")
    header = f"{'game':<22} {'position':<12} {'d':>2} {'nodes':>9} {'nodes/s':>9} "
    header += f"{'chesskers n/s':>13} {'ratio':>6}"
    print(header)
    ratios = []
    for variant_id, position_name, case_fen, case_depth in CASES:
        variant = VARIANTS[variant_id]
        position = variant.position(case_fen)
        nodes, seconds, ref_nodes, ref_seconds = timed_pair(
            lambda v=variant, p=position, d=case_depth: v.perft(p, d),
            lambda: perft(chesskers, depth),
            args.runs,
        )
        nps, ref_nps = nodes / seconds, ref_nodes / ref_seconds
        ratio = nps / ref_nps
        ratios.append(ratio)
        print(
            f"{variant_id:<22} {position_name:<12} {case_depth:>2} {nodes:>9} {nps:>9.0f} "
            f"{ref_nps:>13.0f} {ratio:>6.3f}"
        )
    print(f"minimum ratio {min(ratios):.3f}, median ratio {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
