"""Two-factor log-in's pages: the log-in form with its code field, and the settings' page that
turns it on (a QR code of a new secret for the app, the player's password and the app's first
code, then the recovery codes shown once) and off (the password and a code).

Turning it on or off spends the ``two_factor_account`` budget first, as a log-in spends its
own: the password and codes are not tried past it."""

import time

import segno
from django import forms
from django.contrib import messages
from django.contrib.admin.forms import AdminAuthenticationForm
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import AuthenticationForm
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts import totp
from accounts.models import User
from accounts.two_factor import NEEDED, WRONG, code_taken
from common.throttle import charge

PENDING = "two_factor_pending"  # the session's key for a secret shown, not yet confirmed
CODE_HELP = gettext_lazy(
    "Only if you turned two-factor log-in on: the 6 digits your app shows, or a recovery code."
)


class SecondFactor(forms.Form):
    """The second factor's field for a log-in form, and the words that say why a log-in whose
    password was right was refused (the backend, ``accounts.two_factor``, reads the code)."""

    code = forms.CharField(
        label=gettext_lazy("Two-factor code"),
        required=False,
        max_length=20,
        help_text=CODE_HELP,
        widget=forms.TextInput(attrs={"autocomplete": "one-time-code", "inputmode": "numeric"}),
    )

    def clean(self):
        try:
            return super().clean()
        except ValidationError:
            said = getattr(self.request, "two_factor", None)
            if said == NEEDED:
                raise ValidationError(
                    _("Your account asks for its two-factor code: type the one your app shows."),
                    code="two_factor_needed",
                ) from None
            if said == WRONG:
                raise ValidationError(
                    _("That two-factor code is wrong, or was used already."),
                    code="two_factor_wrong",
                ) from None
            raise


class TwoFactorLoginForm(SecondFactor, AuthenticationForm):
    """The site's log-in form: Django's, with the second factor's field."""


class AdminTwoFactorLoginForm(SecondFactor, AdminAuthenticationForm):
    """The admin's log-in form (staff only), with the second factor's field; its page is
    ``templates/admin/login.html``."""


def qr_svg(address: str) -> str:
    """The address as a QR code, an SVG drawn here (black on white, as apps read it best); the
    page names it (the SVG itself is hidden from screen readers: its squares say nothing)."""
    drawn = segno.make(address, error="m").svg_inline(scale=4, dark="#000", light="#fff")
    return drawn.replace("<svg ", '<svg aria-hidden="true" focusable="false" ', 1)


def spent(request: HttpRequest) -> bool:
    """Counts one attempt against the account's budget; True past it."""
    return charge([("two_factor_account", str(request.user.pk))]).wait is not None


def checked(request: HttpRequest, user: User) -> str | None:
    """Returns why the posted password does not let ``user`` change two-factor log-in, or None."""
    if spent(request):
        return _("Too many attempts: try again in a few minutes.")
    if not user.check_password(request.POST.get("password", "")):
        return _("That is not your password.")
    return None


@login_required
def two_factor_page(request: HttpRequest) -> HttpResponse:
    """Off: a new secret as a QR code and as text, and the form that turns it on. On: the form
    that turns it off. Turned on, the page shows the recovery codes, once."""
    user: User = request.user
    if user.totp_secret:
        return two_factor_off(request, user)
    error = None
    if request.method == "POST":
        secret = request.session.get(PENDING, "")
        error = checked(request, user)
        if error is None and not secret:
            error = _("The set-up expired: scan the new code below.")
        if error is None:
            step = totp.step_of(request.POST.get("code", "").replace(" ", ""), secret, time.time())
            if step is None:
                error = _(
                    "That is not the app's code: check its clock, and type the code it shows now."
                )
        if error is None:
            codes = totp.new_recovery_codes()
            with transaction.atomic():
                User.objects.filter(pk=user.pk).update(
                    totp_secret=secret,
                    totp_step=step,
                    totp_recovery=[totp.recovery_key(code) for code in codes],
                )
            del request.session[PENDING]
            return render(request, "accounts/two_factor_on.html", {"codes": codes})
    secret = request.session.get(PENDING) or totp.new_secret()
    request.session[PENDING] = secret
    address = totp.app_address(secret, user.username)
    context = {
        # segno's own markup: paths and sizes, none of the player's text in it.
        "qr": mark_safe(qr_svg(address)),
        "address": address,
        "secret": totp.grouped(secret),
        "error": error,
    }
    return render(request, "accounts/two_factor.html", context, status=400 if error else 200)


def two_factor_off(request: HttpRequest, user: User) -> HttpResponse:
    """On: the form that turns it off, and the one that makes new recovery codes (the old ones
    then open nothing), each with the password and a code."""
    error = None
    if request.method == "POST":
        error = checked(request, user)
        if error is None and not code_taken(user, request.POST.get("code")):
            error = _("That two-factor code is wrong, or was used already.")
        if error is None and request.POST.get("action") == "codes":
            codes = totp.new_recovery_codes()
            kept = [totp.recovery_key(code) for code in codes]
            User.objects.filter(pk=user.pk).update(totp_recovery=kept)
            return render(request, "accounts/two_factor_on.html", {"codes": codes, "new": True})
        if error is None:
            User.objects.filter(pk=user.pk).update(totp_secret="", totp_step=0, totp_recovery=[])
            messages.success(request, _("Two-factor log-in is off."))
            return redirect("settings")
    left = len(user.totp_recovery)
    context = {"on": True, "left": left, "error": error}
    return render(request, "accounts/two_factor.html", context, status=400 if error else 200)
