"""The work a capture search may do: a budget of jumps for each position, and a limit on the
jumps of many searches together.

The capture core of the draughts family (``engine.draughts.captures``, which the hybrids share)
counts every jump it explores — one for each landing square it tries — and stops when the budget
is spent, raising ``CaptureSearchError`` before the search costs seconds or memory.
``CAPTURE_BUDGET`` is a position's budget; a ``JumpBudget`` carries what is left of it through
the several searches one position's moves need (a hybrid's tests for check). ``work_limit``
bounds every search inside it together, so that many positions under the budget — a request
replaying many games — cannot add up to seconds either. This module owns the counting and the
refusal's sentence; the rules of capturing are the core's.
"""

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar

from engine.errors import CaptureSearchError, Grouped, WorkLimitError
from engine.i18n import N_

CAPTURE_BUDGET = 20_000
"""The most jumps the capture search explores for one position's moves. The positions of real
games need a few hundred at most (bench/RESULTS.md, "Capture search"); this many cost tens of
milliseconds."""


class WorkLimit:
    """The jumps left to the capture searches of one ``work_limit`` block."""

    __slots__ = ("jumps", "left")

    def __init__(self, jumps: int) -> None:
        self.jumps = jumps
        self.left = jumps

    @property
    def spent(self) -> int:
        """Returns the jumps the block's searches have explored so far."""
        return self.jumps - self.left


_limit: ContextVar[WorkLimit | None] = ContextVar("capture_work_limit", default=None)


@contextmanager
def work_limit(jumps: int) -> Iterator[WorkLimit]:
    """Runs the block with its capture searches sharing ``jumps`` jumps in all, besides each
    position's own budget: past them a search raises ``WorkLimitError``. Yields the
    ``WorkLimit``, which counts what they spend. Of nested blocks the innermost counts."""
    limit = WorkLimit(jumps)
    token = _limit.set(limit)
    try:
        yield limit
    finally:
        _limit.reset(token)


def limited() -> bool:
    """Returns whether a ``work_limit`` is in force."""
    return _limit.get() is not None


class JumpBudget:
    """What is left of one position's budget of ``jumps``: the jumps its capture searches may
    still explore, within the ``work_limit`` around them."""

    __slots__ = ("jumps", "left", "limit")

    def __init__(self, jumps: int = CAPTURE_BUDGET) -> None:
        self.jumps = jumps
        self.left = jumps
        self.limit = _limit.get()

    def available(self) -> int:
        """Returns how many jumps the next search may explore."""
        limit = self.limit
        return self.left if limit is None or limit.left > self.left else max(limit.left, 0)

    def spend(self, jumps: int) -> None:
        """Counts ``jumps`` explored against the budget and the limit around it."""
        self.left -= jumps
        if self.limit is not None:
            self.limit.left -= jumps

    def refusal(self) -> CaptureSearchError | WorkLimitError:
        """Returns the error of a search that found its jumps spent: ``WorkLimitError`` if the
        limit around it was the smaller, else ``CaptureSearchError``."""
        limit = self.limit
        if limit is not None and limit.left < self.left:
            return WorkLimitError(
                N_(
                    "the positions of this request take more than %(jumps)s jumps of capture "
                    "search in all, more than one request may spend"
                ),
                jumps=Grouped(limit.jumps),
            )
        return CaptureSearchError(
            N_(
                "this position's captures take more than %(jumps)s jumps to search, more "
                "than a game here may have"
            ),
            jumps=Grouped(self.jumps),
        )
