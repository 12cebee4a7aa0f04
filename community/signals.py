"""What the community app tells the apps above it: two players' relations changed (a block or a
follow made or undone), a private message was written, a player read their messages; each sent
once the change has committed. The games app's sockets listen
(``games.edges.receivers``): what a player's open sockets hide and follow is read again at once,
not at their next connection."""

from django.dispatch import Signal

# Sent with ``user_ids``: the two players whose block or follow changed.
relations_changed = Signal()

# Sent with ``user_ids`` (its writer's, its reader's) and ``message`` (``community.inbox``'s
# payload): a private message was written.
message_sent = Signal()

# Sent with ``user_id`` and ``unread``: the player read a conversation (or deleted it), and has
# ``unread`` messages left unread.
inbox_read = Signal()
