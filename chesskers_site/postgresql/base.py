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

from django.db.backends.postgresql import base


class DatabaseWrapper(base.DatabaseWrapper):
    HEALTHY_FOR = 5.0  # seconds

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
