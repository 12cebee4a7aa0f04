"""Throttles of the account doors: failed log-ins per address and per account (the form, the
token API and the admin all count, through Django's ``user_login_failed``), and accounts
created per address (the form and the API). Counts and limits: ``chesskers_site.throttle``."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse

from chesskers_site.edge import refusal_response
from chesskers_site.throttle import address, record, wait_for

MAX_USERNAME_KEY = 150


def account_key(username: Any) -> str:
    return str(username or "")[:MAX_USERNAME_KEY].strip().lower()


def record_failed_login(sender: Any, credentials: dict[str, Any], request=None, **_: Any) -> None:
    """Counts a failed log-in against its address and the account it named (a receiver of
    ``django.contrib.auth.signals.user_login_failed``)."""
    if request is not None:
        record("login_address", address(request))
    name = account_key(credentials.get("username"))
    if name:
        record("login_account", name)


def login_wait(request: Any, username: Any) -> int | None:
    """Returns the seconds to wait before this address or account may try a password again."""
    waits = [wait_for("login_address", address(request))]
    name = account_key(username)
    if name:
        waits.append(wait_for("login_account", name))
    return max((wait for wait in waits if wait is not None), default=None)


def signup_wait(request: Any) -> int | None:
    """Returns the seconds to wait before this address may create another account."""
    return wait_for("signup_address", address(request))


def signup_done(request: Any) -> None:
    record("signup_address", address(request))


def too_many(request: HttpRequest, wait: int, what: str) -> HttpResponse:
    """429 with ``Retry-After`` and a sentence (JSON on the API, a page otherwise)."""
    response = refusal_response(request, 429, f"Too many {what}: try again in {wait} seconds.")
    response["Retry-After"] = str(wait)
    return response


def throttled_login(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Wraps a log-in page (the site's, the admin's): a POST from an address or for an
    account with too many failed log-ins is answered 429 without trying the password."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST":
            wait = login_wait(request, request.POST.get("username"))
            if wait is not None:
                return too_many(request, wait, "failed log-ins")
        return view(request, *args, **kwargs)

    return wrapped
