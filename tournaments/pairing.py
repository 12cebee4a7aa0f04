"""Who plays whom, and with which colour: the arena's pairing of the players who are free, and a
Swiss round's pairing of everyone. Pure: players in, pairs out; no Django, no database.

**Arena** (``arena_pairs``): the free players in standings order, each paired with the nearest
one below who is not the opponent they have just played (nor has just played them) nor in a
block with them; a player left without a partner waits for the next to come free.

**Swiss** (``swiss_round``), Dutch-style: players in order of score, then rating; each score
group is split in halves and the top half meets the bottom half in order (1 against n/2 + 1,
…); an odd player out of a group floats down to the next. No pair meets twice: a pairing that
would repeat one is given up for the next candidate, and the search backtracks (bounded:
``SEARCH_BUDGET``) until every player is paired; if no round without a repeat exists, there is
none (``swiss_round`` answers None) and the tournament ends. Two players in a block (either
way) are kept apart as if they had met. An odd player out gets the bye:
the lowest in the order who has not had one.

**Colours** (both): the player who has had White less often gets it; equal, the one who had
Black last; equal again, the higher placed player gets the colour other than their last, and in
a first round the higher placed player has White on odd boards and Black on even ones. Two
players who must both have the same colour next (two more of one colour, or the same colour
twice running) meet only when no other pairing is left.
"""

from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from itertools import chain

WHITE, BLACK = "w", "b"
# The most pairings a Swiss round's search tries before it gives up (a round of a thousand
# players with no repeat forced is found in about a thousand).
SEARCH_BUDGET = 200_000


@dataclass(frozen=True)
class History:
    """A player's colours so far, oldest first (``"wbw"``)."""

    colors: str = ""

    @cached_property
    def difference(self) -> int:
        """Whites less blacks."""
        return self.colors.count(WHITE) - self.colors.count(BLACK)

    @property
    def last(self) -> str | None:
        return self.colors[-1] if self.colors else None

    @cached_property
    def must(self) -> str | None:
        """The colour the player must have next (two more of the other, or the other twice
        running), or None."""
        if self.difference >= 2 or self.colors.endswith(WHITE * 2):
            return BLACK
        if self.difference <= -2 or self.colors.endswith(BLACK * 2):
            return WHITE
        return None


def colours(high: "Seat", low: "Seat", board: int) -> tuple[int, int]:
    """Returns (white, black) for two players, ``high`` placed above ``low``; ``board`` (from
    1) is the pair's place in the round, which decides a first round's colours."""
    a, b = high.history, low.history
    if a.difference != b.difference:
        return (high.id, low.id) if a.difference < b.difference else (low.id, high.id)
    if a.last != b.last and a.last is not None and b.last is not None:
        return (high.id, low.id) if a.last == BLACK else (low.id, high.id)
    if a.last is None:  # no history for either: alternate down the boards
        return (high.id, low.id) if board % 2 == 1 else (low.id, high.id)
    return (high.id, low.id) if a.last == BLACK else (low.id, high.id)


@dataclass(frozen=True)
class Seat:
    """What colours are allocated by: a player's id and colour history."""

    id: int
    history: History = field(default_factory=History)


def clash(one: Seat, other: Seat) -> bool:
    """Returns whether two players must both have the same colour next."""
    need = one.history.must
    return need is not None and need == other.history.must


# --- the arena ------------------------------------------------------------------------------
@dataclass(frozen=True)
class ArenaPlayer:
    """A free player of an arena: their id, place in the standings (0 the best), the opponent
    of their last game (None before their first), their colours so far and the players they
    must not meet (a block, either way)."""

    id: int
    place: int
    last_opponent: int | None = None
    history: History = field(default_factory=History)
    apart: frozenset[int] = frozenset()


def arena_pairs(players: Iterable[ArenaPlayer]) -> list[tuple[int, int]]:
    """Returns the games to start among free players, as (white, black) ids, best placed pair
    first: each player, in standings order, meets the nearest free player below them who is not
    the opponent of either one's last game nor kept apart from them; a player left over
    waits."""
    waiting = sorted(players, key=lambda player: (player.place, player.id))
    pairs: list[tuple[int, int]] = []
    while waiting:
        player = waiting.pop(0)
        for index, other in enumerate(waiting):
            rematch = other.id == player.last_opponent or player.id == other.last_opponent
            if not rematch and other.id not in player.apart and player.id not in other.apart:
                del waiting[index]
                high, low = Seat(player.id, player.history), Seat(other.id, other.history)
                pairs.append(colours(high, low, board=len(pairs) + 1))
                break
    return pairs


# --- Swiss ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class SwissPlayer:
    """A player of a Swiss round: their id, score (in half points), rating, the players they
    have met, their colours so far and whether they have had a bye."""

    id: int
    score: int
    rating: float
    opponents: frozenset[int] = frozenset()
    history: History = field(default_factory=History)
    had_bye: bool = False

    @cached_property
    def seat(self) -> Seat:
        return Seat(self.id, self.history)


@dataclass(frozen=True)
class SwissRound:
    """A round's pairs (white, black), top board first, and the player with the bye."""

    pairs: list[tuple[int, int]]
    bye: int | None = None


class _OutOfBudget(Exception):
    pass


def swiss_order(players: Iterable[SwissPlayer]) -> list[SwissPlayer]:
    """Returns the players in pairing order: score, then rating, then id."""
    return sorted(players, key=lambda p: (-p.score, -p.rating, p.id))


def swiss_round(players: Sequence[SwissPlayer], budget: int = SEARCH_BUDGET) -> SwissRound | None:
    """Returns the round's pairing of every player (one of an odd number has the bye), or None
    when none exists without two players meeting again (or none was found within
    ``budget`` tries)."""
    order = swiss_order(players)
    if len(order) < 2:
        return None
    spent = [0]
    candidates: list[SwissPlayer | None] = [None]
    if len(order) % 2:
        # The bye: the lowest placed who has not had one (everyone has: the lowest).
        without = [p for p in reversed(order) if not p.had_bye]
        candidates = without or [order[-1]]
    for bye in candidates:
        rest = [p for p in order if bye is None or p.id != bye.id]
        try:
            pairs = _pair(rest, spent, budget)
        except _OutOfBudget:
            return None
        if pairs is not None:
            boards = [colours(high.seat, low.seat, n) for n, (high, low) in enumerate(pairs, 1)]
            return SwissRound(pairs=boards, bye=bye.id if bye else None)
    return None


def _pair(
    order: list[SwissPlayer], spent: list[int], budget: int
) -> list[tuple[SwissPlayer, SwissPlayer]] | None:
    """Returns pairs of every player of ``order`` (taken in order) with no pair repeated, or
    None. A depth-first search, kept on a list rather than the call stack (a round of
    thousands of players is as deep as half of them): each frame is the players still to pair,
    the candidates of the first of them still to try; frame k made pair k."""
    frames: list[tuple[list[SwissPlayer], Iterator[SwissPlayer]]] = []
    pairs: list[tuple[SwissPlayer, SwissPlayer]] = []
    remaining = order
    while remaining:
        frames.append((remaining, _candidates(remaining)))
        while True:
            if not frames:
                return None
            players, candidates = frames[-1]
            if len(pairs) == len(frames):  # this frame's last choice failed further down
                pairs.pop()
            other = next(candidates, None)
            if other is None:
                frames.pop()
                continue
            spent[0] += 1
            if spent[0] > budget:
                raise _OutOfBudget
            pairs.append((players[0], other))
            remaining = [p for p in players[1:] if p.id != other.id]
            break
    return pairs


def _candidates(remaining: list[SwissPlayer]) -> Iterator[SwissPlayer]:
    """Yields who the first of ``remaining`` may meet, in the order to try: the bottom half of
    its score group from the one facing it, then the rest of its group, then the players below;
    pairs whose colours clash after all the others. Lazily: a search rarely needs more than the
    first."""
    player = remaining[0]
    size = 1
    while size < len(remaining) and remaining[size].score == player.score:
        size += 1
    half = size // 2
    if half:  # the bottom half from the one facing it, the rest of the top half, those below
        tiers = chain(remaining[half:], reversed(remaining[1:half]))
    else:  # alone in its group: it floats down
        tiers = iter(remaining[1:])
    clashing = []
    for other in tiers:
        if other.id in player.opponents:
            continue
        if clash(player.seat, other.seat):
            clashing.append(other)
        else:
            yield other
    yield from clashing
