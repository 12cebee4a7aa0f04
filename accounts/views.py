"""Account pages: sign-up, about (log-in, log-out, password change: Django's)."""

from django.conf import settings
from django.contrib.auth import login
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render

from accounts.forms import SignupForm
from accounts.throttles import signup_done, signup_wait, too_many

PIECE_LICENCE = settings.BASE_DIR / "static" / "pieces" / "cburnett" / "LICENSE"


def about(request: HttpRequest) -> HttpResponse:
    return render(request, "about.html", {"piece_licence": PIECE_LICENCE.read_text()})


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    if request.method == "POST" and (wait := signup_wait(request)) is not None:
        return too_many(request, wait, "accounts from this address")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = form.save()
        except ValidationError:
            pass  # the form now carries the errors
        else:
            signup_done(request)
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})
