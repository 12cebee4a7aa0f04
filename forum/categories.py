"""The site's forums, declared once: every page, list and test reads them here. Each team has a
forum of its own besides (``team-<its public id>``), which only its members read and write."""

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

TEAM_PREFIX = "team-"


@dataclass(frozen=True, slots=True)
class Category:
    """One of the site's forums: its address (``slug``), its name and what it is for."""

    slug: str
    name: str | Promise
    text: str | Promise


CATEGORIES = (
    Category(
        "general",
        _("General discussion"),
        _("Chesskers, its neighbours and the games' players: anything about playing them."),
    ),
    Category(
        "analysis",
        _("Game analysis"),
        _("Show a game or a position and ask what others see in it."),
    ),
    Category(
        "feedback",
        _("Feedback on the site"),
        _("What breaks, what is missing, what could be better here."),
    ),
    Category("off-topic", _("Off-topic"), _("Anything else, kindly.")),
)
BY_SLUG = {category.slug: category for category in CATEGORIES}


def team_slug(team_id: str) -> str:
    """The address of a team's forum."""
    return f"{TEAM_PREFIX}{team_id}"
