"""Telling connected clients about a change, after the transaction that made it commits.

Group names: ``game.<id>`` (a game's players and spectators), ``lobby`` (the open seeks),
``watch`` (the live-games list), ``user.<id>`` (one user's challenges and game starts),
``follows.<id>`` (the sockets of the users who follow one user: their game starts).

Work a consumer runs on a worker thread (``games.edges.realtime.db``) collects what it would send
(``collect``) and the consumer sends it from the event loop when the work returns (``flush``),
instead of each message hopping back to the loop from the thread and waiting there.

Sending is best effort: it happens after the change committed, so a channel layer that fails
(Redis down or just back) must not turn a committed change into an error. Each message is tried
twice, each try bounded in time; what still fails is logged and handed back to the caller
(``flush``), and clients re-sync (static/js/socket.js).
"""

import asyncio
import logging
import threading
import weakref
from collections.abc import Callable
from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

log = logging.getLogger(__name__)

LOBBY_GROUP = "lobby"
WATCH_GROUP = "watch"

# Not a group: a game's next clock deadline, for the flag timer of the process that made the change
# (``games.services.flag_timer``), handed to the handler registered for it (``handle_locally``).
DEADLINES = "clock.deadlines"
Outbox = list[tuple[str, dict[str, Any]]]
_local_handlers: dict[str, Callable[[dict[str, Any]], None]] = {}
_collecting = threading.local()


def game_group(public_id: str) -> str:
    return f"game.{public_id}"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def sessions_group(user_id: int) -> str:
    """The group of a process's one listener to a signed-in player's sockets, which closes
    those of other sessions when they sign out everywhere else, and tells their sockets when
    they leave a team (``games.edges.session_feed``)."""
    return f"sessions.{user_id}"


# On a player's ``sessions_group``: they are no longer in a team (``team``: its public id).
TEAM_LEFT = "team.left"


def tell_team_left(user_id: int, team: str) -> None:
    """Tells the player's open sockets, once the change commits, that they left a team (or
    were taken out of it): a socket that was theirs as a member asks again whether it may
    stay (a team forum's topic: ``forum.edges.consumers``)."""
    send_on_commit(sessions_group(user_id), {"type": TEAM_LEFT, "team": team})


def follows_group(user_id: int) -> str:
    """The group of the ``/ws/me/`` sockets of everyone who follows the user: a follower's
    socket joins the group of each player they follow, so a game start is one message."""
    return f"follows.{user_id}"


def send_now(group: str, message: dict[str, Any]) -> None:
    """Sends a message to a group from synchronous code (into the outbox when collecting)."""
    outbox = getattr(_collecting, "outbox", None)
    if outbox is not None:
        outbox.append((group, message))
        return
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(flush)([(group, message)])  # best effort: never raises


def send_on_commit(group: str, message: dict[str, Any]) -> None:
    """Sends a message to a group once the current transaction commits (never if it rolls back)."""
    transaction.on_commit(lambda: send_now(group, message))


def collect(outbox: Outbox, function: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
    """Calls ``function``, keeping what it sends in ``outbox`` for ``flush``."""
    _collecting.outbox = outbox
    try:
        return function(*args, **kwargs)
    finally:
        _collecting.outbox = None


def handle_locally(name: str, handler: Callable[[dict[str, Any]], None]) -> None:
    """Hands the messages for ``name`` (``DEADLINES``; an app's own, such as the tournaments'
    wake-up) to ``handler`` in the process that sends them, on its event loop, instead of
    sending them anywhere."""
    _local_handlers[name] = handler


# A send that takes longer than this is given up (a layer whose server is unreachable can
# otherwise wait out its connection timeout), and tried once more after ``RETRY_AFTER``.
SEND_TIMEOUT = 2.0
RETRY_AFTER = 0.25


async def flush(outbox: Outbox) -> Outbox:
    """Sends collected messages in order, best effort; returns those that could not be sent
    (after a retry), which were logged. ``watch.changed`` goes out at most once a second."""
    layer = get_channel_layer()
    if layer is None:
        return []
    undelivered: Outbox = []
    for group, message in outbox:
        if group == DEADLINES or group in _local_handlers:  # to this process's own handler
            handler = _local_handlers.get(group)
            if handler is not None:
                handler(message)
            continue
        if group == WATCH_GROUP and message == WATCH_CHANGED:
            sent = await _best_effort(lambda: _watch_changed(layer))
        else:
            sent = await _best_effort(lambda g=group, m=message: layer.group_send(g, m))
        if not sent:
            log.warning(
                "could not send %s to %s: the channel layer failed twice",
                message.get("type"),
                group,
            )
            undelivered.append((group, message))
    return undelivered


async def _best_effort(send: Callable[[], Any]) -> bool:
    """Returns whether ``send()`` succeeded within ``SEND_TIMEOUT``, on the first try or on a
    second one ``RETRY_AFTER`` later."""
    for attempt in range(2):
        if attempt:
            await asyncio.sleep(RETRY_AFTER)
        try:
            await asyncio.wait_for(send(), SEND_TIMEOUT)
            return True
        except asyncio.CancelledError:
            raise
        except Exception:  # the layer's own errors (connection refused, timeouts, …)
            continue
    return False


# The live-games list changes with every move of every game, and its pages re-read it at most
# once a second anyway: a process tells them at once, then at most once a second (a change in
# between is told at the end of that second).
WATCH_CHANGED = {"type": "watch.changed"}
WATCH_EVERY = 1.0
_watch_pending: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_watch_tasks: set[asyncio.Task] = set()


async def _watch_changed(layer: Any) -> None:
    loop = asyncio.get_running_loop()
    if loop in _watch_pending:  # told less than a second ago: tell again when it has passed
        _watch_pending[loop] = True
        return
    _watch_pending[loop] = False
    await layer.group_send(WATCH_GROUP, dict(WATCH_CHANGED))

    def second_passed() -> None:
        changed_since = _watch_pending.pop(loop, False)
        if changed_since:
            task = loop.create_task(_watch_changed(layer))
            _watch_tasks.add(task)
            task.add_done_callback(_watch_tasks.discard)

    loop.call_later(WATCH_EVERY, second_passed)
