"""What the accounts app tells the apps above it: a player signed out everywhere else, so their
sockets open in other browsers close (``games.edges.session_feed``), not only their next page."""

from django.dispatch import Signal

# Sent with ``user_id`` and ``kept``: the session keys that stay signed in (the asking
# browser's, before and after its key was cycled); every other socket of the player closes.
sessions_ended = Signal()
