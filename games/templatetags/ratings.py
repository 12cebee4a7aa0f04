"""Template helpers of ratings: a finished game's rating changes, for lists of games."""

from django import template

from games.models import Game
from games.reads.state import rating_changes as state_rating_changes

register = template.Library()


@register.filter
def rating_changes(game: Game) -> dict[str, int] | None:
    """Returns ``{"white": 8, "black": -8}`` for a finished rated game, else None (prefetch
    ``rating_changes`` for lists)."""
    return state_rating_changes(game)
