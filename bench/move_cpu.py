"""What a move costs the worker thread: ``Round.play`` as a game socket runs it
(``games.edges.realtime``), without the sockets.

``bench/ws_load.py`` measures a move's whole cost in a server; this measures the part a move's
worker thread spends (the engine's validation, the legal moves of the new position, the one
statement, the state event), so that the rest of a move's server CPU is known to be the event
loop's (the socket, the message budget, the channel layer). In the same run, the reference:
one ``SELECT 1`` through the same connection and thread hop (the stock relay's database work in
``bench/echo_asgi.py``).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_bench \\
        .venv/bin/python bench/move_cpu.py --games 100 --plies 60 --moves 12 --runs 3

Needs PostgreSQL (the bench database is created and migrated if missing).
"""

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

from bench.ws_load import PRODUCTION_LIKE, ensure_database  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--plies", type=int, default=60, help="random plies before measuring")
    parser.add_argument("--moves", type=int, default=12, help="measured moves a game per run")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    os.environ.update(PRODUCTION_LIKE)
    ensure_database()

    import django

    django.setup()
    from django.core.management import call_command
    from django.db import connection

    from accounts.models import User
    from games.domain.schemas import MoveRequest
    from games.edges.realtime import _in_thread
    from games.models import Game
    from games.services.core import Actor
    from games.services.presence import connection_open
    from games.services.round import Round

    call_command("migrate", verbosity=0)
    stamp = f"{int(time.time() * 1000) % 10**8:08d}"
    rng = random.Random(7)
    games = []
    for index in range(args.games):
        white = User.objects.create_user(f"mw{stamp}x{index}", password=None)
        black = User.objects.create_user(f"mb{stamp}x{index}", password=None)
        game = Game(mode=Game.Mode.ONLINE, white=white, black=black)
        game.save()
        for seat, user in enumerate((white, black)):
            # Both players at the table, as in a game played over its sockets.
            channel = f"bench.{stamp}.{index}.{seat}"
            connection_open(game_id=game.public_id, channel_name=channel, actor=Actor(user.pk))
        games.append((game.public_id, {"white": white.pk, "black": black.pk}))

    def play_one(game_id: str, seats: dict[str, int]) -> float | None:
        """Plays a random legal move as the socket would; returns its CPU seconds."""
        state = Round(game_id).state()
        if state["status"] != "live" or not state["legal_moves"]:
            return None
        chosen = rng.choice(state["legal_moves"])
        move = MoveRequest.of(ply=state["ply"], path=chosen["path"], promotion=chosen["promotion"])
        actor = Actor(user_id=seats[state["turn"]])
        started = time.process_time()
        _in_thread(
            [], "en", Round(game_id).play, (), {"actor": actor, "move": move, "answer": False}
        )
        return time.process_time() - started

    def one_query() -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")

    for _ in range(args.plies):  # into the middle game, unmeasured
        for game_id, seats in games:
            play_one(game_id, seats)
    for game_id, _ in games:  # as a socket's connect does: the record kept for the next move
        Round(game_id).open()

    moves, queries = [], []
    for run in range(args.runs):
        spent, played = 0.0, 0
        for _ in range(args.moves):
            for game_id, seats in games:
                cpu = play_one(game_id, seats)
                if cpu is not None:
                    spent, played = spent + cpu, played + 1
        started = time.process_time()
        for _ in range(played):
            _in_thread([], "en", one_query, (), {})
        query = (time.process_time() - started) / max(1, played)
        move = spent / max(1, played)
        moves.append(move)
        queries.append(query)
        print(
            f"run {run + 1}: {played} moves, {move * 1000:.3f} ms a move; "
            f"one query {query * 1000:.3f} ms (ratio {move / query:.1f})"
        )
    move, query = statistics.median(moves), statistics.median(queries)
    print(
        f"\nmedian of {args.runs} runs, {args.games} games {args.plies} plies in: worker CPU "
        f"{move * 1000:.3f} ms a move; one query {query * 1000:.3f} ms; ratio {move / query:.1f}"
    )


if __name__ == "__main__":
    main()
