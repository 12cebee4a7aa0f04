"""What a simul costs as it grows to its largest: its start (every board's game written in one
transaction) and the reads its pages make while it is played: the simul's object (what every
process's feed reads once a second after a change, and every 2 s while its boards move), its
page, and the host's next board. Measured for a simul of ``policy.MAX_PLAYERS`` boards against
one of a single board (the reference, in the same run).

Loads into a migrated PostgreSQL database (``DATABASE_URL``; its simuls are deleted first) a host
and the players, and for each size a simul whose players are accepted. A start is timed inside a
transaction rolled back, so the same simul starts again; the reads are of the simul started.
Median and fastest of ``--runs`` after a warm-up. It never fails on time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_simul_bench \\
        .venv/bin/python bench/simuls_bench.py [--runs 15] [--variant chesskers]
"""

import argparse
import os
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import transaction  # noqa: E402
from django.test import Client  # noqa: E402

from accounts.models import User  # noqa: E402
from bench.puzzles_bench import timed  # noqa: E402
from engine import variants  # noqa: E402
from games.models import Game  # noqa: E402
from simuls import policy  # noqa: E402
from simuls.models import Entry, Simul  # noqa: E402
from simuls.reads import simul_object  # noqa: E402
from simuls.schemas import SimulRequest  # noqa: E402
from simuls.services import next_board, simul_create, simul_start  # noqa: E402


class Rollback(Exception):
    """Raised to roll a timed start back."""


def made(host: User, players: list[User], variant: str) -> Simul:
    """A simul of ``host`` whose ``players`` are all accepted, not started."""
    asked = SimulRequest.from_body(
        {
            "name": f"Bench {len(players)}",
            "variant": variant,
            "clock": {"initial": 600, "increment": 5},
            "max_players": len(players),
        }
    )
    simul = simul_create(host=host, asked=asked)
    Entry.objects.bulk_create(Entry(simul=simul, user=user, accepted=True) for user in players)
    return simul


def start_rolled_back(simul: Simul, host: User) -> None:
    try:
        with transaction.atomic():
            simul_start(public_id=simul.public_id, host=host)
            raise Rollback
    except Rollback:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--variant", default=variants.DEFAULT.id)
    args = parser.parse_args()
    if settings.DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
        raise SystemExit("Set DATABASE_URL to a PostgreSQL database.")
    call_command("migrate", verbosity=0)
    Game.objects.filter(simul__isnull=False).delete()
    Simul.objects.all().delete()
    largest = policy.MAX_PLAYERS[1]
    players = [User.objects.get_or_create(username=f"bench-p{n}")[0] for n in range(largest)]
    client = Client(HTTP_HOST="localhost")
    rows = []
    for size in (1, largest):
        host = User.objects.get_or_create(username=f"bench-host-{size}")[0]
        Simul.objects.filter(host=host).delete()
        simul = made(host, players[:size], args.variant)
        start = timed(lambda simul=simul, host=host: start_rolled_back(simul, host), args.runs)
        rows.append((size, "the start (every board's game written)", *start))
        simul_start(public_id=simul.public_id, host=host)
        client.force_login(host)
        first = Entry.objects.filter(simul=simul, board=1).values_list("game", flat=True)[0]
        asked = {
            "the simul's object (a feed's read)": lambda simul=simul: simul_object(simul.public_id),
            "the simul's page (the host's)": lambda simul=simul: client.get(
                f"/simul/{simul.public_id}/"
            ),
            "the host's next board": lambda simul=simul, host=host, first=first: next_board(
                public_id=simul.public_id, user_id=host.pk, after=first
            ),
        }
        for what, call in asked.items():
            rows.append((size, what, *timed(call, args.runs)))
    reference = {what: median for size, what, median, _ in rows if size == 1}
    print(f"{args.variant}: a simul of 1 board against one of {largest}")
    print("| boards | what | median / fastest ms | ratio to one board's |")
    print("|---|---|---|---|")
    for size, what, median, fastest in rows:
        ratio = median / reference[what]
        print(f"| {size} | {what} | {median:.1f} / {fastest:.1f} | {ratio:.2f} |")


if __name__ == "__main__":
    main()
