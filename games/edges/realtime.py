"""The realtime edge's machinery, below the consumers: running their database work off the
event loop (``db``), the heartbeats a process writes together (``Heartbeats``), its periodic
sweep (``start_sweeper``) and the lobby sockets it holds (``lobby_opened``/``lobby_closed``).
"""

import asyncio
import logging
import weakref
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone, translation

from accounts.services import users_seen
from common.i18n import active_language
from games.services.flag_timer import FlagTimer, timer
from games.services.lobby import lobby_left
from games.services.presence import connections_seen, spectators_message
from games.services.sweep import sweep
from games.services.timeout import deadlines, flag_games
from games.storage import broadcast

log = logging.getLogger(__name__)


def _in_thread(
    outbox: broadcast.Outbox,
    language: str | None,
    function: Callable[..., Any],
    args: tuple,
    kwargs: dict,
) -> Any:
    # As channels' database_sync_to_async: stale connections are closed before and after.
    close_old_connections()
    try:
        # The consumer's language (its connection's): the sentences the work refuses with are
        # written in it. The pool's threads see no context variables of the event loop.
        with translation.override(language):
            return broadcast.collect(outbox, function, *args, **kwargs)
    finally:
        close_old_connections()


Undelivered = Callable[[broadcast.Outbox], Awaitable[None]]


def db(
    function: Callable[..., Any], undelivered: Undelivered | None = None
) -> Callable[..., Awaitable[Any]]:
    """Runs database work from a consumer on a worker thread of the loop's pool (not the one
    thread Channels shares by default), so one slow request never queues every other game's.

    What the work sends to groups once it commits is sent from the event loop when it returns
    (``broadcast.collect``), even if it then raises, or if the consumer is cancelled meanwhile.

    The work is handed to the pool directly rather than through asgiref's ``sync_to_async``,
    whose context copying and future juggling were a tenth of the event loop's work on a move.
    The work sees no context variables of the consumer (it needs none) and sends to groups only
    by collecting (no ``async_to_sync`` from the thread).

    Sending is best effort (``broadcast.flush``): what the channel layer could not take is
    given to ``undelivered``, so a consumer can at least tell its own client (a mover whose
    move committed while Redis was down still sees it played)."""

    async def call(*args: Any, **kwargs: Any) -> Any:
        outbox: broadcast.Outbox = []
        loop = asyncio.get_running_loop()
        language = active_language()
        work = loop.run_in_executor(None, _in_thread, outbox, language, function, args, kwargs)
        try:
            return await asyncio.shield(work)
        finally:
            if not work.done():  # cancelled: the work still runs, and sends what it commits
                await asyncio.wait([work])
            failed = await broadcast.flush(outbox)
            if failed and undelivered is not None:
                await undelivered(failed)

    return call


# --- spectators, counted and told at most once a second ---------------------------------------
SPECTATORS_EVERY = 1.0
_spectators_pending: set[str] = set()
_spectator_tasks: set[asyncio.Task] = set()


def spectators_changed(game_id: str) -> None:
    """Tells the game's table its spectator count ``SPECTATORS_EVERY`` from now, once for every
    spectator who came or went meanwhile (from the event loop)."""
    if game_id in _spectators_pending:
        return
    _spectators_pending.add(game_id)
    loop = asyncio.get_running_loop()

    def due() -> None:
        task = loop.create_task(_tell_spectators(game_id))
        _spectator_tasks.add(task)
        task.add_done_callback(_spectator_tasks.discard)

    loop.call_later(SPECTATORS_EVERY, due)


async def _tell_spectators(game_id: str) -> None:
    _spectators_pending.discard(game_id)
    try:
        message = await db(spectators_message)(game_id=game_id)
    except Exception:
        log.exception("counting the spectators of %s failed", game_id)
        return
    if message is not None:
        await broadcast.flush([(broadcast.game_group(game_id), message)])


# --- the lobby sockets of this process --------------------------------------------------------
# The lobby sockets this process has open, by user: when a user's last one here closes, their
# seeks and challenges are withdrawn a little later (``leave_lobby_later``).
_lobby_sockets: Counter[int] = Counter()
_leaving: set[asyncio.Task] = set()


def lobby_opened(user_id: int) -> None:
    """Counts a lobby socket of the user opened on this process."""
    _lobby_sockets[user_id] += 1


def lobby_closed(user_id: int) -> None:
    """Counts a lobby socket of the user closed; when it was their last one here, what they
    offered in the lobby is withdrawn after the grace (``leave_lobby_later``)."""
    _lobby_sockets[user_id] -= 1
    if _lobby_sockets[user_id] <= 0:
        del _lobby_sockets[user_id]
        heartbeats().users.discard(user_id)  # written later, it would say "back"
        leave_lobby_later(user_id)


def leave_lobby_later(user_id: int) -> None:
    """Withdraws a user's seeks and challenges ``LOBBY_LEAVE_GRACE`` seconds after their last
    lobby socket here closed, unless one of theirs has opened since, here or (by the time it
    wrote) on another process. A process that dies first leaves them to the sweep."""
    loop = asyncio.get_running_loop()
    left_at = timezone.now()

    async def leave() -> None:
        if _lobby_sockets.get(user_id):
            return  # back on this process
        try:
            await db(lobby_left)(user_id=user_id, unless_seen_since=left_at)
        except Exception:  # the sweep withdraws them later
            log.exception("withdrawing the seeks of a user who left the lobby failed")

    def start() -> None:
        task = loop.create_task(leave())
        _leaving.add(task)
        task.add_done_callback(_leaving.discard)

    loop.call_later(settings.LOBBY_LEAVE_GRACE, start)


# --- the flag timer ------------------------------------------------------------------------
async def flag_due(game_ids: list[str]) -> None:
    """Ends the games whose deadline the flag timer reached; any whose deadline is not passed
    by the database's check (it moved meanwhile) has its deadline noted again."""
    try:
        ended = set(await db(flag_games)(game_ids=game_ids))
        waiting = [game_id for game_id in game_ids if game_id not in ended]
        if waiting:
            for game_id, at in (await db(deadlines)(waiting)).items():
                flag_timer().set(game_id, at.timestamp())
    except Exception:  # the sweep ends them later
        log.exception("ending games on time failed")


def flag_timer() -> FlagTimer:
    """Returns this process's flag timer."""
    return timer(flag_due)


def deadline_told(message: dict[str, Any]) -> None:
    """Notes a game's deadline told by work of this process (``broadcast.DEADLINES``)."""
    flag_timer().set(message["game"], message["at"])


broadcast.handle_locally(broadcast.DEADLINES, deadline_told)


# --- the periodic sweep ---------------------------------------------------------------------
_sweepers: dict[int, asyncio.Task] = {}


def start_sweeper() -> None:
    """Starts this process's periodic sweep (abandonment, dead connections, seeks of owners
    who left) once per loop."""
    interval = getattr(settings, "GAMES_SWEEP_INTERVAL", 30)
    if not interval:
        return
    loop = asyncio.get_running_loop()
    task = _sweepers.get(id(loop))
    if task is None or task.done():
        _sweepers[id(loop)] = loop.create_task(run_sweeper(interval))


async def run_sweeper(interval: float) -> None:
    while True:
        await asyncio.sleep(interval)
        try:
            await db(sweep)()
        except Exception:
            log.exception("the games sweep failed; it runs again in %s s", interval)


# --- heartbeats -----------------------------------------------------------------------------
class Heartbeats:
    """The heartbeats one process heard since it last wrote them, written together.

    Every open page pings every ``PING_EVERY`` (20 s). Written one by one, at 2,000 sockets that
    was about 50 statements a second, each a hop to a worker thread and a row lock, to keep rows
    fresh that only need to be younger than ``CONNECTION_STALE_AFTER`` (90 s). Instead a process
    notes who pinged and writes them every ``HEARTBEAT_FLUSH_EVERY`` seconds: one statement for
    the game connections and one for the users, however many sockets it holds.
    """

    def __init__(self) -> None:
        self.channels: set[str] = set()
        self.users: set[int] = set()
        self.task: asyncio.Task | None = None

    def connection(self, channel_name: str) -> None:
        self.channels.add(channel_name)
        self._start()

    def user(self, user_id: int) -> None:
        self.users.add(user_id)
        self._start()

    def _start(self) -> None:
        if self.task is None or self.task.done():
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def _run(self) -> None:
        while self.channels or self.users:
            every = settings.HEARTBEAT_FLUSH_EVERY
            await asyncio.sleep(every)
            try:
                await self.flush()
            except Exception:
                log.exception("writing heartbeats failed; the next are written in %s s", every)

    async def flush(self) -> None:
        """Writes the heartbeats heard so far (those heard meanwhile wait for the next write)."""
        channels, self.channels = self.channels, set()
        users, self.users = self.users, set()
        if channels:
            await db(connections_seen)(channel_names=sorted(channels))
        if users:
            await db(users_seen)(user_ids=sorted(users))


_heartbeats: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def heartbeats() -> Heartbeats:
    """Returns the running loop's (this process's) heartbeats."""
    loop = asyncio.get_running_loop()
    found = _heartbeats.get(loop)
    if found is None:
        found = _heartbeats[loop] = Heartbeats()
    return found
