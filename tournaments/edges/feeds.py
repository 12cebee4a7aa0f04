"""A tournament's standings for the sockets a process holds open to it (``/ws/tournaments/<id>/``):
read once for all of them, at most once a second, and sent to each with its player's own line.

Each tournament a process has sockets to has one ``Feed``, which alone listens to the
tournament's group (its own channel, added to ``tournament.<id>``): a change there costs the
process one message, not one per socket. On ``tournament.changed`` the feed reads the
tournament again, at once if it last did a second ago or more, else when that second is up
(whatever changed meanwhile, once: ``STANDINGS_EVERY``), and sends every socket the
``tournament`` message: the top ``SOCKET_STANDINGS`` lines of the standings, built once, with
the socket's own line (``me``: null for a spectator) put in. On ``tournament.paired`` it tells
each player among its sockets their new game (``game_started``). The feed lives on the event
loop's thread, as the sockets do; with none left, it stops listening and keeps nothing.
"""

import json
import logging
from collections.abc import Awaitable, Callable
from typing import Any

from games.edges.group_feed import Feeds, GroupFeed
from games.edges.realtime import db
from tournaments.policy import SOCKET_STANDINGS, STANDINGS_EVERY
from tournaments.reads import Snapshot, own_line, payload, snapshot, tournament_by_id
from tournaments.services.tell import group

log = logging.getLogger(__name__)

Sender = Callable[[str], Awaitable[None]]


def read_snapshot(public_id: str) -> Snapshot:
    """Returns the tournament's snapshot read now (raises ``not_found``)."""
    return snapshot(tournament_by_id(public_id))


class Feed(GroupFeed):
    """One tournament's standings as this process's sockets were last told them, and those
    sockets (each known by the function that sends it a message's text, with its player's id
    or None)."""

    def __init__(self, public_id: str, on_empty: Callable[[str], None]) -> None:
        super().__init__(public_id, group(public_id), on_empty)
        self.snap: Snapshot | None = None
        self.shared: str | None = None  # the message's text but its ``me``

    async def join(self, send: Sender, user_id: int | None) -> None:
        """Adds a socket and sends it the tournament: as last read if other sockets have it,
        else read now (once, however many sockets join meanwhile)."""
        await self.admit(send, user_id)
        await send(self.text_for(user_id))

    async def start(self) -> None:
        await self.listen()
        self.keep(await db(read_snapshot)(self.public_id))

    def forget(self) -> None:
        self.snap = self.shared = None

    async def resend(self, send: Sender) -> None:
        """Sends one socket the tournament again (a ``sync``)."""
        if self.snap is not None:
            await send(self.text_for(self.sockets.get(send)))

    async def heard(self, message: dict[str, Any]) -> None:
        if message.get("type") == "tournament.changed":
            self.changed()
        elif message.get("type") == "tournament.paired":
            await self.paired(message["games"])

    # --- telling the sockets --------------------------------------------------------------
    def changed(self) -> None:
        """Reads the tournament again and tells every socket: at once if the last read was
        ``STANDINGS_EVERY`` ago, else when it will have been (once, however many changes)."""
        if self.sockets:
            self.due(STANDINGS_EVERY, self.refresh)

    async def refresh(self) -> None:
        if not self.sockets:
            return
        try:
            self.keep(await db(read_snapshot)(self.public_id))
        except Exception:
            log.exception("reading tournament %s failed", self.public_id)
            return
        for send, user_id in list(self.sockets.items()):
            await self.tell(send, self.text_for(user_id))

    async def paired(self, games: dict[str, str]) -> None:
        """Tells each player among the sockets the game of theirs that just started."""
        for send, user_id in list(self.sockets.items()):
            game = games.get(str(user_id)) if user_id is not None else None
            if game is not None:
                await self.tell(send, json.dumps({"type": "game_started", "game": game}))

    async def tell(self, send: Sender, text: str) -> None:
        try:
            await send(text)
        except Exception:  # a socket closing meanwhile: it leaves on its own
            log.debug("a tournament socket could not be told", exc_info=True)

    def keep(self, snap: Snapshot) -> None:
        self.snap = snap
        head = {"type": "tournament", **payload(snap, SOCKET_STANDINGS)}
        self.shared = json.dumps(head)

    def text_for(self, user_id: int | None) -> str:
        """Returns the ``tournament`` message of a socket: the shared text with its own line."""
        me = json.dumps(own_line(self.snap, user_id))
        return f'{self.shared[:-1]}, "me": {me}}}'


FEEDS: Feeds[Feed] = Feeds(Feed)
"""This process's feeds."""
