"""Settings for the test run: the site's own, read from the same environment, with a fast
password hasher (hashing is deliberately slow, and tests create many users). The end-to-end
tests' Daphne processes run on ``tests.server_settings``: these, with the server process tuned
as production's is."""

import os
from urllib.parse import urlsplit, urlunsplit


def worker_redis_url(url: str, worker: int) -> str:
    """Returns ``url`` moved ``worker`` Redis databases on: ``redis://host:6379/0`` is worker 1's
    ``redis://host:6379/1``."""
    parts = urlsplit(url)
    base = int(parts.path.strip("/") or 0)
    return urlunsplit(parts._replace(path=f"/{base + worker}"))


# `make test` runs the suite on several pytest-xdist workers (gw0, gw1, ...). pytest-django gives
# each a test database of its own; here each also gets a Redis database of its own, which the
# channel layer's prefix and the cache follow, so one worker's games, groups and throttle counts
# never meet another's. The Daphne processes a test starts inherit the environment as it is
# then, a REDIS_URL the test gave them included: only the worker itself moves it.
_worker = os.environ.get("PYTEST_XDIST_WORKER", "")
if (
    _worker.startswith("gw")
    and os.environ.get("REDIS_URL")
    and "TEST_WORKER_REDIS" not in os.environ
):
    os.environ["REDIS_URL"] = worker_redis_url(os.environ["REDIS_URL"], int(_worker[2:]))
    os.environ["TEST_WORKER_REDIS"] = os.environ["REDIS_URL"]

from chesskers_site.settings import *  # noqa: E402, F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Worker threads must not keep connections open past a test: the test database is dropped at
# the end of the run, which PostgreSQL refuses while any session is still connected.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405

# The server process's tuning (common/process.py) stays off in the test process itself. There,
# threads that end leave database connections in reference cycles, and the test database can
# only be dropped once those are collected; and Daphne's server module, loaded there by the
# end-to-end tests, would have its timeout pass and its writes changed by whichever test first
# imports the ASGI application.
SERVER_GC_THRESHOLDS = None
SERVER_SWITCH_INTERVAL = None
SERVER_TIMEOUT_TURN = 0.0
SERVER_WRITE_AT_ONCE = False

# A lobby left is withdrawn half a second later, not ten (chesskers_site/settings.py).
LOBBY_LEAVE_GRACE = 0.5

# Throttles far above what any test does from one address (the throttle tests lower them): the
# whole run signs up and logs in from 127.0.0.1, and Redis's counts outlive the run. A rate the
# environment names (THROTTLE_<SCOPE>) is kept: a test's Daphne process is given its own so.
THROTTLE_RATES = {
    scope: rate if f"THROTTLE_{scope.upper()}" in os.environ else "1000000/60"
    for scope, rate in THROTTLE_RATES.items()  # noqa: F405
}

# Every test client comes from one address (or none): the cap per address is for the tests
# that set their own (tests/games/test_socket_limits.py), or give a Daphne process one.
if "SOCKETS_PER_ADDRESS" not in os.environ:
    SOCKETS_PER_ADDRESS = 1000

# No tournament director in the test process (its passes are driven explicitly, with a clock of
# the test's choosing); a Daphne process a test starts is given one through the environment.
TOURNAMENT_TICK = float(os.environ.get("TOURNAMENT_TICK", "0"))
