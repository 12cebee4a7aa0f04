"""Matches between the bot's levels and two simple movers, in any game (issues 6 and 26
benchmark; never pass/fail).

    python bench/bot_match.py [--variant ID ... | --variant all] [--games N]
                              [--time-scale X | --time SECONDS] [--nodes N | --node-rate R]
                              [--procs P]
                              [--plies K] [--max-plies M] [--seed S] [--match A:B ...]

Players are ``1``..``8`` (bot levels), ``random`` (a uniformly random legal move) and ``greedy``
(the legal move that removes the most material now, promotions counted; ties and quiet
positions broken at random). Each match plays ``N`` games with colours alternating; every pair
of games starts from the same opening, ``K`` random plies from the start position. A game that
reaches ``M`` plies is scored a draw (counted as "adjudicated"); every other ending is scored by
the game's own rules (``Variant.outcome``). For each match it prints the
first player's wins/draws/losses, its score, an Elo-difference estimate with a 95% error, and
for bot players the average depth reached and the nodes per second of their searches.

``--time-scale`` multiplies every level's time budget (level 8's two seconds become 0.5 s at
0.25); ``--time`` gives every level the same budget instead; ``--nodes`` caps every search's
nodes as well (a machine-independent budget). ``--node-rate`` turns each level's time budget
into a node budget instead (its time, times the scale, times ``R`` nodes a second) and lifts the
clock: the levels keep their depths, noise and relative budgets, and a match plays the same on
any machine, however loaded, as the site would on a machine searching ``R`` nodes a second.
``--variant`` names the games (repeatable; ``all``
for every game; Chesskers by default). The default matches are the issues' targets: 8 against
greedy and random, and every level against the level two below it.
"""

import argparse
import math
import random
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import variants
from engine.bot import LEVELS, think
from engine.bot.evaluation import VALUES
from engine.bot.generic import evaluator, is_capture
from engine.game import Game

# A search budgeted in nodes has no clock: this many seconds is never reached.
UNTIMED = 3600.0
DEFAULT_MATCHES = ["8:greedy", "8:random", *(f"{n}:{n - 2}" for n in range(8, 2, -1))]


@dataclass
class GameResult:
    """One game's outcome for the first player (1 win, 0.5 draw, 0 loss) and search figures."""

    score: float
    plies: int
    adjudicated: bool
    status: str
    depths: list[int] = field(default_factory=list)
    nodes: int = 0
    seconds: float = 0.0


def greedy_move(game: Game, rng: random.Random):
    """Returns the legal move that removes the most material now (Chesskers' promotions count;
    the other games value pieces as the bot's evaluation does)."""
    board = game.position.board
    best, best_gain = [], -1
    chesskers = game.variant is variants.DEFAULT
    value = None if chesskers else evaluator(game.variant).value
    for move in game.legal_moves():
        if chesskers:
            gain = sum(VALUES[abs(board[s])] for s in move.captured)
            if move.promotion is not None:
                gain += VALUES[move.promotion] - VALUES[1]
        else:
            gain = sum(abs(value(board[s])) for s in move.captured) if is_capture(move) else 0
        if gain > best_gain:
            best, best_gain = [move], gain
        elif gain == best_gain:
            best.append(move)
    return rng.choice(best)


def opening(plies: int, seed: int, variant_id: str) -> list[str]:
    """Returns the machine forms of ``plies`` random moves from the game's start position."""
    rng = random.Random(seed)
    game = variants.get(variant_id).new_game()
    out = []
    for _ in range(plies):
        moves = game.legal_moves()
        if game.is_over() or not moves:
            break
        move = rng.choice(moves)
        out.append(move.machine())
        game.push(move)
    return out


def match_seed(seed: int, first: str, second: str, game: int) -> int:
    """Returns the seed of one game's random choices: its own for each match, so that the
    matches against greedy and against random, which choose alike wherever no capture is worth
    more than another, are not the same games. (Openings are shared by every match.)"""
    return random.Random(f"{seed}:{first}:{second}:{game}").getrandbits(32)


def play_game(task: tuple) -> GameResult:
    """Plays one game; ``task`` is (variant, first, second, first_is_white, opening, seed, time
    options, node limit, node rate, max plies). Returns the result for ``first``."""
    (
        variant_id,
        first,
        second,
        first_white,
        moves,
        seed,
        time_scale,
        fixed_time,
        nodes,
        node_rate,
        max_plies,
    ) = task
    rng = random.Random(seed)
    game = variants.get(variant_id).new_game()
    fens = [game.fen()]
    for text in moves:
        game.push(game.parse_move(text))
        fens.append(game.fen())
    result = GameResult(0.5, 0, False, "")
    while not game.is_over() and game.ply < max_plies:
        white_to_move = game.position.turn.value == 1
        player = first if white_to_move == first_white else second
        if player == "random":
            move = rng.choice(game.legal_moves())
        elif player == "greedy":
            move = greedy_move(game, rng)
        else:
            level = int(player)
            budget = fixed_time if fixed_time else LEVELS[level].time * time_scale
            node_limit = nodes
            if node_rate:
                node_limit = max(1, round(budget * node_rate))
                budget = UNTIMED
            decision = think(
                game.fen(),
                level,
                fens[:-1],
                seed=rng.getrandbits(32),
                time_limit=budget,
                node_limit=node_limit,
                variant=variant_id,
            )
            move = decision.move
            if player == first and decision.nodes:
                result.depths.append(decision.depth)
                result.nodes += decision.nodes
                result.seconds += decision.seconds
        game.push(move)
        fens.append(game.fen())
    outcome = game.outcome()
    result.plies = game.ply
    result.status = outcome.status
    if not outcome.is_over:
        result.adjudicated = True
    elif outcome.winner is not None:
        first_won = (outcome.winner.value == 1) == first_white
        result.score = 1.0 if first_won else 0.0
    return result


def elo(score: float) -> float:
    """Returns the Elo difference that predicts ``score`` (clipped away from 0 and 1)."""
    score = min(max(score, 1e-3), 1 - 1e-3)
    return -400 * math.log10(1 / score - 1)


def summary(variant_id: str, first: str, second: str, results: list[GameResult]) -> str:
    """Returns one line of figures for a match."""
    n = len(results)
    wins = sum(r.score == 1 for r in results)
    losses = sum(r.score == 0 for r in results)
    draws = n - wins - losses
    p = (wins + 0.5 * draws) / n
    sd = math.sqrt(sum((r.score - p) ** 2 for r in results) / n) / math.sqrt(n)
    # A perfect score has no finite Elo: report the bound given by half a game less.
    shown = p if 0 < p < 1 else (n - 0.5) / n if p == 1 else 0.5 / n
    if sd == 0:
        sd = math.sqrt(shown * (1 - shown) / n)
    low, high = elo(max(shown - 1.96 * sd, 0)), elo(min(shown + 1.96 * sd, 1))
    bound = ">=" if p == 1 else "<=" if p == 0 else ""
    text = (
        f"{variant_id:<22} {first:>6} vs {second:<6} +{wins} ={draws} -{losses}  "
        f"score {100 * p:5.1f}%  Elo {bound}{elo(shown):+.0f} (95%: {low:+.0f}..{high:+.0f})"
    )
    depths = [d for r in results for d in r.depths]
    if depths:
        nodes = sum(r.nodes for r in results)
        seconds = sum(r.seconds for r in results)
        rate = nodes / max(seconds, 1e-9)
        text += f"  depth {sum(depths) / len(depths):.1f}  {rate:,.0f} nodes/s"
    adjudicated = sum(r.adjudicated for r in results)
    text += f"  plies {sum(r.plies for r in results) / n:.0f}"
    if adjudicated:
        text += f"  ({adjudicated} adjudicated draws at the ply limit)"
    ended = Counter(r.status for r in results if r.score == 0.5 and not r.adjudicated)
    if ended:
        text += "  draws: " + ", ".join(f"{count} {why}" for why, count in sorted(ended.items()))
    return text


def main(argv: list[str] | None = None) -> int:
    """Runs the matches and prints one line per match; returns the exit status."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per match (even)")
    parser.add_argument("--time-scale", type=float, default=1.0, help="times each level budget")
    parser.add_argument("--time", type=float, default=None, help="one budget for every level")
    parser.add_argument("--nodes", type=int, default=None, help="node limit of every search")
    parser.add_argument(
        "--node-rate",
        type=float,
        default=None,
        help="budget each level in nodes: its time budget times this rate, with no clock",
    )
    parser.add_argument(
        "--variant", action="append", help="a game's id (repeatable), or all; chesskers by default"
    )
    parser.add_argument("--procs", type=int, default=2, help="processes playing games")
    parser.add_argument("--plies", type=int, default=4, help="random opening plies")
    parser.add_argument("--max-plies", type=int, default=200, help="draw after this many plies")
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--match", action="append", help="A:B, e.g. 8:greedy (repeatable)")
    args = parser.parse_args(argv)
    if args.node_rate is not None and args.nodes is not None:
        parser.error("--nodes and --node-rate are exclusive")
    matches = [m.split(":") for m in (args.match or DEFAULT_MATCHES)]
    games = args.variant or [variants.DEFAULT.id]
    if "all" in games:
        games = list(variants.VARIANTS)
    for variant_id in games:
        variants.get(variant_id)  # an unknown id stops here, naming the known ones
    print(
        f"# bot_match: {args.games} games a match, time scale {args.time_scale}, "
        f"fixed time {args.time}, node limit {args.nodes}, node rate {args.node_rate}, "
        f"{args.plies} opening plies, "
        f"ply limit {args.max_plies}, seed {args.seed}, {args.procs} processes",
        flush=True,
    )
    with ProcessPoolExecutor(max_workers=args.procs) as pool:
        for variant_id, (first, second) in [(v, m) for v in games for m in matches]:
            started = time.monotonic()
            tasks = []
            for g in range(args.games):
                pair_seed = args.seed * 1000 + g // 2
                tasks.append(
                    (
                        variant_id,
                        first,
                        second,
                        g % 2 == 0,
                        opening(args.plies, pair_seed, variant_id),
                        match_seed(args.seed, first, second, g),
                        args.time_scale,
                        args.time,
                        args.nodes,
                        args.node_rate,
                        args.max_plies,
                    )
                )
            results = list(pool.map(play_game, tasks))
            print(
                summary(variant_id, first, second, results),
                f" [{time.monotonic() - started:.0f} s]",
            )
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
