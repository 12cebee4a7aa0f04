"""Chesskers engine speed of this tree against another checkout of it, in the same run.

For a change to the engine that must not cost speed: export the older commit somewhere
(``git archive <commit> engine | tar -x -C /tmp/before`` and build its C module there with
``python -m engine.build_native``), then run this from the repository root. Each measurement
runs in a child process whose ``engine`` is imported from one tree, with the C generator and
with the Python one (``CHESSKERS_PURE_PYTHON=1``); the trees alternate run by run, are timed in
process CPU time, and each figure is the median of the runs. Both trees must give the same
counts and texts (a digest is compared) before a figure is printed. It never fails on time.

    .venv/bin/python bench/versions_bench.py --before /tmp/before [--runs N]
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# What the child measures, with the public names both trees have: perft from the start and
# from jump-rich middle games, describing positions (every legal move with its text) through
# the notation module and through the variant (``position`` then ``describe_moves``: the site's
# path), rebuilding games from their FENs (``game_from_fens``), and the bot's search cut at a
# node count.
CHILD = r"""
import hashlib, json, random, sys, time
from engine import STARTING_FEN, Position
from engine.chesskers import CHESSKERS
from engine.notation import describe_moves
from engine.perft import perft
from engine.bot import think

MIDDLE = [
    "r1b1kb1r/ppppqppp/2n1p2n/8/7Q/3PP2N/PPPN1PPP/R1B1KB1R w q - 2 9",
    "r1b1kbr1/ppqppp1n/3Q4/2p3pp/1Pn3P1/N1P5/P2PPPBP/R1B2KNR w q - 2 13",
]
digest = hashlib.sha256()
out = {}
started = time.process_time()
nodes = perft(Position.from_fen(STARTING_FEN), 4)
out["perft start 4 (n/s)"] = nodes / (time.process_time() - started)
digest.update(str(nodes).encode())
started = time.process_time()
nodes = sum(perft(Position.from_fen(fen), 3) for fen in MIDDLE)
out["perft middle 3 (n/s)"] = nodes / (time.process_time() - started)
digest.update(str(nodes).encode())
rng = random.Random(11)
games = []
for _ in range(20):
    game = CHESSKERS.new_game()
    played = []
    for _ in range(60):
        moves = game.legal_moves()
        if not moves or game.is_over():
            break
        game.push(rng.choice(moves))
        played.append(game.fen())
    games.append(played)
fens = [fen for played in games for fen in played]
started = time.process_time()
for fen in fens:
    for _, text in describe_moves(Position.from_fen(fen)):
        digest.update(text.encode())
out["describe (us)"] = (time.process_time() - started) / len(fens) * 1e6
started = time.process_time()
for fen in fens:
    for _, text in CHESSKERS.describe_moves(CHESSKERS.position(fen)):
        digest.update(text.encode())
out["variant describe (us)"] = (time.process_time() - started) / len(fens) * 1e6
started = time.process_time()
for _ in range(5):
    for played in games:
        rebuilt = CHESSKERS.game_from_fens(STARTING_FEN, played)
out["game from FENs (us)"] = (time.process_time() - started) / (5 * len(games)) * 1e6
digest.update(rebuilt.fen().encode())
started = time.process_time()
result = think(STARTING_FEN, 8, seed=1, node_limit=3000, time_limit=600.0)
out["bot level 8 (n/s)"] = result.nodes / (time.process_time() - started)
digest.update(result.move.machine().encode())
out["digest"] = digest.hexdigest()
print(json.dumps(out))
"""


def run(tree: Path, pure: bool) -> dict:
    env = {**os.environ, "CHESSKERS_PURE_PYTHON": "1" if pure else "0", "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", CHILD], env=env, cwd=tree, check=True, capture_output=True
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout's root")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    trees = {"before": args.before.resolve(), "after": ROOT}
    results: dict[tuple[str, bool], list[dict]] = {(t, p): [] for t in trees for p in (0, 1)}
    for _ in range(args.runs):
        for pure in (False, True):
            for name, tree in trees.items():
                results[(name, pure)].append(run(tree, pure))
    digests = {r["digest"] for runs in results.values() for r in runs}
    if len(digests) != 1:
        raise SystemExit("the trees (or generators) disagree: no figures")
    print(f"python {sys.version.split()[0]}, runs {args.runs}, medians of CPU time")
    print(f"{'':24} {'generator':>9} {'before':>11} {'after':>11} {'after/before':>12}")
    keys = [k for k in results[("after", False)][0] if k != "digest"]
    for pure in (False, True):
        for key in keys:
            before = statistics.median(r[key] for r in results[("before", pure)])
            after = statistics.median(r[key] for r in results[("after", pure)])
            # For times (us) smaller is faster: the ratio is always "how much faster after is".
            ratio = before / after if key.endswith("(us)") else after / before
            generator = "Python" if pure else "C"
            print(f"{key:24} {generator:>9} {before:11.1f} {after:11.1f} {ratio:12.3f}")


if __name__ == "__main__":
    main()
