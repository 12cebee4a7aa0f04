"""WebSocket consumers: a game's table (``/ws/games/<id>/``), the lobby, a user's notices
(``/ws/me/``) and the watch list.

Consumers parse each message by its schema (``games.domain.schemas``), hand every change to the
services and every read to ``games.reads``, on a worker thread (``realtime.db``); they never change
a record themselves. Unknown types and malformed messages get an ``error`` message, never an
exception; ``connect`` accepts or closes explicitly (4401 signed out, 4404 no game, 4429 too many
sockets: ``games.edges.sockets``; later, 4440: ``games.edges.session_feed``). A user's sockets
of one kind share one message budget (an address's, signed out) across every process.
"""

import asyncio
import contextlib
import logging
from collections.abc import Awaitable, Callable
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.selectors import language_of
from accounts.services import user_seen
from common.dispatch import serve
from common.i18n import hold_language, scope_language
from community.selectors import following_ids, hidden_usernames
from games.domain import wire
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import HEARTBEAT_WRITE_EVERY
from games.domain.protocol import SERVER_ERROR, error_message, parse_message
from games.domain.schemas import MoveRequest, chat_text, draw_action, takeback_action
from games.edges import session_feed
from games.edges.realtime import (
    db,
    heartbeats,
    lobby_closed,
    lobby_opened,
    spectators_changed,
    start_sweeper,
)
from games.edges.sockets import CLOSE_TOO_MANY, LEDGER, spend
from games.edges.watching import WATCHING
from games.models import Game
from games.reads.chat import ChatSeat, chat_opening
from games.reads.lobby import challenges_of, open_seeks
from games.reads.state import with_legal_tree
from games.services.chat import chat_send
from games.services.core import Actor
from games.services.presence import connection_close, connection_open, seat_of
from games.services.round import Round
from games.storage import broadcast, sql

log = logging.getLogger(__name__)

CLOSE_SIGNED_OUT = 4401
CLOSE_NOT_FOUND = 4404
CLOSE_SERVER_ERROR = 4500  # try again later; not 1011: Daphne sends only 1000 or 3000-4999

ADDRESS_FULL = gettext_lazy("Too many open connections from your address: close some pages.")
GAME_FULL = gettext_lazy("This game has as many spectators as it can take: try later.")


class BaseConsumer(AsyncJsonWebsocketConsumer):
    """Parses inbound text, spends the budget, dispatches by ``type``, answers errors."""

    # The budget this socket's messages are counted against: (kind, who) (``games.edges.sockets``).
    budget: tuple[str, str]
    handlers: dict[str, str] = {}
    # What this socket holds in the process's ledger (``games.edges.sockets``), given back on close.
    _counted: tuple[str, str | None] | None = None
    # The language this socket is answered in, chosen when it connects.
    language: str | None = None
    _player: int | None = None  # its signed-in player's id (``games.edges.session_feed``)

    def address(self) -> str:
        client = self.scope.get("client")
        return str(client[0]) if client else "unknown"

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        # Served with one long-lived reader task per source (``common.dispatch.serve``). However
        # the socket ends — closed by either side, refused, failed while connecting or cancelled
        # by the server — what it holds in the ledger is given back.
        try:
            await serve(self, scope, receive, send)
        finally:
            self.release()

    async def websocket_connect(self, message: dict[str, Any]) -> None:
        """Connects, or, if connecting fails (the database or the channel layer refusing, say),
        gives back what the socket holds, tells the client and closes (4500: try again later)."""
        try:
            await super().websocket_connect(message)
        except Exception:
            log.exception("a socket failed while connecting")
            self.release()
            with contextlib.suppress(Exception):  # the socket may be gone already
                await self.send_json(error_message(SERVER_ERROR))
            await self.close(code=CLOSE_SERVER_ERROR)

    async def admit(self, game_id: str | None = None, exempt: bool = False) -> bool:
        """Counts this (accepted) socket against its address's cap and, with ``game_id``, its
        game's, and among its player's sockets; if the address is full (and the socket not
        ``exempt``: a player at their own game), tells the client why and closes (4429)."""
        address = self.address()
        if LEDGER.address_full(address) and not exempt:
            await self.refuse(ADDRESS_FULL)
            return False
        LEDGER.open(address, game_id)
        self._counted = (address, game_id)
        self._player = await session_feed.join(self)
        return True

    def release(self) -> None:
        """Gives back this socket's place in the ledger and among its player's sockets (once)."""
        if self._counted is not None:
            LEDGER.close(*self._counted)
            self._counted = None
        self._player = session_feed.leave(self._player, self)

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        """Sends a message, in ``part`` messages if it is larger than a message may be
        (``games.domain.wire``): Daphne closes a socket that is sent more."""
        if text_data is not None:
            for text in wire.parts_of(text_data):
                await super().send(text_data=text)
            text_data = None
        if bytes_data is not None or close:
            await super().send(bytes_data=bytes_data, close=close)

    async def send_json(self, content: Any, close: bool = False) -> None:  # Channels' skips send
        await self.send(text_data=await self.encode_json(content), close=close)

    async def refuse(self, sentence: str) -> None:
        await self.send_json(error_message(GameError(ErrorCode.RATE_LIMITED, sentence)))
        await self.close(code=CLOSE_TOO_MANY)

    def shared_budget(self, kind: str) -> tuple[str, str]:
        """Returns the budget this socket spends from: its user's (signed out, its address's)
        for sockets of ``kind`` (``player``, or ``other``: every socket but a player's)."""
        user_id = signed_in_id(self.scope)
        return kind, f"user:{user_id}" if user_id is not None else f"address:{self.address()}"

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Calls the message's handler (``handle``) in the connection's language, chosen at
        connect as a page's is (``common.i18n.scope_language``): the refusals it sends, and the
        database work it does on worker threads (``realtime.db``), are written in it. It is set
        once in each reader's context (``common.dispatch``), not around every message: each
        setting is an ``asgiref.local`` storage that would live until the socket's next one."""
        if self.language is None:
            self.language = await self.connection_language()
        hold_language(self.language)
        await self.handle(message)

    async def connection_language(self) -> str:
        user_id = signed_in_id(self.scope)
        account = ""
        if user_id is not None:
            try:
                account = await db(language_of)(user_id)
            except Exception:  # the cookie and the browser's languages still choose one
                log.exception("reading a user's language failed")
        return scope_language(self.scope, account)

    async def handle(self, message: dict[str, Any]) -> None:
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
            if not await spend(*self.budget):
                raise GameError(
                    ErrorCode.RATE_LIMITED,
                    _("Too many messages: wait a few seconds and try again."),
                )
            message = parse_message(text_data)
            name = self.handlers.get(message["type"])
            if name is None:
                raise GameError(
                    ErrorCode.BAD_REQUEST,
                    _("Unknown message type %(type)s.") % {"type": repr(message["type"])},
                )
            handler: Callable[[dict[str, Any]], Awaitable[None]] = getattr(self, name)
            await handler(message)
        except GameError as error:
            await self.send_json(error_message(error))
        except Exception:  # never drop the connection for one bad message
            log.exception("error handling a WebSocket message")
            await self.send_json(error_message(SERVER_ERROR))

    async def on_ping(self, message: dict[str, Any]) -> None:
        await self.send_json({"type": "pong"})


def wants_legal_tree(scope: dict[str, Any]) -> bool:
    """Returns whether a game socket asked for the legal moves in their compact form
    (``/ws/games/<id>/?legal=tree``: the site's own game page); any other socket gets the list
    the API documents."""
    query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
    return query.get("legal") == ["tree"]


def signed_in_id(scope: dict[str, Any]) -> int | None:
    user = scope.get("user")
    return user.pk if user is not None and user.is_authenticated else None


class GameConsumer(BaseConsumer):
    """A game's players and spectators: state on connect and after every change."""

    handlers = {
        "move": "on_move",
        "resign": "on_resign",
        "draw": "on_draw",
        "takeback": "on_takeback",
        "abort": "on_abort",
        "rematch": "on_rematch",
        "give_time": "on_give_time",
        "claim_win": "on_claim_win",
        "berserk": "on_berserk",
        "chat": "on_chat",
        "sync": "on_sync",
        "ping": "on_ping",
    }

    async def connect(self) -> None:
        self.joined = False
        self.chat: ChatSeat | None = None
        self.game_id = self.scope["url_route"]["kwargs"]["game_id"]
        self.round = Round(self.game_id)
        self.legal_tree = wants_legal_tree(self.scope)
        session = self.scope.get("session")
        self.actor = Actor.of(self.scope.get("user"), session.session_key if session else None)
        self.last_heartbeat = 0.0
        await self.accept()
        # Players always sit down at their own game, whatever the caps.
        address_full = LEDGER.address_full(self.address())
        player = False
        if address_full or LEDGER.game_full(self.game_id):
            player = await db(self.is_player)()
            if not player and not address_full:
                await self.refuse(GAME_FULL)
                return
        if not await self.admit(self.game_id, exempt=player):
            return
        try:
            self.color = await db(connection_open)(
                game_id=self.game_id, channel_name=self.channel_name, actor=self.actor
            )
        except GameError as error:
            await self.send_json(error_message(error))
            await self.close(code=CLOSE_NOT_FOUND)
            return
        if self.color:
            self.budget = self.shared_budget("player")
        else:
            self.budget = self.shared_budget("other")
            spectators_changed(self.game_id)
        await self.channel_layer.group_add(broadcast.game_group(self.game_id), self.channel_name)
        self.joined = True
        texts, self.chat, chat_texts = await db(load_opening)(
            self.game_id, self.legal_tree, self.actor.user_id
        )
        for text in [*texts, *chat_texts]:
            await self.send(text_data=text)
        start_sweeper()

    def is_player(self) -> bool:
        """Returns whether this socket's actor has a seat at the game (a cap on spectators
        never keeps a player out)."""
        game = sql.game_row(self.game_id)
        return game is not None and seat_of(game, self.actor) is not None

    async def disconnect(self, code: int) -> None:
        if not getattr(self, "joined", False):
            return
        await self.channel_layer.group_discard(
            broadcast.game_group(self.game_id), self.channel_name
        )
        await db(connection_close)(channel_name=self.channel_name)
        if not self.color:
            spectators_changed(self.game_id)

    # --- inbound ------------------------------------------------------------------------
    async def on_sync(self, message: dict[str, Any]) -> None:
        for text in await db(load_state)(self.game_id, self.legal_tree):
            await self.send(text_data=text)

    async def on_ping(self, message: dict[str, Any]) -> None:
        loop_time = asyncio.get_running_loop().time()
        if loop_time - self.last_heartbeat >= HEARTBEAT_WRITE_EVERY:
            self.last_heartbeat = loop_time
            heartbeats().connection(self.channel_name)
        await self.send_json({"type": "pong"})

    async def on_move(self, message: dict[str, Any]) -> None:
        move = MoveRequest.from_message(message)
        # The state goes to every connection, this one's included: none is built to answer.
        await db(self.round.play, self.tell_undelivered)(actor=self.actor, move=move, answer=False)

    async def on_resign(self, message: dict[str, Any]) -> None:
        await db(self.round.resign, self.tell_undelivered)(actor=self.actor)

    async def on_draw(self, message: dict[str, Any]) -> None:
        action = draw_action(message)
        await db(self.round.draw, self.tell_undelivered)(actor=self.actor, action=action)

    async def on_takeback(self, message: dict[str, Any]) -> None:
        action = takeback_action(message)
        await db(self.round.takeback, self.tell_undelivered)(actor=self.actor, action=action)

    async def on_abort(self, message: dict[str, Any]) -> None:
        await db(self.round.abort, self.tell_undelivered)(actor=self.actor)

    async def on_rematch(self, message: dict[str, Any]) -> None:
        await db(self.round.rematch, self.tell_undelivered)(actor=self.actor)

    async def tell_undelivered(self, failed: broadcast.Outbox) -> None:
        """Sends this socket the game's messages that its group did not get (the channel layer
        failed after the change committed): the client who acted sees what it did."""
        group = broadcast.game_group(self.game_id)
        for to, message in failed:
            if to == group:
                await self.dispatch(message)

    async def on_give_time(self, message: dict[str, Any]) -> None:
        await db(self.round.give_time)(actor=self.actor)

    async def on_claim_win(self, message: dict[str, Any]) -> None:
        await db(self.round.claim_win, self.tell_undelivered)(actor=self.actor)

    async def on_berserk(self, message: dict[str, Any]) -> None:
        await db(self.round.berserk, self.tell_undelivered)(actor=self.actor)

    async def on_chat(self, message: dict[str, Any]) -> None:
        # A refusal says it is about the chat: the page shows it there, and the game's state
        # is unchanged (no sync needed).
        try:
            text = chat_text(message.get("text"))
            await db(chat_send)(game_id=self.game_id, actor=self.actor, text=text)
        except GameError as error:
            await self.send_json({**error_message(error), "about": "chat"})

    # --- group events -----------------------------------------------------------------------
    async def game_state(self, event: dict[str, Any]) -> None:
        # One event for the whole group: a socket that asked for the tree slices it in.
        tree = self.legal_tree and "tree" in event
        await self.send(text_data=with_legal_tree(event) if tree else event["text"])

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

    async def game_notice(self, event: dict[str, Any]) -> None:
        # A word for the table that is no part of the state (a draw offer declined).
        await self.send_json(event["message"])

    async def game_chat(self, event: dict[str, Any]) -> None:
        # A line goes to its room's readers (every socket once the game is over), never to a
        # user in a block with its writer (``games.services.chat``).
        line = event["line"]
        if self.chat is None or not self.chat.on or self.actor.user_id in event["hidden"]:
            return
        if event["over"] or line["room"] == self.chat.room:
            await self.send_json({"type": "chat", **line})


def open_game(game_id: str, tree: bool = False) -> tuple[Game, list[str]]:
    """Returns the record and the messages of a game's whole state for its socket
    (``Round.open``; with ``tree``, its legal moves as a tree)."""
    game, texts = Round(game_id).open(tree=tree)
    if game.status == Game.Status.LIVE and game.clock_deadline is not None:
        # This process's flag timer learns the deadline (after a restart, from the sockets).
        deadline = {"game": game.public_id, "at": game.clock_deadline.timestamp()}
        broadcast.send_now(broadcast.DEADLINES, deadline)
    return game, texts


def load_state(game_id: str, tree: bool = False) -> list[str]:
    """Returns the messages of a game's whole state for its socket (``open_game``)."""
    return open_game(game_id, tree)[1]


def load_opening(
    game_id: str, tree: bool, user_id: int | None
) -> tuple[list[str], ChatSeat, list[str]]:
    """Returns what a game socket is sent on connect, read in one go: the messages of the
    game's whole state, the viewer's chat seat, and the chat lines they may read
    (``games.reads.chat.chat_opening``)."""
    game, texts = open_game(game_id, tree)
    seat, chat_texts = chat_opening(game, user_id)
    return texts, seat, chat_texts


class UserGroupEvents:
    """A user's group's messages (``user.<id>``): challenges, game starts, blocks and follows."""

    async def user_challenge(self, event: dict[str, Any]) -> None:
        await self.send_json({"type": "challenge", "challenge": event["challenge"]})

    async def user_event(self, event: dict[str, Any]) -> None:
        await self.send_json(event["event"])

    async def user_relations(self, event: dict[str, Any]) -> None:
        """A block or follow of theirs made or undone (``games.edges.receivers``)."""
        await self.relations_changed()


class LobbyConsumer(UserGroupEvents, BaseConsumer):
    """The lobby: open seeks for everyone, and a signed-in user's challenges and game starts.

    A seek or a challenge made here lasts while its player is in the lobby: leaving it (the last
    lobby socket the user has open on this process, and not back within ``LOBBY_LEAVE_GRACE``)
    withdraws them; a process that dies leaves them to the sweep, once the player's heartbeat
    is stale. An invite link's page keeps its challenger in the lobby. A signed-in user is not
    shown the seeks of players in a block with them (kept as blocks change), which they could
    not accept."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}

    async def connect(self) -> None:
        self.budget = self.shared_budget("other")
        self.user_id = signed_in_id(self.scope)
        self.last_seen_write: float | None = None
        self.hidden: set[str] = set()
        await self.accept()
        if not await self.admit():
            return
        if self.user_id is not None:
            self.hidden = await db(hidden_usernames)(self.user_id)
        if self.user_id is not None:
            lobby_opened(self.user_id)
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
            lobby_closed(self.user_id)

    async def seen(self) -> None:
        """Records a signed-in user as online (``/players/``): at once on connect, then with
        this process's next heartbeat write, at most every ``HEARTBEAT_WRITE_EVERY``."""
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
        seeks = await db(open_seeks)(viewer_id=self.user_id)
        for text in wire.list_texts({"type": "seeks"}, "seeks", seeks, "seeks_changed"):
            await self.send(text_data=text)
        if self.user_id is not None:
            challenges = await db(challenges_of)(self.user_id)
            await self.send_json({"type": "challenges", **challenges})

    async def relations_changed(self) -> None:
        """Hides (or shows) at once the seeks of the players now in a block with the user."""
        self.hidden = await db(hidden_usernames)(self.user_id)
        await self.on_sync({})

    async def lobby_seeks_changed(self, event: dict[str, Any]) -> None:
        added = [seek for seek in event["added"] if seek["owner"] not in self.hidden]
        if added or event["removed"]:
            await self.send_json(
                {"type": "seeks_changed", "added": added, "removed": event["removed"]}
            )


class UserConsumer(UserGroupEvents, BaseConsumer):
    """A signed-in user's challenges and game starts on the site's other pages (``/ws/me/``),
    where the lobby is not open: the challenges made to them as they change, the start of a
    game of theirs, and the start of a game of a player they follow (the socket joins each
    followed player's ``follows.<id>`` group, kept as follows change). Not being in the
    lobby: nothing of theirs stands on it."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}

    async def connect(self) -> None:
        self.budget = self.shared_budget("other")
        self.user_id = signed_in_id(self.scope)
        self.following: list[int] = []
        await self.accept()
        if not await self.admit():
            return
        if self.user_id is None:
            signed_out = GameError(ErrorCode.UNAUTHENTICATED, _("Log in to be told."))
            await self.send_json(error_message(signed_out))
            await self.close(code=CLOSE_SIGNED_OUT)
            return
        await self.channel_layer.group_add(broadcast.user_group(self.user_id), self.channel_name)
        for followed in await db(following_ids)(self.user_id):
            await self.channel_layer.group_add(broadcast.follows_group(followed), self.channel_name)
            self.following.append(followed)
        await self.on_sync({})

    async def disconnect(self, code: int) -> None:
        if getattr(self, "user_id", None) is not None:
            await self.channel_layer.group_discard(
                broadcast.user_group(self.user_id), self.channel_name
            )
        for followed in getattr(self, "following", []):
            await self.channel_layer.group_discard(
                broadcast.follows_group(followed), self.channel_name
            )

    async def on_sync(self, message: dict[str, Any]) -> None:
        challenges = await db(challenges_of)(self.user_id)
        await self.send_json({"type": "challenges", **challenges})

    async def relations_changed(self) -> None:
        """Follows whom the user follows now; the challenges again (a block cancels some)."""
        now = await db(following_ids)(self.user_id)
        for followed in set(self.following) - set(now):
            await self.channel_layer.group_discard(
                broadcast.follows_group(followed), self.channel_name
            )
        for followed in set(now) - set(self.following):
            await self.channel_layer.group_add(broadcast.follows_group(followed), self.channel_name)
        self.following = list(now)
        await self.on_sync({})


class WatchConsumer(BaseConsumer):
    """The live-games list of ``/watch/``: whole on connect, then what changed, at most once a
    second (``games.edges.watching``)."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}

    async def connect(self) -> None:
        self.budget = self.shared_budget("other")
        self.watching = False
        await self.accept()
        if not await self.admit():
            return
        await self.channel_layer.group_add(broadcast.WATCH_GROUP, self.channel_name)
        self.watching = True
        await self.on_sync({})

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(broadcast.WATCH_GROUP, self.channel_name)
        if getattr(self, "watching", False):
            WATCHING.leave(self.send_text)

    async def send_text(self, text: str) -> None:
        await self.send(text_data=text)

    async def on_sync(self, message: dict[str, Any]) -> None:
        games = await WATCHING.join(self.send_text)
        for text in wire.list_texts({"type": "live_games"}, "games", games, "live_games_changed"):
            await self.send(text_data=text)

    async def watch_changed(self, event: dict[str, Any]) -> None:
        WATCHING.changed()
