"""A simul for the sockets a process holds open to it (``/ws/simuls/<id>/``): read once for all
of them, and sent to each.

Each simul a process has sockets to has one ``Feed`` (on the games app's ``GroupFeed``), which
alone listens to the simul's group ``simul.<id>``: a change costs the process one message, not
one per socket. On ``simul.changed`` the feed reads the simul again, at once if it last did
``READ_EVERY`` ago or more, else when that is up (whatever changed meanwhile, once), and sends
every socket the ``simul`` message if it differs from the last. While the simul is played, it
also reads it every ``BOARDS_EVERY`` seconds, so that its boards follow their games' moves,
which the games app tells nobody above it. On ``simul.gone`` (called off) every socket is told
``gone`` and closed. With no socket left, it stops listening and keeps nothing.
"""

import json
import logging
from collections.abc import Callable
from typing import Any, Protocol

from games.domain.errors import GameError
from games.edges.group_feed import Feeds, GroupFeed
from games.edges.realtime import db
from simuls.models import Simul
from simuls.policy import BOARDS_EVERY, READ_EVERY
from simuls.reads import simul_object
from simuls.services import simul_group

log = logging.getLogger(__name__)

GONE = json.dumps({"type": "gone"})


class Socket(Protocol):
    async def send_text(self, text: str) -> None: ...

    async def close_gone(self) -> None: ...


class Feed(GroupFeed):
    """One simul as this process's sockets were last told it, and those sockets."""

    def __init__(self, public_id: str, on_empty: Callable[[str], None]) -> None:
        super().__init__(public_id, simul_group(public_id), on_empty)
        self.text: str | None = None

    async def join(self, socket: Socket) -> None:
        """Adds a socket and sends it the simul: as last read if other sockets have it, else
        read now (once, however many sockets join meanwhile). Raises ``not_found``."""
        await self.admit(socket)
        await socket.send_text(self.text)

    async def start(self) -> None:
        await self.listen()
        self.keep(await db(simul_object)(self.public_id))

    def forget(self) -> None:
        self.text = None

    async def resend(self, socket: Socket) -> None:
        """Sends one socket the simul again (a ``sync``)."""
        if self.text is not None:
            await socket.send_text(self.text)

    async def heard(self, message: dict[str, Any]) -> None:
        if message.get("type") == "simul.changed":
            self.changed(READ_EVERY)
        elif message.get("type") == "simul.gone":
            await self.gone()

    # --- telling the sockets --------------------------------------------------------------
    def changed(self, every: float) -> None:
        """Reads the simul again and tells every socket: at once if the last read was
        ``every`` ago, else when it will have been (once, however many changes)."""
        if self.sockets:
            self.due(every, self.refresh)

    async def refresh(self) -> None:
        if not self.sockets:
            return
        try:
            fresh = await db(simul_object)(self.public_id)
        except GameError:  # called off meanwhile
            await self.gone()
            return
        except Exception:
            log.exception("reading simul %s failed", self.public_id)
            return
        before = self.text
        self.keep(fresh)
        if self.text != before:
            for socket in list(self.sockets):
                await self.tell(socket, self.text)

    async def gone(self) -> None:
        for socket in list(self.sockets):
            await self.tell(socket, GONE)
            await socket.close_gone()

    async def tell(self, socket: Socket, text: str) -> None:
        try:
            await socket.send_text(text)
        except Exception:  # a socket closing meanwhile: it leaves on its own
            log.debug("a simul socket could not be told", exc_info=True)

    def keep(self, payload: dict[str, Any]) -> None:
        """Keeps the simul's message; while it is played, reads it again in ``BOARDS_EVERY``."""
        self.text = json.dumps({"type": "simul", "simul": payload})
        if payload["status"] == Simul.Status.STARTED:
            self.changed(BOARDS_EVERY)


FEEDS: Feeds[Feed] = Feeds(Feed)
"""This process's feeds."""
