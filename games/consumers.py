"""WebSocket consumers: a game's table (``/ws/games/<id>/``), the lobby and the watch list.

Consumers parse and route messages and hand every change to ``games.services``; they never
change a record themselves.
"""

import asyncio
import logging
import weakref
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.db import close_old_connections
from django.utils import timezone

from accounts.services import user_seen, users_seen
from games import broadcast, selectors, services, sql
from games.errors import ErrorCode, GameError
from games.protocol import (
    LOBBY_BUDGET,
    PLAYER_BUDGET,
    SPECTATOR_BUDGET,
    Budget,
    error_message,
    parse_message,
)
from games.state import game_state, keep_record

log = logging.getLogger(__name__)


def _in_thread(
    outbox: broadcast.Outbox, function: Callable[..., Any], args: tuple, kwargs: dict
) -> Any:
    # As channels' database_sync_to_async: stale connections are closed before and after.
    close_old_connections()
    try:
        return broadcast.collect(outbox, function, *args, **kwargs)
    finally:
        close_old_connections()


def db(function: Callable[..., Any]) -> Callable[..., Awaitable[Any]]:
    """Runs database work from a consumer on a worker thread of the loop's pool (not the one
    thread Channels shares by default), so one slow request never queues every other game's.

    What the work sends to groups once it commits is sent from the event loop when it returns
    (``broadcast.collect``), even if it then raises, or if the consumer is cancelled meanwhile.

    The work is handed to the pool directly rather than through asgiref's ``sync_to_async``,
    whose context copying and future juggling were a tenth of the event loop's work on a move.
    The work sees no context variables of the consumer (it needs none) and sends to groups only
    by collecting (no ``async_to_sync`` from the thread)."""

    async def call(*args: Any, **kwargs: Any) -> Any:
        outbox: broadcast.Outbox = []
        loop = asyncio.get_running_loop()
        work = loop.run_in_executor(None, _in_thread, outbox, function, args, kwargs)
        try:
            return await asyncio.shield(work)
        finally:
            if not work.done():  # cancelled: the work still runs, and sends what it commits
                await asyncio.wait([work])
            await broadcast.flush(outbox)

    return call


CLOSE_NOT_FOUND = 4404
HEARTBEAT_WRITE_EVERY = 30.0  # seconds between the heartbeats of one socket that are written


class BaseConsumer(AsyncJsonWebsocketConsumer):
    """Parses inbound text, spends the budget, dispatches by ``type``, answers errors."""

    budget: Budget
    handlers: dict[str, str] = {}

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Calls the handler of an ASGI or group message.

        Channels' own dispatch first closes stale database connections on the one thread it
        shares for synchronous work, before every message: four hops through that one thread
        for every move's state under load. These consumers touch the database only through
        ``db()``, which closes stale connections on its own thread, so they skip it.
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        try:
            if not self.budget.spend():
                raise GameError(
                    ErrorCode.RATE_LIMITED, "Too many messages: wait a few seconds and try again."
                )
            message = parse_message(text_data)
            name = self.handlers.get(message["type"])
            if name is None:
                raise GameError(ErrorCode.BAD_REQUEST, f"Unknown message type {message['type']!r}.")
            handler: Callable[[dict[str, Any]], Awaitable[None]] = getattr(self, name)
            await handler(message)
        except GameError as error:
            await self.send_json(error_message(error))
        except Exception:  # never drop the connection for one bad message
            log.exception("error handling a WebSocket message")
            await self.send_json(
                {"type": "error", "code": "server_error", "error": "The server could not do that."}
            )

    async def on_ping(self, message: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})


class GameConsumer(BaseConsumer):
    """A game's players and spectators: state on connect and after every change."""

    handlers = {
        "move": "on_move",
        "resign": "on_resign",
        "draw": "on_draw",
        "takeback": "on_takeback",
        "rematch": "on_rematch",
        "sync": "on_sync",
        "ping": "on_ping",
    }

    async def connect(self) -> None:
        self.joined = False
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        session = self.scope.get("session")
        self.actor = services.Actor.of(
            self.scope.get("user"), session.session_key if session else None
        )
        self.last_heartbeat = 0.0
        await self.accept()
        try:
            self.color = await db(services.connection_open)(
                game_id=self.game_id, channel_name=self.channel_name, actor=self.actor
            )
        except GameError as error:
            await self.send_json(error_message(error))
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.budget = Budget(PLAYER_BUDGET if self.color else SPECTATOR_BUDGET)
        await self.channel_layer.group_add(broadcast.game_group(self.game_id), self.channel_name)
        self.joined = True
        await self.on_sync({})
        start_sweeper()

    async def disconnect(self, code: int) -> None:
        if not getattr(self, "joined", False):
            return
        await self.channel_layer.group_discard(
            broadcast.game_group(self.game_id), self.channel_name
        )
        await db(services.connection_close)(channel_name=self.channel_name)

    # --- inbound ------------------------------------------------------------------------
    async def on_sync(self, message: dict[str, Any]) -> None:
        state = await db(load_state)(self.game_id)
        await self.send_json({"type": "state", **state})

    async def on_ping(self, message: dict[str, Any]) -> None:
        loop_time = asyncio.get_running_loop().time()
        if loop_time - self.last_heartbeat >= HEARTBEAT_WRITE_EVERY:
            self.last_heartbeat = loop_time
            heartbeats().connection(self.channel_name)
        await self.send_json({"type": "pong"})

    async def on_move(self, message: dict[str, Any]) -> None:
        move, path = message.get("move"), message.get("path")
        if move is None and path is None:
            raise GameError(ErrorCode.BAD_REQUEST, "A move message needs move (text) or path.")
        if "ply" not in message:
            raise GameError(ErrorCode.BAD_REQUEST, "A move message needs the ply it is for.")
        await db(services.game_play)(
            game_id=self.game_id,
            actor=self.actor,
            ply=message["ply"],
            text=move,
            path=path,
            promotion=message.get("promotion"),
            answer=False,  # the state goes to every connection, this one's included
        )

    async def on_resign(self, message: dict[str, Any]) -> None:
        await db(services.game_resign)(game_id=self.game_id, actor=self.actor)

    async def on_draw(self, message: dict[str, Any]) -> None:
        await db(services.game_draw)(
            game_id=self.game_id, actor=self.actor, action=message.get("action")
        )

    async def on_takeback(self, message: dict[str, Any]) -> None:
        await db(services.game_takeback)(game_id=self.game_id, actor=self.actor)

    async def on_rematch(self, message: dict[str, Any]) -> None:
        await db(services.game_rematch)(game_id=self.game_id, actor=self.actor)

    # --- group events -----------------------------------------------------------------------
    async def game_state(self, event: dict[str, Any]) -> None:
        await self.send(text_data=event["text"])

    async def game_presence(self, event: dict[str, Any]) -> None:
        await self.send_json(
            {
                "type": "presence",
                "presence": event["presence"],
                "spectators": event["spectators"],
                "absence": event.get("absence"),
            }
        )

    async def game_analysis(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "analysis", **event["analysis"]})

    async def game_annotations(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "annotations", "annotations": event["annotations"]})


def load_state(game_id: str) -> dict[str, Any]:
    """Returns a game's state, first enforcing an absence clock that has run out."""
    game = sql.game_row(game_id)
    if game is None:
        raise GameError(ErrorCode.NOT_FOUND, f"There is no game {game_id}.")
    if game.absence_side:  # an absence is being counted: settle it, and read the result
        services.enforce_absence(game_id=game_id)
        game = selectors.game_by_id(game_id)
    services.bot_kick(game)  # after a restart, a bot game waiting for the bot resumes here
    state = game_state(game)
    keep_record(game)  # the next move here starts from this record: one statement
    return state


# The lobby sockets this process has open, by user: when a user's last one here closes, their
# seeks and challenges are withdrawn a little later (``leave_lobby_later``).
_lobby_sockets: Counter[int] = Counter()
_leaving: set[asyncio.Task] = set()


class UserGroupEvents:
    """The messages of a user's group (``user.<id>``): their challenges, a game of theirs
    starting."""

    async def user_challenges(self, event: dict[str, Any]) -> None:
        await self.send_json(
            {"type": "challenges", "incoming": event["incoming"], "outgoing": event["outgoing"]}
        )

    async def user_event(self, event: dict[str, Any]) -> None:
        await self.send_json(event["event"])


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
            await db(services.lobby_left)(user_id=user_id, unless_seen_since=left_at)
        except Exception:  # the sweep withdraws them later
            log.exception("withdrawing the seeks of a user who left the lobby failed")

    def start() -> None:
        task = loop.create_task(leave())
        _leaving.add(task)
        task.add_done_callback(_leaving.discard)

    loop.call_later(settings.LOBBY_LEAVE_GRACE, start)


class LobbyConsumer(UserGroupEvents, BaseConsumer):
    """The lobby: open seeks for everyone, and a signed-in user's challenges and game starts.

    A seek or a challenge made here lasts while its player is in the lobby: leaving it (the last
    lobby socket the user has open on this process, and not back within ``LOBBY_LEAVE_GRACE``)
    withdraws them; a process that dies leaves them to the sweep, once the player's heartbeat
    is stale. An invite link's page keeps its challenger in the lobby."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}

    async def connect(self) -> None:
        self.budget = Budget(LOBBY_BUDGET)
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        self.last_seen_write: float | None = None
        await self.accept()
        if self.user_id is not None:
            _lobby_sockets[self.user_id] += 1
            self.counted = True
        start_sweeper()
        await self.seen()
        await self.channel_layer.group_add(broadcast.LOBBY_GROUP, self.channel_name)
        if self.user_id is not None:
            await self.channel_layer.group_add(
                broadcast.user_group(self.user_id), self.channel_name
            )
        await self.on_sync({})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(broadcast.LOBBY_GROUP, self.channel_name)
        if getattr(self, "user_id", None) is not None:
            await self.channel_layer.group_discard(
                broadcast.user_group(self.user_id), self.channel_name
            )
        if getattr(self, "counted", False):
            self.counted = False
            _lobby_sockets[self.user_id] -= 1
            if _lobby_sockets[self.user_id] <= 0:
                del _lobby_sockets[self.user_id]
                heartbeats().users.discard(self.user_id)  # written later, it would say "back"
                leave_lobby_later(self.user_id)

    async def seen(self) -> None:
        """Records a signed-in user as online (``/players/``): at once on connect, then with
        this process's next heartbeat write, at most every 30 seconds."""
        if self.user_id is None:
            return
        loop_time = asyncio.get_running_loop().time()
        last = self.last_seen_write
        if last is None:
            self.last_seen_write = loop_time
            await db(user_seen)(user_id=self.user_id)
        elif loop_time - last >= HEARTBEAT_WRITE_EVERY:
            self.last_seen_write = loop_time
            heartbeats().user(self.user_id)

    async def on_ping(self, message: dict[str, Any]) -> None:
        await self.seen()
        await self.send_json({"type": "pong"})

    async def on_sync(self, message: dict[str, Any]) -> None:
        seeks = await db(services.open_seeks)()
        await self.send_json({"type": "seeks", "seeks": seeks})
        if self.user_id is not None:
            challenges = await db(services.challenges_of)(self.user_id)
            await self.send_json({"type": "challenges", **challenges})

    async def lobby_seeks(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "seeks", "seeks": event["seeks"]})


CLOSE_SIGNED_OUT = 4401


class UserConsumer(UserGroupEvents, BaseConsumer):
    """A signed-in user's challenges and game starts on the site's other pages (``/ws/me/``),
    where the lobby is not open: the challenges made to them as they change, and the start of a
    game of theirs. Not being in the lobby: nothing of theirs stands on it."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}

    async def connect(self) -> None:
        self.budget = Budget(LOBBY_BUDGET)
        user = self.scope.get("user")
        self.user_id = user.pk if user is not None and user.is_authenticated else None
        await self.accept()
        if self.user_id is None:
            await self.send_json(
                {"type": "error", "code": "unauthenticated", "error": "Log in to be told."}
            )
            await self.close(code=CLOSE_SIGNED_OUT)
            return
        await self.channel_layer.group_add(broadcast.user_group(self.user_id), self.channel_name)
        await self.on_sync({})

    async def disconnect(self, code: int) -> None:
        if getattr(self, "user_id", None) is not None:
            await self.channel_layer.group_discard(
                broadcast.user_group(self.user_id), self.channel_name
            )

    async def on_sync(self, message: dict[str, Any]) -> None:
        challenges = await db(services.challenges_of)(self.user_id)
        await self.send_json({"type": "challenges", **challenges})


class WatchConsumer(BaseConsumer):
    """The live-games list of ``/watch/``: sent on connect and again, at most once a second,
    after any change."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}
    DEBOUNCE = 1.0

    async def connect(self) -> None:
        self.budget = Budget(LOBBY_BUDGET)
        self.pending: asyncio.Task | None = None
        await self.accept()
        await self.channel_layer.group_add(broadcast.WATCH_GROUP, self.channel_name)
        await self.on_sync({})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(broadcast.WATCH_GROUP, self.channel_name)
        if getattr(self, "pending", None):
            self.pending.cancel()

    async def on_sync(self, message: dict[str, Any]) -> None:
        games = await db(selectors.live_games)()
        await self.send_json({"type": "live_games", "games": games})

    async def watch_changed(self, event: dict[str, Any]) -> None:
        if self.pending is None or self.pending.done():
            self.pending = asyncio.ensure_future(self.send_later())

    async def send_later(self) -> None:
        await asyncio.sleep(self.DEBOUNCE)
        await self.on_sync({})


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
            await db(services.sweep)()
        except Exception:
            log.exception("the games sweep failed; it runs again in %s s", interval)


# --- heartbeats -----------------------------------------------------------------------------
class Heartbeats:
    """The heartbeats one process heard since it last wrote them, written together.

    Every open page pings every 20 s. Written one by one, at 2,000 sockets that was about 50
    statements a second, each a hop to a worker thread and a row lock, to keep rows fresh that
    only need to be younger than 90 s (``CONNECTION_STALE_AFTER``). Instead a process notes who
    pinged and writes them every ``HEARTBEAT_FLUSH_EVERY`` seconds: one statement for the
    game connections and one for the users, however many sockets it holds.
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
            await db(services.connections_seen)(channel_names=sorted(channels))
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
