"""The pages' appearance: the theme (as the system, light or dark), the board's colours and
whether it shows its coordinates.

A visitor's choice lives in three cookies the footer's switch writes (``static/js/appearance.js``
in the page, or the switch's form without a script); a signed-in user's lives in their
``Preferences``, which win over the cookies. The server writes the choice on ``<html>``
(``data-theme``, ``data-board``, ``data-coordinates``), so a page is painted in its colours from
the first frame, without a flash of the other theme.
"""

from dataclasses import dataclass
from typing import Any

from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.utils.functional import SimpleLazyObject
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from accounts.models import Preferences
from accounts.selectors import preferences_of
from accounts.services import preferences_update

THEME_COOKIE = "theme"
BOARD_COOKIE = "board_theme"
COORDINATES_COOKIE = "coordinates"  # "on" or "off"
COOKIE_AGE = 365 * 24 * 3600  # a year, renewed by every choice

THEMES = tuple(Preferences.Theme.values)
BOARD_THEMES = tuple(Preferences.BoardTheme.values)
# The browser's bar above the page (<meta name="theme-color">): the pages' surface colour.
THEME_COLOURS = {"light": "#ffffff", "dark": "#24221f"}


@dataclass(frozen=True)
class Appearance:
    theme: str = "system"
    board_theme: str = "brown"
    coordinates: bool = True
    kid: bool = False  # kid mode (a signed-in player's setting): the pages leave out the forum

    @property
    def coordinates_word(self) -> str:
        """``on`` or ``off``: the cookie's and ``data-coordinates``' value."""
        return "on" if self.coordinates else "off"

    @property
    def theme_colours(self) -> list[tuple[str, str]]:
        """``(media, colour)`` for each ``<meta name="theme-color">``: one per scheme while the
        theme follows the system, else the chosen theme's alone (media "")."""
        if self.theme in THEME_COLOURS:
            return [("", THEME_COLOURS[self.theme])]
        return [(f"(prefers-color-scheme: {name})", THEME_COLOURS[name]) for name in THEME_COLOURS]


def from_cookies(cookies: dict[str, str]) -> Appearance:
    """Returns the appearance the cookies choose; a missing or unknown value is the default."""
    default = Appearance()
    theme = cookies.get(THEME_COOKIE, "")
    board = cookies.get(BOARD_COOKIE, "")
    coordinates = cookies.get(COORDINATES_COOKIE, "")
    return Appearance(
        theme=theme if theme in THEMES else default.theme,
        board_theme=board if board in BOARD_THEMES else default.board_theme,
        coordinates=default.coordinates
        if coordinates not in ("on", "off")
        else coordinates == "on",
    )


def appearance_of(request: HttpRequest) -> Appearance:
    """Returns the request's appearance: the signed-in user's settings, else the cookies'."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        row = preferences_of(user)
        return Appearance(
            theme=row.theme,
            board_theme=row.board_theme,
            coordinates=bool(row.coordinates),
            kid=row.kid,
        )
    return from_cookies(request.COOKIES)


def appearance(request: HttpRequest) -> dict[str, Any]:
    """Context processor: ``appearance``, read (one query for a signed-in user) only when a
    page uses it."""
    return {"appearance": SimpleLazyObject(lambda: appearance_of(request))}


def remember(response: HttpResponse, chosen: Appearance) -> None:
    """Sets the three cookies to ``chosen`` (readable by the page's script, which writes them
    too)."""
    values = {
        THEME_COOKIE: chosen.theme,
        BOARD_COOKIE: chosen.board_theme,
        COORDINATES_COOKIE: chosen.coordinates_word,
    }
    for name, value in values.items():
        response.set_cookie(name, value, max_age=COOKIE_AGE, samesite="Lax")


@require_POST
def appearance_set(request: HttpRequest) -> HttpResponse:
    """The footer's switch without a script: ``POST theme``, ``board_theme`` and/or
    ``coordinates`` (``on``/``off``), and ``next``. Remembers the choice in the cookies and,
    for a signed-in user, in their settings; then goes back to ``next``. An unknown value
    leaves its setting as it was."""
    current = appearance_of(request)
    theme = request.POST.get("theme", current.theme)
    board = request.POST.get("board_theme", current.board_theme)
    coordinates = request.POST.get("coordinates", current.coordinates_word)
    chosen = Appearance(
        theme=theme if theme in THEMES else current.theme,
        board_theme=board if board in BOARD_THEMES else current.board_theme,
        coordinates=current.coordinates
        if coordinates not in ("on", "off")
        else coordinates == "on",
    )
    if request.user.is_authenticated:
        changes = {
            "theme": chosen.theme,
            "board_theme": chosen.board_theme,
            "coordinates": chosen.coordinates,
        }
        preferences_update(user=request.user, changes=changes)  # values checked above
    target = request.POST.get("next", "")
    safe = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    response = HttpResponseRedirect(target if safe and target else "/")
    remember(response, chosen)
    return response
