"""The capture search's work: the worst positions known and found, what they cost, and what the
plain enumeration the search replaced costs on them.

1. The known positions: the worst the hill-climb found on the search as it was, for Canadian,
   Turkish and Dameo (issue #35; ``tests/engine/test_playable.py``), and a Canadian position
   whose largest capture the search finds without listing every sequence
   (``tests/engine/test_capture_search.py``).
2. For every game whose pieces capture through the capture core (the draughts family and the
   hybrids, from the registry), a hill-climb: from random positions a game can reach (the start
   position scattered by random mutations, kept when the site would accept their material) it
   mutates them — a piece of any kind and side added, removed or moved — keeping the mutation
   whenever the side to move's legal moves cost at least as many jumps of capture search
   (``engine.work``: one for each landing square tried; past the budget, the budget and one,
   then ranked by CPU time). It keeps the worst position refused and the worst answered.
3. For every such game, the most jumps any position of seeded random games took
   (``--playouts`` games, captures chosen four times out of five): how far real play stays from
   the budget.

For each position this prints the jumps spent (``refused``: past the budget), its legal moves,
and "ms": the median over ``--runs`` of finding them (or refusing) in the position read from its
FEN, process CPU time. The reference, measured in the same run on the same position, is the
plain enumeration the search replaced (``tests/engine/draughts/exhaustive.py``: every sequence of
the side to move walked to its end), made into moves as the unchanged rest of the engine makes
them (the draughts family's priority rules and merging, a hybrid's ``jump_moves``; a hybrid's
tests for check are left out of the reference, so it flatters the old code): its sequences, its
ms or ``>N s`` when it runs longer than ``--reference-seconds`` of wall time, and the ratio of
its time to ours. For the known positions it also prints the peak of the memory each allocates
(tracemalloc, a run of its own). Chesskers' chains have their own generator and their own bound
(the move budget; bench/budget_bench.py). It never fails on time.

    .venv/bin/python bench/capture_bench.py [--seconds S] [--runs N] [--games id,...]
"""

import argparse
import contextlib
import random
import signal
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from engine.draughts import movegen
from engine.draughts.fen import fen_text
from engine.draughts.rules import Power
from engine.errors import CaptureSearchError, InvalidFenError
from engine.hybrids.fen import placement_text
from engine.variant import Variant
from engine.variants import VARIANTS
from engine.work import CAPTURE_BUDGET, work_limit
from tests.engine.draughts.exhaustive import every_sequence
from tests.engine.test_capture_search import PRUNED
from tests.engine.test_playable import WORST_CAPTURES

CORE = tuple(v.id for v in VARIANTS.values() if v.family in ("draughts", "hybrid"))
UNLIMITED = 10**12


class Board:
    """A game's board as the hill-climb mutates it: raw signed codes, the squares pieces stand
    on, the codes of its pieces, and its FEN with White to move."""

    def __init__(self, variant: Variant) -> None:
        self.variant = variant
        tables = variant.tables  # type: ignore[attr-defined]
        self.tables = tables
        if variant.family == "draughts":
            self.squares = list(tables.squares)
            self.codes = [Power[kind.piece.name].value for kind in variant.pieces]
        else:
            self.squares = list(range(64))
            self.codes = list(range(1, tables.size))

    def fen(self, board: list[int]) -> str:
        """Returns the FEN of ``board`` with White to move."""
        if self.variant.family == "draughts":
            return fen_text(board, 1, 0, 1, self.tables)
        return f"{placement_text(board, self.tables)} w - - 0 1"

    def start(self) -> list[int]:
        """Returns the start position's board."""
        return list(self.variant.start_position().board)  # type: ignore[attr-defined]

    def mutate(self, board: list[int], rng: random.Random) -> list[int]:
        """Returns ``board`` with a piece added, removed or moved."""
        board = board.copy()
        taken = [sq for sq in self.squares if board[sq]]
        empty = [sq for sq in self.squares if not board[sq]]
        roll = rng.random()
        if roll < 0.4 and empty:
            board[rng.choice(empty)] = rng.choice(self.codes) * rng.choice((1, -1))
        elif roll < 0.6 and taken:
            board[rng.choice(taken)] = 0
        elif taken and empty:
            origin = rng.choice(taken)
            board[rng.choice(empty)], board[origin] = board[origin], 0
        return board


def search_cost(variant: Variant, fen: str) -> tuple[int, int | None]:
    """Returns (jumps, legal moves) of a position the site would accept the material of: the
    jumps its legal moves cost (the budget and one when refused, then no moves). Raises
    ``InvalidFenError`` for a position the site refuses otherwise."""
    position = variant.position(fen)
    variant.check_material(position)
    with work_limit(UNLIMITED) as limit:
        try:
            moves = len(position.legal_moves())
        except CaptureSearchError:
            return CAPTURE_BUDGET + 1, None
    return limit.spent, moves


def cpu_ms(work: Callable[[], object]) -> float:
    start = time.process_time()
    work()
    return (time.process_time() - start) * 1000


def moves_ms(variant: Variant, fen: str) -> float:
    """Returns the CPU ms of finding a position's legal moves (the position read from its FEN
    first, untimed), or of refusing them."""
    position = variant.position(fen)

    def work() -> None:
        with contextlib.suppress(CaptureSearchError):
            position.legal_moves()

    return cpu_ms(work)


def climb(variant: Variant, seconds: float, rng: random.Random) -> dict[str, tuple]:
    """Returns the worst positions found in ``seconds`` of CPU time: "refused" and "answered",
    each (jumps, moves, fen), by hill-climbs restarted from scattered start positions."""
    board = Board(variant)
    worst: dict[str, tuple] = {}
    deadline = time.process_time() + seconds
    while time.process_time() < deadline:
        current = board.start()
        for _ in range(rng.randrange(5, 40)):
            current = board.mutate(current, rng)
        best = (-1.0, -1)
        for _ in range(400):
            if time.process_time() >= deadline:
                break
            candidate = board.mutate(current, rng)
            for _ in range(rng.randrange(3)):
                candidate = board.mutate(candidate, rng)
            fen = board.fen(candidate)
            try:
                jumps, moves = search_cost(variant, fen)
            except InvalidFenError:
                continue
            rank = (jumps, moves_ms(variant, fen) if moves is None else 0.0)
            if rank >= best:
                best, current = rank, candidate
            kind = "refused" if moves is None else "answered"
            if kind not in worst or rank > worst[kind][0]:
                worst[kind] = (rank, jumps, moves, fen)
    return {kind: found[1:] for kind, found in worst.items()}


class _Late(Exception):
    pass


def reference(variant: Variant, fen: str, seconds: float) -> tuple[int, float] | None:
    """Returns (sequences, CPU ms) of the plain enumeration of the side to move's captures made
    into moves, or None when it runs longer than ``seconds``."""
    position = variant.position(fen)
    board = list(position.board)  # type: ignore[attr-defined]
    side = position.side  # type: ignore[attr-defined]
    tables = variant.tables  # type: ignore[attr-defined]
    if variant.family == "draughts":
        powers = {code: code for code in (1, 2, 3)}
    else:
        powers = {code: tables.power[code] for code in range(1, tables.size) if tables.power[code]}
    pieces = [(sq, powers[code * side]) for sq, code in enumerate(board) if code * side in powers]

    def late(*_: object) -> None:
        raise _Late

    # A wall-clock alarm: with a CPU-time one armed, the process clock reads in whole ticks.
    previous = signal.signal(signal.SIGALRM, late)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        start = time.process_time()
        found = every_sequence(board, side, pieces, tables.spec)
        if variant.family == "draughts":
            chosen = movegen.choose(board, found, tables.rules.priority) if found else []
            movegen.capture_moves(board, side, tables, chosen)
        else:
            variant.generator.jump_moves(board, side, found)  # type: ignore[attr-defined]
        return len(found), (time.process_time() - start) * 1000
    except _Late:
        return None
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def real_play(variant: Variant, games: int, rng: random.Random) -> int:
    """Returns the most jumps any position of ``games`` random games took."""
    most = 0
    for _ in range(games):
        game = variant.new_game()
        for _ in range(300):
            with work_limit(UNLIMITED) as limit:
                over = game.is_over()
            most = max(most, limit.spent)
            if over:
                break
            moves = game.legal_moves()
            taking = [move for move in moves if move.captured]
            game.push(rng.choice(taking if taking and rng.random() < 0.8 else moves))
    return most


def peak_mib(work: Callable[[], object]) -> float:
    """Returns the peak of the memory ``work`` allocates (tracemalloc), in MiB."""
    tracemalloc.start()
    try:
        work()
        return tracemalloc.get_traced_memory()[1] / 2**20
    finally:
        tracemalloc.stop()


def row(
    variant: Variant, name: str, fen: str, args: argparse.Namespace, memory: bool = False
) -> tuple[str, float]:
    """Returns a table row for one position, and its ms; with ``memory``, the peak memory of
    ours and of the reference too, each measured in a run of its own."""
    jumps, moves = search_cost(variant, fen)
    ms = statistics.median(moves_ms(variant, fen) for _ in range(args.runs))
    plain = reference(variant, fen, args.reference_seconds)
    if plain is None:
        sequences, plain_ms, ratio = "?", f">{args.reference_seconds:g} s", ""
    else:
        sequences, plain_ms = f"{plain[0]:,}", f"{plain[1]:,.1f}"
        ratio = f"{plain[1] / ms:,.1f}" if min(ms, plain[1]) >= 0.1 else ""
    shown = "refused" if moves is None else f"{jumps:,}"
    moves_text = "" if moves is None else f"{moves:,}"
    line = f"| {variant.id} | {name} | {shown} | {moves_text} | {ms:.1f} | {sequences} "
    line += f"| {plain_ms} | {ratio} |"
    if memory:
        ours = peak_mib(lambda: moves_ms(variant, fen))
        theirs = peak_mib(lambda: reference(variant, fen, 10 * args.reference_seconds))
        line += f" {ours:.1f} | {theirs:.1f} |"
    return line, ms


HEADER = (
    "| game | position | jumps | moves | ms | plain enumeration: sequences | its ms "
    "| plain/search |\n|---|---|---|---|---|---|---|---|"
)
KNOWN_HEADER = (
    "| game | position | jumps | moves | ms | plain enumeration: sequences | its ms "
    "| plain/search | MiB | plain MiB |\n|---|---|---|---|---|---|---|---|---|---|"
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="hill-climb CPU s a game")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--reference-seconds", type=float, default=10.0)
    parser.add_argument("--playouts", type=int, default=20)
    parser.add_argument("--games", default=",".join(CORE))
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    print(
        f"budget {CAPTURE_BUDGET:,} jumps; hill-climb {args.seconds:g} CPU s a game; "
        f"medians of {args.runs} runs, process CPU time\n"
    )
    print("The known positions (MiB: the peak of the memory allocated, in a run of its own)\n")
    print(KNOWN_HEADER)
    known = [(game, "worst found before the bound", fen) for game, fen in WORST_CAPTURES.items()]
    known.append(("canadian", "largest capture, pruned", PRUNED))
    for game, name, fen in known:
        print(row(VARIANTS[game], name, fen, args, memory=True)[0])
    print("\nThe hill-climb\n")
    print(HEADER)
    positions, plays, refusals = [], [], []
    for game in args.games.split(","):
        variant = VARIANTS[game]
        rng = random.Random(f"{args.seed} {game}")
        found = climb(variant, args.seconds, rng)
        for kind in ("refused", "answered"):
            if kind in found:
                fen = found[kind][2]
                line, ms = row(variant, f"worst {kind}", fen, args)
                print(line)
                positions.append(f"{game}, worst {kind}: {fen}")
                if kind == "refused":
                    refusals.append((ms, game))
        plays.append((game, real_play(variant, args.playouts, rng)))
    if refusals:
        ms, game = max(refusals)
        print(f"\nslowest refusal found: {ms:.1f} ms ({game})")
    print(f"\nReal play: the most jumps a position of {args.playouts} random games took\n")
    print("| " + " | ".join(game for game, _ in plays) + " |")
    print("|" + "---|" * len(plays))
    print("| " + " | ".join(f"{most:,}" for _, most in plays) + " |")
    print("\nThe positions the hill-climb found:")
    for line in positions:
        print(line)


if __name__ == "__main__":
    main()
