"""The forum's limits, defined once: what a topic's title and a post may hold, how many topics
a player may start in a day, and how long the pages are."""

TITLE_CHARS = (3, 100)
POST_CHARS = 4000
# Topics a player may start in a day, in every forum together: a forum is talked in, not filled.
TOPICS_A_DAY = 10
# A forum's topics and a topic's posts: a page each.
TOPICS_PAGE = 30
POSTS_PAGE = 20
# The latest posts the forums' front page shows.
LATEST = 8
# A search's words: long enough for the trigram index to narrow (PostgreSQL), short enough to
# read at once; the topics whose title holds them shown above the posts that do.
SEARCH_CHARS = (3, 100)
TOPICS_FOUND = 10
