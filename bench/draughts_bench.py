"""Perft throughput of the 18 draughts games, and against pydraughts on the six it plays.

Both parts count the same way as ``engine.draughts.movegen.perft``: legal moves are generated at
every node and, at the last ply, counted without being played (bulk counting). A figure is
leaves per second: the perft count over process CPU time, the median of ``--runs`` runs.

1. Every game, from its start and from a middle-game position (a position of a seeded random
   game with men and, where the game has them, kings on both sides, kept here as FEN), at the
   depth given. Target: 100,000 leaves a second for every game.
2. The six games pydraughts plays (``tests/engine/draughts/pydraughts_bridge.py`` names them),
   on the same positions at a depth pydraughts finishes in seconds: ours and pydraughts' runs
   alternate, and the ratio is our leaves a second over pydraughts'. pydraughts runs on its core
   ``Game`` (``legal_moves``, ``push``, ``pop``), its fastest path. Ours is repeated until it has
   run for 0.2 s, its figure the time of one. Target: a ratio of 20 or more.

This is a benchmark that prints figures; it never passes or fails on time.

    .venv/bin/python bench/draughts_bench.py [--runs N] [--games id,id,...] [--no-pydraughts]
"""

import argparse
import platform
import statistics
import sys
import time
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.variants import VARIANTS

# id: (middle-game FEN, depth from the start, depth from the middle game)
CASES = {
    "checkers": ("W:WK4,11,18,24,27,29:B5,13,20,K31:H0:F24", 7, 8),
    "anti-checkers": ("W:WK4,11,18,24,27,29:B5,13,20,K31:H0:F24", 7, 8),
    "czech": ("B:Wf2,h2,b4,Kf8:BKa1,h4,d6,a7,e7,d8,h8:H0:F16", 7, 6),
    "corner": ("W:Wf6,h6,e7,g7,Kb8,d8,f8,h8:Ba1,c1,e1,Kg1,b2,a3:H0:F37", 11, 6),
    "one-way": ("B:We1,h2,g3,h4,g5,f6,Kf8:Ba1,c1,b2,a3,c3,b4,a5,Ka7,Kd8:H0:F8", 10, 6),
    "parachute": ("W:Wf4,Kd6,Pb8,Pf8,Ph8:BKe1,Pg1,c3,a7:H0:F13", 10, 6),
    "gothic": ("W:Wf1,g1,a2,b2,b4,h7,Kd8:BKb1,e5,d6,f6,a7,d7:H0:F35", 4, 4),
    "turkish": ("W:We2,f2,g2,h2,c3,g4,Kd8:BKd1,f6,c7,e7,f7,g7:H0:F19", 5, 4),
    "alquerque": ("W:Wa1,b1,c1,d1,e1,a2,c2,d2,e2:Ba3,a4,b4,c4,a5,b5,c5:H0:F7", 11, 6),
    "hawaiian": (
        "W:Wa1,c1,e1,b2,d2,f2,h2,a3,c3,e3,b4,d4,a5,c5,e5,g5,b6,f6,h6,a7,c7,g7,b8,d8,f8,h8"
        ":Bb1,d1,f1,h1,a2,c2,e2,g2,b3,d3,h3,a4,c4,e4,b5,d5,f5,h5,a6,c6,e6,b7,d7,f7,a8,c8,g8"
        ":H0:F6",
        7,
        5,
    ),
    "international": ("B:WK4,29,34,39,42,44,45,48:B5,8,9,11,12,13,14,32,K46:H0:F35", 6, 5),
    "russian": ("W:Wa1,c1,b2,f2,h2,a3,e3,g3,Kb8:BKe1,c5,b6,f6,h6,e7,g7,f8,h8:H0:F10", 7, 7),
    "canadian": (
        "B:W40,41,43,44,45,47,49,50,52,53,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72"
        ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,22,23,24,25,27,30,32,36:H0:F6",
        5,
        5,
    ),
    "thai": ("B:Wh2,e3,Kb8:BKc1,d2,a7,f8:H0:F17", 6, 6),
    "brazilian": ("W:Wa1,c1,b2,f2,h2,a3,e3,g3,Kb8:BKe1,c5,b6,f6,h6,e7,g7,f8,h8:H0:F10", 7, 7),
    "portuguese": ("W:W1,2,4,5,8,9,12,K31:BK3,24,25,28,29,30,32:H0:F9", 7, 6),
    "italian": ("W:WK13,21,23,27,29,30,32:B4,6,7,9,12,K31:H0:F13", 7, 7),
    "dameo": ("W:Wg1,d2,e2,a3,f3,d4,h4,Kb8:BKc1,b4,c5,d5,g6,f8,h8:H0:F25", 3, 6),
}

# id: (depth from the start, depth from the middle game) for the runs against pydraughts.
PYDRAUGHTS_DEPTHS = {
    "international": (3, 3),
    "checkers": (3, 4),
    "russian": (3, 3),
    "brazilian": (3, 3),
    "italian": (3, 3),
    "turkish": (3, 2),
}
MIN_SECONDS = 0.2


def timed(count: Callable[[], int], repeat: bool = False) -> tuple[int, float]:
    """Returns (result, process CPU seconds of one call); with ``repeat``, calls ``count``
    until ``MIN_SECONDS`` have passed and divides."""
    calls = 0
    start = time.process_time()
    while True:
        result = count()
        calls += 1
        elapsed = time.process_time() - start
        if not repeat or elapsed >= MIN_SECONDS:
            return result, elapsed / calls


def pydraughts_perft(game, depth: int) -> int:
    """pydraughts' perft on its core ``Game``, with bulk counting at the last ply."""
    moves, _ = game.legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        game.push(move)
        total += pydraughts_perft(game, depth - 1)
        game.pop()
    return total


def throughput(games: list[str], runs: int) -> None:
    print(f"{'game':<14} {'position':<7} {'d':>2} {'leaves':>10} {'leaves/s':>10}")
    rates = {}
    for game in games:
        variant = VARIANTS[game]
        middle, start_depth, middle_depth = CASES[game]
        for name, fen, depth in (("start", "start", start_depth), ("middle", middle, middle_depth)):
            position = variant.position(fen)
            results = [
                timed(lambda v=variant, p=position, d=depth: v.perft(p, d)) for _ in range(runs)
            ]
            leaves = results[0][0]
            rate = leaves / statistics.median(seconds for _, seconds in results)
            rates[f"{game} {name}"] = rate
            print(f"{game:<14} {name:<7} {depth:>2} {leaves:>10} {rate:>10.0f}")
    if rates:
        slowest = min(rates, key=rates.__getitem__)
        print(f"lowest: {rates[slowest]:.0f} leaves/s ({slowest})")


def against_pydraughts(games: list[str], runs: int) -> None:
    from tests.engine.draughts.pydraughts_bridge import Bridge

    print(f"\npydraughts {version('pydraughts')}")
    header = f"{'game':<14} {'position':<7} {'d':>2} {'ours':>7} {'ours/s':>9} "
    print(header + f"{'theirs':>7} {'theirs/s':>9} {'ratio':>6}")
    ratios = []
    for game in games:
        bridge = Bridge(game)
        variant = bridge.variant
        for name, fen, depth in zip(
            ("start", "middle"), ("start", CASES[game][0]), PYDRAUGHTS_DEPTHS[game], strict=True
        ):
            position = variant.position(fen)
            ours, theirs = [], []
            for _ in range(runs):
                ours.append(
                    timed(lambda v=variant, p=position, d=depth: v.perft(p, d), repeat=True)
                )
                game_state = bridge.game(position)  # made outside the timing
                theirs.append(timed(lambda g=game_state, d=depth: pydraughts_perft(g, d)))
            our_leaves, their_leaves = ours[0][0], theirs[0][0]
            our_rate = our_leaves / statistics.median(s for _, s in ours)
            their_rate = their_leaves / statistics.median(s for _, s in theirs)
            ratios.append(our_rate / their_rate)
            print(
                f"{game:<14} {name:<7} {depth:>2} {our_leaves:>7} {our_rate:>9.0f} "
                f"{their_leaves:>7} {their_rate:>9.0f} {ratios[-1]:>6.0f}"
            )
    if ratios:
        print(f"minimum ratio {min(ratios):.0f}, median ratio {statistics.median(ratios):.0f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per figure (median taken)")
    parser.add_argument("--games", default="", help="comma-separated game ids (default: all)")
    parser.add_argument("--no-pydraughts", action="store_true", help="skip the second part")
    args = parser.parse_args()
    games = [g for g in args.games.split(",") if g] or list(CASES)
    unknown = [g for g in games if g not in CASES]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    print(f"python {platform.python_version()}, runs {args.runs}")
    throughput(games, args.runs)
    if not args.no_pydraughts:
        against_pydraughts([g for g in games if g in PYDRAUGHTS_DEPTHS], args.runs)


if __name__ == "__main__":
    main()
