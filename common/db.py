"""Database helpers the apps share, below any app: they know querysets and connections, not
models."""

from typing import Any

from django.db import connections, migrations
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


def release_connection(using: str = "default") -> bool:
    """Gives this thread's database connection back before work that needs none (hashing a
    password, the engine checking a position), so a request computing holds no pooled
    connection that others wait for; the next query takes one again.

    Only a connection that would not outlive the unit of work anyway (pooled, or
    ``CONN_MAX_AGE`` 0) and that no transaction holds is given back. Returns whether one was."""
    connection = connections[using]
    if connection.connection is None or connection.in_atomic_block:
        return False
    pooled = getattr(connection, "pool", None) is not None
    if not pooled and connection.settings_dict.get("CONN_MAX_AGE") != 0:
        return False
    connection.close()
    return True


def substring_index(table: str, column: str, name: str) -> Any:
    """A migration's operation that makes ``icontains`` on ``table.column`` read an index on
    PostgreSQL: a trigram GIN index on the very expression Django's lookup compares
    (``UPPER(column::text)``), the ``pg_trgm`` extension made first. On any other database it
    does nothing, and the lookup reads every row as before."""

    def forwards(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor != "postgresql":
            return
        schema_editor.execute("CREATE EXTENSION IF NOT EXISTS pg_trgm")
        schema_editor.execute(
            f'CREATE INDEX IF NOT EXISTS "{name}" ON "{table}" '
            f'USING gin (UPPER("{column}"::text) gin_trgm_ops)'
        )

    def backwards(apps: Any, schema_editor: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f'DROP INDEX IF EXISTS "{name}"')

    return migrations.RunPython(forwards, backwards)
