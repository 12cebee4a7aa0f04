"""The tournaments' limits and timings, defined once: what a tournament may be, how many a player
may have open, how many may play, when pairing stops, what a socket is sent."""

from datetime import timedelta

NAME_CHARS = (2, 60)
ARENA_MINUTES = (10, 720)
SWISS_ROUNDS = (3, 15)
# A start may be now, and at most this far ahead; one a little in the past (a client's clock,
# the time the request took) is taken as now.
STARTS_WITHIN = timedelta(days=30)
PAST_TOLERANCE = timedelta(seconds=60)

# Tournaments a player may have made that have not finished yet.
MAX_OPEN_PER_PLAYER = 3
# Tournaments a team's leaders may make for it in a day: each tells every member (a notice
# each), so this bounds what a team's members are told, and what making them costs.
TEAM_TOURNAMENTS_A_DAY = 5
# Players one tournament takes: what its pairing and standings cost is bounded by it.
MAX_PLAYERS = 3000
# A Swiss takes new players until its second round is paired.
SWISS_JOIN_UNTIL_ROUND = 2

# What a tournament's object lists: its games' ids (newest first; the archive's ?tournament=
# lists them all), the games in progress shown as boards, and on a socket the lines of the
# standings from the top (with the viewer's own line beside them).
LISTED_GAMES = 100
SHOWN_BOARDS = 6
SOCKET_STANDINGS = 50
# A tournament socket hears the standings at most this often (seconds).
STANDINGS_EVERY = 1.0
# The colours a player's entry remembers (the latest), which colours are balanced by.
REMEMBERED_COLORS = 40


def pairing_cutoff(initial_seconds: int) -> timedelta:
    """Returns how long before an arena's end no new game starts, so that none runs long past
    it: half the clock's initial time, from 30 s to 2 min (lichess's rule)."""
    return timedelta(seconds=max(30, min(initial_seconds / 2, 120)))
