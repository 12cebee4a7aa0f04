"""The bot's levels 1-8: how deep, how long and how carelessly each one plays.

This module owns the table of levels only; ``engine.bot`` applies it. Weak levels search
shallowly, score every root move exactly and add random noise to the scores, and sometimes
play a random legal move outright, so that a beginner can beat level 1. Strong levels search
without noise until their depth or their time budget runs out; level 8 searches as deep as
about two seconds allow.

From level 5 up each level has twice the time of the one below (a quarter, a half, one and two
seconds), so that where the clock cuts every search — a slow game, a slow or busy machine — a
level still searches four times what the level two below it does.
"""

from dataclasses import dataclass

from engine.bot.search import MAX_PLY


@dataclass(frozen=True)
class Level:
    """One level: the search depth, the time budget in seconds, the standard deviation of the
    noise added to root scores (centipawns), the chance of a uniformly random move, and
    whether the search settles captures at the horizon (quiescence)."""

    number: int
    depth: int
    time: float
    noise: int = 0
    random_rate: float = 0.0
    quiescence: bool = True


LEVELS = {
    1: Level(1, depth=1, time=0.25, noise=250, random_rate=0.4, quiescence=False),
    2: Level(2, depth=1, time=0.25, noise=100, random_rate=0.1),
    3: Level(3, depth=2, time=0.25, noise=50, random_rate=0.03),
    4: Level(4, depth=2, time=0.25, noise=15),
    5: Level(5, depth=3, time=0.25),
    6: Level(6, depth=4, time=0.5),
    7: Level(7, depth=MAX_PLY, time=1.0),
    8: Level(8, depth=MAX_PLY, time=2.0),
}
MIN_LEVEL, MAX_LEVEL = min(LEVELS), max(LEVELS)


def level(number: int) -> Level:
    """Returns level ``number``; raises ``ValueError`` outside 1-8."""
    if isinstance(number, bool) or not isinstance(number, int) or number not in LEVELS:
        raise ValueError(
            f"level must be an integer from {MIN_LEVEL} to {MAX_LEVEL}, got {number!r}"
        )
    return LEVELS[number]
