"""The names players give what they make (a tournament, a simul), checked at the edge."""

from typing import Any

from common.edge import text_problem
from games.domain.errors import ErrorCode, GameError


def printable_name(value: Any, bounds: tuple[int, int], length: str, characters: str) -> str:
    """Returns a name (a tournament's, a simul's), trimmed, or refuses it: with ``length`` (its
    ``low`` and ``high`` placeholders are ``bounds``) when it is not text of that many
    characters, with ``characters`` when it holds what a page cannot show."""
    low, high = bounds
    if not isinstance(value, str) or not low <= len(value.strip()) <= high:
        raise GameError(ErrorCode.BAD_REQUEST, length % {"low": low, "high": high})
    name = value.strip()
    if text_problem(name) is not None or not name.isprintable():
        raise GameError(ErrorCode.BAD_REQUEST, characters)
    return name


def printable_text(value: Any, chars: int, length: str, characters: str) -> str:
    """Returns what a player says of what they make (a simul, a team), trimmed (absent:
    nothing), or refuses it: with ``length`` (its ``chars`` placeholder is ``chars``) past
    that many characters, with ``characters`` when it holds what a page cannot show. Unlike a
    name, it may run over several lines."""
    if value is None:
        return ""
    if not isinstance(value, str) or len(value.strip()) > chars:
        raise GameError(ErrorCode.BAD_REQUEST, length % {"chars": chars})
    text = value.strip()
    if text_problem(text) is not None:
        raise GameError(ErrorCode.BAD_REQUEST, characters)
    return text
