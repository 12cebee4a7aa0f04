"""Database helpers the apps share, below any app: they know querysets, not models."""

from typing import Any

from django.db.models import QuerySet

# Keys per statement: within every database's limit on a statement's parameters.
IN_CHUNK = 500


def update_in_chunks(queryset: QuerySet, lookup: str, keys: list, **values: Any) -> int:
    """``queryset.filter(<lookup>__in=keys).update(**values)`` in statements of at most
    ``IN_CHUNK`` keys each; returns the rows changed."""
    changed = 0
    for start in range(0, len(keys), IN_CHUNK):
        chunk = keys[start : start + IN_CHUNK]
        changed += queryset.filter(**{f"{lookup}__in": chunk}).update(**values)
    return changed
