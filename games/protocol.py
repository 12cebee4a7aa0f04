"""The WebSocket protocol at the edge: parsing inbound messages and the per-connection budget.

Every inbound message is a JSON object with a ``type``; anything else is refused with a reason
and the connection stays open. The text is decoded by ``chesskers_site.edge.load_json``: bounded
nesting, only text the database can store. What each type carries is checked by its schema
(``games.schemas``) before any service sees it.
"""

import time
from dataclasses import dataclass, field
from typing import Any

from chesskers_site.edge import EdgeRefusal, load_json
from games.errors import ErrorCode, GameError

MAX_MESSAGE_BYTES = 4096


def parse_message(text: str | None) -> dict[str, Any]:
    """Returns the inbound message as a dict with a string ``type``, or raises ``bad_request``."""
    if text is None:
        raise GameError(ErrorCode.BAD_REQUEST, "Messages are JSON text, not binary.")
    if len(text) > MAX_MESSAGE_BYTES:
        raise GameError(ErrorCode.BAD_REQUEST, "That message is too long.")
    try:
        message = load_json(text)
    except EdgeRefusal as refusal:
        raise GameError(ErrorCode.BAD_REQUEST, f"Messages are JSON objects. {refusal}") from None
    if not isinstance(message, dict):
        raise GameError(ErrorCode.BAD_REQUEST, "Messages are JSON objects with a type.")
    if not isinstance(message.get("type"), str):
        raise GameError(ErrorCode.BAD_REQUEST, "A message needs a type.")
    return message


@dataclass
class Budget:
    """A sliding-window message budget: at most ``limit`` messages per ``window`` seconds."""

    limit: int
    window: float
    stamps: list[float] = field(default_factory=list)

    def spend(self, now: float | None = None) -> bool:
        """Counts one message; returns False (and counts nothing) when the budget is spent."""
        now = time.monotonic() if now is None else now
        cutoff = now - self.window
        while self.stamps and self.stamps[0] <= cutoff:
            self.stamps.pop(0)
        if len(self.stamps) >= self.limit:
            return False
        self.stamps.append(now)
        return True


def error_message(error: GameError) -> dict[str, Any]:
    """Returns the ``error`` message of a refusal (its code from ``ErrorCode``)."""
    return {"type": "error", "code": error.code.value, "error": error.message}


SERVER_ERROR = GameError(ErrorCode.SERVER_ERROR, "The server could not do that.")
