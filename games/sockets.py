"""What one server process lets the sockets of one address, one game and one user take: caps
on open sockets per address and per game, and message budgets shared by all the sockets of a
user (or, signed out, of an address) instead of one per socket.

The ledger lives on the event loop's thread (consumers call it from there only), so it needs
no lock; it is per process, like the sockets it counts. Behind a reverse proxy the address is
the client's only if Daphne reads the proxy's headers (``--proxy-headers``, docs/deployment.md).
"""

from collections import Counter
from dataclasses import dataclass, field

from django.conf import settings

from games.protocol import Budget

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


def sockets_per_game() -> int:
    """Returns the most spectators' sockets one game may have on a process (0: no cap)."""
    return settings.SOCKETS_PER_GAME


@dataclass
class Ledger:
    """This process's open sockets by address and by game, and the shared budgets by who."""

    by_address: Counter = field(default_factory=Counter)
    by_game: Counter = field(default_factory=Counter)
    budgets: dict[tuple[str, str], Budget] = field(default_factory=dict)
    budget_users: Counter = field(default_factory=Counter)

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

    def budget(self, kind: str, who: str) -> Budget:
        """Returns the budget every socket of ``kind`` (``budget_rate``) of ``who`` spends
        from; give it back with ``release_budget``."""
        key = (kind, who)
        if key not in self.budgets:
            limit, window = budget_rate(kind)
            self.budgets[key] = Budget(limit, window)
        self.budget_users[key] += 1
        return self.budgets[key]

    def release_budget(self, kind: str, who: str) -> None:
        key = (kind, who)
        _decrement(self.budget_users, key)
        if key not in self.budget_users:
            self.budgets.pop(key, None)


def _decrement(counter: Counter, key: object) -> None:
    counter[key] -= 1
    if counter[key] <= 0:
        del counter[key]


LEDGER = Ledger()
"""This process's ledger."""
