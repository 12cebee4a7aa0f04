"""Throttles: at most so many events per window for one key (an address, an account), counted
in the cache, which is Redis when ``REDIS_URL`` is set, so every server process shares one
count, and the process's memory otherwise.

The limits are settings (``THROTTLE_RATES``: scope → "count/seconds"), so a deployment tunes
them and tests lower them. A window is fixed (it starts at a multiple of its length): one
atomic increment per event, and ``Retry-After`` is the time left in it.
"""

import hashlib
import math
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest
from rest_framework.request import Request
from rest_framework.throttling import BaseThrottle


@dataclass(frozen=True)
class Rate:
    """At most ``limit`` events per ``window`` seconds."""

    limit: int
    window: int

    @classmethod
    def of(cls, scope: str) -> "Rate":
        limit, window = settings.THROTTLE_RATES[scope].split("/")
        return cls(limit=int(limit), window=int(window))


def window_key(scope: str, ident: str, rate: Rate, now: float) -> tuple[str, float]:
    """Returns the cache key of the window ``now`` falls in and the seconds left in it."""
    index = int(now // rate.window)
    digest = hashlib.sha256(ident.encode("utf-8", "replace")).hexdigest()[:32]  # any text
    return f"throttle:{scope}:{digest}:{index}", (index + 1) * rate.window - now


def wait_for(scope: str, ident: str, now: float | None = None) -> int | None:
    """Returns the seconds to wait before ``ident`` may act again in ``scope`` (its window's
    count is at the limit), or None if it may act now."""
    rate = Rate.of(scope)
    key, left = window_key(scope, ident, rate, time.time() if now is None else now)
    if (cache.get(key) or 0) >= rate.limit:
        return max(1, math.ceil(left))
    return None


def record(scope: str, ident: str, now: float | None = None) -> None:
    """Counts one event of ``ident`` in ``scope``'s current window."""
    rate = Rate.of(scope)
    key, left = window_key(scope, ident, rate, time.time() if now is None else now)
    cache.add(key, 0, timeout=math.ceil(left) + 1)
    try:
        cache.incr(key)
    except ValueError:  # the window ended between add and incr: count in the next one
        cache.add(key, 1, timeout=rate.window + 1)


def spend(checks: list[tuple[str, str]]) -> int | None:
    """Counts one event against each (scope, ident) unless one is spent already; returns the
    longest wait if so (and counts nothing), else None."""
    waits = [wait for scope, ident in checks if (wait := wait_for(scope, ident)) is not None]
    if waits:
        return max(waits)
    for scope, ident in checks:
        record(scope, ident)
    return None


def address(request: HttpRequest | Request) -> str:
    """The client's address as the server sees it (Daphne's ``--proxy-headers`` behind a
    proxy)."""
    return request.META.get("REMOTE_ADDR") or "unknown"


def too_many_sentence(wait: int) -> str:
    return f"Too many attempts: try again in {wait} seconds."


class AccountAndAddressThrottle(BaseThrottle):
    """A DRF throttle of the unsafe requests of one kind (``scope``): per account (scopes
    ``<scope>_account``) and per address (``<scope>_address``), counting each request."""

    scope = ""

    def allow_request(self, request: Request, view: object) -> bool:
        if request.method in ("GET", "HEAD", "OPTIONS"):
            return True
        checks = [(f"{self.scope}_address", address(request))]
        if request.user is not None and request.user.is_authenticated:
            checks.append((f"{self.scope}_account", request.user.get_username().lower()))
        self.waited = spend(checks)
        return self.waited is None

    def wait(self) -> float | None:
        return self.waited


class SeekThrottle(AccountAndAddressThrottle):
    scope = "seek"


class ChallengeThrottle(AccountAndAddressThrottle):
    scope = "challenge"
