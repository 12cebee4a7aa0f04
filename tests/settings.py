"""Settings for the test run: the site's own, read from the same environment, with a fast
password hasher (hashing is deliberately slow, and tests create many users). The end-to-end
tests' Daphne processes inherit this module through DJANGO_SETTINGS_MODULE."""

import os

from chesskers_site.settings import *  # noqa: F403

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]

# Worker threads must not keep connections open past a test: the test database is dropped at
# the end of the run, which PostgreSQL refuses while any session is still connected.
DATABASES["default"]["CONN_MAX_AGE"] = 0  # noqa: F405

# Python's own collector thresholds in the test process (see chesskers_site/asgi.py).
SERVER_GC_THRESHOLDS = None
SERVER_SWITCH_INTERVAL = None

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
