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
# The list of teams and the members on a team's page: a page each.
LISTED = 30
MEMBERS_PAGE = 50
# The furthest page a list is read to (a page further is read as the first).
MAX_PAGE = 10_000
# The asks a leader reads at once on the team's page (the oldest; answering them shows the next).
ASKS_SHOWN = 50
