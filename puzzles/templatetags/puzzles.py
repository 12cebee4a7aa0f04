"""Template helpers of the puzzles: the puzzle of the day, for the home page."""

from django import template
from django.utils import timezone

from puzzles.services import puzzle_of_the_day

register = template.Library()


@register.inclusion_tag("puzzles/_daily.html")
def daily_puzzle() -> dict:
    """Renders today's puzzle (UTC) as a card: its board and a link to play it; while there
    is none, a card that links the puzzles."""
    return {"puzzle": puzzle_of_the_day(timezone.now().date())}
