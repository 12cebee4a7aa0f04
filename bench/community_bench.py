"""What the community costs the site's busiest paths (issue #39), on PostgreSQL.

Three figures, each the median of ``--runs`` timings against a reference measured in the same
run, with the statements each sends:

- **the watch list** (``games.reads.live.live_games``, read at most once a second per process
  while anyone watches) at ``--live`` live games: with each game's control and its players'
  ratings, against the list as it was read before them (the same query without the ratings');
- **a game socket's opening** (``games.edges.consumers.load_opening``): the state and the chat
  lines its reader may read, against the state alone (``open_game``, all a socket read before
  the chat), for a game whose chat holds ``--lines`` lines;
- **a chat line** (``games.services.chat.chat_send``) with ``--spectators`` signed-in
  spectators at the table, against an ordinary move (``Round.play``, the hot path), both as a
  consumer runs them (what they send collected, not sent).

It loads what it needs into an empty PostgreSQL database (``DATABASE_URL``; everything in it is
deleted first) and never fails on time:

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_community_bench \\
        .venv/bin/python bench/community_bench.py [--runs 15] [--live 1000]
"""

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402
from django.db.models import Count, Q  # noqa: E402
from django.test.utils import CaptureQueriesContext  # noqa: E402
from django.utils import timezone  # noqa: E402

from accounts.models import Rating, User, rating_category  # noqa: E402
from community.models import Block  # noqa: E402
from games.domain.clock import TimeControl  # noqa: E402
from games.domain.policy import MAX_LISTED_LIVE_GAMES, fresh_since  # noqa: E402
from games.domain.schemas import MoveRequest  # noqa: E402
from games.edges.consumers import load_opening, open_game  # noqa: E402
from games.models import ChatLine, Connection, Game  # noqa: E402
from games.reads.live import live_games  # noqa: E402
from games.services.chat import chat_send  # noqa: E402
from games.services.core import Actor  # noqa: E402
from games.services.round import Round  # noqa: E402
from games.storage import broadcast  # noqa: E402

CONTROLS = [(60, 0), (180, 2), (300, 3), (600, 5), (None, 0)]


def bare_live_games(limit: int = MAX_LISTED_LIVE_GAMES) -> list[dict[str, Any]]:
    """The watch list as it was read before it carried controls and ratings: the reference."""
    fresh = fresh_since()
    games = (
        Game.objects.filter(status=Game.Status.LIVE, mode=Game.Mode.ONLINE)
        .select_related("white", "black")
        .annotate(
            watching=Count(
                "connections",
                filter=Q(connections__color__isnull=True, connections__last_seen__gte=fresh),
            )
        )
        .order_by("-created_at")[:limit]
    )
    return [
        {
            "id": game.public_id,
            "white": game.white.username if game.white else None,
            "black": game.black.username if game.black else None,
            "ply": game.ply,
            "variant": game.variant,
            "fen": game.fen,
            "spectators": game.watching,
            "created_at": game.created_at.isoformat(),
        }
        for game in games
    ]


def reset() -> None:
    call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute(f"TRUNCATE {User._meta.db_table} RESTART IDENTITY CASCADE")


def load(live: int, spectators: int, lines: int) -> tuple[Game, list[User], Game]:
    """Loads ``live`` live online games between 400 players (each rated in every category
    they play), a chatting game with ``spectators`` at its table and ``lines`` lines, and a
    game to move in; returns the chatting game, its spectators and the game to move in."""
    players = User.objects.bulk_create(
        User(username=f"player{n:04d}", password="!") for n in range(400)
    )
    games = []
    for n in range(live):
        initial, increment = CONTROLS[n % len(CONTROLS)]
        games.append(
            Game(
                mode=Game.Mode.ONLINE,
                white=players[n % 400],
                black=players[(n * 7 + 1) % 400],
                clock_initial=initial,
                clock_increment=increment,
            )
        )
    Game.objects.bulk_create(games)
    categories = {
        (game.white_id, rating_category(game.variant, TimeControl.of_game(game).speed))
        for game in games
    } | {
        (game.black_id, rating_category(game.variant, TimeControl.of_game(game).speed))
        for game in games
    }
    Rating.objects.bulk_create(
        Rating(user_id=uid, category=category, rating=1400 + uid % 600, deviation=80)
        for uid, category in categories
    )
    chatting = games[0]
    watchers = User.objects.bulk_create(
        User(username=f"watcher{n:03d}", password="!") for n in range(spectators)
    )
    now = timezone.now()
    Connection.objects.bulk_create(
        Connection(game=chatting, channel_name=f"bench.{user.pk}", user=user, last_seen=now)
        for user in watchers
    )
    Block.objects.bulk_create(  # a few of them blocked by the writer's neighbours
        Block(blocker=watchers[n], blocked=watchers[n + 1]) for n in range(0, spectators - 1, 5)
    )
    ChatLine.objects.bulk_create(
        ChatLine(game=chatting, user=watchers[n % spectators], room="spectators", text=f"l{n}")
        for n in range(lines)
    )
    moving = Game.objects.create(mode=Game.Mode.ONLINE, white=players[0], black=players[1])
    return chatting, watchers, moving


def timed(function: Callable[[], Any]) -> float:
    outbox: broadcast.Outbox = []
    start = time.perf_counter()
    broadcast.collect(outbox, function)
    return time.perf_counter() - start


def statements(function: Callable[[], Any]) -> int:
    with CaptureQueriesContext(connection) as queries:
        broadcast.collect([], function)
    return len(queries)


def compare(
    label: str, ours: Callable[[], Any], reference: Callable[[], Any], runs: int, unit: str
) -> None:
    """Times ``ours`` and ``reference`` alternately (one warm-up each) and prints their
    medians, the ratio and their statements."""
    counts = (statements(ours), statements(reference))
    ours_t, ref_t = [], []
    for _ in range(runs):
        ours_t.append(timed(ours))
        ref_t.append(timed(reference))
    scale = 1e3 if unit == "ms" else 1e6
    a, b = statistics.median(ours_t) * scale, statistics.median(ref_t) * scale
    print(
        f"| {label} | {a:.1f} {unit} | {b:.1f} {unit} | {a / b:.2f} | {counts[0]} / {counts[1]} |",
        flush=True,
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=15, help="timings per figure (median)")
    parser.add_argument("--live", type=int, default=1000, help="live games on the watch list")
    parser.add_argument("--spectators", type=int, default=100, help="at the chatting table")
    parser.add_argument("--lines", type=int, default=300, help="lines in the game's chat")
    args = parser.parse_args()
    if connection.vendor != "postgresql":
        raise SystemExit("Set DATABASE_URL to an empty PostgreSQL database (it is emptied).")
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "chat_user": "1000000/60"}
    reset()
    chatting, watchers, moving = load(args.live, args.spectators, args.lines)
    writer = Actor.of(watchers[1])
    table = {"game": moving}

    def next_move() -> Callable[[], Any]:
        """Returns the next ordinary move of the game to move in, ready to play: its state read
        beforehand (untimed), as the game's socket has it kept; a new game once one is over."""
        game = table["game"]
        state = Round(game.public_id).state()
        if state["status"] != "live" or not state["legal_moves"]:
            game = table["game"] = Game.objects.create(
                mode=Game.Mode.ONLINE, white=game.white, black=game.black
            )
            state = Round(game.public_id).state()
        request = MoveRequest.of(ply=state["ply"], text=state["legal_moves"][0]["text"])
        actor = Actor.of(game.white if state["turn"] == "white" else game.black)
        return lambda: Round(game.public_id).play(actor=actor, move=request, answer=False)

    print(f"live games {args.live}, spectators {args.spectators}, chat lines {args.lines}, "
          f"runs {args.runs}")  # fmt: skip
    print("| what | with the community | reference | ratio | statements |")
    print("|---|---|---|---|---|")
    compare(
        f"the watch list, {args.live} live games (reference: without controls and ratings)",
        live_games,
        bare_live_games,
        args.runs,
        "ms",
    )
    compare(
        f"a spectator's socket opening, {args.lines} lines (reference: the state alone)",
        lambda: load_opening(chatting.public_id, False, watchers[0].pk),
        lambda: open_game(chatting.public_id, False),
        args.runs,
        "ms",
    )

    def say(n: int) -> Callable[[], Any]:
        return lambda: chat_send(game_id=chatting.public_id, actor=writer, text=f"hi {n}")

    chat_count = statements(say(-1))
    timed(next_move())  # the first move of the process reads the game's moves
    move_count = statements(next_move())
    chat_times, move_times = [], []
    for n in range(args.runs * 4):
        chat_times.append(timed(say(n)))
        move_times.append(timed(next_move()))
    a, b = statistics.median(chat_times) * 1e6, statistics.median(move_times) * 1e6
    print(
        f"| a chat line, {args.spectators} signed-in spectators at the table (reference: an "
        f"ordinary move) | {a:.0f} us | {b:.0f} us | {a / b:.2f} | {chat_count} / "
        f"{move_count} |"
    )


if __name__ == "__main__":
    main()
