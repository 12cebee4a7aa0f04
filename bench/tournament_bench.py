"""An arena of up to 1,000 players (issue #40): how long a pass of the director takes to pair
every free player once they come free, and what it sends, against the number of players.

For each size (``--players``, 100, 300 and 1,000 by default) an arena is made in an empty
PostgreSQL database (``DATABASE_URL``; the users, games and tournaments in it are deleted first)
with every player joined, and started: the first pass pairs them all. Then, ``--runs`` times,
every game ends at once (each player of one side resigns, through the games' service; each game
is then scored as the games' signal has it scored, timed per game) and one pass pairs every
player again (timed: from every player free to every player paired).
The reference, measured in the same run: starting as many games through the games' service
alone (``game_create_online`` in one transaction), what pairing cannot do without.

What a pass sends is counted by kind (collected as the director's worker thread collects it):
the players' ``game_started`` on their own groups, the tournament's group, the flag timer's
deadlines (this process's own), the watch list's change (which a process tells at most once a
second). The tournament's sockets: each hears its ``game_started`` and at most one
``tournament`` a second (the feed reads the standings once for all of them: that read and the
messages built for a socket per player are timed, and the largest message is measured against
the 16 KiB cap). Figures are medians of the runs; the machine's load moves them, the ratios
much less. It never fails on time.

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_tournament_bench \\
        .venv/bin/python bench/tournament_bench.py [--players 100 300 1000] [--runs 5]
"""

import argparse
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
os.environ.setdefault("DEBUG", "0")  # no query log: it would grow with every statement
os.environ.setdefault("DEVELOPMENT", "1")

import django

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.models import User  # noqa: E402
from games.domain.clock import TimeControl  # noqa: E402
from games.domain.events import game_ended  # noqa: E402
from games.models import Game  # noqa: E402
from games.services.core import Actor  # noqa: E402
from games.services.play import game_create_online, game_resign  # noqa: E402
from games.storage import broadcast  # noqa: E402
from tournaments.edges.feeds import Feed  # noqa: E402
from tournaments.models import Entry, Pairing, Tournament  # noqa: E402
from tournaments.reads import own_line, snapshot  # noqa: E402
from tournaments.receivers import connect  # noqa: E402
from tournaments.schemas import TournamentRequest  # noqa: E402
from tournaments.services.entries import tournament_create  # noqa: E402
from tournaments.services.results import score_game  # noqa: E402
from tournaments.services.rounds import advance  # noqa: E402

CAP = 16384
BLITZ = TimeControl(initial=180, increment=2)


def reset(players: int) -> list[User]:
    """Empties the database and makes ``players`` users."""
    call_command("migrate", verbosity=0)
    tables = ", ".join(m._meta.db_table for m in (User, Game, Tournament))
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {tables} RESTART IDENTITY CASCADE")
    User.objects.bulk_create(User(username=f"p{n:04d}", password="!") for n in range(players))
    return list(User.objects.order_by("pk"))


def kinds(outbox: broadcast.Outbox) -> Counter:
    """Counts what a pass sent by kind of group."""
    found: Counter = Counter()
    for group, message in outbox:
        if group.startswith("user."):
            found["user (game_started)"] += 1
        elif group.startswith("tournament."):
            found[message["type"]] += 1
        elif group == broadcast.DEADLINES:
            found["deadlines (local)"] += 1
        elif group == broadcast.WATCH_GROUP:
            found["watch (≤1/s)"] += 1
        else:
            found[group] += 1
    return found


def timed(function, *args, **kwargs):
    """Returns (seconds, result, what it sent)."""
    outbox: broadcast.Outbox = []
    started = time.perf_counter()
    result = broadcast.collect(outbox, function, *args, **kwargs)
    return time.perf_counter() - started, result, outbox


def end_every_game(tournament: Tournament) -> tuple[float, int]:
    """Every live game of the tournament ends (White resigns), then each is scored (as the
    games' signal has it scored when an ending commits; here apart, to time it alone);
    returns the seconds scoring took a game and the games ended."""
    games = list(
        Game.objects.filter(tournament=tournament.public_id, status="live").select_related("white")
    )
    outbox: broadcast.Outbox = []
    game_ended.disconnect(dispatch_uid="tournaments.game_ended")
    try:
        for game in games:
            broadcast.collect(
                outbox, game_resign, game_id=game.public_id, actor=Actor.of(game.white)
            )
    finally:
        connect()
    scoring = []
    for game in games:
        took, scored, _ = timed(score_game, game.public_id)
        assert scored
        scoring.append(took)
    return statistics.median(scoring), len(games)


def reference(users: list[User]) -> float:
    """Seconds to start ``len(users) / 2`` games through the games' service alone."""
    pairs = list(zip(users[0::2], users[1::2], strict=True))
    started = time.perf_counter()
    outbox: broadcast.Outbox = []

    def start() -> None:
        with transaction.atomic():
            for white, black in pairs:
                game_create_online(white, black, clock=BLITZ)

    broadcast.collect(outbox, start)
    took = time.perf_counter() - started
    Game.objects.filter(tournament__isnull=True).delete()
    return took


def feed_cost(tournament: Tournament, users: list[User]) -> tuple[float, float, int]:
    """The feed's work for a socket per player: the seconds of its one read of the standings,
    of building every socket's message, and the largest message's bytes."""
    started = time.perf_counter()
    snap = snapshot(tournament)
    read = time.perf_counter() - started
    feed = Feed(tournament.public_id, on_empty=lambda _: None)
    started = time.perf_counter()
    feed.keep(snap)
    texts = [feed.text_for(user.pk) for user in users]
    built = time.perf_counter() - started
    assert all(own_line(snap, user.pk) is not None for user in users[:3])
    return read, built, max(len(text.encode()) for text in texts)


def measure(players: int, runs: int) -> dict:
    users = reset(players)
    ref = statistics.median(reference(users) for _ in range(runs))
    asked = TournamentRequest.from_body({
        "name": "Bench Arena", "clock": {"initial": 180, "increment": 2}, "system": "arena",
        "minutes": 720, "starts_at": timezone.now().isoformat(),
    })  # fmt: skip
    tournament = tournament_create(user=None, asked=asked)
    Entry.objects.bulk_create(Entry(tournament=tournament, user=u, rating=1500) for u in users)
    first, step, sent = timed(advance, tournament.public_id)
    assert step["games"] == players // 2, step
    passes, scoring, counts = [], [], Counter()
    for _ in range(runs):
        per_game, ended = end_every_game(tournament)
        scoring.append(per_game)
        took, step, sent = timed(advance, tournament.public_id)
        free = Pairing.objects.filter(tournament=tournament, outcome__isnull=True).count()
        assert step["games"] == free == ended, (step, free, ended)
        passes.append(took)
        counts = kinds(sent)
    read, built, largest = feed_cost(tournament, users)
    return {
        "players": players,
        "first": first,
        "pass": statistics.median(passes),
        "reference": ref,
        "scoring": statistics.median(scoring),
        "counts": counts,
        "read": read,
        "built": built,
        "largest": largest,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--players", type=int, nargs="+", default=[100, 300, 1000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("Set DATABASE_URL to an empty PostgreSQL database.")
    print(f"arena, 3+2; median of {args.runs} runs; reference: the same games started alone")
    header = ("players", "games", "first pass", "pass", "reference", "ratio", "scoring/game",
              "standings read", "messages built", "largest")  # fmt: skip
    print(" | ".join(header))
    rows = [measure(players, args.runs) for players in args.players]
    for row in rows:
        print(
            f"{row['players']} | {row['players'] // 2} | {row['first'] * 1000:.0f} ms"
            f" | {row['pass'] * 1000:.0f} ms | {row['reference'] * 1000:.0f} ms"
            f" | {row['pass'] / row['reference']:.2f} | {row['scoring'] * 1000:.1f} ms"
            f" | {row['read'] * 1000:.0f} ms | {row['built'] * 1000:.0f} ms"
            f" | {row['largest']} B (cap {CAP})"
        )
    print("\nwhat a pass that pairs everyone sends (per wave):")
    for row in rows:
        counts = ", ".join(f"{kind} {count}" for kind, count in sorted(row["counts"].items()))
        sockets = f"{row['players']} game_started + {row['players']} tournament (≤1/s)"
        print(f"{row['players']} players: {counts}; to the tournament's sockets: {sockets}")


if __name__ == "__main__":
    main()
