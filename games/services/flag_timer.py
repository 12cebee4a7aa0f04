"""The flag timer of a server process: one timer for the nearest clock deadline of the games
it serves, not a task per game.

Every state a process publishes for a live clocked game tells its timer the game's deadline
(``broadcast.DEADLINES``, handed over on the event loop), and so does a game socket opening
here (a process that restarted learns its games' deadlines as their players come back). The
deadlines wait in a heap; one ``call_at`` is armed for the earliest. When it fires, the games
due are handed to ``on_due`` (which ends them on time through ``games.services.timeout``, itself
checking each deadline under the game's lock) and the timer is armed for the next. A deadline
that moved (the game's move came in time) leaves a stale entry behind, skipped when reached.
A process that dies takes its timer with it: the periodic sweep then ends the game.
"""

import asyncio
import heapq
import time
import weakref
from collections.abc import Awaitable, Callable

# Fired this much after a deadline, so the server's check under the lock finds it passed.
LATE_BY = 0.005

OnDue = Callable[[list[str]], Awaitable[object]]


class FlagTimer:
    """The deadlines of one event loop's games (wall-clock seconds since the epoch) and its one
    timer."""

    def __init__(self, loop: asyncio.AbstractEventLoop, on_due: OnDue) -> None:
        self.loop = loop
        self.on_due = on_due
        self.heap: list[tuple[float, str]] = []
        self.wanted: dict[str, float] = {}
        self.handle: asyncio.TimerHandle | None = None
        self.armed_for: float | None = None
        self.tasks: set[asyncio.Task] = set()

    def __len__(self) -> int:
        return len(self.wanted)

    def set(self, game_id: str, at: float | None) -> None:
        """Notes a game's deadline (None: it has none any more)."""
        if at is None:
            self.wanted.pop(game_id, None)
        elif self.wanted.get(game_id) != at:
            self.wanted[game_id] = at
            heapq.heappush(self.heap, (at, game_id))
        self._rearm()

    def _rearm(self) -> None:
        """Arms the timer for the earliest deadline still wanted (a game whose deadline moved
        may have been the earliest), or disarms it when none is left."""
        while self.heap and self.wanted.get(self.heap[0][1]) != self.heap[0][0]:
            heapq.heappop(self.heap)  # stale: the game's deadline moved or went
        if not self.heap:
            if self.handle is not None:
                self.handle.cancel()
            self.handle = self.armed_for = None
        elif self.heap[0][0] != self.armed_for:
            self._arm(self.heap[0][0])

    def _arm(self, at: float) -> None:
        if self.handle is not None:
            self.handle.cancel()
        delay = max(0.0, at - time.time()) + LATE_BY
        self.armed_for = at
        self.handle = self.loop.call_at(self.loop.time() + delay, self._fire)

    def _fire(self) -> None:
        self.handle = self.armed_for = None
        now = time.time()
        due = []
        while self.heap and self.heap[0][0] <= now:
            at, game_id = heapq.heappop(self.heap)
            if self.wanted.get(game_id) == at:
                del self.wanted[game_id]
                due.append(game_id)
        self._rearm()
        if due:
            task = self.loop.create_task(self.on_due(due))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)


_timers: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def timer(on_due: OnDue) -> FlagTimer:
    """Returns the running loop's flag timer (made with ``on_due`` the first time)."""
    loop = asyncio.get_running_loop()
    found = _timers.get(loop)
    if found is None:
        found = _timers[loop] = FlagTimer(loop, on_due)
    return found
