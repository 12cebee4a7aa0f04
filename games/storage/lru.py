"""A small bounded cache for what a process keeps between requests.

Thread-safe (a process's worker threads share it) and bounded by its number of entries and, with
a cost, by the sum of their costs.
"""

import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any


class LRU:
    """A small thread-safe least-recently-used map (shared by a process's worker threads),
    bounded by its number of entries and, with ``cost``, by the sum of their costs: a cache of
    things whose size varies (a legal-move list: 20 moves or 5,000) is bounded by what it holds,
    not only by how many. An entry costing more than ``max_cost`` alone is not kept."""

    def __init__(
        self, size: int, cost: Callable[[Any], int] | None = None, max_cost: int | None = None
    ) -> None:
        self.size = size
        self.max_cost = max_cost
        self._cost_of = cost
        self._costs: dict[Any, int] = {}
        self.total_cost = 0
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Any) -> Any:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def pop(self, key: Any, if_: Callable[[Any], bool] | None = None) -> Any:
        """Removes and returns the value of ``key`` (with ``if_``, only a value it is true for)."""
        with self._lock:
            value = self._items.get(key)
            if value is None or (if_ is not None and not if_(value)):
                return None
            self.total_cost -= self._costs.pop(key, 0)
            return self._items.pop(key)

    def put(self, key: Any, value: Any, keep_if: Callable[[Any], bool] | None = None) -> None:
        """Stores ``value``; with ``keep_if``, keeps an existing entry for which it is true."""
        cost = self._cost_of(value) if self._cost_of is not None else 0
        with self._lock:
            current = self._items.get(key)
            if current is not None and keep_if is not None and keep_if(current):
                return
            self.total_cost -= self._costs.pop(key, 0)
            self._items.pop(key, None)
            if self.max_cost is not None and cost > self.max_cost:
                return  # alone over the bound: used once by its caller, never kept
            self._items[key] = value
            self._costs[key] = cost
            self.total_cost += cost
            while len(self._items) > self.size or (
                self.max_cost is not None and self.total_cost > self.max_cost
            ):
                oldest, _ = self._items.popitem(last=False)
                self.total_cost -= self._costs.pop(oldest, 0)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._costs.clear()
            self.total_cost = 0
