"""Django's PostgreSQL backend, with its connection health check only where it can help.

With ``CONN_HEALTH_CHECKS`` Django checks a persistent connection (``SELECT 1``) before its first
use in every unit of work. A WebSocket consumer's every message is such a unit of work
(``database_sync_to_async`` closes old connections before and after it), so under load every
move paid one more round trip to the server, the eighth of its statements. A connection that
finished a unit of work without a database error a moment ago is taken as healthy and not
checked again for ``HEALTHY_FOR`` seconds. A connection that broke in between (the database
restarted) fails that one statement; Django then closes it (``errors_occurred``) and the next
unit of work opens a new one.
"""

import time
from typing import Any

from django.db.backends.postgresql import base
from django.db.backends.utils import CursorWrapper


class PreparedCursor(base.ServerBindingCursor):
    """Binds its parameters on the server and has each statement prepared there on its first
    use (once per connection; Django turns psycopg's automatic preparing off), so the server
    parses and plans it once instead of at every execution."""

    def execute(
        self, query: Any, params: Any = None, *, prepare: bool | None = None, binary: Any = None
    ) -> "PreparedCursor":
        return super().execute(query, params, prepare=True, binary=binary)


class DatabaseWrapper(base.DatabaseWrapper):
    HEALTHY_FOR = 5.0  # seconds

    def prepared_cursor(self) -> CursorWrapper:
        """Returns a cursor as ``cursor()`` does (Django's wrapper, so execute wrappers and query
        logging see its statements), whose statements are prepared on the server: for the few
        hot statements written out in ``games.storage.sql``, each always the same text."""
        self.close_if_health_check_failed()
        self.ensure_connection()
        with self.wrap_database_errors:
            cursor = PreparedCursor(self.connection)
            loader = self.connection.adapters.get_loader(base.TIMESTAMPTZ_OID, base.Format.TEXT)
            if self.timezone != loader.timezone:
                base.register_tzloader(self.timezone, cursor)
            return self._prepare_cursor(cursor)

    healthy_at: float | None = None  # when the connection last finished a unit of work well

    def close_if_health_check_failed(self) -> None:
        healthy_at = self.healthy_at
        if (
            self.connection is not None
            and healthy_at is not None
            and time.monotonic() - healthy_at < self.HEALTHY_FOR
        ):
            self.health_check_done = True
            return
        super().close_if_health_check_failed()

    def close_if_unusable_or_obsolete(self) -> None:
        # Called before and after each unit of work: after one that used the connection (it
        # was health-checked or found healthy) without an error, the connection was healthy.
        used_well = (
            self.connection is not None and self.health_check_done and not self.errors_occurred
        )
        super().close_if_unusable_or_obsolete()
        if self.connection is None:
            self.healthy_at = None
        elif used_well:
            self.healthy_at = time.monotonic()

    def connect(self) -> None:
        super().connect()
        self.healthy_at = None

    def get_new_connection(self, conn_params: dict) -> Any:
        connection = super().get_new_connection(conn_params)
        if connection.prepare_threshold is None:
            # Django turns preparing off (for transaction poolers); psycopg then ignores even a
            # statement's own prepare=True. A threshold no statement reaches lets
            # ``PreparedCursor`` prepare its statements and leaves every other one unprepared.
            connection.prepare_threshold = 2**31
        return connection
