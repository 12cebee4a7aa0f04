"""The players' pages: a player's profile (rating chart, statistics, a Challenge button) and
the players page (the leaderboard and who is online)."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.safestring import mark_safe
from django.views.decorators.http import require_POST

from accounts.models import CLASSICAL, User
from accounts.selectors import leaderboard, rating_history, user_ratings
from games.errors import GameError
from games.lobby import challenge_create
from games.models import Game
from games.schemas import ChallengeRequest
from players.charts import rating_chart_svg
from players.selectors import (
    known_category,
    online_players,
    profile_category,
    profile_data,
    rating_categories,
    record_of,
    stats_of,
)


def profile(request: HttpRequest, username: str) -> HttpResponse:
    player = get_object_or_404(User, username__iexact=username, is_active=True)
    if player.username != username:
        return redirect("profile", username=player.username)
    ratings = user_ratings(player)  # every category's, read once
    category = profile_category(ratings, known_category(request.GET.get("category")))
    history = rating_history(player, category)  # read once: the chart's points and the profile's
    record = record_of(player)
    profile = profile_data(player, history, record, category=category, ratings=ratings)
    labels = termination_labels()
    return render(
        request,
        "players/profile.html",
        {
            "player": player,
            "stats": stats_of(record),
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
            "chart": mark_safe(rating_chart_svg(history, profile["category_name"])),
            "can_challenge": request.user.is_authenticated and request.user.pk != player.pk,
        },
    )


def termination_labels() -> dict[str, str]:
    return dict(Game.Termination.choices)


@login_required
@require_POST
def profile_challenge(request: HttpRequest, username: str) -> HttpResponse:
    """The profile's Challenge button: sends the challenge and goes to the lobby to wait."""
    try:
        asked = ChallengeRequest.from_body(
            {
                "to": username,
                "color": request.POST.get("color", "random"),
                "rated": request.POST.get("rated", "false"),
            }
        )
        challenge = challenge_create(
            user=request.user, to=asked.to, color=asked.color, rated=asked.rated
        )
    except GameError as refusal:
        messages.error(request, refusal.message)
        player = User.objects.filter(username__iexact=username, is_active=True).first()
        return redirect("profile", username=player.username) if player else redirect("play")
    kind = "rated" if challenge.rated else "casual"
    messages.success(request, f"Challenge ({kind}) sent to {challenge.to.username}.")
    return redirect("play")


def players(request: HttpRequest) -> HttpResponse:
    """The leaderboard of established players in one rating category (``?category=``,
    Chesskers classical by default) and who is online now."""
    category = known_category(request.GET.get("category")) or CLASSICAL
    return render(
        request,
        "players/players.html",
        {
            "leaders": leaderboard(category=category),
            "online": online_players(),
            "category": category,
            "categories": rating_categories(),
        },
    )
