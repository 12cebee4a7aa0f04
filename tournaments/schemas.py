"""The request body of a new tournament, declared once (``TOURNAMENT``: the OpenAPI schema
documents it, ``TournamentRequest`` parses it; a test holds the two equal) and checked at the
edge: the API and the tournaments page's form parse it here, and the services take the typed
value. A refusal is ``bad_request`` with one sentence saying what is expected."""

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.utils import timezone
from django.utils.translation import gettext as _

from games.domain.bodies import BOOLEAN, CLOCK, INTEGER, TEXT, VARIANT, Body, BodyField
from games.domain.clock import TimeControl
from games.domain.names import printable_name
from games.domain.schemas import (
    clock_choice,
    form_clock,
    rated_choice,
    refuse,
    start_and_rated,
    variant_choice,
    whole_number,
)
from games.models import DEFAULT_VARIANT
from tournaments.models import System
from tournaments.policy import (
    ARENA_MINUTES,
    NAME_CHARS,
    PAST_TOLERANCE,
    STARTS_WITHIN,
    SWISS_ROUNDS,
)

TEAM_ID_CHARS = 12  # a public id's length

TOURNAMENT = Body(
    "TournamentCreate",
    (
        BodyField("name", TEXT, True, help=f"{NAME_CHARS[0]} to {NAME_CHARS[1]} characters"),
        BodyField("variant", VARIANT),
        BodyField("clock", CLOCK, True, help='{"initial": seconds, "increment": seconds}'),
        BodyField("system", TEXT, True, help="arena or swiss"),
        BodyField(
            "starts_at", TEXT, True, help="ISO time: now at the earliest, at most 30 days ahead"
        ),
        BodyField(
            "minutes",
            INTEGER,
            help="An arena's length",
            minimum=ARENA_MINUTES[0],
            maximum=ARENA_MINUTES[1],
        ),
        BodyField(
            "rounds",
            INTEGER,
            help="A Swiss's rounds",
            minimum=SWISS_ROUNDS[0],
            maximum=SWISS_ROUNDS[1],
        ),
        BodyField("rated", BOOLEAN, default=True),
        BodyField(
            "berserk",
            BOOLEAN,
            help="An arena's: players may halve their time for a point more on a win; "
            "absent: true for an arena",
        ),
        BodyField(
            "fen",
            help="A thematic tournament's start, in the game's own FEN: its games are casual; "
            "absent: the game's usual start",
        ),
        BodyField(
            "team",
            help="A team's id: a tournament only its members join, made by one of its leaders; "
            "absent: open to every player",
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class TournamentRequest:
    """A new tournament: what ``tournaments.models.TournamentSettings`` holds, and its start."""

    name: str
    clock: TimeControl
    system: str
    starts_at: datetime
    variant: str = DEFAULT_VARIANT
    minutes: int | None = None
    rounds: int | None = None
    rated: bool | None = True  # None: not said (rated unless it starts from a position)
    berserk: bool = False
    fen: str | None = None  # as given (the engine checks it); None: the game's usual start
    team: str | None = None  # a team's public id: its members' tournament

    @classmethod
    def from_body(cls, data: Mapping[str, Any], now: datetime | None = None) -> "TournamentRequest":
        """The API's body (``TOURNAMENT``); ``now`` is when it is asked."""
        system = data.get("system")
        if system not in System.values:
            raise refuse(_("A tournament's system is arena or swiss."))
        minutes, rounds = data.get("minutes"), data.get("rounds")
        if system == System.ARENA:
            if rounds is not None:
                raise refuse(_("An arena lasts a number of minutes: it takes no rounds."))
            minutes = bounded(
                minutes, ARENA_MINUTES, _("An arena lasts %(low)s to %(high)s minutes.")
            )
        else:
            if minutes is not None:
                raise refuse(_("A Swiss is played in rounds: it takes no minutes."))
            rounds = bounded(rounds, SWISS_ROUNDS, _("A Swiss has %(low)s to %(high)s rounds."))
        berserk = data.get("berserk")
        if system == System.SWISS and berserk not in (None, False, "false", "0", ""):
            raise refuse(_("Berserk is an arena's: a Swiss takes none."))
        fen, rated = start_and_rated(data)
        return cls(
            name=name_text(data.get("name")),
            clock=fischer(data.get("clock")),
            system=system,
            starts_at=start_time(data.get("starts_at"), now or timezone.now()),
            variant=variant_choice(data.get("variant")),
            minutes=minutes,
            rounds=rounds,
            rated=rated,
            berserk=system == System.ARENA and rated_choice(berserk),
            fen=fen,
            team=team_choice(data.get("team")),
        )

    @classmethod
    def from_form(cls, form: Mapping[str, Any], now: datetime | None = None) -> "TournamentRequest":
        """The tournaments page's form: text fields, its clock in minutes and seconds
        (``games.domain.schemas.form_clock``), its start in minutes from now (``starts_in``),
        its length in the field of its system, an unticked box absent."""
        now = now or timezone.now()
        form = {key: form.get(key) for key in form}  # a QueryDict's last values, as text
        system = form.get("system")
        length = form.get("minutes") if system == System.ARENA else form.get("rounds")
        try:
            length = int(length)
        except (TypeError, ValueError):
            length = None
        try:
            starts_in = float(form.get("starts_in") or 0)
        except ValueError:
            raise refuse(_("Say in how many minutes the tournament starts.")) from None
        if not 0 <= starts_in <= STARTS_WITHIN.total_seconds() / 60:
            raise refuse(
                _("A tournament starts at most %(days)s days ahead.") % {"days": STARTS_WITHIN.days}
            )
        return cls.from_body(
            {
                "name": form.get("name"),
                "variant": form.get("variant"),
                "clock": form_clock({**form, "clock_kind": "fischer"}),
                "system": system,
                "starts_at": (now + timedelta(minutes=starts_in)).isoformat(),
                "minutes": length if system == System.ARENA else None,
                "rounds": length if system == System.SWISS else None,
                "rated": form.get("rated", "false"),
                "berserk": form.get("berserk", "false") if system == System.ARENA else None,
                "fen": form.get("fen"),
                "team": form.get("team") or None,
            },
            now,
        )


def team_choice(value: Any) -> str | None:
    """Returns the public id of the team a tournament is for (absent: none), or refuses."""
    if value is None:
        return None
    if not isinstance(value, str) or not 0 < len(value) <= TEAM_ID_CHARS:
        raise refuse(_("`team` is a team's id, as its page's address shows it."))
    return value


def bounded(value: Any, bounds: tuple[int, int], sentence: str) -> int:
    """Returns a whole number within ``bounds``, or refuses with ``sentence`` (its ``low`` and
    ``high`` placeholders are the bounds)."""
    if not whole_number(value) or not bounds[0] <= value <= bounds[1]:
        raise refuse(sentence % {"low": bounds[0], "high": bounds[1]})
    return value


def name_text(value: Any) -> str:
    """Returns a tournament's name, trimmed, or refuses: text of ``NAME_CHARS`` characters,
    nothing a page cannot show."""
    return printable_name(
        value,
        NAME_CHARS,
        _("A tournament's name has %(low)s to %(high)s characters."),
        _("A tournament's name holds letters, digits, spaces and punctuation only."),
    )


def fischer(value: Any) -> TimeControl:
    """Returns a tournament's clock: minutes and an increment, never correspondence or none."""
    if not isinstance(value, Mapping) or "initial" not in value:
        raise refuse(_('A tournament\'s clock is {"initial": seconds, "increment": seconds}.'))
    return clock_choice(dict(value))


def start_time(value: Any, now: datetime) -> datetime:
    """Returns when a tournament starts: an ISO time (UTC when it names no zone), from now (a
    time a little past is now) to ``STARTS_WITHIN`` ahead."""
    if not isinstance(value, str) or len(value) > 40:
        raise refuse(_("starts_at is an ISO time, such as 2030-01-01T18:00:00Z."))
    try:
        at = datetime.fromisoformat(value.strip())
    except ValueError:
        raise refuse(_("starts_at is an ISO time, such as 2030-01-01T18:00:00Z.")) from None
    if at.tzinfo is None:
        at = at.replace(tzinfo=UTC)
    if at < now - PAST_TOLERANCE:
        raise refuse(_("A tournament cannot start in the past."))
    if at > now + STARTS_WITHIN:
        raise refuse(
            _("A tournament starts at most %(days)s days ahead.") % {"days": STARTS_WITHIN.days}
        )
    return max(at, now)
