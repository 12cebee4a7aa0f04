"""Account pages: home, sign-up, profile, players, about (log-in, log-out, password change:
Django's)."""

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from accounts.charts import rating_chart_svg
from accounts.forms import SignupForm
from accounts.models import User
from accounts.selectors import (
    leaderboard,
    online_players,
    player_stats,
    profile_data,
    rating_history,
)


def home(request: HttpRequest) -> HttpResponse:
    return render(request, "home.html")


PIECE_LICENCE = settings.BASE_DIR / "static" / "pieces" / "cburnett" / "LICENSE"


def about(request: HttpRequest) -> HttpResponse:
    return render(request, "about.html", {"piece_licence": PIECE_LICENCE.read_text()})


def signup(request: HttpRequest) -> HttpResponse:
    if request.user.is_authenticated:
        return redirect("home")
    form = SignupForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = form.save()
        except ValidationError:
            pass  # the form now carries the errors
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            return redirect("home")
    return render(request, "accounts/signup.html", {"form": form})


def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username__iexact=username, is_active=True)
    if player.username != username:
        return redirect("profile", username=player.username)
    profile = profile_data(player)
    labels = termination_labels()
    return render(
        request,
        "accounts/profile.html",
        {
            "player": player,
            "stats": player_stats(player),
            "profile": profile,
            "by_color": [
                ("White", profile["by_color"]["white"]),
                ("Black", profile["by_color"]["black"]),
            ],
            "by_termination": [
                (labels.get(name, name), counts)
                for name, counts in profile["by_termination"].items()
            ],
            # Built from numbers and escaped dates only (accounts.charts).
            "chart": mark_safe(rating_chart_svg(rating_history(player))),
            "can_challenge": request.user.is_authenticated and request.user.pk != player.pk,
        },
    )


def termination_labels() -> dict[str, str]:
    from games.models import Game

    return dict(Game.Termination.choices)


@login_required
@require_POST
def profile_challenge(request: HttpRequest, username: str) -> HttpResponse:
    """The profile's Challenge button: sends the challenge and goes to the lobby to wait."""
    from games.errors import GameError
    from games.services import challenge_create

    try:
        challenge = challenge_create(
            user=request.user,
            to=username,
            color=request.POST.get("color", "random"),
            rated=request.POST.get("rated", "false"),
        )
    except GameError as refusal:
        messages.error(request, refusal.message)
        player = User.objects.filter(username__iexact=username, is_active=True).first()
        return redirect("profile", username=player.username) if player else redirect("play")
    kind = "rated" if challenge.rated else "casual"
    messages.success(request, f"Challenge ({kind}) sent to {challenge.to.username}.")
    return redirect("play")


def players(request: HttpRequest) -> HttpResponse:
    """The leaderboard of established players and who is online now."""
    return render(
        request,
        "accounts/players.html",
        {"leaders": leaderboard(), "online": online_players()},
    )
