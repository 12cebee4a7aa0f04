"""Telling a tournament's sockets and this process's director about a change, after it commits.

A tournament's group ``tournament.<id>`` carries two messages, each sent once whoever listens:
``tournament.changed`` (the standings or the games changed: each process's feed reads them
again, at most once a second) and ``tournament.paired`` (the games just started, by player).
``WAKE`` never leaves the process: it asks its director for a pass over one tournament soon (a
game of it ended here, so players may be free to pair).
"""

from collections.abc import Callable
from typing import Any

from games.storage import broadcast

WAKE = "tournaments.wake"
CHANGED = {"type": "tournament.changed"}

_wakers: list[Callable[[str], None]] = []


def group(public_id: str) -> str:
    return f"tournament.{public_id}"


def changed(public_id: str) -> None:
    """Tells the tournament's sockets, after commit, that it changed."""
    broadcast.send_on_commit(group(public_id), dict(CHANGED))


def paired(public_id: str, games: dict[int, str]) -> None:
    """Tells the tournament's sockets, after commit, the games that started (player id →
    game id): each player's own socket hears of theirs."""
    message = {"type": "tournament.paired", "games": {str(k): v for k, v in games.items()}}
    broadcast.send_on_commit(group(public_id), message)


def wake(public_id: str) -> None:
    """Asks this process's director, after commit, for a pass over the tournament soon."""
    broadcast.send_on_commit(WAKE, {"tournament": public_id})


def on_wake(waker: Callable[[str], None]) -> None:
    """Has ``waker(tournament id)`` called, on the event loop, for each ``wake`` of this
    process (the director's)."""
    _wakers.append(waker)


def _woken(message: dict[str, Any]) -> None:
    for waker in list(_wakers):
        waker(message["tournament"])


broadcast.handle_locally(WAKE, _woken)
