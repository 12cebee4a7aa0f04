"""The bot of every game: chooses a move at a level from 1 (a beginner can win) to 8 (searches
as deep as about two seconds allow), and analyses positions.

Every entry point takes ``variant``, the game's id (``engine.variants``; Chesskers by default).
Chesskers is searched by ``engine.bot.search`` on a mutable board (its own, faster path); every
other game by ``engine.bot.generic`` over the variant interface, with its family's evaluation
(``engine.bot.families``). The levels mean the same in every game (``engine.bot.levels``).

This package owns move choice only: the rules all come from the engine (through
``engine.bot.adapter``, the one module that touches engine internals). It keeps no state
between calls, so the site can call it from a worker process with plain values.

The entry points (strings and ints in, strings and ints out; safe to send to a process pool):

``choose_move(fen: str, level: int, history_fens: Sequence[str] = (), seed: int | None = None,
time_limit: float | None = None, variant: str = "chesskers") -> str``
    Returns the bot's move in ``fen`` in machine form (``Move.machine()``, e.g. ``"e2-e4"``,
    ``"a1-a4-c4-c6"``, ``"b7-b8-q"``). ``level`` is 1-8. ``history_fens`` are the FENs of the
    game's earlier positions, oldest first (``fen`` itself may be the last); they are used only
    to see repetitions (docs/rules/chesskers.md §3; each game's own rule elsewhere). ``seed``
    makes the choice reproducible (with no time limit reached: a search cut by the clock depends
    on the machine's speed); ``None`` draws one.
    ``time_limit`` replaces the level's time budget in seconds. A move is returned whenever one
    is legal, even if the game is already drawn by a rule of §3 (the caller adjudicates).
    Raises ``ValueError`` (``InvalidFenError`` for a bad FEN) for bad input, or when there is no
    legal move.

``analyse(fen: str, time_limit: float | None = None, depth: int | None = None,
history_fens: Sequence[str] = (), variant: str = "chesskers") -> tuple[int, str, int]``
    Returns ``(score, best_move, depth)``: the score in centipawns from White's side (a mate in
    n plies is ``±(100000 - n)``; a win in n plies in the other games), the best move in machine
    form, and the depth of the deepest completed iteration. With neither limit it searches for
    one second. Raises like ``choose_move``.

``think(...)`` is ``choose_move`` returning the whole ``SearchResult`` (move, score, depth,
nodes, seconds), for the benchmark and tests; it also takes a ``node_limit``.
"""

import random
from collections.abc import Hashable, Sequence
from typing import Any

from engine import variants
from engine.bot import generic
from engine.bot.generic import GenericSearcher
from engine.bot.levels import LEVELS, MAX_LEVEL, MIN_LEVEL, Level, level
from engine.bot.search import (
    MATE,
    Limits,
    Searcher,
    SearchResult,
    position_hash,
    random_move,
)
from engine.position import Position

DEFAULT_ANALYSIS_SECONDS = 1.0
CHESSKERS = variants.DEFAULT.id


class _Start:
    """The position to search, parsed from its FEN in the game's own terms, and how to make a
    searcher of it: Chesskers' own or the generic one."""

    def __init__(self, variant_id: str, fen: str, history_fens: Sequence[str]) -> None:
        self.variant = variants.get(variant_id)
        self.chesskers = self.variant is variants.DEFAULT
        self.position: Any = self._parse(fen)
        keys = [self._key(self._parse(f)) for f in history_fens]
        if keys and keys[-1] == self._key(self.position):
            keys.pop()  # the caller included the current position itself
        self.history_keys = keys

    def _parse(self, fen: str) -> Any:
        return Position.from_fen(fen) if self.chesskers else self.variant.position(fen)

    def _key(self, position: Any) -> Hashable:
        return position_hash(position) if self.chesskers else position.key()

    def random_move(self, rng: random.Random) -> Any:
        """Returns a legal move chosen uniformly by ``rng``."""
        if self.chesskers:
            return random_move(self.position, rng)
        return generic.random_move(self.position, rng)

    def searcher(self, limits: Limits, contempt: bool = True) -> Searcher | GenericSearcher:
        """Returns a searcher of the position within ``limits``; without ``contempt`` a draw is
        worth nothing in every game (for analysis, which must not lean to one side)."""
        if self.chesskers:
            return Searcher(self.position, self.history_keys, limits)  # type: ignore[arg-type]
        return GenericSearcher(self.variant, self.position, self.history_keys, limits, contempt)


def think(
    fen: str,
    level_number: int,
    history_fens: Sequence[str] = (),
    seed: int | None = None,
    time_limit: float | None = None,
    node_limit: int | None = None,
    variant: str = CHESSKERS,
) -> SearchResult:
    """Returns the bot's decision in ``fen`` at a level, with the search's figures.

    See the module docstring (``choose_move``); ``node_limit`` caps the nodes searched.
    """
    chosen = level(level_number)
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time limit must be positive, got {time_limit!r}")
    if node_limit is not None and not node_limit > 0:
        raise ValueError(f"node limit must be positive, got {node_limit!r}")
    start = _Start(variant, fen, history_fens)
    if not start.position.has_legal_move():
        raise ValueError("no legal move: the game is over")
    rng = random.Random(seed)
    if chosen.random_rate and rng.random() < chosen.random_rate:
        return SearchResult(start.random_move(rng), 0, 0, 0, 0.0)
    limits = Limits(
        depth=chosen.depth,
        nodes=node_limit,
        time=chosen.time if time_limit is None else time_limit,
        quiescence=chosen.quiescence,
    )
    searcher = start.searcher(limits)
    if not chosen.noise:
        return searcher.search()
    # A move more than four standard deviations of noise below the best is (almost) never
    # chosen, so its exact score is not needed.
    result = searcher.search(all_scores=True, margin=4 * chosen.noise)
    if not result.scores:
        return result
    # Weak levels: the root moves' scores blurred by noise.
    noisy = [(score + rng.gauss(0, chosen.noise), score, move) for move, score in result.scores]
    _, score, move = max(noisy, key=lambda x: x[0])
    return SearchResult(move, score, result.depth, result.nodes, result.seconds, result.scores)


def choose_move(
    fen: str,
    level: int,
    history_fens: Sequence[str] = (),
    seed: int | None = None,
    time_limit: float | None = None,
    variant: str = CHESSKERS,
) -> str:
    """Returns the bot's move in ``fen`` at ``level`` (1-8) in machine form; see the module
    docstring for the contract."""
    return think(fen, level, history_fens, seed, time_limit, variant=variant).move.machine()


def analyse(
    fen: str,
    time_limit: float | None = None,
    depth: int | None = None,
    history_fens: Sequence[str] = (),
    variant: str = CHESSKERS,
) -> tuple[int, str, int]:
    """Returns (score in centipawns from White's side, best move in machine form, depth
    reached) for ``fen``; searches for one second when neither limit is given."""
    if depth is not None and (isinstance(depth, bool) or not isinstance(depth, int) or depth < 1):
        raise ValueError(f"depth must be a positive integer, got {depth!r}")
    if time_limit is not None and not time_limit > 0:
        raise ValueError(f"time limit must be positive, got {time_limit!r}")
    start = _Start(variant, fen, history_fens)
    if not start.position.has_legal_move():
        raise ValueError("no legal move: the game is over")
    if time_limit is None and depth is None:
        time_limit = DEFAULT_ANALYSIS_SECONDS
    limits = Limits(depth=depth if depth is not None else LEVELS[MAX_LEVEL].depth, time=time_limit)
    result = start.searcher(limits, contempt=False).search()
    return result.score * start.position.side, result.move.machine(), result.depth


__all__ = [
    "LEVELS",
    "MATE",
    "MAX_LEVEL",
    "MIN_LEVEL",
    "Level",
    "SearchResult",
    "analyse",
    "choose_move",
    "think",
]
