"""The archive and the profiles at 10,000 and 100,000 finished games (issues #27 and #35).

Loads an archive spread as a real site's is into an empty PostgreSQL database (``DATABASE_URL``;
everything in it is deleted first):

- every game of the registry (``engine.variants.VARIANTS``), by a skewed popularity: the first
  most played, the others a long tail (the n-th in proportion to 1/n²), the last never played;
- every speed (time controls from ultrabullet to correspondence, and unlimited games);
- 1,000 regular players of skewed activity (a few play most games), newcomers who play one to
  five games and are not seen again, and one player who signed up and never played;
- every termination, with a result that fits it; online, bot, pass-and-play and imported
  games; a few annotated; the rated ones with both players' rating changes in their category.

Loading is by ``COPY``, and grows the archive in steps (10k, then 90k more), so one run
measures every size. At each size it times every filter of the archive's page and API, alone,
on rare values and on values nobody has, and in combinations, and every profile page and API,
with Django's test client (median and fastest of ``--runs`` requests after one warm-up) against
``/about/`` in the same run, and prints the number of queries of each; ``--explain`` also prints
what each request's queries read of the games table (``EXPLAIN ANALYZE``: rows and index
entries, and whether one scans the whole table). It never fails on time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_archive_bench \\
        .venv/bin/python bench/archive_bench.py [--games 10000 100000] [--runs 9] [--explain]

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
from collections import Counter
from datetime import UTC, datetime, timedelta
from pathlib import Path
from urllib.parse import urlencode

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, reset_queries  # noqa: E402
from django.db.models import Model  # noqa: E402
from django.test import Client  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402

from accounts.models import Rating, RatingChange, User, rating_category  # noqa: E402
from engine import STARTING_FEN, variants  # noqa: E402
from games.domain.clock import TimeControl  # noqa: E402
from games.models import ALPHABET, Annotation, Game, GameMove  # noqa: E402
from games.storage.records import rebuild_player_records  # noqa: E402
from tests.games.plans import plans_of  # noqa: E402

PLAYERS = 1000
# The archive's first game ends 70 days before the bench runs (midnight, UTC), so that at
# 100,000 games its last weeks are a profile's activity's (players.activity).
START = datetime.now(UTC).replace(hour=0, minute=0, second=0, microsecond=0) - timedelta(days=70)
STEP = timedelta(minutes=1)  # between two games' endings: 1,440 games a day
# The time controls played, (initial s, increment s, days) and how often: every speed, blitz
# and bullet the most, ultrabullet and correspondence rare.
CONTROLS = [
    ((15, 0, None), 1),
    ((60, 0, None), 12),
    ((120, 1, None), 8),
    ((180, 2, None), 20),
    ((300, 0, None), 14),
    ((600, 5, None), 14),
    ((900, 10, None), 6),
    ((1800, 20, None), 4),
    ((None, 0, 3), 2),
    ((None, 0, None), 19),
]
# How often each ending happens (per thousand); those not named here, 1. Drawn endings draw.
TERMINATION_WEIGHTS = {
    "resignation": 380,
    "checkmate": 160,
    "timeout": 120,
    "agreement": 60,
    "abandonment": 40,
    "no-moves": 60,
    "no-pieces": 60,
    "threefold": 30,
    "stalemate": 15,
    "fifty-moves": 10,
    "insufficient-material": 10,
    "no-progress": 10,
    "kings-captured": 4,
}
DRAWN = {
    "stalemate",
    "threefold",
    "fifty-moves",
    "insufficient-material",
    "agreement",
    "no-progress",
}
NEWCOMER_SHARE = 0.06  # of games with a side played by a newcomer


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

    def __init__(self, seed: int = 35) -> None:
        self.rng = random.Random(seed)
        self.loaded = 0
        self.public_ids: set[str] = set()
        self.ratings: dict[tuple[int, str], float] = {}
        self.rated: Counter[tuple[int, str]] = Counter()  # rated games by (user, category)
        self.regulars = list(range(1, PLAYERS + 1))
        self.weights = [1 / (rank + 20) for rank in range(PLAYERS)]
        self.idle = PLAYERS + 1  # signed up, never played
        self.next_user = PLAYERS + 2
        self.newcomer, self.newcomer_left = 0, 0
        self.newcomer_games: Counter[int] = Counter()
        self.new_users: list[dict] = []
        self.variants = list(variants.VARIANTS)
        tail = [1 / (rank + 1) ** 2 for rank in range(len(self.variants) - 1)]
        self.variant_weights = [*tail, 0]  # the last game: nobody played it
        self.controls = [control for control, _ in CONTROLS]
        self.control_weights = [weight for _, weight in CONTROLS]
        self.terminations = list(Game.Termination.values)
        self.termination_weights = [TERMINATION_WEIGHTS.get(t, 1) for t in self.terminations]

    @staticmethod
    def user(uid: int, name: str) -> dict:
        return {"id": uid, "username": name, "password": "!", "date_joined": START}

    def reset(self) -> None:
        call_command("migrate", verbosity=0)
        tables = ", ".join(m._meta.db_table for m in (User, Game))
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
        users = [self.user(uid, f"player{uid - 1:04d}") for uid in self.regulars]
        copy_rows(User, [*users, self.user(self.idle, "idle")])

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
            if self.new_users:
                copy_rows(User, self.new_users)
                self.new_users = []
            copy_rows(Game, games)
            copy_moves(moves)
            if changes:
                copy_rows(RatingChange, changes)
            if notes:
                copy_rows(Annotation, notes)
            self.loaded += chunk
        with connection.cursor() as cursor:
            for model in (User, Game, RatingChange, Annotation):
                table = model._meta.db_table
                cursor.execute(
                    f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), "
                    f"(SELECT coalesce(max(id), 1) FROM {table}))"
                )
        Rating.objects.all().delete()
        Rating.objects.bulk_create(
            Rating(
                user_id=uid,
                category=category,
                rating=rating,
                deviation=60.0,
                games=self.rated[uid, category],
                last_game_at=START,
            )
            for (uid, category), rating in self.ratings.items()
        )
        rebuild_player_records()
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")

    def player(self) -> int:
        """Returns a regular player, or now and then a newcomer (who plays one to five games
        in a row, then is not seen again)."""
        if self.rng.random() >= NEWCOMER_SHARE:
            return self.rng.choices(self.regulars, self.weights)[0]
        if self.newcomer_left == 0:
            self.newcomer, self.next_user = self.next_user, self.next_user + 1
            self.newcomer_left = self.rng.choice([1, 1, 1, 2, 2, 3, 5])
            self.new_users.append(self.user(self.newcomer, f"newcomer{self.newcomer:06d}"))
        self.newcomer_left -= 1
        self.newcomer_games[self.newcomer] += 1
        return self.newcomer

    def one_game(self, game_id: int, max_plies: int) -> tuple[dict, list, list, list]:
        rng = self.rng
        finished_at = START + STEP * game_id
        mode = rng.choices(["online", "bot", "local", "imported"], [85, 8, 4, 3])[0]
        variant = rng.choices(self.variants, self.variant_weights)[0]
        start_fen = variants.get(variant).start_fen
        initial, increment, days = rng.choices(self.controls, self.control_weights)[0]
        if mode == "imported":
            initial, increment, days = None, 0, None
        white = self.player()
        black = self.player()
        while black == white:
            black = rng.choices(self.regulars, self.weights)[0]
        termination = rng.choices(self.terminations, self.termination_weights)[0]
        result = "1/2-1/2" if termination in DRAWN else rng.choices(["1-0", "0-1"], [52, 48])[0]
        ply = rng.randint(10, 90)
        game = {
            "id": game_id,
            "public_id": self.public_id(),
            "variant": variant,
            "mode": mode,
            "white_id": white if mode in ("online", "bot") else None,
            "black_id": black if mode == "online" else None,
            "imported_by_id": white if mode == "imported" else None,
            "human_color": "white" if mode == "bot" else None,
            "bot_level": 3 if mode == "bot" else None,
            "rated": mode == "online" and rng.random() < 0.85,
            "status": "finished",
            "result": result,
            "termination": termination,
            "initial_fen": start_fen,
            "fen": start_fen,
            "ply": ply,
            "revision": ply,
            "final_ply": ply,
            "created_at": finished_at - timedelta(minutes=rng.randint(2, 40)),
            "updated_at": finished_at,
            "finished_at": finished_at,
            "clock_initial": initial,
            "clock_increment": increment,
            "clock_days": days,
            "tags": [["White", "someone"], ["Black", "someone else"]] if mode == "imported" else [],
        }
        moves = [(game_id, n, finished_at) for n in range(min(ply, max_plies))]
        changes = []
        if game["rated"]:
            category = rating_category(variant, TimeControl(initial, increment, days).speed)
            white_score = {"1-0": 1.0, "0-1": 0.0, "1/2-1/2": 0.5}[result]
            before = {uid: self.ratings.get((uid, category), 1500.0) for uid in (white, black)}
            for uid, opponent, color, score in (
                (white, black, "white", white_score),
                (black, white, "black", 1 - white_score),
            ):
                after = before[uid] + (score - 0.5) * rng.uniform(8, 24)
                self.ratings[uid, category] = after
                self.rated[uid, category] += 1
                changes.append(
                    {
                        "user_id": uid,
                        "game_id": game_id,
                        "color": color,
                        "category": category,
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
        annotated = rng.random() < (0.01 if mode == "online" else 0.1 if mode == "imported" else 0)
        if annotated:
            for n in range(rng.randint(1, 3)):
                notes.append(
                    {
                        "game_id": game_id,
                        "ply": n,
                        "author_id": white if mode == "online" else None,
                        "glyph": "!",
                        "comment": "a fine move",
                        "created_at": finished_at,
                        "updated_at": finished_at,
                    }
                )
        game["annotation_count"] = len(notes)
        return game, moves, changes, notes

    def few_games_player(self) -> str:
        """The first newcomer who played exactly two games (the same player at every size)."""
        uid = min(uid for uid, count in self.newcomer_games.items() if count == 2)
        return f"newcomer{uid:06d}"


def middle_game() -> str:
    """The public id of the game halfway down the archive (the first of a middle page)."""
    middle = Game.objects.filter(status="finished").count() // 2
    games = Game.objects.filter(status="finished").order_by("-finished_at", "-id")
    return games.values_list("public_id", flat=True)[middle]


def filters(archive: Archive, few: str) -> list[tuple[str, dict[str, str]]]:
    """The archive's filters measured: each alone, on common values, rare ones and ones nobody
    has, then combinations. Labels name values by their role (``<rare game>``)."""
    popular, rare, unplayed = archive.variants[0], archive.variants[-2], archive.variants[-1]
    ending = min(archive.terminations, key=lambda t: TERMINATION_WEIGHTS.get(t, 1))
    day = (START + timedelta(days=3)).date().isoformat()
    return [
        ("", {}),
        ("variant=<most played game>", {"variant": popular}),
        ("variant=<rare game>", {"variant": rare}),
        ("variant=<game nobody played>", {"variant": unplayed}),
        ("speed=blitz", {"speed": "blitz"}),
        ("speed=ultrabullet", {"speed": "ultrabullet"}),
        ("speed=correspondence", {"speed": "correspondence"}),
        ("speed=unlimited", {"speed": "unlimited"}),
        ("player=<busiest>", {"player": "player0000"}),
        ("player=<two games>", {"player": few}),
        ("player=<no games>", {"player": "idle"}),
        ("result=1-0", {"result": "1-0"}),
        ("result=1/2-1/2", {"result": "1/2-1/2"}),
        ("termination=resignation", {"termination": "resignation"}),
        ("termination=<rarest>", {"termination": ending}),
        ("mode=imported", {"mode": "imported"}),
        ("mode=local", {"mode": "local"}),
        ("since=<day>&until=<same day>", {"since": day, "until": day}),
        ("min_plies=60", {"min_plies": "60"}),
        ("min_plies=500 (none)", {"min_plies": "500"}),
        ("annotated=1", {"annotated": "1"}),
        ("variant=<rare game>&result=1-0", {"variant": rare, "result": "1-0"}),
        ("player=<busiest>&variant=<rare game>", {"player": "player0000", "variant": rare}),
        ("player=<two games>&speed=blitz", {"player": few, "speed": "blitz"}),
        (
            "variant=<most played>&speed=blitz&result=1/2-1/2",
            {"variant": popular, "speed": "blitz", "result": "1/2-1/2"},
        ),
        ("termination=<rarest>&mode=online", {"termination": ending, "mode": "online"}),
        ("annotated=1&variant=<rare game>", {"annotated": "1", "variant": rare}),
        ("since=<day>&variant=<rare game>", {"since": day, "until": day, "variant": rare}),
    ]


def pages(archive: Archive, few: str, first_only: bool) -> list[tuple[str, str]]:
    if first_only:
        return [("/games/ first page", "/games/")]
    middle_page = Game.objects.filter(status="finished").count() // 40
    middle = middle_game()
    found = [
        ("/games/?page=<middle> (offset, old links)", f"/games/?page={middle_page}"),
        ("/games/?before=<middle game>", f"/games/?before={middle}"),
    ]
    for label, query in filters(archive, few):
        page = f"/games/?{label}" if label else "/games/ first page"
        found.append((page, f"/games/?{urlencode(query)}"))
        api_query = urlencode({"status": "finished", **query})
        api = f"/api/games/?status=finished&{label}" if label else "/api/games/?status=finished"
        found.append((api, f"/api/games/?{api_query}"))
    for role, name in (("busiest", "player0000"), ("two games", few), ("no games", "idle")):
        found.append((f"/@/<{role}>", f"/@/{name}"))
        found.append((f"/api/users/<{role}>/", f"/api/users/{name}/"))
        found.append((f"/api/users/<{role}>/activity/", f"/api/users/{name}/activity/"))
    return found


def measure(client: Client, url: str, runs: int, explain: bool) -> tuple[float, float, int, str]:
    """Returns the median and the fastest of ``runs`` requests in ms, the query count of one,
    and (``explain``) what its queries read of the games table: rows and index entries, and
    "seq" when one scanned the whole table. (On a machine shared with other work the fastest
    is the nearer to the page's own cost; the median is what the issue's table gave.)"""
    reset_queries()  # the log keeps 9,000 queries; a full one would count none
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    if response.status_code != 200:
        raise SystemExit(f"{url} answered {response.status_code}")
    read = ""
    if explain:
        plans = plans_of(queries.captured_queries)
        read = f"{sum(p.examined for p in plans)}" + (
            " seq" if any(p.seq_scan for p in plans) else ""
        )
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        client.get(url)
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times), 1000 * min(times), len(queries), read


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=9, help="requests per figure (median)")
    parser.add_argument("--max-plies", type=int, default=20, help="moves stored per game")
    parser.add_argument("--first-page-only", action="store_true")
    parser.add_argument("--explain", action="store_true", help="count what each page reads")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("Set DATABASE_URL to an empty PostgreSQL database (it is emptied).")
    archive = Archive()
    archive.reset()
    client = Client(HTTP_HOST="localhost")
    table: dict[str, dict[int, tuple[float, float, int, str]]] = {}
    sizes = sorted(args.games)
    few = ""
    for size in sizes:
        started = time.perf_counter()
        archive.grow(size - archive.loaded, args.max_plies)
        print(f"loaded {size} games in {time.perf_counter() - started:.0f} s", flush=True)
        few = few or archive.few_games_player()
        measured = [("/about/ (reference)", "/about/"), *pages(archive, few, args.first_page_only)]
        for label, url in measured:
            table.setdefault(label, {})[size] = measure(client, url, args.runs, args.explain)
            median, fastest, queries, read = table[label][size]
            print(
                f"  {label:60} {median:7.1f} ms (fastest {fastest:6.1f})  {queries:2d} queries"
                + (f"  read {read}" if args.explain else ""),
                flush=True,
            )
    print()
    header = " | ".join(f"{s:,}: median / fastest ms" for s in sizes)
    ratio = f" {sizes[-1] // 1000}k / {sizes[0] // 1000}k |" if len(sizes) > 1 else ""
    reads = " rows read |" if args.explain else ""
    print(f"| page | {header} |{ratio} queries |{reads}")
    print("|---|" + "---|" * (len(sizes) + bool(ratio) + 1 + bool(reads)))
    for label, row in table.items():
        cells = " | ".join(f"{row[s][0]:.1f} / {row[s][1]:.1f}" for s in sizes)
        if ratio:
            cells += f" | {row[sizes[-1]][0] / row[sizes[0]][0]:.2f}"
        counts = " / ".join(map(str, sorted({row[s][2] for s in sizes})))
        line = f"| `{label}` | {cells} | {counts} |"
        if reads:
            line += " " + " / ".join(row[s][3] for s in sizes) + " |"
        print(line)


if __name__ == "__main__":
    main()
