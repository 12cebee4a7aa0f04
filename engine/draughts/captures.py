"""The capture-sequence core of the draughts family: every complete capture of one piece.

One search, parameterised by a ``CaptureSpec`` — directions of men and kings, short or flying
kings, where a flying king may land, when captured pieces leave the board, no 180° turn, what a
man does on its promotion square mid-capture, which pieces men may not take — serves every game
of the family, and the hybrids whose boards also hold chess pieces: it reads the board only as
signed codes (0 empty, the mover's sign its own, the other sign the enemy's), so any enemy piece
can be jumped and any own piece blocks, whatever it is. Which captures are compulsory or
preferred (§1.6) and what a sequence becomes as a move are the caller's business.

The search's work is bounded, not only its answer: it counts every landing square it tries and
stops past the position's budget of jumps (``engine.work``) with ``CaptureSearchError``. Where
a game keeps only the largest captures it finds them without listing the others: it first
learns, for each state of a capture (where the piece stands, what it is, the pieces taken, and
the last direction where that matters), the most pieces it can still take, remembering each
state once, and then follows only the branches that take the most.

§ numbers refer to docs/rules/draughts.md.
"""

from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property

from engine.draughts.geometry import Lines
from engine.draughts.rules import OPPOSITE, MidCapture, Power
from engine.work import CAPTURE_BUDGET, JumpBudget, limited

KING = Power.KING.value
MAN = Power.MAN.value
PARACHUTIST = Power.PARACHUTIST.value

Sequence = tuple[tuple[int, ...], tuple[int, ...], int]
"""A complete capture: (path: origin then every landing square, captured squares in order,
the power of the piece at the end — a man crowned on the way or at the end ends as a king)."""


@dataclass(frozen=True)
class CaptureSpec:
    """How pieces capture in one game. Per-side tables are lists indexed by the side's sign
    (``[None, White's, Black's]``: index 1 is White, index -1 Black).

    - ``man_first``, ``man_later``: a man's jump directions, for its first jump and after;
    - ``king_directions``: a king's; ``flying`` kings jump from a distance and land on any empty
      square beyond (only the next one with ``lands_next``);
    - ``parachutist``: a parachutist's jump directions; it jumps once and becomes a man;
    - ``at_once``: captured pieces leave the board as they are jumped (else at the end, and
      until then they block and cannot be jumped again);
    - ``no_turning_back``: no jump in the direction opposite to the previous one;
    - ``mid_capture``: what a man does on reaching a promotion square (``promotes[side][sq]``);
    - ``men_cannot_take``: the codes (absolute) of the pieces a man may not jump;
    - ``free_stop``: a capture may stop after any jump, every prefix its own sequence, and
      ``straight_only``: later jumps keep the first jump's direction (Hawaiian);
    - ``straight_from_first_landing``: a flying king going on in the same direction does so from
      the first square beyond the piece it took (the other squares give the same capture).
    """

    lines: Lines
    man_first: list
    man_later: list
    king_directions: tuple[int, ...]
    parachutist: list
    flying: bool
    lands_next: bool
    at_once: bool
    no_turning_back: bool
    mid_capture: MidCapture
    promotes: list
    men_cannot_take: frozenset[int] = frozenset()
    free_stop: bool = False
    straight_only: bool = False
    straight_from_first_landing: bool = False

    @cached_property
    def jumps(self) -> list:
        """Returns, per side (``[None, White's, Black's]``), ``jumps(board, cur, power, last,
        not_straight, caps)``: the jumps (§1.4-1.5) of the side's piece of ``power`` on ``cur``
        after a last jump in direction ``last`` (-1 before the first), not going on in that
        direction if ``not_straight``, having taken the squares of the list ``caps`` — a
        capture's state. Each jump is (direction, square jumped, landing squares), a flying
        king's landings in order outwards. ``board`` is read as it stands: the capturing
        piece's origin empty, and with removal at once the pieces taken gone."""
        return [None, _jumps_of(self, 1), _jumps_of(self, -1)]

    @cached_property
    def crowned(self) -> int:
        """Returns the power a man goes on with from its promotion square mid-capture (§1.5):
        none (the move ends there, 0), a king's (Russian), or a man's."""
        if self.mid_capture is MidCapture.STOP:
            return 0
        return KING if self.mid_capture is MidCapture.CROWN else MAN


QUICK = 256
"""The jumps a search for the largest captures first spends listing every sequence and keeping
the longest: small searches, nearly all of them, are fastest that way. Past them it starts again
and prunes."""


class _Spent(Exception):
    """The jumps a search was allowed are spent."""


def _jumps_of(spec: CaptureSpec, side: int) -> Callable[..., list]:
    """Returns ``side``'s ``CaptureSpec.jumps``."""
    nxt = spec.lines.next
    rays = spec.lines.rays
    man_first = spec.man_first[side]
    man_later = spec.man_later[side]
    king_directions = spec.king_directions
    parachutist = spec.parachutist[side]
    flying = spec.flying
    lands_next = spec.lands_next
    no_turning_back = spec.no_turning_back
    cannot_take = spec.men_cannot_take
    straight_only = spec.straight_only

    def jumps(
        board: list[int], cur: int, power: int, last: int, not_straight: bool, caps: list[int]
    ) -> list:
        if power == KING:
            directions = king_directions
        elif power == MAN:
            directions = man_later if caps else man_first
        else:
            directions = parachutist
        out = []
        for d in directions:
            if last >= 0:
                if no_turning_back and d == OPPOSITE[last]:
                    continue  # §1.5: no 180° turn (Turkish)
                if straight_only and d != last:
                    continue
                if not_straight and d == last:
                    continue  # the same capture from the first square beyond
            if power == KING and flying:
                ray = rays[d][cur]
                n = len(ray)
                i = 0
                while i < n and board[ray[i]] == 0:
                    i += 1
                if i + 1 >= n:
                    continue  # nothing on the line, or its first piece stands on the edge
                over = ray[i]
                if board[over] * side >= 0 or over in caps or board[ray[i + 1]]:
                    continue  # own piece, a piece already taken (it blocks), or nowhere to land
                if lands_next:
                    out.append((d, over, (ray[i + 1],)))
                    continue
                landings = []
                i += 1
                while i < n and board[ray[i]] == 0:
                    landings.append(ray[i])
                    i += 1
                out.append((d, over, landings))
            else:
                over = nxt[d][cur]
                if over < 0:
                    continue
                q = board[over]
                if q * side >= 0 or over in caps:
                    continue
                land = nxt[d][over]
                if land < 0 or board[land]:
                    continue
                if power == MAN and (q if q > 0 else -q) in cannot_take:
                    continue  # Italian: a man never takes a king
                out.append((d, over, (land,)))
        return out

    return jumps


def capture_sequences(
    board: list[int],
    side: int,
    pieces: list[tuple[int, int]],
    spec: CaptureSpec,
    longest: bool = False,
    budget: JumpBudget | None = None,
) -> list[Sequence]:
    """Returns every complete capture of each of ``side``'s ``pieces``, given as (square,
    power): a power of ``Power`` (man, king or parachutist) says how that piece captures,
    whatever its code on the board. With ``longest``, only those taking the most pieces (of all
    the pieces' captures), in the same order.

    §1.4-1.5: the piece leaves its origin at the start (the origin is an empty square for the
    whole move); it never jumps its own pieces, two pieces at once, or a piece twice; after each
    jump it must jump again if it can (unless ``free_stop``); a flying king that can go on from
    some landing squares must land on one of those. The board is used in place and given back
    unchanged. Two sequences may take the same pieces to the same square by different paths;
    they are both returned (the caller merges them, §1.7).

    The search counts each landing square it tries against ``budget`` (by default a position's
    own, ``engine.work``) and raises ``CaptureSearchError`` when it is spent. A search for the
    longest that outgrows ``QUICK`` jumps starts again: it learns, once for each state, the most
    pieces a capture can still take from there, then follows only the branches that take most.
    """
    if budget is None and limited():
        budget = JumpBudget()
    available = CAPTURE_BUDGET if budget is None else budget.available()
    limit = min(QUICK, available) if longest else available
    tried = 0
    jumps = spec.jumps[side]
    promotes = spec.promotes[side]
    crowned = spec.crowned
    at_once = spec.at_once
    free_stop = spec.free_stop
    straight_from_first = spec.straight_from_first_landing
    out: list[Sequence] = []
    path: list[int] = []
    caps: list[int] = []

    def walk(cur: int, power: int, last: int, not_straight: bool) -> bool:
        # Records every complete sequence from this state. Returns whether any jump was
        # possible (the sequence that led here then may not end here).
        nonlocal tried
        jumped = False
        for d, over, landings in jumps(board, cur, power, last, not_straight, caps):
            jumped = True
            caps.append(over)
            q = board[over]
            if at_once:
                board[over] = 0
            try:
                went_on = False
                stops = []
                for index, land in enumerate(landings):
                    tried += 1
                    if tried > limit:
                        raise _Spent
                    path.append(land)
                    if power == PARACHUTIST:
                        then, final = 0, MAN  # one jump, then a man (§7)
                    elif power == MAN and promotes[land]:
                        then, final = crowned, KING
                    else:
                        then, final = power, power
                    if not then:
                        out.append((tuple(path), tuple(caps), final))
                    else:
                        if free_stop:
                            out.append((tuple(path), tuple(caps), then))
                        straight = straight_from_first and index > 0
                        if walk(land, then, d, straight):
                            went_on = True
                        elif not free_stop:
                            stops.append((land, final))
                    path.pop()
                if not went_on:
                    # §1.5: the sequence ends here — on any of the landing squares when none of
                    # them allows a further jump.
                    for land, final in stops:
                        out.append(((*path, land), tuple(caps), final))
            finally:
                if at_once:
                    board[over] = q
                caps.pop()
        return jumped

    try:
        try:
            for origin, power in pieces:
                piece = board[origin]
                board[origin] = 0
                path.append(origin)
                try:
                    walk(origin, power, -1, False)
                finally:
                    board[origin] = piece
                    path.pop()
        except _Spent:
            if limit == available:
                raise
            # A large search for the longest: start again, pruned.
            out.clear()
            path.clear()
            tried += _longest(board, side, pieces, spec, out, available - tried)
    except _Spent:
        tried = available + 1
        raise (budget or JumpBudget()).refusal() from None
    finally:
        if budget is not None:
            budget.spend(tried)
    if longest and len(out) > 1:
        most = 0
        for _, taken, _ in out:
            if len(taken) > most:
                most = len(taken)
        return [seq for seq in out if len(seq[1]) == most]
    return out


def _longest(
    board: list[int],
    side: int,
    pieces: list[tuple[int, int]],
    spec: CaptureSpec,
    out: list[Sequence],
    limit: int,
) -> int:
    """Appends to ``out`` the complete captures of ``pieces`` that take the most pieces, as
    ``capture_sequences`` lists them and in its order, and returns the jumps it tried; raises
    ``_Spent`` past ``limit``. It first learns the most each state can still take (``most``,
    each state once), then follows only the branches that reach the most (``collect``)."""
    tried = 0
    jumps = spec.jumps[side]
    promotes = spec.promotes[side]
    crowned = spec.crowned
    at_once = spec.at_once
    free_stop = spec.free_stop
    straight_from_first = spec.straight_from_first_landing
    directed = spec.no_turning_back or spec.straight_only or straight_from_first
    path: list[int] = []
    caps: list[int] = []
    memo: dict[tuple, int] = {}  # the current origin's: what most() found for each state

    def most(cur: int, power: int, last: int, not_straight: bool, taken: int) -> int:
        # The most pieces a capture from this state can still take (0: it cannot jump).
        nonlocal tried
        key = (cur, power, last if directed else 0, not_straight, taken)
        found = memo.get(key)
        if found is not None:
            return found
        best = 0
        for d, over, landings in jumps(board, cur, power, last, not_straight, caps):
            caps.append(over)
            q = board[over]
            if at_once:
                board[over] = 0
            try:
                value = 1
                for index, land in enumerate(landings):
                    tried += 1
                    if tried > limit:
                        raise _Spent
                    if power == PARACHUTIST:
                        continue
                    then = crowned if power == MAN and promotes[land] else power
                    if then:
                        straight = straight_from_first and index > 0
                        value = max(value, 1 + most(land, then, d, straight, taken | 1 << over))
            finally:
                if at_once:
                    board[over] = q
                caps.pop()
            best = max(best, value)
        memo[key] = best
        return best

    def collect(cur: int, power: int, last: int, not_straight: bool, taken: int, need: int):
        # Records, as capture_sequences' walk would, the complete sequences from this state
        # that take ``need`` more pieces.
        nonlocal tried
        for d, over, landings in jumps(board, cur, power, last, not_straight, caps):
            caps.append(over)
            q = board[over]
            if at_once:
                board[over] = 0
            try:
                below = taken | 1 << over
                went_on = False
                stops = []
                for index, land in enumerate(landings):
                    tried += 1
                    if tried > limit:
                        raise _Spent
                    path.append(land)
                    if power == PARACHUTIST:
                        then, final = 0, MAN
                    elif power == MAN and promotes[land]:
                        then, final = crowned, KING
                    else:
                        then, final = power, power
                    if not then:
                        if need == 1:
                            out.append((tuple(path), tuple(caps), final))
                    else:
                        if free_stop and need == 1:
                            out.append((tuple(path), tuple(caps), then))
                        straight = straight_from_first and index > 0
                        rest = most(land, then, d, straight, below)
                        if rest:
                            went_on = True  # §1.5: then it may not stop on the others
                            if rest == need - 1:
                                collect(land, then, d, straight, below, rest)
                        elif not free_stop:
                            stops.append((land, final))
                    path.pop()
                if not went_on and need == 1:
                    for land, final in stops:
                        out.append(((*path, land), tuple(caps), final))
            finally:
                if at_once:
                    board[over] = q
                caps.pop()

    # Each origin has its own states (its square is empty while it captures): its own memo.
    memos = []
    firsts = []
    for origin, power in pieces:
        memo = {}
        memos.append(memo)
        piece = board[origin]
        board[origin] = 0
        try:
            firsts.append(most(origin, power, -1, False, 0))
        finally:
            board[origin] = piece
    need = max(firsts, default=0)
    for index, (origin, power) in enumerate(pieces):
        if firsts[index] < need:
            continue
        memo = memos[index]  # what most() and collect() read
        piece = board[origin]
        board[origin] = 0
        path.append(origin)
        try:
            collect(origin, power, -1, False, 0, need)
        finally:
            board[origin] = piece
            path.pop()
    return tried


def takes_square(
    board: list[int],
    side: int,
    pieces: list[tuple[int, int]],
    spec: CaptureSpec,
    target: int,
    budget: JumpBudget | None = None,
) -> bool:
    """Returns whether some complete capture of ``side``'s ``pieces`` (as ``capture_sequences``
    takes them) jumps the piece on ``target``. Each state of a capture is searched once, and
    the search stops at the first such jump. The board is used in place and given back
    unchanged; the search spends ``budget`` as ``capture_sequences`` does.

    Every jump the search reaches belongs to a complete capture: each square that led to it
    allowed a further jump, so a flying king could land there (§1.5), and after it the piece
    goes on until it cannot."""
    if budget is None and limited():
        budget = JumpBudget()
    limit = CAPTURE_BUDGET if budget is None else budget.available()
    tried = 0
    jumps = spec.jumps[side]
    promotes = spec.promotes[side]
    crowned = spec.crowned
    at_once = spec.at_once
    straight_from_first = spec.straight_from_first_landing
    directed = spec.no_turning_back or spec.straight_only or straight_from_first
    caps: list[int] = []
    seen: set[tuple] = set()

    def reaches(cur: int, power: int, last: int, not_straight: bool, taken: int) -> bool:
        nonlocal tried
        key = (cur, power, last if directed else 0, not_straight, taken)
        if key in seen:
            return False
        seen.add(key)
        for d, over, landings in jumps(board, cur, power, last, not_straight, caps):
            if over == target:
                return True
            caps.append(over)
            q = board[over]
            if at_once:
                board[over] = 0
            try:
                for index, land in enumerate(landings):
                    tried += 1
                    if tried > limit:
                        raise _Spent
                    if power == PARACHUTIST:
                        continue
                    then = crowned if power == MAN and promotes[land] else power
                    straight = straight_from_first and index > 0
                    if then and reaches(land, then, d, straight, taken | 1 << over):
                        return True
            finally:
                if at_once:
                    board[over] = q
                caps.pop()
        return False

    try:
        for origin, power in pieces:
            piece = board[origin]
            board[origin] = 0
            try:
                if reaches(origin, power, -1, False, 0):
                    return True
            finally:
                board[origin] = piece
                seen.clear()
        return False
    except _Spent:
        tried = limit + 1
        raise (budget or JumpBudget()).refusal() from None
    finally:
        if budget is not None:
            budget.spend(tried)
