"""The simuls' limits, defined once: what a simul may be, how many a host and a player may have
open, how many players one takes."""

NAME_CHARS = (2, 60)
TEXT_CHARS = 400
# Players a host may take on: each is a board the host plays at once.
MAX_PLAYERS = (1, 50)
# Players who may ask to play in one simul, accepted or not: the host's list stays readable.
MAX_APPLICANTS = 200
# Minutes the host may have on every board's clock over the control's.
HOST_EXTRA_MINUTES = (0, 60)
# Simuls a host may have that have not finished: one at a time, as a host plays them.
MAX_OPEN_PER_HOST = 1
# Simuls not started a player may have asked to play in at once.
MAX_APPLICATIONS = 10
# The lists of simuls: at most this many of each status (the finished: the latest).
LISTED = 30
# A simul's socket reads it again at most this often after a change, and this often while its
# games are being played (their positions), in seconds.
READ_EVERY = 1.0
BOARDS_EVERY = 2.0
