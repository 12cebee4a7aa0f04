"""The analysis board's socket (``/ws/analysis/``): anyone sends a position of any game and hears
the engine's best lines as its search deepens (``games.services.lines``).

Each socket has one analysis at most: a new ``analyse`` replaces the one running, ``stop``
(or closing the socket) ends it. Its reports come from the thread that reads the workers'
results and are sent from the event loop, in the order they came.
"""

import asyncio
from typing import Any

from games.domain.schemas import AnalyseRequest
from games.edges.consumers import BaseConsumer
from games.edges.realtime import db
from games.services.lines import board_analyse, board_stop


class AnalysisConsumer(BaseConsumer):
    """``/ws/analysis/``: ``analyse`` and ``stop`` in, ``eval`` (and ``error``) out."""

    handlers = {"analyse": "on_analyse", "stop": "on_stop", "ping": "on_ping"}
    analysing = False

    async def connect(self) -> None:
        self.budget = self.shared_budget("other")
        self.loop = asyncio.get_running_loop()
        # Reports are sent one after another from one queue, never two at once.
        self.outbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sender = self.loop.create_task(self.send_reports())
        await self.accept()
        await self.admit()

    async def disconnect(self, code: int) -> None:
        if self.analysing:
            self.analysing = False
            board_stop(owner=self.channel_name)
        sender = getattr(self, "sender", None)
        if sender is not None:
            sender.cancel()

    async def send_reports(self) -> None:
        while True:
            await self.send_json(await self.outbox.get())

    def deliver(self, message: dict[str, Any]) -> None:
        """Hands a report to the event loop (called from the workers' reader thread)."""
        self.loop.call_soon_threadsafe(self.outbox.put_nowait, message)

    async def on_analyse(self, message: dict[str, Any]) -> None:
        request = AnalyseRequest.from_message(message)
        self.analysing = True
        await db(board_analyse)(
            owner=self.channel_name,
            fen=request.fen,
            variant=request.variant,
            lines=request.lines,
            send=self.deliver,
        )

    async def on_stop(self, message: dict[str, Any]) -> None:
        if self.analysing:
            self.analysing = False
            await db(board_stop)(owner=self.channel_name)
