"""Clocks: what a clocked game's move costs against an unclocked one, and what 1,000 running
clocks cost a process that waits.

1. Moves: the same games played through the move service (``games.services.moves.game_play``, the
path
   a socket's move takes, on the configured database) with a clock and without, alternating,
   in the same run. Printed: this process's CPU per move (median of ``--runs``) for each and
   their ratio, and the messages each move sends (group messages, and the deadline handed to
   the process's own flag timer, which goes to no socket).
2. Waiting: an event loop idle for ``--idle`` seconds with no clocks, with 1,000 deadlines in
   one ``games.services.flag_timer.FlagTimer`` (one armed timer), and, for reference, with 1,000
   sleeping tasks (a task per game). Printed: the process's CPU over each (median of
   ``--runs``).

    DATABASE_URL=postgres://postgres@127.0.0.1:5432/chesskers_clocks \\
    .venv/bin/python bench/clock_bench.py --games 20 --plies 30 --runs 5

Never passes or fails: it prints figures (bench/RESULTS.md keeps them).
"""

import argparse
import asyncio
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from accounts.models import User  # noqa: E402
from games.domain.clock import UNLIMITED, TimeControl  # noqa: E402
from games.domain.schemas import MoveRequest  # noqa: E402
from games.models import Game  # noqa: E402
from games.reads.state import game_state  # noqa: E402
from games.services.core import Actor  # noqa: E402
from games.services.flag_timer import FlagTimer  # noqa: E402
from games.services.lobby import challenge_accept, challenge_create  # noqa: E402
from games.services.moves import game_play  # noqa: E402
from games.storage import broadcast  # noqa: E402

CLOCKED = TimeControl(initial=10800, increment=2)  # long enough never to flag here


def players() -> tuple[User, User]:
    white, _ = User.objects.get_or_create(username="bench-clock-w")
    black, _ = User.objects.get_or_create(username="bench-clock-b")
    return white, black


def new_game(white: User, black: User, control: TimeControl) -> Game:
    challenge = challenge_create(user=white, to=black.username, color="white", clock=control)
    return challenge_accept(user=black, challenge_id=challenge.public_id)


def play_game(game: Game, plies: int, rng: random.Random, outbox: list) -> tuple[int, float]:
    """Plays up to ``plies`` random legal moves through the move service; returns how many
    and the CPU they took (the legal moves are read between moves, outside the count)."""
    actors = {
        game.white_id: Actor(user_id=game.white_id),
        game.black_id: Actor(user_id=game.black_id),
    }
    state = game_state(game)
    played, cpu = 0, 0.0
    for _ in range(plies):
        if state["status"] != "live" or not state["legal_moves"]:
            break
        mover = game.white_id if state["turn"] == "white" else game.black_id
        move = MoveRequest(ply=state["ply"], text=rng.choice(state["legal_moves"])["text"])
        began = time.process_time()
        # Outside a transaction, as a socket's move: what it sends is collected at its commit.
        broadcast.collect(
            outbox, game_play, game_id=game.public_id, actor=actors[mover], move=move, answer=False
        )
        cpu += time.process_time() - began
        played += 1
        state = game_state(Game.objects.get(pk=game.pk))
    return played, cpu


def moves_round(games: int, plies: int, seed: int) -> dict[str, tuple[float, float, float]]:
    """One round: ``games`` games of each kind, alternating, on the same seeds."""
    white, black = players()
    totals = {"unclocked": [0, 0.0, [], 0], "clocked": [0, 0.0, [], 0]}
    for index in range(games):
        for name, control in (("unclocked", UNLIMITED), ("clocked", CLOCKED)):
            game = new_game(white, black, control)
            outbox: list = []
            played, cpu = play_game(game, plies, random.Random(seed + index), outbox)
            total = totals[name]
            total[0] += played
            total[1] += cpu
            total[2] += [group for group, _ in outbox if group != broadcast.DEADLINES]
            total[3] += sum(1 for group, _ in outbox if group == broadcast.DEADLINES)
    return {
        name: (cpu / played * 1000, len(groups) / played, local / played)
        for name, (played, cpu, groups, local) in totals.items()
    }


async def idle_cpu(seconds: float, kind: str) -> float:
    """The process's CPU over ``seconds`` of an idle loop holding 1,000 clocks as ``kind``."""
    loop = asyncio.get_running_loop()
    now = time.time()
    tasks = []

    async def nothing(ids: list[str]) -> None:
        return None

    timer = FlagTimer(loop, nothing)
    if kind == "flag timer":
        for n in range(1000):
            timer.set(f"g{n}", now + 600 + n)
    elif kind == "a task per game":
        tasks = [loop.create_task(asyncio.sleep(600 + n)) for n in range(1000)]
    began = time.process_time()
    await asyncio.sleep(seconds)
    used = time.process_time() - began
    for task in tasks:
        task.cancel()
    return used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=20, help="games of each kind per run")
    parser.add_argument("--plies", type=int, default=30)
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--idle", type=float, default=5.0, help="seconds idle per measure")
    args = parser.parse_args()
    call_command("migrate", verbosity=0)

    rounds = [moves_round(args.games, args.plies, seed=1000 * run) for run in range(args.runs)]
    print(f"moves: {args.games} games of each kind, up to {args.plies} plies, {args.runs} runs")
    medians = {}
    for name in ("unclocked", "clocked"):
        cpu = statistics.median(r[name][0] for r in rounds)
        groups = statistics.median(r[name][1] for r in rounds)
        local = statistics.median(r[name][2] for r in rounds)
        medians[name] = cpu
        print(f"  {name:9}: {cpu:.2f} ms CPU a move, {groups:.2f} group messages a move, "
              f"{local:.2f} deadlines to the process's own timer")  # fmt: skip
    print(f"  ratio clocked/unclocked CPU: {medians['clocked'] / medians['unclocked']:.2f}")

    kinds = ("no clocks", "flag timer", "a task per game")
    idle = {kind: [] for kind in kinds}
    for _ in range(args.runs):
        for kind in kinds:
            idle[kind].append(asyncio.run(idle_cpu(args.idle, kind)))
    print(f"waiting: the process's CPU over {args.idle:g} s idle with 1,000 running clocks")
    for kind in kinds:
        print(f"  {kind:15}: {statistics.median(idle[kind]) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
