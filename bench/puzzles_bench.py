"""Puzzles at 10,000 and 100,000: what the next puzzle, a move of a solution and the pages cost
as the puzzles grow, for a newcomer, a veteran who has played thousands, and a visitor.

Loads into an empty PostgreSQL database (``DATABASE_URL``; its puzzles and users are deleted
first) puzzles spread over the games of the registry as a site's would be (the first game most,
the n-th in proportion to 1/n, every game some), with ratings spread about 1500. Each puzzle is
a real position of its game, reached by random moves from its start (a pool of a few hundred a
game, told apart by their move counters), so every answer's legal moves are the engine's work
on a real board. A veteran has played the Chesskers puzzles rated from 1350 up, the easiest
first, 5,000 at most, which their next puzzle must step over.

At each size it times, with Django's test client (median and fastest of ``--runs`` after a
warm-up, beside ``/about/`` in the same run): the next Chesskers puzzle for a newcomer, for the
veteran and for a visitor, the next puzzle of the least common game, one puzzle by its id, a
right move (the solution's one move and the position it reaches: a newcomer's round, rated and
written the first time only), a round given up (each run on a puzzle the veteran has not
played: both ratings written), the veteran's history, the index page and a game's page.
It never fails on time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_puzzle_bench \\
        .venv/bin/python bench/puzzles_bench.py [--puzzles 10000 100000] [--runs 9]
"""

import argparse
import os
import random
import re
import statistics
import sys
import time
from collections.abc import Callable
from itertools import repeat
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.test import Client  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.models import User  # noqa: E402
from bench.archive_bench import Archive, copy_rows  # noqa: E402
from engine import variants  # noqa: E402
from puzzles.models import Puzzle, PuzzleRating, PuzzleRound  # noqa: E402

START = timezone.now()
POOL = 300  # real positions a game; puzzles of a game share them, told apart by move counters
VETERAN_ROUNDS = 5_000
PLIES = (6, 40)  # random moves from the start to a position


def numbered(variant_id: str, fen: str, number: int) -> str:
    """Returns ``fen`` with its move number set to ``number`` (the same position)."""
    if variants.get(variant_id).fen_style == "pdn":
        return re.sub(r":F\d+$", f":F{number}", fen)
    fields = fen.split()
    return " ".join([*fields[:-1], str(number)])


def positions(variant_id: str, rng: random.Random) -> list[tuple[str, str]]:
    """Returns ``POOL`` positions of a game reached by random moves, the game not over, each
    with a legal move of it (a solution of one move: the bench's puzzles need no more)."""
    found: list[tuple[str, str]] = []
    while len(found) < POOL:
        game = variants.get(variant_id).new_game()
        for _ in range(rng.randint(*PLIES)):
            moves = game.legal_moves()
            if not moves or game.is_over():
                break
            game.push(rng.choice(moves))
        if not game.is_over() and len(game.legal_moves()) >= 2:
            found.append((game.fen(), game.move_text(game.legal_moves()[0])))
    return found


class Loader:
    """The puzzles being grown and the three players who ask for them."""

    def __init__(self, seed: int = 41) -> None:
        self.rng = random.Random(seed)
        self.variants = list(variants.VARIANTS)
        self.weights = [1 / (rank + 1) for rank in range(len(self.variants))]
        started = time.perf_counter()
        self.pool = {v: positions(v, self.rng) for v in self.variants}
        print(f"made {POOL} positions a game in {time.perf_counter() - started:.0f} s", flush=True)
        self.loaded = 0
        self.public_ids: set[str] = set()

    public_id = Archive.public_id  # a fresh id, never one given before

    def reset(self) -> None:
        call_command("migrate", verbosity=0)
        with connection.cursor() as cursor:
            cursor.execute(f"TRUNCATE {Puzzle._meta.db_table}, {User._meta.db_table} CASCADE")
        for name in ("newcomer", "veteran"):
            User.objects.create_user(name, password="!")

    def grow(self, count: int) -> None:
        rows = []
        for number in range(self.loaded, self.loaded + count):
            variant = self.rng.choices(self.variants, self.weights)[0]
            fen, first = self.rng.choice(self.pool[variant])
            rows.append(
                {
                    "public_id": self.public_id(),
                    "variant": variant,
                    "fen": numbered(variant, fen, 1000 + number),
                    "solver": variants.get(variant).turn_of_fen(fen).name_lower,
                    "moves": [first],
                    "rating": self.rng.gauss(1500, 350),
                    "plays": self.rng.randint(0, 400),
                    "created_at": START,
                }
            )
        copy_rows(Puzzle, rows)
        self.loaded += count
        self.veteran_plays()
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")

    def veteran_plays(self) -> None:
        """The veteran's rounds: the Chesskers puzzles nearest 1500 first, up to 5,000."""
        veteran = User.objects.get(username="veteran")
        have = PuzzleRound.objects.filter(user=veteran).count()
        wanted = VETERAN_ROUNDS - have
        if wanted <= 0:
            return
        chesskers = Puzzle.objects.filter(variant="chesskers").exclude(rounds__user=veteran)
        chosen = chesskers.order_by("rating").values_list("id", flat=True)
        ids = list(chosen.filter(rating__gte=1350)[:wanted])
        copy_rows(
            PuzzleRound,
            [
                {
                    "user_id": veteran.pk,
                    "puzzle_id": pid,
                    "won": True,
                    "rating_before": 1500,
                    "rating_after": 1500,
                    "played_at": START,
                }
                for pid in ids
            ],
        )
        PuzzleRating.objects.update_or_create(
            user=veteran, variant="chesskers", defaults={"rating": 1500, "plays": VETERAN_ROUNDS}
        )


def timed(ask: Callable[[], object], runs: int) -> tuple[float, float]:
    """The median and the fastest of ``runs`` calls of ``ask``, in ms, after one warm-up."""
    ask()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        ask()
        times.append(time.perf_counter() - start)
    return 1000 * statistics.median(times), 1000 * min(times)


def get(client: Client, url: str) -> Callable[[], object]:
    def ask() -> object:
        response = client.get(url)
        if response.status_code != 200:
            raise SystemExit(f"{url} answered {response.status_code}: {response.content[:200]}")
        return response

    return ask


def post(client: Client, puzzle: Callable[[], Puzzle], move: str | None) -> Callable[[], object]:
    """Returns a call that plays ``move`` at ply 0 of the puzzle ``puzzle()`` gives, or (no
    move) asks for its solution."""

    def ask() -> object:
        public_id = puzzle().public_id
        if move is None:
            return client.post(f"/api/puzzles/{public_id}/solution/")
        body = {"ply": 0, "move": move}
        return client.post(f"/api/puzzles/{public_id}/move/", body, "application/json")

    return ask


NEXT = "/api/puzzles/next/"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--puzzles", type=int, nargs="+", default=[10_000, 100_000])
    parser.add_argument("--runs", type=int, default=9, help="requests per figure (median)")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("Set DATABASE_URL to an empty PostgreSQL database (it is emptied).")
    loader = Loader()
    loader.reset()
    visitor = Client(HTTP_HOST="localhost")
    newcomer, veteran = Client(HTTP_HOST="localhost"), Client(HTTP_HOST="localhost")
    newcomer.force_login(User.objects.get(username="newcomer"))
    veteran_user = User.objects.get(username="veteran")
    veteran.force_login(veteran_user)
    rarest = loader.variants[-1]
    rows: list[str] = []
    for size in sorted(args.puzzles):
        started = time.perf_counter()
        loader.grow(size - loader.loaded)
        print(f"{size:,} puzzles: loaded in {time.perf_counter() - started:.0f} s", flush=True)
        one = Puzzle.objects.filter(variant="chesskers").order_by("?").first()
        first = one.moves[0]
        fresh = iter(
            Puzzle.objects.filter(variant="chesskers").exclude(rounds__user=veteran_user)[:200]
        )

        asked = [
            ("`/about/` (reference)", get(visitor, "/about/")),
            ("next Chesskers puzzle, newcomer", get(newcomer, "/api/puzzles/next/")),
            ("next Chesskers puzzle, veteran", get(veteran, "/api/puzzles/next/")),
            ("next Chesskers puzzle, visitor", get(visitor, "/api/puzzles/next/")),
            (
                "next puzzle of the rarest game",
                get(visitor, f"/api/puzzles/next/?variant={rarest}"),
            ),
            ("one puzzle by id", get(visitor, f"/api/puzzles/{one.public_id}/")),
            ("a right move (the position reached)", post(newcomer, repeat(one).__next__, first)),
            ("a round given up (rated, written)", post(veteran, fresh.__next__, None)),
            ("the veteran's history, first page", get(veteran, "/api/puzzles/history/")),
            ("the index page", get(visitor, "/training/puzzles/")),
            ("a game's page (its first puzzle)", get(newcomer, "/training/puzzles/chesskers/")),
        ]
        reference = 0.0
        for label, ask in asked:
            median, fastest = timed(ask, args.runs)
            reference = reference or median
            rows.append(
                f"| {size:,} | {label} | {median:.1f} / {fastest:.1f} | {median / reference:.2f} |"
            )
        print("\n".join(rows[-len(asked) :]), flush=True)
    print("\n| puzzles | request | median / fastest ms | ratio to the reference |")
    print("|---|---|---|---|")
    print("\n".join(rows))


if __name__ == "__main__":
    main()
