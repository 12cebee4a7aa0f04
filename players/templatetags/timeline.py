"""Template helpers of the players: the home page's *Timeline*."""

from django import template

from players.timeline import timeline_of
from players.timeline_edges import HOME_ENTRIES, shown

register = template.Library()


@register.inclusion_tag("players/_timeline.html", takes_context=True)
def timeline(context: template.Context) -> dict:
    """Renders the signed-in player's latest timeline entries, for the home page (nothing for
    a visitor, or for a player who follows nobody who did anything lately)."""
    user = context["request"].user
    entries = shown(timeline_of(user.pk, limit=HOME_ENTRIES)) if user.is_authenticated else []
    return {"entries": entries, "more": len(entries) == HOME_ENTRIES}
