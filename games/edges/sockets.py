"""What the sockets of one address, one game and one user may take: caps on the sockets one
server process holds open per address and per game (the ledger), and message budgets shared by
all the sockets of a user (or, signed out, of an address), counted across every process.

The ledger lives on the event loop's thread (consumers call it from there only), so it needs
no lock; it is per process, like the sockets it counts. The budgets are counted in Redis by
``common.throttle``, a few messages at a time (in the process's memory without Redis, or while
it is unreachable).
The address is the client's as the site's trusted proxy saw it (``common.clients``).
"""

from collections import Counter
from dataclasses import dataclass, field

from django.conf import settings

from common import throttle

# A consumer refused for too many sockets closes with this code: in the 4400s, which the pages
# take as "trying again cannot help" (static/js/socket.js).
CLOSE_TOO_MANY = 4429


def sockets_per_address() -> int:
    """Returns the most sockets one address may hold open on a process (0: no cap)."""
    return settings.SOCKETS_PER_ADDRESS


def budget_rate(kind: str) -> tuple[int, float]:
    """Returns the messages a user may send on sockets of ``kind`` (``player`` or ``other``)
    and the window they are counted over, in seconds (``settings.SOCKET_BUDGETS``)."""
    limit, window = settings.SOCKET_BUDGETS[kind].split("/")
    return int(limit), float(window)


def budget_lease(limit: int) -> int:
    """Returns how many messages of a budget of ``limit`` a process counts in Redis at a time
    (a twentieth: 5 of a player's 100): most messages then cost no round trip, and a user whose
    sockets are on two processes may be refused at most a lease early."""
    return max(1, limit // 20)


async def spend(kind: str, who: str) -> bool:
    """Counts one message of ``who`` (``user:<id>`` or ``address:<address>``) on sockets of
    ``kind`` against its budget, shared by every process (``throttle.spend_leased``); returns
    whether it is within it."""
    limit, window = budget_rate(kind)
    key = f"socket\n{kind}\n{who}"
    return await throttle.spend_leased(key, limit, window, budget_lease(limit))


def sockets_per_game() -> int:
    """Returns the most spectators' sockets one game may have on a process (0: no cap)."""
    return settings.SOCKETS_PER_GAME


@dataclass
class Ledger:
    """This process's open sockets by address and by game."""

    by_address: Counter = field(default_factory=Counter)
    by_game: Counter = field(default_factory=Counter)

    def address_full(self, address: str) -> bool:
        cap = sockets_per_address()
        return bool(cap) and self.by_address[address] >= cap

    def game_full(self, game_id: str) -> bool:
        cap = sockets_per_game()
        return bool(cap) and self.by_game[game_id] >= cap

    def open(self, address: str, game_id: str | None = None) -> None:
        self.by_address[address] += 1
        if game_id is not None:
            self.by_game[game_id] += 1

    def close(self, address: str, game_id: str | None = None) -> None:
        _decrement(self.by_address, address)
        if game_id is not None:
            _decrement(self.by_game, game_id)


def _decrement(counter: Counter, key: object) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


LEDGER = Ledger()
"""This process's ledger."""
