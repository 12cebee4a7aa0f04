"""The forum's templates' filter: the reads give times as ISO text (as the API answers them),
which ``moment`` turns back into a time Django's ``date`` filter formats."""

from datetime import datetime

from django import template

register = template.Library()


@register.filter
def moment(value: str | None) -> datetime | None:
    """An ISO time as a datetime (None for none)."""
    return datetime.fromisoformat(value) if value else None
