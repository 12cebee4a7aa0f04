"""The engine's C move generator against its Python one, in the same run.

What the server does with the engine for every move (``move_work``) is dominated by describing the
new position: every legal move with its canonical text, check and mate marks included
(``notation.describe_moves``, the state's ``legal_moves``). This times a move's work, the describe
alone on positions of seeded random games, the bot's search (cut at a node count) and perft from
the start, once with the C generator and once with the Python one (a child process with
``CHESSKERS_PURE_PYTHON=1``), the two alternating run by run, timed in process CPU time; each
figure is the median of the runs. Both must give the same texts, FENs and counts (a digest is
compared) before any figure is printed. It never fails on time.

    .venv/bin/python bench/native_bench.py [--runs N]
"""

import argparse
import hashlib
import json
import os
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def positions(games: int = 60, plies: int = 80, seed: int = 11) -> list[str]:
    from engine.chesskers import CHESSKERS

    rng = random.Random(seed)
    fens = []
    for _ in range(games):
        game = CHESSKERS.new_game()
        for _ in range(plies):
            moves = game.legal_moves()
            if not moves or game.is_over():
                break
            game.push(rng.choice(moves))
            fens.append(game.fen())
    return fens


def move_work(digest: "hashlib._Hash", games: int = 30, seed: int = 12) -> float:
    """Returns the CPU time of a move's engine work on the server, in microseconds: what
    ``games.services`` does with a move sent as a path (resolve it, write its text, play it,
    the FEN, describe the new position, the status), along seeded random games."""
    from engine.chesskers import CHESSKERS

    rng = random.Random(seed)
    spent = 0.0
    moves_made = 0
    for _ in range(games):
        game = CHESSKERS.new_game()
        for _ in range(100):
            if game.is_over():
                break
            move = rng.choice(game.legal_moves())
            sent = move.machine()
            started = time.process_time()
            played = game.parse_move(sent)
            text = game.move_text(played)
            game.push(played)
            fen = game.fen()
            described = game.describe_legal_moves()
            game.status()
            spent += time.process_time() - started
            moves_made += 1
            digest.update(f"{text} {fen} {len(described)}".encode())
    return spent / moves_made * 1e6


BOT_POSITIONS = (
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQK2R w KQkq - 4 4",
)


def bot_search(digest: "hashlib._Hash", nodes: int = 4000) -> float:
    """Returns the bot's search speed in nodes a second of CPU: level 8 cut at a node count
    (not the clock), so both generators search the same tree and must choose the same move."""
    from engine.bot import think

    spent = 0.0
    searched = 0
    for fen in BOT_POSITIONS:
        started = time.process_time()
        result = think(fen, 8, seed=1, node_limit=nodes, time_limit=600.0)
        spent += time.process_time() - started
        searched += result.nodes
        digest.update(f"{result.move.machine()} {result.nodes}".encode())
    return searched / spent


def child() -> None:
    from engine import STARTING_FEN, Position, generator, notation
    from engine.perft import perft

    fens = positions()
    digest = hashlib.sha256()
    started = time.process_time()
    for fen in fens:
        for _, text in notation.describe_moves(Position.from_fen(fen)):
            digest.update(text.encode())
    describe = (time.process_time() - started) / len(fens)
    move_us = move_work(digest)
    bot_nps = bot_search(digest)
    started = time.process_time()
    nodes = perft(Position.from_fen(STARTING_FEN), 4)
    seconds = time.process_time() - started
    digest.update(str(nodes).encode())
    print(
        json.dumps(
            {
                "native": generator.NATIVE,
                "positions": len(fens),
                "describe_us": describe * 1e6,
                "move_us": move_us,
                "bot_nps": bot_nps,
                "perft_nps": nodes / seconds,
                "digest": digest.hexdigest(),
            }
        )
    )


def run(pure: bool) -> dict:
    env = {**os.environ, "CHESSKERS_PURE_PYTHON": "1" if pure else "0"}
    out = subprocess.run(
        [sys.executable, __file__, "--child"], env=env, cwd=ROOT, check=True, capture_output=True
    )
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child()
        return
    c_runs, py_runs = [], []
    for _ in range(args.runs):
        c_runs.append(run(pure=False))
        py_runs.append(run(pure=True))
    if not c_runs[0]["native"]:
        raise SystemExit("engine/_native.c is not built: run `make native` first")
    if {r["digest"] for r in c_runs + py_runs} != {c_runs[0]["digest"]}:
        raise SystemExit("the two generators disagree: no figures")

    def median(runs: list[dict], key: str) -> float:
        return statistics.median(r[key] for r in runs)

    print(f"python {sys.version.split()[0]}, runs {args.runs}, {c_runs[0]['positions']} positions")
    c_us, py_us = median(c_runs, "describe_us"), median(py_runs, "describe_us")
    c_nps, py_nps = median(c_runs, "perft_nps"), median(py_runs, "perft_nps")
    c_move, py_move = median(c_runs, "move_us"), median(py_runs, "move_us")
    c_bot, py_bot = median(c_runs, "bot_nps"), median(py_runs, "bot_nps")
    rows = [
        ("describe a position (us)", c_us, py_us, py_us / c_us),
        ("a move's engine work (us)", c_move, py_move, py_move / c_move),
        ("bot search, level 8 (nodes/s)", c_bot, py_bot, c_bot / py_bot),
        ("perft start, depth 4 (n/s)", c_nps, py_nps, c_nps / py_nps),
    ]
    print(f"{'':28} {'C':>10} {'Python':>10}  C faster by")
    for name, c, py, factor in rows:
        print(f"{name:28} {c:10.1f} {py:10.1f}  x{factor:.2f}")


if __name__ == "__main__":
    main()
