"""Settings of the Daphne processes the end-to-end tests start (``tests.conftest.DaphneServer``):
the test settings, with the server process tuned as production's is (``common.process``), from
the same environment variables."""

from chesskers_site import settings as production
from tests.settings import *  # noqa: F403

SERVER_GC_THRESHOLDS = production.SERVER_GC_THRESHOLDS
SERVER_SWITCH_INTERVAL = production.SERVER_SWITCH_INTERVAL
SERVER_TIMEOUT_TURN = production.SERVER_TIMEOUT_TURN
SERVER_WRITE_AT_ONCE = production.SERVER_WRITE_AT_ONCE

# A page that leaves the lobby for another that keeps its player there (an invite link's) opens
# its socket after the browser has loaded it: under a loaded test machine that took longer than
# the half second the consumer tests use, and the link was withdrawn in between.
LOBBY_LEAVE_GRACE = 2.0
