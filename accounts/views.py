"""Account pages: sign-up, about, the settings (choices and the email address), verifying an
address, and resetting a forgotten password by email (log-in, log-out and the password forms
are Django's)."""

from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login, update_session_auth_hash
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from accounts.errors import AccountError
from accounts.forms import EmailForm, PreferencesForm, SignupForm, VerifiedPasswordResetForm
from accounts.language import remember_language
from accounts.models import User
from accounts.selectors import preferences_of
from accounts.services import (
    email_set,
    email_token,
    email_verify,
    kid_mode_set,
    preferences_update,
    send_verification,
    sessions_end_elsewhere,
)
from accounts.signals import sessions_ended
from accounts.throttles import email_charge, login_charge, reset_charge, signup_charge, too_many
from common.throttle import refund

PIECE_LICENCE = settings.BASE_DIR / "static" / "pieces" / "cburnett" / "LICENSE"


def about(request: HttpRequest) -> HttpResponse:
    return render(request, "about.html", {"piece_licence": PIECE_LICENCE.read_text()})


def verification_link(request: HttpRequest, user: Any) -> str:
    """Returns the absolute link that verifies the user's current address."""
    return request.build_absolute_uri(reverse("email-verify", args=[email_token(user)]))


def send_link(request: HttpRequest, user: Any) -> bool:
    """Sends the user's address its verification link, unless the account has asked for too
    many; returns whether it went."""
    if email_charge(user.pk).wait is not None:
        return False
    send_verification(user=user, link=verification_link(request, user))
    return True


def link_sent(email: str) -> str:
    return _("We sent a link to %(email)s: open it to confirm it.") % {"email": email}


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method != "POST":
        return render(request, "accounts/signup.html", {"form": form})
    spent = signup_charge(request)  # counted before any work: a burst passes only the limit
    if spent.wait is not None:
        return too_many(request, spent.wait, "accounts from this address")
    if form.is_valid():
        try:
            user = form.save()
        except ValidationError:
            pass  # the form now carries the errors
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            if user.email and send_link(request, user):
                messages.info(request, link_sent(user.email))
            return redirect("home")
    refund(spent)  # no account was made
    return render(request, "accounts/signup.html", {"form": form})


@login_required
def account_settings(request: HttpRequest) -> HttpResponse:
    """The settings page: the choices (sound, premoves, takebacks, resigning, chat, the board),
    the email address, and links to the password, one's data and closing the account."""
    form = PreferencesForm(request.POST or None, instance=preferences_of(request.user))
    if request.method == "POST" and form.is_valid():
        preferences_update(user=request.user, changes=form.changes())
        language = form.cleaned_data["language"]
        if language:  # the next page's language: said in it
            translation.activate(language)
        messages.success(request, _("Your settings are saved."))
        response = redirect("settings")
        remember_language(response, language)  # this browser keeps it after logging out
        return response
    email_form = EmailForm(initial={"email": request.user.email})
    return render(request, "accounts/settings.html", {"form": form, "email_form": email_form})


@login_required
@require_POST
def account_email(request: HttpRequest) -> HttpResponse:
    """Sets, changes or removes the address, and sends a new one its verification link."""
    form = EmailForm(request.POST)
    if not form.is_valid():
        preferences = PreferencesForm(instance=preferences_of(request.user))
        context = {"form": preferences, "email_form": form}
        return render(request, "accounts/settings.html", context, status=400)
    changed = email_set(user=request.user, email=form.cleaned_data["email"])
    if not request.user.email:
        messages.success(request, _("Your email address is removed."))
    elif not request.user.email_verified:
        if send_link(request, request.user):
            messages.success(request, link_sent(request.user.email))
        else:
            messages.error(request, _("Too many links sent for your account: try in an hour."))
    elif not changed:
        messages.info(request, _("That is your confirmed address already."))
    return redirect("settings")


def ended_elsewhere(user: User, *kept: str | None) -> None:
    """Closes the open sockets of ``user``'s sessions but those ``kept`` (this browser's, by its
    keys before and after a new one): their sessions ended (``accounts.signals``)."""
    sessions_ended.send(sender=User, user_id=user.pk, kept=[key for key in kept if key])


class PasswordChange(auth_views.PasswordChangeView):
    """Django's: a new password ends the player's other sessions, and now their open sockets."""

    template_name = "accounts/password_change.html"

    def form_valid(self, form):
        before = self.request.session.session_key
        answer = super().form_valid(form)
        ended_elsewhere(form.user, before, self.request.session.session_key)
        return answer


class PasswordResetConfirm(auth_views.PasswordResetConfirmView):
    """Django's: a password set from a reset link ends every session of the player, and now
    every open socket of theirs."""

    template_name = "accounts/password_reset_confirm.html"

    def form_valid(self, form):
        answer = super().form_valid(form)
        ended_elsewhere(form.user)  # this browser's too, if it was signed in as them
        return answer


@login_required
@require_POST
def sessions_end(request: HttpRequest) -> HttpResponse:
    """*Sign out everywhere else*: every other browser and app signed in as the player is
    signed out, their open sockets closed (``accounts.signals``) and their API token revoked;
    this browser stays signed in, its other tabs' sockets too."""
    before = request.session.session_key
    sessions_end_elsewhere(user=request.user)
    update_session_auth_hash(request, request.user)  # a new key for this browser's session
    ended_elsewhere(request.user, before, request.session.session_key)
    messages.success(
        request, _("You are signed out everywhere else, and your API token is revoked.")
    )
    return redirect("settings")


@login_required
@require_POST
def account_kid(request: HttpRequest) -> HttpResponse:
    """The settings page's *Kid mode*: turns it on or off (``on``: "true" or "false"), the
    password confirming it (counted as a log-in attempt)."""
    spent = login_charge(request, request.user.username)
    if spent.wait is not None:
        return too_many(request, spent.wait, "failed log-ins")
    on = request.POST.get("on") == "true"
    try:
        kid_mode_set(user=request.user, on=on, password=request.POST.get("password", ""))
    except AccountError as refusal:
        messages.error(request, refusal.message)
        return redirect(reverse("settings") + "#kid-mode")
    refund(spent)
    messages.success(
        request,
        _("Kid mode is on: chat, messages and the forum are off.")
        if on
        else _("Kid mode is off: chat and who may write to you are yours to choose again."),
    )
    return redirect("settings")


def email_verify_page(request: HttpRequest, token: str) -> HttpResponse:
    """A verification link: confirms the address it was sent to, or says why it cannot."""
    user = email_verify(token)
    status = 200 if user is not None else 400
    return render(request, "accounts/email_verified.html", {"verified": user}, status=status)


def throttled_reset(view):
    """Wraps the password reset form: a POST is counted (per address, and per address asked
    for) before any mail is looked up or sent; one too many is answered 429."""

    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        if request.method == "POST":
            spent = reset_charge(request, request.POST.get("email"))
            if spent.wait is not None:
                return too_many(request, spent.wait, "password resets")
        return view(request, *args, **kwargs)

    return wrapped


password_reset = throttled_reset(
    auth_views.PasswordResetView.as_view(
        form_class=VerifiedPasswordResetForm,
        template_name="accounts/password_reset.html",
        email_template_name="accounts/email/password_reset_body.txt",
        subject_template_name="accounts/email/password_reset_subject.txt",
        success_url=reverse_lazy("password_reset_done"),
    )
)
