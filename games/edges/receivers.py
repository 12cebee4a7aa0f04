"""What the games app hears from the community app below it (``community.signals``): two
players' block or follow changed, so their open sockets read again what they hide (the lobby's
seeks) and whom they follow (``/ws/me/``'s notices); a private message was written, or read,
so the players' open pages show it and their unread count (``/ws/me/`` and the lobby's
socket, which hear the player's own group). And from the accounts app: a player signed out
everywhere else, so their sockets of other sessions close (``games.edges.session_feed``)."""

from typing import Any

from accounts.signals import sessions_ended
from community.inbox import unread_count
from community.signals import inbox_read, message_sent, relations_changed
from games.edges import session_feed
from games.storage import broadcast


def relations(sender: Any, user_ids: tuple[int, ...], **kwargs: Any) -> None:
    """Tells each of the players' own sockets to read their relations again."""
    for user_id in user_ids:
        broadcast.send_now(broadcast.user_group(user_id), {"type": "user.relations"})


def message(sender: Any, user_ids: tuple[int, int], message: dict[str, Any], **kwargs: Any) -> None:
    """Hands a private message to its reader's pages, with their unread count, and to its
    writer's (another tab of theirs shows it too)."""
    writer, reader = user_ids
    told = {"type": "message", "message": message, "unread": unread_count(reader)}
    broadcast.send_now(broadcast.user_group(reader), {"type": "user.event", "event": told})
    mine = {"type": "message", "message": message}
    broadcast.send_now(broadcast.user_group(writer), {"type": "user.event", "event": mine})


def read(sender: Any, user_id: int, unread: int, **kwargs: Any) -> None:
    """Tells the player's pages their unread count after they read (or deleted) a conversation."""
    told = {"type": "inbox_read", "unread": unread}
    broadcast.send_now(broadcast.user_group(user_id), {"type": "user.event", "event": told})


def sessions(sender: Any, user_id: int, kept: list[str], **kwargs: Any) -> None:
    """Closes the player's sockets of every session but those kept, in every process, once the
    epoch's move has committed."""
    told = session_feed.ended_message(kept)
    broadcast.send_on_commit(broadcast.sessions_group(user_id), told)


def connect() -> None:
    """Connects the app's receivers (once, however often it is called)."""
    relations_changed.connect(relations, dispatch_uid="games.relations")
    message_sent.connect(message, dispatch_uid="games.message")
    inbox_read.connect(read, dispatch_uid="games.inbox_read")
    sessions_ended.connect(sessions, dispatch_uid="games.sessions_ended")
