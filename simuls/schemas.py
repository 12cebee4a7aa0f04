"""The request body of a new simul, declared once (``SIMUL``: the OpenAPI schema documents it,
``SimulRequest`` parses it; a test holds the two equal) and checked at the edge: the API and the
simuls page's form parse it here, and the services take the typed value. A refusal is
``bad_request`` with one sentence saying what is expected."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.domain.bodies import CLOCK, INTEGER, TEXT, VARIANT, Body, BodyField
from games.domain.clock import TimeControl
from games.domain.names import printable_name, printable_text
from games.domain.schemas import (
    clock_choice,
    form_clock,
    form_number,
    refuse,
    variant_choice,
    whole_number,
)
from games.models import DEFAULT_VARIANT
from simuls.models import HostColor
from simuls.policy import HOST_EXTRA_MINUTES, MAX_PLAYERS, NAME_CHARS, TEXT_CHARS

SIMUL = Body(
    "SimulCreate",
    (
        BodyField("name", TEXT, True, help=f"{NAME_CHARS[0]} to {NAME_CHARS[1]} characters"),
        BodyField("text", TEXT, help=f"What the host says of it: at most {TEXT_CHARS} characters"),
        BodyField("variant", VARIANT),
        BodyField("clock", CLOCK, True, help='{"initial": seconds, "increment": seconds}'),
        BodyField(
            "host_extra",
            INTEGER,
            help="Minutes the host has on every board's clock over the control's",
            minimum=HOST_EXTRA_MINUTES[0],
            maximum=HOST_EXTRA_MINUTES[1],
            default=0,
        ),
        BodyField(
            "host_color",
            help="white, black or random (each board drawn): the side the host plays",
            default="white",
        ),
        BodyField(
            "max_players",
            INTEGER,
            True,
            help="The boards the host plays at most",
            minimum=MAX_PLAYERS[0],
            maximum=MAX_PLAYERS[1],
        ),
    ),
)


@dataclass(frozen=True, slots=True)
class SimulRequest:
    """A new simul: what ``simuls.models.Simul`` holds."""

    name: str
    clock: TimeControl
    max_players: int
    text: str = ""
    variant: str = DEFAULT_VARIANT
    host_extra: int = 0  # minutes
    host_color: str = HostColor.WHITE

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "SimulRequest":
        """The API's body (``SIMUL``)."""
        host_color = data.get("host_color") or HostColor.WHITE
        if host_color not in HostColor.values:
            raise refuse(_("The host plays white, black or random."))
        extra = data.get("host_extra", 0)
        low, high = HOST_EXTRA_MINUTES
        if not whole_number(extra) or not low <= extra <= high:
            raise refuse(
                _("The host's extra time is %(low)s to %(high)s minutes.")
                % {"low": low, "high": high}
            )
        players = data.get("max_players")
        low, high = MAX_PLAYERS
        if not whole_number(players) or not low <= players <= high:
            raise refuse(
                _("A simul takes %(low)s to %(high)s players.") % {"low": low, "high": high}
            )
        return cls(
            name=simul_name(data.get("name")),
            text=simul_text(data.get("text")),
            clock=real_time(data.get("clock")),
            max_players=players,
            variant=variant_choice(data.get("variant")),
            host_extra=extra,
            host_color=host_color,
        )

    @classmethod
    def from_form(cls, form: Mapping[str, Any]) -> "SimulRequest":
        """The simuls page's form: text fields, its clock in minutes and seconds
        (``games.domain.schemas.form_clock``), the host's extra time and the players as text."""
        form = {key: form.get(key) for key in form}  # a QueryDict's last values, as text
        extra = form_number(
            form.get("host_extra") or 0, _("The host's extra time is a number."), whole=True
        )
        players = form_number(
            form.get("max_players"), _("Say how many players the simul takes."), whole=True
        )
        return cls.from_body(
            {
                "name": form.get("name"),
                "text": form.get("text") or "",
                "variant": form.get("variant"),
                "clock": form_clock({**form, "clock_kind": "fischer"}),
                "host_extra": extra,
                "host_color": form.get("host_color"),
                "max_players": players,
            }
        )


def simul_name(value: Any) -> str:
    """Returns a simul's name, trimmed, or refuses: ``NAME_CHARS`` characters a page can show."""
    return printable_name(
        value,
        NAME_CHARS,
        _("A simul's name has %(low)s to %(high)s characters."),
        _("A simul's name holds letters, digits, spaces and punctuation only."),
    )


def simul_text(value: Any) -> str:
    """Returns what the host says of the simul, trimmed (absent: nothing), or refuses."""
    return printable_text(
        value,
        TEXT_CHARS,
        _("What a simul says holds at most %(chars)s characters."),
        _("What a simul says holds text a page can show only."),
    )


def real_time(value: Any) -> TimeControl:
    """Returns a simul's clock: minutes and an increment, never correspondence or none."""
    if not isinstance(value, Mapping) or "initial" not in value or "days" in value:
        raise refuse(_('A simul\'s clock is {"initial": seconds, "increment": seconds}.'))
    return clock_choice(dict(value))
