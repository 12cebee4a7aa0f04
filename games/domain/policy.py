"""The site's timing and limits, defined once: how long a connection counts as present, how long
a player may stay away, how often pages ping, the bot's levels.

The browser gets what it needs of these through the page data (``browser_policy``, embedded in
every page by ``games.edges.context_processors``), so a page never carries its own copy.
"""

from datetime import datetime, timedelta

from django.utils import timezone
from django.utils.translation import pgettext_lazy

# A socket pings every PING_EVERY; a connection (or a lobby player) not heard from within
# CONNECTION_STALE_AFTER is gone: its process died, or the player left without closing.
PING_EVERY = timedelta(seconds=20)
CONNECTION_STALE_AFTER = timedelta(seconds=90)
# A server process writes one socket's heartbeat at most this often: rows need only be younger
# than CONNECTION_STALE_AFTER.
HEARTBEAT_WRITE_EVERY = 30.0

# The rules page: a player who leaves an online game has ten minutes to come back, counted while
# the opponent waits at the table, or forfeits.
ABANDON_AFTER = timedelta(minutes=10)

MAX_OPEN_SEEKS = 3
# Open challenges (rematch offers included) a user may have made; and the most of a user's
# incoming ones a list sends (the newest), on connect; changes are sent one by one.
MAX_OPEN_CHALLENGES = 10
MAX_LISTED_CHALLENGES = 50
# The most games a user may bookmark (the game page's ☆): a bound on what one account stores.
MAX_BOOKMARKS = 1000
# A user's private notes on a game (the game page's *My notes*): the most characters a note
# holds, and the most games a user keeps notes on.
MAX_NOTE_CHARS = 2000
MAX_NOTES = 1000
# The most live games the watch page lists (the newest).
MAX_LISTED_LIVE_GAMES = 1000
# The opening explorer counts the first EXPLORER_PLIES plies of each finished online game (a
# bound on the rows a game adds), and lists a position's latest EXPLORER_LATEST_GAMES games.
EXPLORER_PLIES = 30
EXPLORER_LATEST_GAMES = 8

# A game's chat: a line holds 1 to CHAT_MAX_CHARS characters; a socket is sent the latest
# CHAT_HISTORY lines of each room it may read on connect (and the API answers as many).
CHAT_MAX_CHARS = 140
CHAT_HISTORY = 100
# The lines a player sends with one tap (the chat box's buttons), in the player's language: the
# line is sent as the player would have typed it.
CANNED_PHRASES = (
    pgettext_lazy("chat phrase", "Hello"),
    pgettext_lazy("chat phrase", "Good game"),
    pgettext_lazy("chat phrase", "Good luck"),
    pgettext_lazy("chat phrase", "Thanks"),
)

# Analyses one user may have running at once (each searches every position of a game).
MAX_RUNNING_ANALYSES = 2

# The analysis board (``games.services.lines``): the lines one request may ask, and the
# requests a process keeps waiting for a place once every place is busy (each waits at most
# ``BOARD_ANALYSIS_SECONDS`` times the queue ahead of it over the places, then runs).
MAX_BOARD_LINES = 3
MAX_WAITING_BOARD_ANALYSES = 64

# An analysis with no progress for this long was left by a process that died: it is resumed.
ANALYSIS_STALE_AFTER = timedelta(minutes=2)

# The bot levels' names, as the bot page lists them (translated where they are shown).
BOT_LEVELS: dict[int, str] = {
    1: pgettext_lazy("bot level", "Beginner: plays legal moves, often careless"),
    2: pgettext_lazy("bot level", "Novice"),
    3: pgettext_lazy("bot level", "Casual"),
    4: pgettext_lazy("bot level", "Club"),
    5: pgettext_lazy("bot level", "Strong club"),
    6: pgettext_lazy("bot level", "Expert"),
    7: pgettext_lazy("bot level", "Master: thinks about a second"),
    8: pgettext_lazy("bot level", "Strongest: thinks about two seconds"),
}
LOWEST_BOT_LEVEL, HIGHEST_BOT_LEVEL = min(BOT_LEVELS), max(BOT_LEVELS)


def fresh_since(now: datetime | None = None) -> datetime:
    """Returns the time after which a connection's heartbeat, or a lobby player's last visit,
    is fresh: ``CONNECTION_STALE_AFTER`` before ``now``."""
    return (now or timezone.now()) - CONNECTION_STALE_AFTER


def browser_policy() -> dict[str, int]:
    """Returns the figures the pages' scripts use, as the page data carries them."""
    return {
        "ping_every_ms": int(PING_EVERY.total_seconds() * 1000),
        "stale_after_ms": int(CONNECTION_STALE_AFTER.total_seconds() * 1000),
        "abandon_after_ms": int(ABANDON_AFTER.total_seconds() * 1000),
    }
