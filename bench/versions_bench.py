"""Engine speed of this tree against another checkout of it, in the same run.

For a change to the engine that must not cost speed: export the older commit somewhere
(``git archive <commit> engine | tar -x -C /tmp/before`` and build its C module there with
``python -m engine.build_native``), then run this from the repository root. Each measurement
runs in a child process whose ``engine`` is imported from one tree; the trees alternate run by
run, are timed in process CPU time, and each figure is the median of the runs. Both trees must
give the same counts and texts (a digest is compared) before a figure is printed. It never
fails on time.

By default it measures Chesskers, with the C generator and with the Python one
(``CHESSKERS_PURE_PYTHON=1``). With ``--others`` it measures every other game instead (the
draughts family and the hybrids, from the registry): perft from a middle game, at the greatest
depth whose count stays under 150,000 leaves, the bot's search there (level 8 cut at 2,000
nodes) and a game of 60 random plies rebuilt from its FENs, each figure with how much faster
after is than before.

    .venv/bin/python bench/versions_bench.py --before /tmp/before [--runs N] [--others]
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


# The other games' child: for each, a middle game (the positions of bench/draughts_bench.py and
# bench/hybrids_bench.py), perft at the greatest depth under 150,000 leaves, then the bot.
OTHERS_CHILD = r"""
import hashlib, json, random, time
from engine.bot import think
from engine.variants import VARIANTS

MIDDLE = {
    "checkers": "W:WK4,11,18,24,27,29:B5,13,20,K31:H0:F24",
    "anti-checkers": "W:WK4,11,18,24,27,29:B5,13,20,K31:H0:F24",
    "czech": "B:Wf2,h2,b4,Kf8:BKa1,h4,d6,a7,e7,d8,h8:H0:F16",
    "corner": "W:Wf6,h6,e7,g7,Kb8,d8,f8,h8:Ba1,c1,e1,Kg1,b2,a3:H0:F37",
    "one-way": "B:We1,h2,g3,h4,g5,f6,Kf8:Ba1,c1,b2,a3,c3,b4,a5,Ka7,Kd8:H0:F8",
    "parachute": "W:Wf4,Kd6,Pb8,Pf8,Ph8:BKe1,Pg1,c3,a7:H0:F13",
    "gothic": "W:Wf1,g1,a2,b2,b4,h7,Kd8:BKb1,e5,d6,f6,a7,d7:H0:F35",
    "turkish": "W:We2,f2,g2,h2,c3,g4,Kd8:BKd1,f6,c7,e7,f7,g7:H0:F19",
    "alquerque": "W:Wa1,b1,c1,d1,e1,a2,c2,d2,e2:Ba3,a4,b4,c4,a5,b5,c5:H0:F7",
    "hawaiian": (
        "W:Wa1,c1,e1,b2,d2,f2,h2,a3,c3,e3,b4,d4,a5,c5,e5,g5,b6,f6,h6,a7,c7,g7,b8,d8,f8,h8"
        ":Bb1,d1,f1,h1,a2,c2,e2,g2,b3,d3,h3,a4,c4,e4,b5,d5,f5,h5,a6,c6,e6,b7,d7,f7,a8,c8,g8"
        ":H0:F6"
    ),
    "international": "B:WK4,29,34,39,42,44,45,48:B5,8,9,11,12,13,14,32,K46:H0:F35",
    "russian": "W:Wa1,c1,b2,f2,h2,a3,e3,g3,Kb8:BKe1,c5,b6,f6,h6,e7,g7,f8,h8:H0:F10",
    "canadian": (
        "B:W40,41,43,44,45,47,49,50,52,53,55,56,57,58,59,60,61,62,63,64,65,66,67,68,69,70,71,72"
        ":B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,22,23,24,25,27,30,32,36:H0:F6"
    ),
    "thai": "B:Wh2,e3,Kb8:BKc1,d2,a7,f8:H0:F17",
    "brazilian": "W:Wa1,c1,b2,f2,h2,a3,e3,g3,Kb8:BKe1,c5,b6,f6,h6,e7,g7,f8,h8:H0:F10",
    "portuguese": "W:W1,2,4,5,8,9,12,K31:BK3,24,25,28,29,30,32:H0:F9",
    "italian": "W:WK13,21,23,27,29,30,32:B4,6,7,9,12,K31:H0:F13",
    "dameo": "W:Wg1,d2,e2,a3,f3,d4,h4,Kb8:BKc1,b4,c5,d5,g6,f8,h8:H0:F25",
    "cheskers": "3k1k1b/p1p3p1/1p3p2/8/1P3B2/P5p1/3P4/2K3C1 b - - 0 11",
    "byelorussian-cheskers": (
        "rmbqkmn1/mp2mp1p/2p2mpm/p1Mp4/1P1MP2P/2M5/PMPM1MPM/MN1QKBMR w Kq - 0 13"
    ),
    "game-mix": "l1skds2/2pppp1c/2c2n1c/2c5/DnPP4/N1S1P3/CC3PCC/L1N1KS1L w - - 5 11",
    "mix-chess": "l1skds2/2pppp1c/2c2n1c/2c5/DnPP4/N1S1P3/CC3PCC/L1N1KS1L w - - 5 11",
}
digest = hashlib.sha256()
out = {}
for game, fen in MIDDLE.items():
    variant = VARIANTS[game]
    position = variant.position(fen)
    depth = 1
    while depth < 8 and variant.perft(position, depth + 1) <= 150000:
        depth += 1
    started = time.process_time()
    leaves = variant.perft(variant.position(fen), depth)
    out[f"{game} perft (n/s)"] = leaves / (time.process_time() - started)
    digest.update(f"{game} {depth} {leaves}".encode())
    started = time.process_time()
    result = think(fen, 8, seed=1, node_limit=2000, time_limit=600.0, variant=game)
    out[f"{game} bot (n/s)"] = result.nodes / (time.process_time() - started)
    digest.update(f"{result.move.machine()} {result.nodes}".encode())
    # A game of up to 60 random plies rebuilt from its FENs, as the site loads a game.
    rng, played = random.Random(game), variant.new_game()
    fens = []
    while len(fens) < 60 and not played.is_over():
        played.push(rng.choice(played.legal_moves()))
        fens.append(played.fen())
    started = time.process_time()
    for _ in range(20):
        rebuilt = variant.game_from_fens(variant.start_fen, fens)
    out[f"{game} rebuild (us)"] = (time.process_time() - started) / 20 * 1e6
    digest.update(f"{rebuilt.fen()} {rebuilt.repetitions()}".encode())
out["digest"] = digest.hexdigest()
print(json.dumps(out))
"""


def run(tree: Path, pure: bool, child: str = CHILD) -> dict:
    env = {**os.environ, "CHESSKERS_PURE_PYTHON": "1" if pure else "0", "PYTHONPATH": str(tree)}
    out = subprocess.run(
        [sys.executable, "-c", child], env=env, cwd=tree, check=True, capture_output=True
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, required=True, help="the other checkout's root")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--others", action="store_true", help="every game but Chesskers")
    args = parser.parse_args()
    trees = {"before": args.before.resolve(), "after": ROOT}
    if args.others:
        others(trees, args.runs)
        return
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


def others(trees: dict[str, Path], runs: int) -> None:
    """Prints every other game's figures, the trees alternating run by run."""
    results: dict[str, list[dict]] = {name: [] for name in trees}
    for _ in range(runs):
        for name, tree in trees.items():
            results[name].append(run(tree, True, OTHERS_CHILD))
    digests = {r["digest"] for found in results.values() for r in found}
    if len(digests) != 1:
        raise SystemExit("the trees disagree: no figures")
    print(f"python {sys.version.split()[0]}, runs {runs}, medians of CPU time")
    measures = ["perft (n/s)", "bot (n/s)", "rebuild (us)"]
    heads = [f"{what.split()[0]} before | after | faster" for what in measures]
    print("| game | " + " | ".join(heads) + " |")
    print("|---" * (1 + 3 * len(measures)) + "|")
    ratios: dict[str, list[float]] = {what.split()[0]: [] for what in measures}
    for key in results["after"][0]:
        if not key.endswith("perft (n/s)"):
            continue
        game = key.removesuffix(" perft (n/s)")
        row = [game]
        for what in measures:
            field = f"{game} {what}"
            before = statistics.median(r[field] for r in results["before"])
            after = statistics.median(r[field] for r in results["after"])
            # "faster": above 1 when after is faster (for times, smaller is faster).
            faster = before / after if what.endswith("(us)") else after / before
            ratios[what.split()[0]].append(faster)
            row += [f"{before:,.0f}", f"{after:,.0f}", f"{faster:.3f}"]
        print("| " + " | ".join(row) + " |")
    for what, found in ratios.items():
        mean = statistics.geometric_mean(found)
        print(f"{what}: geometric mean of how much faster {mean:.3f}, lowest {min(found):.3f}")


if __name__ == "__main__":
    main()
