"""A client of the game socket's protocol as docs/api.md describes it, for tests that talk to a
real Daphne: it joins a message sent in parts, keeps a game's move list from ``state`` and
``moves`` messages (each replaces the list from its ``moves_from`` on) and notes the largest
message it received."""

import asyncio
import json
import time
from dataclasses import dataclass, field
from typing import Any


@dataclass
class Feed:
    """What one socket has heard: the game's moves as it keeps them, its last state, and every
    other message by type."""

    socket: Any
    moves: list[dict[str, Any]] = field(default_factory=list)
    state: dict[str, Any] | None = None
    largest: int = 0
    received: int = 0
    parts: dict[Any, list[str]] = field(default_factory=dict)
    gaps: int = 0

    async def next_message(self, timeout: float = 10) -> dict[str, Any]:
        """Returns the next whole message (a message sent in parts once its last part is in),
        after applying it to the move list."""
        while True:
            raw = await asyncio.wait_for(self.socket.recv(), timeout)
            self.received += 1
            self.largest = max(self.largest, len(raw.encode() if isinstance(raw, str) else raw))
            message = json.loads(raw)
            if message["type"] == "part":
                pieces = self.parts.setdefault(message["id"], [])
                pieces.append(message["text"])
                if message["index"] + 1 < message["count"]:
                    continue
                message = json.loads("".join(self.parts.pop(message["id"])))
            self.apply(message)
            return message

    def apply(self, message: dict[str, Any]) -> None:
        if message["type"] not in ("state", "moves"):
            return
        start = message["moves_from"]
        if start > len(self.moves):
            self.gaps += 1  # a page would sync here
            return
        self.moves[start:] = message["moves"]
        if message["type"] == "state":
            self.state = message

    async def until(self, kind: str, timeout: float = 10, **fields: Any) -> dict[str, Any]:
        """Returns the next message of type ``kind`` whose fields equal ``fields``; an ``error``
        met on the way fails the test."""
        deadline = time.monotonic() + timeout
        while True:
            message = await self.next_message(max(0.1, deadline - time.monotonic()))
            assert message["type"] != "error" or kind == "error", message
            if message["type"] == kind and all(message.get(k) == v for k, v in fields.items()):
                return message
