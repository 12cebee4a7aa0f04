"""What the games app hears from the community app below it (``community.signals``): two
players' block or follow changed, so their open sockets read again what they hide (the lobby's
seeks) and whom they follow (``/ws/me/``'s notices)."""

from typing import Any

from community.signals import relations_changed
from games.storage import broadcast


def relations(sender: Any, user_ids: tuple[int, ...], **kwargs: Any) -> None:
    """Tells each of the players' own sockets to read their relations again."""
    for user_id in user_ids:
        broadcast.send_now(broadcast.user_group(user_id), {"type": "user.relations"})


def connect() -> None:
    """Connects the app's receivers (once, however often it is called)."""
    relations_changed.connect(relations, dispatch_uid="games.relations")
