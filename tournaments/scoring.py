"""What a game is worth and how players are ranked. Pure: results in, points and standings out.

**Arena** (lichess's rules): a win is 2 points, a draw 1, a loss 0. Two wins in a row put a
player on fire: from the third win in a row, each win is worth double (4), until a game that is
not a win. A win after going berserk is worth one point more (not doubled). Ranked by score,
then performance (the average rating of the opponents met plus 400 x (wins - losses) / games),
then rating.

**Swiss**: a win is 1, a draw ½, a loss 0, a bye 1 (kept in half points here: 2, 1, 0, 2).
Ranked by score, then Buchholz (the sum of the scores of the opponents met; a bye adds nothing),
then Sonneborn-Berger (the scores of the opponents beaten, plus half those of the opponents
drawn with), then rating.
"""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

WIN, DRAW, LOSS = "win", "draw", "loss"
FIRE_AFTER = 2  # wins in a row that set a player on fire
PERFORMANCE_SPREAD = 400


def arena_points(outcome: str, streak: int, berserk: bool = False) -> tuple[int, int]:
    """Returns what a game of an arena is worth to a player with ``streak`` wins in a row before
    it, and the streak after it: (points, streak)."""
    if outcome == WIN:
        points = 4 if streak >= FIRE_AFTER else 2
        return points + (1 if berserk else 0), streak + 1
    if outcome == DRAW:
        return 1, 0
    return 0, 0


def on_fire(streak: int) -> bool:
    """Returns whether a player's next win counts double."""
    return streak >= FIRE_AFTER


def performance(opponent_ratings: float, games: int, wins: int, losses: int) -> int | None:
    """Returns the performance of a player's arena games (``opponent_ratings``: the sum of the
    ratings of the opponents met, as they stood when paired), or None before a game."""
    if games == 0:
        return None
    return round((opponent_ratings + PERFORMANCE_SPREAD * (wins - losses)) / games)


# Half points of a Swiss game's outcome.
SWISS_HALVES = {WIN: 2, DRAW: 1, LOSS: 0}
BYE_HALVES = 2


@dataclass(frozen=True)
class Meeting:
    """One game of a Swiss player: the opponent's id (None: a bye) and the player's half
    points from it."""

    opponent: int | None
    halves: int


def buchholz(meetings: Iterable[Meeting], scores: Mapping[int, int]) -> int:
    """Returns a player's Buchholz in half points: the sum of the scores (``scores``, half
    points by player) of the opponents they met; a bye counts nothing."""
    return sum(scores[m.opponent] for m in meetings if m.opponent is not None)


def sonneborn_berger(meetings: Iterable[Meeting], scores: Mapping[int, int]) -> float:
    """Returns a player's Sonneborn-Berger in half points: the score of each opponent beaten,
    and half the score of each opponent drawn with."""
    return sum(
        scores[m.opponent] * m.halves / 2 for m in meetings if m.opponent is not None and m.halves
    )


@dataclass(frozen=True)
class Line:
    """A player's standing before it is ranked: ``points`` in the system's unit (an arena's
    points, a Swiss's half points), the tie-breaks in the order they rank by."""

    user_id: int
    username: str
    points: int
    tiebreaks: tuple[float, ...]
    rating: float


def ranked(lines: Iterable[Line]) -> list[Line]:
    """Returns the lines best first: by points, then each tie-break (a missing one, None,
    below any), then rating, then username."""

    def key(line: Line) -> tuple:
        breaks = tuple(-(value if value is not None else float("-inf")) for value in line.tiebreaks)
        return (-line.points, *breaks, -line.rating, line.username.lower())

    return sorted(lines, key=key)
