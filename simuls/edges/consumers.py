"""A simul's socket (``/ws/simuls/<id>/``): the simul on connect and after each change (its
``Feed``), its boards' positions while it is played, ``gone`` when its host calls it off.

Built on the games app's ``BaseConsumer``: the same budgets, caps, error messages and message
size. Anyone may connect.
"""

from typing import Any

from games.domain.errors import GameError
from games.domain.protocol import error_message
from games.edges.consumers import CLOSE_NOT_FOUND, BaseConsumer
from simuls.edges.feeds import FEEDS


class SimulConsumer(BaseConsumer):
    """Anyone watching a simul."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}

    async def connect(self) -> None:
        self.joined = False
        self.simul_id = self.scope["url_route"]["kwargs"]["simul_id"]
        self.budget = self.shared_budget("other")
        await self.accept()
        if not await self.admit():
            return
        try:
            self.joined = True
            await FEEDS.of(self.simul_id).join(self)
        except GameError as missing:
            self.joined = False
            await self.send_json(error_message(missing))
            await self.close(code=CLOSE_NOT_FOUND)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "joined", False):
            self.joined = False
            FEEDS.of(self.simul_id).leave(self)

    async def send_text(self, text: str) -> None:
        await self.send(text_data=text)

    async def close_gone(self) -> None:
        await self.disconnect(CLOSE_NOT_FOUND)
        await self.close(code=CLOSE_NOT_FOUND)

    async def on_sync(self, message: dict[str, Any]) -> None:
        await FEEDS.of(self.simul_id).resend(self)
