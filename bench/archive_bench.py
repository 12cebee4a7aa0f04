"""The archive and the profiles at 10,000 and 100,000 finished games (issue #27).

Loads finished games into an empty PostgreSQL database (``DATABASE_URL``; everything in it is
deleted first), 1,000 players with skewed activity (a few play most games), each game with its
moves, the rated ones with both players' rating changes, a few with annotations. Loading is by
``COPY``, and grows the archive in steps (10k, then 90k more), so one run measures every size.
At each size it times every archive and profile page and API list with Django's test client
(median and fastest of ``--runs`` requests after one warm-up) against ``/about/`` in the same
run, and prints the number of queries of each. It never fails on time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_archive_bench \\
        .venv/bin/python bench/archive_bench.py [--games 10000 100000] [--runs 20]

``--first-page-only`` times only ``/games/`` (for ``--games 1000000``). Games have 10 to 90
plies; the first ``--max-plies`` (20) of each are stored as moves, since none of the pages
measured reads them and storing every one tripled the loading time.
"""

import argparse
import json
import os
import random
import statistics
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.db.models import Model  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from accounts.models import Rating, RatingChange, User  # noqa: E402
from engine import STARTING_FEN  # noqa: E402
from games.models import ALPHABET, Annotation, Game, GameMove  # noqa: E402
from games.records import rebuild_player_records  # noqa: E402

PLAYERS = 1000
START = datetime(2024, 1, 1, tzinfo=UTC)
STEP = timedelta(minutes=1)  # between two games' endings
TERMINATIONS = {
    "1-0": ["checkmate", "resignation", "abandonment"],
    "0-1": ["checkmate", "resignation", "abandonment"],
    "1/2-1/2": ["stalemate", "threefold", "agreement", "fifty-moves", "insufficient-material"],
}


def copy_rows(model: type[Model], rows: list[dict]) -> None:
    """Writes ``rows`` (by attribute name; missing ones take the field's default) by COPY."""
    fields = [f for f in model._meta.concrete_fields if not f.primary_key or rows[0].get("id")]
    columns = ", ".join(connection.ops.quote_name(f.column) for f in fields)
    defaults = {f.attname: f.get_default() for f in fields}
    with connection.cursor() as cursor:
        sql = f"COPY {model._meta.db_table} ({columns}) FROM STDIN"
        with cursor.cursor.copy(sql) as copy:
            for row in rows:
                values = []
                for f in fields:
                    value = row.get(f.attname, defaults[f.attname])
                    if f.get_internal_type() == "JSONField":
                        value = json.dumps(value)
                    values.append(value)
                copy.write_row(values)


def copy_moves(moves: list[tuple[int, int, datetime]]) -> None:
    """Writes moves ``(game id, ply, time)`` by COPY in text form (millions of rows: the
    generic ``copy_rows`` spends most of its time adapting values)."""
    columns = "game_id, ply, text, kind, path, captured, captured_pieces, fen_after, created_at"
    fixed = f'move\t["e2", "e4"]\t[]\t[]\t{STARTING_FEN}'
    with connection.cursor() as cursor:
        sql = f"COPY {GameMove._meta.db_table} ({columns}) FROM STDIN"
        with cursor.cursor.copy(sql) as copy:
            lines = []
            for game_id, ply, at in moves:
                text = "e2-e4" if ply % 2 == 0 else "e7-e5"
                lines.append(f"{game_id}\t{ply}\t{text}\t{fixed}\t{at.isoformat()}\n")
                if len(lines) == 10_000:
                    copy.write("".join(lines))
                    lines = []
            copy.write("".join(lines))


class Archive:
    """The database being grown: players, their ratings, the games so far."""

    def __init__(self, seed: int = 27) -> None:
        self.rng = random.Random(seed)
        self.loaded = 0
        self.public_ids: set[str] = set()
        self.ratings: dict[int, float] = {}
        self.users: list[int] = []
        self.weights = [1 / (rank + 20) for rank in range(PLAYERS)]

    def reset(self) -> None:
        call_command("migrate", verbosity=0)
        tables = ", ".join(m._meta.db_table for m in (User, Game))
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
        copy_rows(
            User,
            [
                {"id": i + 1, "username": f"player{i:04d}", "password": "!", "date_joined": START}
                for i in range(PLAYERS)
            ],
        )
        self.users = list(range(1, PLAYERS + 1))
        self.ratings = {uid: 1500.0 for uid in self.users}

    def public_id(self) -> str:
        while True:
            value = "".join(self.rng.choice(ALPHABET) for _ in range(8))
            if value not in self.public_ids:
                self.public_ids.add(value)
                return value

    def grow(self, count: int, max_plies: int) -> None:
        """Adds ``count`` finished games after the ones already there, 10,000 at a time."""
        end = self.loaded + count
        while self.loaded < end:
            chunk = min(10_000, end - self.loaded)
            games, moves, changes, notes = [], [], [], []
            for index in range(self.loaded, self.loaded + chunk):
                game, game_moves, game_changes, game_notes = self.one_game(index + 1, max_plies)
                games.append(game)
                moves += game_moves
                changes += game_changes
                notes += game_notes
            copy_rows(Game, games)
            copy_moves(moves)
            if changes:
                copy_rows(RatingChange, changes)
            if notes:
                copy_rows(Annotation, notes)
            self.loaded += chunk
        with connection.cursor() as cursor:
            for model in (Game, RatingChange, Annotation):
                table = model._meta.db_table
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT coalesce(max(id), 1) FROM {table}))"
                )
        Rating.objects.all().delete()
        Rating.objects.bulk_create(
            Rating(user_id=uid, rating=rating, deviation=60.0, games=1, last_game_at=START)
            for uid, rating in self.ratings.items()
        )
        rebuild_player_records()
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")

    def one_game(self, game_id: int, max_plies: int) -> tuple[dict, list, list, list]:
        rng = self.rng
        finished_at = START + STEP * game_id
        mode = rng.choices(["online", "bot", "local", "imported"], [85, 8, 4, 3])[0]
        white, black = rng.choices(self.users, self.weights, k=2)
        while black == white:
            black = rng.choices(self.users, self.weights)[0]
        result = rng.choices(["1-0", "0-1", "1/2-1/2"], [45, 42, 13])[0]
        ply = rng.randint(10, 90)
        game = {
            "id": game_id,
            "public_id": self.public_id(),
            "mode": mode,
            "white_id": white if mode in ("online", "bot") else None,
            "black_id": black if mode == "online" else None,
            "imported_by_id": white if mode == "imported" else None,
            "human_color": "white" if mode == "bot" else None,
            "bot_level": 3 if mode == "bot" else None,
            "rated": mode == "online" and rng.random() < 0.85,
            "status": "finished",
            "result": result,
            "termination": rng.choice(TERMINATIONS[result]),
            "initial_fen": STARTING_FEN,
            "fen": STARTING_FEN,
            "ply": ply,
            "revision": ply,
            "created_at": finished_at - timedelta(minutes=rng.randint(2, 40)),
            "updated_at": finished_at,
            "finished_at": finished_at,
            "tags": [],
        }
        moves = [(game_id, n, finished_at) for n in range(min(ply, max_plies))]
        changes = []
        if game["rated"]:
            white_score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            before = {white: self.ratings[white], black: self.ratings[black]}
            for uid, opponent, color, score in (
                (white, black, "white", white_score),
                (black, white, "black", 1 - white_score),
            ):
                after = before[uid] + (score - 0.5) * rng.uniform(8, 24)
                self.ratings[uid] = after
                changes.append(
                    {
                        "user_id": uid,
                        "game_id": game_id,
                        "color": color,
                        "opponent_id": opponent,
                        "opponent_rating": before[opponent],
                        "score": score,
                        "rating_before": before[uid],
                        "rating_after": after,
                        "deviation_before": 60.0,
                        "deviation_after": 60.0,
                        "volatility_before": 0.06,
                        "volatility_after": 0.06,
                        "at": finished_at,
                    }
                )
        notes = []
        if mode == "online" and rng.random() < 0.01:
            for n in range(rng.randint(1, 3)):
                notes.append(
                    {
                        "game_id": game_id,
                        "ply": n,
                        "author_id": white,
                        "glyph": "!",
                        "comment": "a fine move",
                        "created_at": finished_at,
                        "updated_at": finished_at,
                    }
                )
        game["annotation_count"] = len(notes)
        return game, moves, changes, notes


def busiest() -> str:
    """The username of the player with the most games."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT uid FROM (SELECT white_id AS uid FROM games_game UNION ALL "
            "SELECT black_id FROM games_game) sides WHERE uid IS NOT NULL "
            "GROUP BY uid ORDER BY count(*) DESC LIMIT 1"
        )
        (uid,) = cursor.fetchone()
    return User.objects.get(pk=uid).username


def middle_game() -> str:
    """The public id of the game halfway down the archive (the first of a middle page)."""
    middle = Game.objects.filter(status="finished").count() // 2
    games = Game.objects.filter(status="finished").order_by("-finished_at", "-id")
    return games.values_list("public_id", flat=True)[middle]


def pages(first_only: bool) -> list[tuple[str, str]]:
    if first_only:
        return [("/games/ first page", "/games/")]
    name = busiest()
    middle_page = Game.objects.filter(status="finished").count() // 40
    middle = middle_game()
    return [
        ("/games/ first page", "/games/"),
        ("/games/?page=<middle> (offset, old links)", f"/games/?page={middle_page}"),
        ("/games/?before=<middle game>", f"/games/?before={middle}"),
        ("/games/?result=1-0", "/games/?result=1-0"),
        ("/games/?player=<busiest>", f"/games/?player={name}"),
        ("/api/games/?status=finished", "/api/games/?status=finished"),
        (
            "/api/games/?status=finished&before=<middle>",
            f"/api/games/?status=finished&before={middle}",
        ),
        ("/@/<busiest>", f"/@/{name}"),
        ("/api/users/<busiest>/", f"/api/users/{name}/"),
    ]


def measure(client: Client, url: str, runs: int) -> tuple[float, float, int]:
    """Returns the median and the fastest of ``runs`` requests in ms and the query count of
    one. (On a machine shared with other work the fastest is the nearer to the page's own
    cost; the median is what the issue's table gave.)"""
    reset_queries()  # the log keeps 9,000 queries; a full one would count none
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times), 1000 * min(times), len(queries)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=20, help="requests per figure (median)")
    parser.add_argument("--max-plies", type=int, default=20, help="moves stored per game")
    parser.add_argument("--first-page-only", action="store_true")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("Set DATABASE_URL to an empty PostgreSQL database (it is emptied).")
    archive = Archive()
    archive.reset()
    client = Client(HTTP_HOST="localhost")
    table: dict[str, dict[int, tuple[float, float, int]]] = {}
    for size in sorted(args.games):
        started = time.perf_counter()
        archive.grow(size - archive.loaded, args.max_plies)
        print(f"loaded {size} games in {time.perf_counter() - started:.0f} s", flush=True)
        for label, url in [("/about/ (reference)", "/about/"), *pages(args.first_page_only)]:
            table.setdefault(label, {})[size] = measure(client, url, args.runs)
            median, fastest, queries = table[label][size]
            print(
                f"  {label:46} {median:7.1f} ms (fastest {fastest:6.1f})  {queries:2d} queries",
                flush=True,
            )
    sizes = sorted(args.games)
    print()
    print("| page | " + " | ".join(f"{s:,}: median / fastest ms" for s in sizes) + " | queries |")
    print("|---|" + "---|" * len(sizes) + "---|")
    for label, row in table.items():
        cells = " | ".join(f"{row[s][0]:.1f} / {row[s][1]:.1f}" for s in sizes)
        counts = sorted({row[s][2] for s in sizes})
        print(f"| `{label}` | {cells} | {' / '.join(map(str, counts))} |")


if __name__ == "__main__":
    main()
