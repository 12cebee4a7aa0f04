"""Throttles of the account doors, each attempt counted before it is tried
(``common.throttle``): password log-ins (the site's form, the token API, the admin), accounts
created per address (the form and the API), and the mails an account or an address can make the
site send (verification links, password resets).

A log-in is counted per account from one address, then per address, then per account from
everywhere (a slower back-off against many addresses that one address alone never reaches): an
attacker's failures from their address never keep the owner out from another. An attempt that
turns out not to count is given back: a log-in that signed in, a sign-up refused for its fields.
"""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.edge import refusal_response
from common.throttle import Charge, address, charge, refund

MAX_USERNAME_KEY = 150


def account_key(username: Any) -> str:
    return str(username or "")[:MAX_USERNAME_KEY].strip().lower()


def login_charge(request: Any, username: Any) -> Charge:
    """Counts an attempt at a password from this request's address for ``username``; the
    charge's ``wait`` says how long to wait if it is one too many (the password is then not
    tried)."""
    where = address(request)
    name = account_key(username)
    if not name:
        return charge([("login_address", where)])
    return charge(
        [
            ("login_account_address", f"{name}\n{where}"),
            ("login_address", where),
            ("login_account", name),
        ]
    )


def signup_charge(request: Any) -> Charge:
    """Counts an account about to be made from this request's address; give it back
    (``refund``) if none is made."""
    return charge([("signup_address", address(request))])


def reset_charge(request: Any, email: Any) -> Charge:
    """Counts a password reset asked from this request's address for ``email``, whether or
    not an account has it (the answer never says)."""
    return charge([("reset_address", address(request)), ("reset_email", account_key(email))])


def email_charge(user_id: int) -> Charge:
    """Counts a verification link about to be sent for an account."""
    return charge([("email_account", str(user_id))])


def mark_logged_in(sender: Any, request: HttpRequest | None = None, **_: Any) -> None:
    """Notes on the request that it signed a user in (a receiver of ``user_logged_in``)."""
    if request is not None:
        request.logged_in_now = True  # type: ignore[attr-defined]


# The sentence of each thing counted, by what ``too_many`` is told (English, the key).
TOO_MANY = {
    "accounts from this address": gettext_lazy(
        "Too many accounts from this address: try again in %(wait)s seconds."
    ),
    "failed log-ins": gettext_lazy("Too many failed log-ins: try again in %(wait)s seconds."),
    "confirmation links for your account": gettext_lazy(
        "Too many confirmation links for your account: try again in %(wait)s seconds."
    ),
    "password resets": gettext_lazy("Too many password resets: try again in %(wait)s seconds."),
    "downloads of your data": gettext_lazy(
        "Too many downloads of your data: try again in %(wait)s seconds."
    ),
}


def too_many_sentence(wait: int, what: str) -> str:
    """Returns the sentence of a refusal of ``what`` for ``wait`` seconds, in the active
    language."""
    template = TOO_MANY.get(what)
    if template is None:
        return _("Too many %(what)s: try again in %(wait)s seconds.") % {"what": what, "wait": wait}
    return str(template) % {"wait": wait}


def too_many(request: HttpRequest, wait: int, what: str) -> HttpResponse:
    """429 with ``Retry-After`` and a sentence (JSON on the API, a page otherwise)."""
    response = refusal_response(request, 429, too_many_sentence(wait, what))
    response["Retry-After"] = str(wait)
    return response


def throttled_login(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Wraps a log-in page (the site's, the admin's): a POST is counted first and, one too many,
    answered 429 without trying the password; one that signs in is given back."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method != "POST":
            return view(request, *args, **kwargs)
        spent = login_charge(request, request.POST.get("username"))
        if spent.wait is not None:
            return too_many(request, spent.wait, "failed log-ins")
        response = view(request, *args, **kwargs)
        if getattr(request, "logged_in_now", False):
            refund(spent)
        return response

    return wrapped
