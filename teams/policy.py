"""The teams' limits, defined once: what a team may be called and say, how many teams a player
may make and be in, how many asks a team and a player may have waiting, and how long the lists
are."""

NAME_CHARS = (2, 40)
TEXT_CHARS = 600
# What a player may say when asking to join a closed team.
REQUEST_CHARS = 200
# Teams a player may lead that they made: a team is made for its members, not collected.
MAX_MADE = 3
# Teams a player may be in (as a leader or a member).
MAX_TEAMS = 50
# Asks to join a player may have waiting at once, and asks one team may have waiting.
MAX_ASKS = 10
MAX_TEAM_ASKS = 200
# The list of teams, the members on a team's page, the asks a leader reads: a page each.
LISTED = 30
MEMBERS_PAGE = 50
