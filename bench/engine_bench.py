"""Perft throughput of the engine against python-chess on the same FENs, in the same run.

Both sides count the same way: legal moves are generated at every node, and at the last ply
they are counted without being played (bulk counting). Runs alternate between the two
engines and are timed in process CPU time, so that other load on the machine weighs on both
alike; each figure is the median of several runs. Prints nodes per second for ours and
python-chess's, and the ratio ours/python-chess. This is a benchmark that prints figures; it
never passes or fails on time.

    .venv/bin/python bench/engine_bench.py [--runs N]
"""

import argparse
import platform
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import chess

from engine import STARTING_FEN, Position
from engine.perft import perft

CASES = [
    ("start", STARTING_FEN, 4),
    ("middle game 1", "r1b1kb1r/ppppqppp/2n1p2n/8/7Q/3PP2N/PPPN1PPP/R1B1KB1R w q - 2 9", 3),
    ("middle game 2", "r1b1kbr1/ppqppp1n/3Q4/2p3pp/1Pn3P1/N1P5/P2PPPBP/R1B2KNR w q - 2 13", 3),
    ("middle game 3", "1nb1kb1r/1p1p1ppp/rP4n1/p4N2/2p1p3/2BPPP2/P1P3Pq/RN1QKB1R w KQk - 0 13", 3),
    ("middle game 4", "1r1qkb1r/p1pnn3/3pQ1p1/1p2pp1p/b2P4/BP3PK1/P1P1P1PP/RN3BNR w k - 4 13", 3),
]


def chess_perft(board: chess.Board, depth: int) -> int:
    """python-chess perft with bulk counting at the last ply."""
    if depth == 1:
        return board.legal_moves.count()
    total = 0
    for move in board.legal_moves:
        board.push(move)
        total += chess_perft(board, depth - 1)
        board.pop()
    return total


def timed_pair(ours, theirs, runs: int) -> tuple[int, float, int, float]:
    """Returns (our result, our median seconds, their result, their median seconds), running
    the two alternately ``runs`` times each and timing process CPU time."""
    ours_times, theirs_times = [], []
    ours_result = theirs_result = 0
    for _ in range(runs):
        start = time.process_time()
        ours_result = ours()
        ours_times.append(time.process_time() - start)
        start = time.process_time()
        theirs_result = theirs()
        theirs_times.append(time.process_time() - start)
    return (
        ours_result,
        statistics.median(ours_times),
        theirs_result,
        statistics.median(theirs_times),
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median taken)")
    args = parser.parse_args()
    print(f"python {platform.python_version()}, python-chess {chess.__version__}, runs {args.runs}")
    header = f"{'position':<15} {'d':>2} {'ours nodes':>11} {'ours n/s':>10} "
    header += f"{'chess nodes':>11} {'chess n/s':>10} {'ratio':>6}"
    print(header)
    ratios = []
    for name, fen, depth in CASES:
        position = Position.from_fen(fen)
        board = chess.Board(fen)
        ours, ours_s, theirs, theirs_s = timed_pair(
            lambda p=position, d=depth: perft(p, d),
            lambda b=board, d=depth: chess_perft(b, d),
            args.runs,
        )
        ours_nps, theirs_nps = ours / ours_s, theirs / theirs_s
        ratio = ours_nps / theirs_nps
        ratios.append(ratio)
        print(
            f"{name:<15} {depth:>2} {ours:>11} {ours_nps:>10.0f} "
            f"{theirs:>11} {theirs_nps:>10.0f} {ratio:>6.3f}"
        )
    print(f"minimum ratio {min(ratios):.3f}, median ratio {statistics.median(ratios):.3f}")


if __name__ == "__main__":
    main()
