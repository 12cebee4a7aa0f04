"""Account pages: sign-up, about (log-in, log-out, password change: Django's)."""

from django.conf import settings
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import SignupForm
from accounts.throttles import signup_charge, too_many
from common.throttle import refund

PIECE_LICENCE = settings.BASE_DIR / "static" / "pieces" / "cburnett" / "LICENSE"


def about(request: HttpRequest) -> HttpResponse:
    return render(request, "about.html", {"piece_licence": PIECE_LICENCE.read_text()})


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
            return redirect("home")
    refund(spent)  # no account was made
    return render(request, "accounts/signup.html", {"form": form})
