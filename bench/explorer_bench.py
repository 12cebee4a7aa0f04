"""The opening explorer at 10,000 and 100,000 finished games: what an answer costs, what
counting a game costs when it ends, and what counting the archive afresh costs.

Loads into an empty PostgreSQL database (``DATABASE_URL``; its games and users are deleted
first) online games spread as a site's are: every game of the registry by a skewed popularity
(the first most played, the n-th in proportion to 1/n², the last never played), every speed,
and openings that share their first moves as real ones do (at each position the engine's legal
moves are ranked once, and the n-th is played with a probability in proportion to 1/2ⁿ, so a
few main lines carry most games and the rest spread out). Each game's first 30 plies are
stored as moves with their real text and FEN; the explorer is then counted from them by
``rebuild_openings``, as the migration that added it does, and grown with the archive.

At each size it times, with Django's test client (median and fastest of ``--runs`` after a
warm-up, beside ``/about/`` in the same run), the explorer's answer for the most played game's
start, a position four plies into its main line, the same with a speed, a rare game's start,
and a position nobody reached; and (median of 10 games a run, each in a transaction
rolled back) ``count_opening`` for a finished game against ``record_game_end``, the players'
records a game's ending already counts. It never fails on time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_explorer_bench \\
        .venv/bin/python bench/explorer_bench.py [--games 10000 100000] [--runs 9]
"""

import argparse
import hashlib
import os
import random
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.db import connection, transaction  # noqa: E402
from django.test import Client  # noqa: E402

from bench.archive_bench import START, STEP, Archive, copy_rows  # noqa: E402
from engine import variants  # noqa: E402
from games.domain.policy import EXPLORER_PLIES  # noqa: E402
from games.models import Game, GameMove  # noqa: E402
from games.storage.openings import count_opening, rebuild_openings  # noqa: E402
from games.storage.records import record_game_end  # noqa: E402

LINES = 400  # distinct openings of the most played game; the others in proportion, 8 at least


def ranked(fen: str, texts: list[str]) -> list[str]:
    """The legal moves of a position in the order its players prefer them (fixed per position)."""
    return sorted(texts, key=lambda text: hashlib.blake2b(f"{fen}|{text}".encode()).digest())


class Openings:
    """Each game's pool of opening lines, each ``EXPLORER_PLIES`` plies at most: [(text, FEN)]."""

    def __init__(self, rng: random.Random, weights: dict[str, float]) -> None:
        self.lines: dict[str, list[list[tuple[str, str]]]] = {}
        top = max(weights.values())
        for variant_id, weight in weights.items():
            if weight:
                count = max(8, round(LINES * weight / top))
                self.lines[variant_id] = [self.line(variant_id, rng) for _ in range(count)]

    @staticmethod
    def line(variant_id: str, rng: random.Random) -> list[tuple[str, str]]:
        eg = variants.get(variant_id).new_game(variants.get(variant_id).start_fen)
        played = []
        for _ in range(EXPLORER_PLIES):
            if eg.is_over():
                break
            moves = {eg.move_text(move): move for move in eg.legal_moves()}
            order = ranked(eg.fen(), list(moves))
            pick = min(int(rng.expovariate(0.69)), len(order) - 1)  # the n-th: about 1/2ⁿ
            eg.push(moves[order[pick]])
            played.append((order[pick], eg.fen()))
        return played


class Loader(Archive):
    """The archive bench's players and controls; games with real openings, online only."""

    def __init__(self, seed: int = 38) -> None:
        super().__init__(seed)
        weights = dict(zip(self.variants, self.variant_weights, strict=True))
        started = time.perf_counter()
        self.openings = Openings(self.rng, weights)
        lines = sum(map(len, self.openings.lines.values()))
        print(f"made {lines} opening lines in {time.perf_counter() - started:.0f} s", flush=True)

    def grow_games(self, count: int) -> None:
        end = self.loaded + count
        while self.loaded < end:
            chunk = min(10_000, end - self.loaded)
            games, moves = [], []
            for game_id in range(self.loaded + 1, self.loaded + chunk + 1):
                game, game_moves = self.online_game(game_id)
                games.append(game)
                moves += game_moves
            copy_rows(Game, games)
            copy_rows(GameMove, moves)
            self.loaded += chunk
        with connection.cursor() as cursor:
            for model in (Game, GameMove):
                table = model._meta.db_table
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT coalesce(max(id), 1) FROM {table}))"
                )
            cursor.execute("VACUUM ANALYZE")

    def online_game(self, game_id: int) -> tuple[dict, list[dict]]:
        rng = self.rng
        variant = rng.choices(self.variants, self.variant_weights)[0]
        lines = self.openings.lines[variant]
        line = lines[min(int(rng.paretovariate(1.2)) - 1, len(lines) - 1)]
        plies = line[: rng.randint(min(10, len(line)), len(line))]
        initial, increment, days = rng.choices(self.controls, self.control_weights)[0]
        white = rng.choices(self.regulars, self.weights)[0]
        black = rng.choices([p for p in self.regulars[:50] if p != white])[0]
        finished_at = START + STEP * game_id
        start_fen = variants.get(variant).start_fen
        game = {
            "id": game_id,
            "public_id": self.public_id(),
            "variant": variant,
            "mode": "online",
            "white_id": white,
            "black_id": black,
            "status": "finished",
            "result": rng.choices(["1-0", "0-1", "1/2-1/2"], [45, 42, 13])[0],
            "termination": "resignation",
            "initial_fen": start_fen,
            "fen": plies[-1][1] if plies else start_fen,
            "ply": len(plies),
            "revision": len(plies),
            "final_ply": len(plies),
            "created_at": finished_at,
            "updated_at": finished_at,
            "finished_at": finished_at,
            "clock_initial": initial,
            "clock_increment": increment,
            "clock_days": days,
        }
        moves = [
            {
                "game_id": game_id,
                "ply": ply,
                "text": text,
                "kind": "move",
                "path": [],
                "fen_after": fen,
                "created_at": finished_at,
            }
            for ply, (text, fen) in enumerate(plies)
        ]
        return game, moves


def timed(client: Client, url: str, runs: int) -> tuple[float, float]:
    """The median and the fastest of ``runs`` requests, in ms, after one warm-up."""
    response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}: {response.content[:200]}")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times), 1000 * min(times)


def counting(runs: int) -> tuple[float, float]:
    """The median ms of ``count_opening`` and of ``record_game_end`` on finished games, each in
    a transaction rolled back (so the counts stay as loaded)."""
    games = list(Game.objects.order_by("?")[: runs * 10])
    spent: dict[str, list[float]] = {"openings": [], "records": []}
    for game in games:
        for name, work in (("openings", count_opening), ("records", record_game_end)):
            try:
                with transaction.atomic():
                    start = time.perf_counter()
                    work(game)
                    spent[name].append(time.perf_counter() - start)
                    raise _RolledBack
            except _RolledBack:
                pass
    return 1000 * statistics.median(spent["openings"]), 1000 * statistics.median(spent["records"])


class _RolledBack(Exception):
    pass


def questions(loader: Loader) -> list[tuple[str, str]]:
    """The explorer's questions: (label, address)."""
    most = loader.variants[0]
    rare = [v for v, w in zip(loader.variants, loader.variant_weights, strict=True) if w][-1]
    main_line = max(loader.openings.lines[most], key=len)
    deep = Openings.line(most, random.Random(99))[-1][1]  # a random line's end: nobody's
    asked = [
        ("most played game's start", {"variant": most}),
        ("four plies into its main line", {"variant": most, "fen": main_line[3][1]}),
        ("the same, blitz only", {"variant": most, "fen": main_line[3][1], "speeds": "blitz"}),
        ("a rare game's start", {"variant": rare}),
        ("a position nobody reached", {"variant": most, "fen": deep}),
    ]
    return [(label, f"/api/explorer/?{urlencode(query)}") for label, query in asked]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=9, help="requests per figure (median)")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("Set DATABASE_URL to an empty PostgreSQL database (it is emptied).")
    loader = Loader()
    loader.reset()
    client = Client(HTTP_HOST="localhost")
    rows: list[str] = []
    for size in sorted(args.games):
        started = time.perf_counter()
        loader.grow_games(size - loader.loaded)
        loaded = time.perf_counter() - started
        started = time.perf_counter()
        counted = rebuild_openings()
        rebuilt = time.perf_counter() - started
        print(
            f"{size:,} games: loaded in {loaded:.0f} s; rebuild_openings {rebuilt:.1f} s,"
            f" {counted:,} rows",
            flush=True,
        )
        about = timed(client, "/about/", args.runs)
        reference = f"{about[0]:.1f} / {about[1]:.1f}"
        rows.append(f"| {size:,} | `/about/` (reference) | {reference} | 1.00 |")
        for label, url in questions(loader):
            median, fastest = timed(client, url, args.runs)
            rows.append(
                f"| {size:,} | {label} | {median:.1f} / {fastest:.1f} | {median / about[0]:.2f} |"
            )
        openings, records = counting(args.runs)
        rows.append(
            f"| {size:,} | `count_opening` a game (against `record_game_end`: {records:.2f} ms)"
            f" | {openings:.2f} | {openings / records:.2f} |"
        )
        rows.append(f"| {size:,} | `rebuild_openings`, {counted:,} rows | {rebuilt * 1000:.0f} | |")
        print("\n".join(rows[-8:]), flush=True)
    print("\n| games | question | median / fastest ms | ratio to the reference |")
    print("|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
