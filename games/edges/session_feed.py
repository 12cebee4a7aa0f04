"""*Sign out everywhere else* reaching the sockets already open: a page left open on another
device keeps no live socket as the player once its session has ended.

Each process has one ``SessionFeed`` per signed-in player it has sockets of, listening to the
player's ``sessions.<id>`` group on a channel of its own (one subscription a player, not one a
socket), and knowing each socket's session key. When the player signs out everywhere else
(``accounts.signals.sessions_ended``, sent on by ``games.edges.receivers``), every socket of
theirs whose session is not one kept is told why and closed (``CLOSE_SESSION_ENDED``); the page
loads again, as a visitor's.

The same listener tells the player's sockets when they leave a team or are taken out of one
(``broadcast.TEAM_LEFT``): each socket with an ``on_team_left`` handler (a team forum's topic)
checks again that it may stay."""

import contextlib
from typing import Any

from django.utils import translation
from django.utils.translation import gettext_lazy

from games.domain.errors import ErrorCode, GameError
from games.domain.protocol import error_message
from games.edges.group_feed import Feeds, GroupFeed
from games.storage import broadcast

SESSIONS_ENDED = "sessions.ended"
CLOSE_SESSION_ENDED = 4440  # the session ended elsewhere: the page loads again
SESSION_ENDED = gettext_lazy(
    "You were signed out here: your account was signed out everywhere else, or its password "
    "changed. Log in again to play."
)


class SessionFeed(GroupFeed):
    """One player's sockets in this process, each with its session key."""

    def __init__(self, user_id: str, on_empty: Any) -> None:
        super().__init__(user_id, broadcast.sessions_group(int(user_id)), on_empty)

    async def start(self) -> None:
        await self.listen()

    async def heard(self, message: dict[str, Any]) -> None:
        kind = message.get("type")
        if kind == SESSIONS_ENDED:
            kept = set(message.get("kept") or [])
            for socket, key in list(self.sockets.items()):
                if key is None or key not in kept:
                    self.spawn(end(socket))
        elif kind == broadcast.TEAM_LEFT:
            for socket in list(self.sockets):
                handler = getattr(socket, "on_team_left", None)
                if handler is not None:
                    self.spawn(handler(message.get("team")))


FEEDS: Feeds[SessionFeed] = Feeds(SessionFeed)


async def join(socket: Any) -> int | None:
    """Counts a signed-in player's socket among theirs, with the key of the session it opened
    with; returns the player's id (None for a visitor's socket, not counted)."""
    user = socket.scope.get("user")
    if user is None or not user.is_authenticated:
        return None
    key = getattr(socket.scope.get("session"), "session_key", None)
    await FEEDS.of(str(user.pk)).admit(socket, key)
    return user.pk


def leave(user_id: int | None, socket: Any) -> None:
    """Takes the socket off its player's (if it was counted among them); returns None."""
    feed = FEEDS.feeds.get(str(user_id)) if user_id is not None else None
    if feed is not None:
        feed.leave(socket)


def ended_message(kept: list[str]) -> dict[str, Any]:
    return {"type": SESSIONS_ENDED, "kept": kept}


async def end(socket: Any) -> None:
    """Tells the socket, in its language, that its session has ended, and closes it."""
    with translation.override(socket.language):
        ended = GameError(ErrorCode.UNAUTHENTICATED, str(SESSION_ENDED))
    with contextlib.suppress(Exception):  # the socket may be gone already
        await socket.send_json(error_message(ended))
        await socket.close(code=CLOSE_SESSION_ENDED)
