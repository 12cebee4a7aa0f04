"""Throttles: at most so many events per window for one key (an address, an account, a user's
sockets), counted first and decided after, in Redis so every server process shares one count.

Counting first: one atomic step (a Lua script: ``INCRBY``, and ``PEXPIRE`` on the window's first
event) returns the count with this event in it, and the event is allowed if that count is within
the limit. A burst of N parallel events against a limit L lets exactly L through, however the
requests interleave, and the work an event asks for starts only once it is counted. A socket's
messages are counted a lease of several at a time (``spend_leased``), never past the limit.

A window is fixed (it starts at a multiple of its length), so ``Retry-After`` is the time left in
it. The limits are settings (``THROTTLE_RATES``: scope → "count/seconds"); the Redis is
``THROTTLE_REDIS_URL`` (``REDIS_URL`` by default). Without one, or while it is unreachable,
counts are kept in this process's memory: an outage costs each event at most one short timeout
(``REDIS_TIMEOUT``; then Redis is left alone for ``REDIS_RETRY`` seconds), is logged at most once
a minute, and never fails a request.
"""

import asyncio
import hashlib
import logging
import math
import threading
import time
import weakref
from dataclasses import dataclass, field

import redis
import redis.asyncio
import redis.asyncio.retry
import redis.retry
from django.conf import settings
from django.http import HttpRequest
from django.utils.translation import gettext_lazy
from redis.backoff import NoBackoff
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle

log = logging.getLogger(__name__)

# Seconds Redis may take to connect or answer before the count falls back to this process.
REDIS_TIMEOUT = 0.25
# Seconds after a failure before Redis is tried again (meanwhile, counts stay in the process).
REDIS_RETRY = 5.0
# Seconds between two warnings that Redis is unreachable.
WARN_EVERY = 60.0
# Connections each process (and each of its event loops) may hold to Redis for the throttles.
REDIS_CONNECTIONS = 64
# Windows this process counts in memory at most: past that, ended ones are dropped first.
LOCAL_MAX_KEYS = 100_000

# KEYS[1]: the window's key; ARGV[1]: its lifetime in ms; ARGV[2]: the events to count (1, or
# a lease's). Returns the count with them.
COUNT = """
local by = tonumber(ARGV[2])
local count = redis.call('INCRBY', KEYS[1], by)
if count == by then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return count
"""
# Gives one event back, never below zero nor to a window that has ended.
REFUND = """
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then return redis.call('DECR', KEYS[1]) end
return 0
"""


@dataclass(frozen=True)
class Rate:
    """At most ``limit`` events per ``window`` seconds."""

    limit: int
    window: float

    @classmethod
    def of(cls, scope: str) -> "Rate":
        limit, window = settings.THROTTLE_RATES[scope].split("/")
        return cls(limit=int(limit), window=float(window))


@dataclass(frozen=True)
class Window:
    """One window of one key: where it is counted and how long it has left."""

    key: str
    left: float  # seconds

    @classmethod
    def at(cls, name: str, window: float, now: float) -> "Window":
        index = int(now // window)
        digest = hashlib.sha256(name.encode("utf-8", "replace")).hexdigest()[:32]  # any text
        key = f"{settings.CACHE_KEY_PREFIX}:throttle:{digest}:{window:g}:{index}"
        return cls(key=key, left=(index + 1) * window - now)

    def lifetime_ms(self) -> int:
        return math.ceil(self.left * 1000) + 1000  # a second more: clocks differ a little


class LocalCounts:
    """Counts kept in this process's memory: when no Redis is configured or it is down."""

    def __init__(self) -> None:
        self.counts: dict[str, tuple[int, float]] = {}  # key → (count, ends at)
        self.lock = threading.Lock()

    def add(self, window: Window, by: int, now: float) -> int:
        with self.lock:
            count, ends = self.counts.get(window.key, (0, now + window.left))
            count = max(0, count + by)
            self.counts[window.key] = (count, ends)
            if len(self.counts) > LOCAL_MAX_KEYS:
                self.counts = live_windows(self.counts, now)
            return count


def live_windows(entries: dict[str, tuple[int, float]], now: float) -> dict:
    """Returns the entries (key → (count, ends at)) whose window has not ended; none if even
    those are over ``LOCAL_MAX_KEYS`` (a flood of live windows: start afresh)."""
    live = {key: value for key, value in entries.items() if value[1] > now}
    return live if len(live) <= LOCAL_MAX_KEYS else {}


@dataclass
class RedisState:
    """Whether Redis is to be tried, and when this process last said it was not."""

    down_until: float = 0.0
    warned_at: float = float("-inf")
    failures: int = 0
    lock: threading.Lock = field(default_factory=threading.Lock)

    def available(self, now: float) -> bool:
        return now >= self.down_until

    def failed(self, error: Exception, now: float) -> None:
        with self.lock:
            self.failures += 1
            self.down_until = now + REDIS_RETRY
            if now - self.warned_at < WARN_EVERY:
                return
            self.warned_at = now
        log.warning(
            "Throttles count in this process alone: Redis is unreachable (%s); retrying in %g s.",
            error,
            REDIS_RETRY,
        )


LOCAL = LocalCounts()
STATE = RedisState()
_sync_clients: dict[str, tuple[redis.Redis, object, object]] = {}
_sync_lock = threading.Lock()
_async_clients: "weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, dict]" = (
    weakref.WeakKeyDictionary()
)


def redis_options(retry: object) -> dict:
    """A connection pool's options: short timeouts, at most ``REDIS_CONNECTIONS`` connections
    (waiting ``REDIS_TIMEOUT`` at most for one), and no retries (redis-py's default retries
    three times with back-off): a failure falls back to this process at once."""
    return {
        "socket_timeout": REDIS_TIMEOUT,
        "socket_connect_timeout": REDIS_TIMEOUT,
        "max_connections": REDIS_CONNECTIONS,
        "timeout": REDIS_TIMEOUT,
        "retry": retry,
    }


def sync_scripts(url: str) -> tuple[object, object]:
    """Returns this process's count and refund scripts on the Redis at ``url``."""
    with _sync_lock:
        if url not in _sync_clients:
            pool = redis.BlockingConnectionPool.from_url(
                url, **redis_options(redis.retry.Retry(NoBackoff(), 0))
            )
            client = redis.Redis(connection_pool=pool)
            _sync_clients[url] = (
                client,
                client.register_script(COUNT),
                client.register_script(REFUND),
            )
        _, count, refund = _sync_clients[url]
    return count, refund


def async_scripts(url: str) -> tuple[object, object]:
    """Returns the running event loop's count and refund scripts on the Redis at ``url``: a
    client of redis.asyncio belongs to the loop it was made on."""
    clients = _async_clients.setdefault(asyncio.get_running_loop(), {})
    if url not in clients:
        pool = redis.asyncio.BlockingConnectionPool.from_url(
            url, **redis_options(redis.asyncio.retry.Retry(NoBackoff(), 0))
        )
        client = redis.asyncio.Redis(connection_pool=pool)
        clients[url] = (client, client.register_script(COUNT), client.register_script(REFUND))
    _, count, refund = clients[url]
    return count, refund


def add(window: Window, by: int = 1) -> int:
    """Adds ``by`` (events counted, or -1 to give one back) to the window's count; returns the
    count."""
    url = settings.THROTTLE_REDIS_URL
    now = time.monotonic()
    if url and STATE.available(now):
        count, refund = sync_scripts(url)
        try:
            if by > 0:
                return int(count(keys=[window.key], args=[window.lifetime_ms(), by]))
            return int(refund(keys=[window.key]))
        except (redis.RedisError, OSError) as error:
            STATE.failed(error, now)
    return LOCAL.add(window, by, time.time())


async def add_async(window: Window, by: int = 1) -> int:
    """``add`` for an event loop: the same count, without blocking the loop."""
    url = settings.THROTTLE_REDIS_URL
    now = time.monotonic()
    if url and STATE.available(now):
        count, refund = async_scripts(url)
        try:
            if by > 0:
                return int(await count(keys=[window.key], args=[window.lifetime_ms(), by]))
            return int(await refund(keys=[window.key]))
        except (redis.RedisError, OSError) as error:
            STATE.failed(error, now)
    return LOCAL.add(window, by, time.time())


def spend(key: str, limit: int, window: float) -> bool:
    """Counts one event for ``key`` in its current window of ``window`` seconds, shared by every
    process through Redis, and returns whether the count is within ``limit``."""
    return add(Window.at(key, window, time.time())) <= limit


class Leases:
    """Events of a window this process has counted in advance and not spent yet, by window key
    (``spend_leased``). A window that refused a lease is remembered as spent, so what a flood
    of refused events costs is a lookup here, not a round trip each."""

    def __init__(self) -> None:
        self.held: dict[str, tuple[int, float]] = {}  # key → (events left, ends at)
        self.lock = threading.Lock()

    def take(self, key: str) -> bool | None:
        """Spends one held event of the window: True if there was one, False if the window
        refused a lease, None if nothing is held (a lease is to be asked for)."""
        with self.lock:
            left, ends = self.held.get(key, (0, 0.0))
            if left == 0:
                return None
            if left < 0:
                return False
            self.held[key] = (left - 1, ends)
            return True

    def add(self, window: Window, granted: int, now: float) -> None:
        """Holds ``granted`` more events of the window (-1: it refused a lease, which is
        remembered once what is held is spent)."""
        with self.lock:
            left = max(0, self.held.get(window.key, (0, 0.0))[0])
            if granted < 0:
                left = left or -1
            else:
                left += granted
            self.held[window.key] = (left, now + window.left)
            if len(self.held) > LOCAL_MAX_KEYS:
                # Forgetting a lease only counts its events as spent.
                self.held = live_windows(self.held, now)


LEASES = Leases()


async def spend_leased(key: str, limit: int, window: float, lease: int) -> bool:
    """``spend`` for an event loop, counting ``lease`` events at a time in Redis and spending them
    here one by one, so most events cost no round trip (a socket's messages).

    A lease is counted before any of its events is spent, and never more than the window has
    left is granted: however many processes spend, at most ``limit`` events pass in a window.
    What a process holds and does not spend by the window's end counts as spent, so a user
    whose sockets are on several processes may be refused up to ``lease - 1`` events a process
    early."""
    now = time.time()
    counted = Window.at(key, window, now)
    held = LEASES.take(counted.key)
    if held is not None:
        return held
    count = await add_async(counted, lease)
    granted = min(lease, limit - (count - lease))
    LEASES.add(counted, granted - 1 if granted > 0 else -1, now)
    return granted > 0


@dataclass
class Charge:
    """What ``charge`` counted: the windows (to give back with ``refund``) and, if one was over
    its limit, the seconds to wait."""

    windows: list[Window]
    wait: int | None


def charge(checks: list[tuple[str, str]], now: float | None = None) -> Charge:
    """Counts one event against each (scope, ident) in turn, stopping at the first one over its
    limit; ``wait`` is then the seconds left in that window (and the event is refused), else
    None. Later checks are not counted for a refused event: an address over its own limit
    never spends an account's wider one."""
    now = time.time() if now is None else now
    counted: list[Window] = []
    for scope, ident in checks:
        rate = Rate.of(scope)
        window = Window.at(f"{scope}\n{ident}", rate.window, now)
        counted.append(window)
        if add(window) > rate.limit:
            return Charge(counted, max(1, math.ceil(window.left)))
    return Charge(counted, None)


def refund(spent: Charge) -> None:
    """Gives back the events ``charge`` counted (the attempt turned out not to count)."""
    for window in spent.windows:
        add(window, -1)


def address(request: HttpRequest | Request) -> str:
    """The client's address: the one the site's own proxy saw (``common.clients``)."""
    return request.META.get("REMOTE_ADDR") or "unknown"


# What a page's form says when its change is over a budget (the API answers 429 instead).
TOO_MANY_CHANGES = gettext_lazy("Too many changes at once: wait a minute and try again.")


def charge_account_and_address(request: HttpRequest | Request, scope: str) -> Charge:
    """Counts one change of a kind (``scope``) against the address's budget
    (``<scope>_address``), then a signed-in account's (``<scope>_account``): the budgets the
    API's throttle and the pages' forms that make the same changes share."""
    checks = [(f"{scope}_address", address(request))]
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        checks.append((f"{scope}_account", user.get_username().lower()))
    return charge(checks)


class AccountAndAddressThrottle(BaseThrottle):
    """A DRF throttle of the unsafe requests of one kind (``scope``): per address (scope
    ``<scope>_address``), then per account (``<scope>_account``), each request counted before
    its view runs."""

    scope = ""

    def allow_request(self, request: Request, view: object) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        self.waited = charge_account_and_address(request, self.scope).wait
        return self.waited is None

    def wait(self) -> float | None:
        return self.waited


class SeekThrottle(AccountAndAddressThrottle):
    scope = "seek"


class AddressThrottle(BaseThrottle):
    """A DRF throttle of every request of one kind, reads included, per address (scope
    ``<scope>_address``): for open endpoints whose every call costs the engine work."""

    scope = ""

    def allow_request(self, request: Request, view: object) -> bool:
        self.waited = charge([(f"{self.scope}_address", address(request))]).wait
        return self.waited is None

    def wait(self) -> float | None:
        return self.waited


class BoardThrottle(AddressThrottle):
    """The analysis board's positions and moves (``games.edges.api_board``)."""

    scope = "board"


class ExplorerThrottle(AddressThrottle):
    """The opening explorer's positions (``games.edges.api_board``)."""

    scope = "explorer"


class LearnThrottle(AddressThrottle):
    """Learning from an analysed game's mistakes: the list, and each try (a search or two)."""

    scope = "learn"


class ChallengeThrottle(AccountAndAddressThrottle):
    scope = "challenge"
