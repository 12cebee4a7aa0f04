"""Two-factor log-in: a player who turned it on gives, beside their password, the code their
authenticator app shows (``accounts.totp``) or one of their recovery codes, at every door a
password opens — the log-in page, the API's token, the admin's log-in.

The check lives in the authentication backend (``TwoFactorBackend``), so no door can skip it: a
right password without a right code refuses the log-in outright (``PermissionDenied`` stops
Django trying the other backends) and notes why on the request, for the door to say so. Each
code is taken once: the step it belongs to is kept under the player's row lock, and a recovery
code is struck off when used.
"""

import time
from typing import Any

from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest

from accounts import totp
from accounts.models import User

# What a request that gave a right password says of its second factor (``request.two_factor``).
NEEDED, WRONG = "needed", "wrong"


def code_taken(user: User, code: Any, now: float | None = None) -> bool:
    """Returns whether ``code`` is the player's app's code now (never one taken before) or one of
    their recovery codes (struck off as it is taken)."""
    if not isinstance(code, str):
        return False
    plain = code.replace(" ", "").replace("-", "").strip()
    if not plain or len(plain) > 20:
        return False
    with transaction.atomic():
        row = User.objects.select_for_update().get(pk=user.pk)
        if not row.totp_secret:
            return False
        if plain.isdigit() and len(plain) == totp.DIGITS:
            step = totp.step_of(plain, row.totp_secret, time.time() if now is None else now,
                                after=row.totp_step)  # fmt: skip
            if step is None:
                return False
            User.objects.filter(pk=row.pk).update(totp_step=step)
            return True
        key = totp.recovery_key(plain)
        if key not in row.totp_recovery:
            return False
        left = [kept for kept in row.totp_recovery if kept != key]
        User.objects.filter(pk=row.pk).update(totp_recovery=left)
        return True


class TwoFactorBackend(ModelBackend):
    """Django's username-and-password backend, which then asks a player who turned two-factor
    log-in on for their code: passed as ``code`` (the API), or the request's posted ``code``
    field (the log-in pages)."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        code: str | None = None,
        **kwargs: Any,
    ) -> User | None:
        user = super().authenticate(request, username=username, password=password, **kwargs)
        if user is None or not user.totp_secret:
            return user
        if code is None and request is not None and request.method == "POST":
            code = request.POST.get("code")
        if code_taken(user, code):
            return user
        if request is not None:
            request.two_factor = WRONG if code else NEEDED  # type: ignore[attr-defined]
        raise PermissionDenied
