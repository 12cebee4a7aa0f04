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
