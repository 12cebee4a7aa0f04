"""The clock: time controls, their speed, and the arithmetic of a game's clock.

The server is the only timekeeper. A game's clock is a few fields of its record
(``Game.clock_*``, ``white_ms``/``black_ms``, ``clock_since``, ``clock_deadline``); this module
reads and changes them, always with the time passed in (``now``), so the rules here are tested
with a time source of the test's choosing and every caller charges a move with the one time it
validated the move at.

- **Fischer** (``initial`` seconds plus ``increment`` a move): a move costs the time since its
  side's turn began, less a bounded lag credit, then earns the increment.
- **Correspondence** (``days`` a move): each turn has the whole ``days``.
- **Unlimited**: no clock (the leave rule of ``games.services.presence`` alone).

Each side's first move has its own allowance (``FIRST_MOVE_ALLOWANCE``, or the days of a
correspondence game) before its clock starts; missing it aborts the game (``abort_due``). A
simul's games have none: their host makes the first moves of every board in turn, and either
player may abort a game until both have moved.
Running out of time loses, unless the side with time could never win, judged by the rules'
insufficient-material test (``can_win``): then it is a draw.
"""

from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db.models.lookups import Exact, GreaterThanOrEqual, LessThan
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

import engine
from engine import variants
from games.models import (
    CORRESPONDENCE_ESTIMATE,
    ESTIMATE_MOVES,
    UNLIMITED_ESTIMATE,
    Color,
    Game,
    clock_estimate,
)

INITIAL_RANGE = (15, 10800)  # seconds: 15 s to 180 min
INCREMENT_RANGE = (0, 180)
CORRESPONDENCE_DAYS = (1, 2, 3, 5, 7, 14)
FIRST_MOVE_ALLOWANCE = timedelta(seconds=30)
# Lag credit: at most this much of a move's time is forgiven as the connection's delay, taken
# from a reserve that starts full and refills a little with every move: a slow link is not
# punished, and a client that lies about its lag gains at most the reserve.
LAG_CREDIT_MAX_MS = 300
LAG_RESERVE_MAX_MS = 1000
LAG_RESERVE_REFILL_MS = 100
DAY = timedelta(days=1)

# The speed category from the estimated duration, initial + ESTIMATE_MOVES (40) * increment
# (seconds): the first bound the estimate is under names it.
SPEED_BOUNDS = (
    (30, "ultrabullet"),
    (180, "bullet"),
    (480, "blitz"),
    (1500, "rapid"),
)
SPEEDS = ("ultrabullet", "bullet", "blitz", "rapid", "classical", "correspondence", "unlimited")
# The speeds as the pages name them, in the page's language (the API writes ``SPEEDS``).
SPEED_NAMES = {
    "ultrabullet": pgettext_lazy("speed", "ultrabullet"),
    "bullet": pgettext_lazy("speed", "bullet"),
    "blitz": pgettext_lazy("speed", "blitz"),
    "rapid": pgettext_lazy("speed", "rapid"),
    "classical": pgettext_lazy("speed", "classical"),
    "correspondence": pgettext_lazy("speed", "correspondence"),
    "unlimited": pgettext_lazy("speed", "unlimited"),
}


def speed_name(speed: str) -> str:
    """Returns a speed's name as the pages write it (``blitz``), in the page's language."""
    return str(SPEED_NAMES.get(speed, speed))


def speed_choices() -> list[tuple[str, str]]:
    """Returns the speeds as a page's filter offers them: (the speed, its name)."""
    return [(speed, speed_name(speed)) for speed in SPEEDS]


class ClockError(ValueError):
    """A time control out of range; the message is one sentence saying why."""


# Quarters of a minute as players write them (lichess's "¼+0").
QUARTERS = {0: "", 15: "¼", 30: "½", 45: "¾"}


def minutes_text(seconds: int) -> str:
    """Returns an initial time in minutes as players write it: ``3``, ``½``, ``1¼``, or
    ``0.2`` for a time that is not a whole number of quarters."""
    whole, rest = divmod(seconds, 60)
    if rest in QUARTERS:
        return f"{whole or ''}{QUARTERS[rest]}" or "0"
    return f"{seconds / 60:.2f}".rstrip("0")


@dataclass(frozen=True, slots=True)
class TimeControl:
    """A time control: Fischer (``initial`` seconds, ``increment`` seconds a move),
    correspondence (``days`` a move) or unlimited (neither)."""

    initial: int | None = None
    increment: int = 0
    days: int | None = None

    @property
    def kind(self) -> str:
        if self.days is not None:
            return "correspondence"
        return "fischer" if self.initial is not None else "unlimited"

    @property
    def speed(self) -> str:
        """Returns the speed category (``SPEEDS``)."""
        if self.kind != "fischer":
            return self.kind
        estimate = self.initial + ESTIMATE_MOVES * self.increment
        for bound, name in SPEED_BOUNDS:
            if estimate < bound:
                return name
        return "classical"

    @property
    def label(self) -> str:
        """Returns the control as players write it: ``3+2``, ``½+0``, ``1½+1``, ``3 days``,
        ``unlimited``."""
        if self.kind == "correspondence":
            return f"{self.days} day{'s' if self.days != 1 else ''}"
        if self.kind == "unlimited":
            return "unlimited"
        return f"{minutes_text(self.initial)}+{self.increment}"

    @property
    def label_shown(self) -> str:
        """Returns ``label`` as a page shows it, in the page's language (``label`` itself is
        what the API writes)."""
        if self.kind == "correspondence":
            return ngettext("%(days)s day", "%(days)s days", self.days) % {"days": self.days}
        if self.kind == "unlimited":
            return pgettext("time control", "unlimited")
        return self.label

    @property
    def shown(self) -> str:
        """Returns the control with its speed as the game lists show them, in the words of the
        archive's speed filter and in the page's language: ``3+2 · blitz``, ``3 days ·
        correspondence``, ``unlimited``."""
        if self.kind == "unlimited":
            return self.label_shown
        return f"{self.label_shown} · {speed_name(self.speed)}"

    @property
    def pgn_tag(self) -> str:
        """Returns the PGN ``TimeControl`` tag's value: ``180+2``; ``1/<seconds>`` for one move
        per period (correspondence); ``-`` for none."""
        if self.kind == "fischer":
            return f"{self.initial}+{self.increment}"
        if self.kind == "correspondence":
            return f"1/{self.days * 86400}"
        return "-"

    def as_json(self) -> dict[str, int] | None:
        """Returns the control as the API writes it (None: unlimited)."""
        if self.kind == "fischer":
            return {"initial": self.initial, "increment": self.increment}
        if self.kind == "correspondence":
            return {"days": self.days}
        return None

    @classmethod
    def from_json(cls, value: Any) -> "TimeControl":
        """Returns the control an API body or a stored offer gives (``null``: unlimited);
        raises ``ClockError`` for anything else."""
        if value is None:
            return UNLIMITED
        if not isinstance(value, dict):
            raise ClockError(
                _('A clock is {"initial": seconds, "increment": seconds}, {"days": N} or null.')
            )
        if "days" in value:
            days = value["days"]
            if set(value) != {"days"} or not _whole(days) or days not in CORRESPONDENCE_DAYS:
                allowed = ", ".join(map(str, CORRESPONDENCE_DAYS))
                raise ClockError(
                    _("A correspondence clock's days are one of %(allowed)s.")
                    % {"allowed": allowed}
                )
            return cls(days=days)
        initial, increment = value.get("initial"), value.get("increment", 0)
        if set(value) - {"initial", "increment"}:
            raise ClockError(_("A clock has only initial and increment, or days."))
        if not _whole(initial) or not INITIAL_RANGE[0] <= initial <= INITIAL_RANGE[1]:
            raise ClockError(
                _("A clock's initial time is %(low)s to %(high)s seconds.")
                % {"low": INITIAL_RANGE[0], "high": INITIAL_RANGE[1]}
            )
        if not _whole(increment) or not INCREMENT_RANGE[0] <= increment <= INCREMENT_RANGE[1]:
            raise ClockError(
                _("A clock's increment is %(low)s to %(high)s seconds.")
                % {"low": INCREMENT_RANGE[0], "high": INCREMENT_RANGE[1]}
            )
        return cls(initial=initial, increment=increment)

    @classmethod
    def of_game(cls, game: Game) -> "TimeControl":
        return cls(initial=game.clock_initial, increment=game.clock_increment, days=game.clock_days)


UNLIMITED = TimeControl()

# The lobby's quick pairing: one click per common control.
QUICK_PAIRINGS = (
    TimeControl(initial=60),
    TimeControl(initial=180),
    TimeControl(initial=180, increment=2),
    TimeControl(initial=300, increment=3),
    TimeControl(initial=600),
    TimeControl(initial=600, increment=5),
    TimeControl(initial=900, increment=10),
    TimeControl(initial=1800),
    TimeControl(days=3),
)


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _ms(delta: timedelta) -> int:
    return int(delta.total_seconds() * 1000)


def _turn_ms(control: TimeControl) -> int:
    """A turn's whole time in a correspondence game; a side's starting time in a Fischer one."""
    if control.kind == "correspondence":
        return control.days * _ms(DAY)
    return control.initial * 1000


# --- starting -------------------------------------------------------------------------------
def start(game: Game, control: TimeControl, now: datetime) -> None:
    """Sets a new game's clock (unsaved): both sides' full time, the first move's allowance
    running from ``now``."""
    game.clock_initial, game.clock_increment, game.clock_days = (
        control.initial,
        control.increment,
        control.days,
    )
    if control.kind == "unlimited":
        return
    game.white_ms = game.black_ms = _turn_ms(control)
    game.white_lag_ms = game.black_lag_ms = LAG_RESERVE_MAX_MS
    game.clock_since = now
    game.clock_deadline = _deadline(game, control, now)


def first_moves(game: Game) -> bool:
    """Returns whether the side to move has yet to make its first move (its clock not yet
    running: the allowance applies)."""
    return game.ply < 2


def _allowance(control: TimeControl) -> timedelta:
    return DAY * control.days if control.kind == "correspondence" else FIRST_MOVE_ALLOWANCE


def _deadline(game: Game, control: TimeControl, since: datetime) -> datetime | None:
    """When the side to move, whose turn began at ``since``, runs out (or its first move's
    allowance does; a simul's first moves have no deadline)."""
    if first_moves(game):
        return None if game.simul else since + _allowance(control)
    return since + timedelta(milliseconds=getattr(game, f"{game.turn}_ms"))


# --- a move -----------------------------------------------------------------------------------
# The fields ``charge`` changes, written with the move.
CLOCK_FIELDS = [
    "white_ms",
    "black_ms",
    "white_lag_ms",
    "black_lag_ms",
    "clock_since",
    "clock_deadline",
]


def clocked(game: Game) -> bool:
    return game.clock_initial is not None or game.clock_days is not None


def out_of_time(game: Game, now: datetime) -> bool:
    """Returns whether the side to move of a clocked live game has run out (or missed its first
    move's allowance) by ``now``."""
    return game.clock_deadline is not None and now >= game.clock_deadline


def charge(game: Game, now: datetime, lag_ms: int = 0) -> None:
    """Charges the side to move for the move it makes at ``now`` and starts the other side's
    turn (on the record in memory, before ``game.ply`` moves on; the caller has checked
    ``out_of_time``). ``lag_ms``: the connection's measured one-way delay, credited up to
    ``LAG_CREDIT_MAX_MS`` and the side's reserve."""
    control = TimeControl.of_game(game)
    mover = game.turn
    if control.kind == "fischer" and not first_moves(game):
        reserve = getattr(game, f"{mover}_lag_ms")
        credit = max(0, min(lag_ms, LAG_CREDIT_MAX_MS, reserve))
        spent = max(0, _ms(now - game.clock_since) - credit)
        left = getattr(game, f"{mover}_ms") - spent + control.increment * 1000
        setattr(game, f"{mover}_ms", max(0, left))
        refilled = min(LAG_RESERVE_MAX_MS, reserve - credit + LAG_RESERVE_REFILL_MS)
        setattr(game, f"{mover}_lag_ms", refilled)
    elif control.kind == "correspondence":
        setattr(game, f"{mover}_ms", _turn_ms(control))
    game.clock_since = now
    game.ply += 1  # the next turn's deadline is the next side's
    try:
        game.clock_deadline = _deadline(game, control, now)
    finally:
        game.ply -= 1


def put_back(game: Game, times: dict[str, int | None], now: datetime) -> None:
    """Puts a live clocked game's clocks back as a takeback leaves it (on the record in memory,
    its ply already taken back): each side's time as its last move left it (``times``; None: the
    side has not moved, and has its starting time), the turn starting at ``now``."""
    control = TimeControl.of_game(game)
    if control.kind == "unlimited":
        return
    for color, ms in times.items():
        setattr(game, f"{color}_ms", _turn_ms(control) if ms is None else ms)
    game.clock_since = now
    game.clock_deadline = _deadline(game, control, now)


GIVEN_MS = 15_000  # what the "give 15 s" button gives the opponent


def give(game: Game, color: str, now: datetime, ms: int = GIVEN_MS) -> None:
    """Gives ``color`` ``ms`` more time in a live Fischer game (on the record in memory): its
    time left grows, and if its clock is the one running, its deadline moves with it."""
    setattr(game, f"{color}_ms", getattr(game, f"{color}_ms") + ms)
    if game.turn == color and not first_moves(game) and game.clock_deadline is not None:
        game.clock_deadline += timedelta(milliseconds=ms)


def stop(game: Game, now: datetime) -> None:
    """Stops a clocked game's clock as it ends at ``now``: the side to move's time is charged
    up to then (after its first move), and no deadline is left to enforce."""
    if game.clock_deadline is None:
        return
    if game.clock_initial is not None and not first_moves(game):
        mover = game.turn
        left = getattr(game, f"{mover}_ms") - _ms(now - game.clock_since)
        setattr(game, f"{mover}_ms", max(0, left))
    game.clock_since = now
    game.clock_deadline = None


# --- running out ---------------------------------------------------------------------------
def can_win(variant_id: str, fen: str, color: str) -> bool:
    """Returns whether ``color`` has the material to win by some sequence of legal moves in
    the position ``fen``, by its game's insufficient-material rule, as the game's variant says
    (``engine.variant.Variant.can_win``): a flag against a side that cannot win is a draw."""
    variant = variants.get(variant_id)
    side = engine.Color.WHITE if color == Color.WHITE else engine.Color.BLACK
    return variant.can_win(variant.position(fen), side)


# --- what clients see -------------------------------------------------------------------------
def clock_payload(game: Game, now: datetime) -> dict[str, Any] | None:
    """Returns the state's ``clock`` (None for an unlimited game): each side's time left as of
    ``now`` in milliseconds, the side whose clock runs, and for correspondence the deadline of
    the side to move. ``first_move_deadline``: before a side's first move, when the game is
    aborted if it has not moved."""
    control = TimeControl.of_game(game)
    if control.kind == "unlimited":
        return None
    times = {Color.WHITE: game.white_ms, Color.BLACK: game.black_ms}
    running = None
    live = game.status == Game.Status.LIVE and game.clock_deadline is not None
    if live and not first_moves(game):
        running = game.turn
        elapsed = max(0, _ms(now - game.clock_since))
        times[running] = max(0, times[running] - elapsed)
    correspondence = control.kind == "correspondence"
    return {
        "initial": control.initial,
        "increment": control.increment if control.initial is not None else None,
        "days": control.days,
        "white": times[Color.WHITE],
        "black": times[Color.BLACK],
        "running": running,
        "deadline": game.clock_deadline.isoformat() if correspondence and live else None,
        "first_move_deadline": (
            game.clock_deadline.isoformat() if live and first_moves(game) else None
        ),
    }


def speed_filter(speed: str) -> list[Any]:
    """Returns the conditions on the games of a speed (``SPEEDS``), for ``QuerySet.filter``:
    the archive's filter, on the estimated duration the database computes as the index
    ``game_speed_finished`` holds it (``models.clock_estimate``)."""
    estimate = clock_estimate()
    if speed == "unlimited":
        return [Exact(estimate, UNLIMITED_ESTIMATE)]
    if speed == "correspondence":
        return [Exact(estimate, CORRESPONDENCE_ESTIMATE)]
    names = [name for _, name in SPEED_BOUNDS] + ["classical"]
    bounds = [0, *(bound for bound, _ in SPEED_BOUNDS), None]
    low, high = bounds[names.index(speed)], bounds[names.index(speed) + 1]
    conditions: list[Any] = [GreaterThanOrEqual(estimate, low)]
    if high is not None:
        conditions.append(LessThan(estimate, high))
    return conditions


def speed_of(game: Game) -> str:
    return TimeControl.of_game(game).speed


def move_times(game: Game, clocks: list[int | None]) -> list[float | None]:
    """Returns the seconds each move of a game with a Fischer clock took, in ply order, from
    ``clocks``, each move's ``GameMove.clock_ms`` (the mover's time left after it, increment
    added): a move took its side's time left before it, plus the increment, less what it left.
    None where that is not known: a side's first move, which has its own allowance and no
    clock. A game without a Fischer clock (correspondence, unlimited) has none: an empty list."""
    control = TimeControl.of_game(game)
    if control.kind != "fischer":
        return []
    left: dict[str, int | None] = {"white": None, "black": None}
    times: list[float | None] = []
    for ply, clock_ms in enumerate(clocks):
        side = game.mover(ply)
        before = left[side]
        known = before is not None and clock_ms is not None
        spent = before + control.increment * 1000 - clock_ms if known else None
        times.append(None if spent is None else round(max(0, spent) / 1000, 1))
        left[side] = clock_ms
    return times
