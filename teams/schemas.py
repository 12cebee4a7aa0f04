"""The request bodies of the teams API, declared once (``TEAM``, ``TEAM_EDIT``, ``TEAM_ASK``: the
OpenAPI schema documents them, the parsers here read them; a test holds the two equal) and
checked at the edge: the API and the teams' pages parse them here, and the services take the
typed values. A refusal is ``bad_request`` with one sentence saying what is expected."""

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext as _

from games.domain.bodies import BOOLEAN, TEXT, Body, BodyField
from games.domain.names import printable_name, printable_text
from games.domain.schemas import refuse, yes_or_no
from teams.policy import MAX_PAGE, NAME_CHARS, REQUEST_CHARS, TEXT_CHARS

TEAM = Body(
    "TeamCreate",
    (
        BodyField("name", TEXT, True, help=f"{NAME_CHARS[0]} to {NAME_CHARS[1]} characters"),
        BodyField("text", TEXT, help=f"What the team is, at most {TEXT_CHARS} characters"),
        BodyField(
            "open",
            BOOLEAN,
            default=True,
            help="true: anyone joins at once; false: a player asks and a leader answers",
        ),
    ),
)
TEAM_EDIT = Body(
    "TeamEdit",
    (
        BodyField("text", TEXT, help=f"What the team is, at most {TEXT_CHARS} characters"),
        BodyField("open", BOOLEAN, help="Whether anyone joins at once; absent: as it was"),
    ),
)
TEAM_ASK = Body(
    "TeamJoin",
    (
        BodyField(
            "text",
            TEXT,
            help=f"A closed team's: what the player tells its leaders, at most {REQUEST_CHARS} "
            "characters",
        ),
    ),
)
TEAM_ANSWER = Body(
    "TeamAnswer",
    (BodyField("accept", BOOLEAN, True, help="true: the player joins; false: the ask is dropped"),),
)
TEAM_LEADER = Body(
    "TeamLeader",
    (BodyField("leader", BOOLEAN, True, help="true: the member leads the team with its leaders"),),
)


@dataclass(frozen=True, slots=True)
class TeamRequest:
    """A new team, or a leader's change to one (``name`` None: a change, which keeps it)."""

    name: str | None
    text: str | None = None  # None: as it was
    open: bool | None = None  # None: as it was (a new team: open)

    @classmethod
    def from_body(cls, data: Mapping[str, Any]) -> "TeamRequest":
        """A new team: the API's body (``TEAM``) or the teams page's form."""
        return cls(
            name=team_name(data.get("name")),
            text=team_text(data.get("text")),
            open=yes_or_no(data.get("open", True), "open"),
        )

    @classmethod
    def edit_from_body(cls, data: Mapping[str, Any]) -> "TeamRequest":
        """A leader's change: the API's body (``TEAM_EDIT``) or the team page's form."""
        if "text" not in data and "open" not in data:
            raise refuse(_("Say what changes: `text`, `open` or both."))
        return cls(
            name=None,
            text=team_text(data["text"]) if "text" in data else None,
            open=yes_or_no(data["open"], "open") if "open" in data else None,
        )


def team_name(value: Any) -> str:
    """Returns a team's name, trimmed, or refuses: ``NAME_CHARS`` characters a page can show."""
    return printable_name(
        value,
        NAME_CHARS,
        _("A team's name has %(low)s to %(high)s characters."),
        _("A team's name holds letters, digits, spaces and punctuation only."),
    )


def team_text(value: Any) -> str:
    """Returns what a team says of itself, trimmed (absent: nothing), or refuses."""
    return printable_text(
        value,
        TEXT_CHARS,
        _("What a team says holds at most %(chars)s characters."),
        _("What a team says holds text a page can show only."),
    )


def ask_text(value: Any) -> str:
    """Returns what a player tells a closed team's leaders, trimmed (absent: nothing)."""
    return printable_text(
        value,
        REQUEST_CHARS,
        _("What you tell a team's leaders holds at most %(chars)s characters."),
        _("What you tell a team's leaders holds text a page can show only."),
    )


def page_asked(value: str | None) -> int:
    """Returns the page a list's ``?page=`` asks for, from 1 to ``MAX_PAGE`` (anything else:
    the first)."""
    try:
        page = int(value or "1")
    except ValueError:
        return 1
    return page if 1 <= page <= MAX_PAGE else 1
