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
from catalogue.descriptors import variant_groups
from engine import variants
from games.domain.clock import CORRESPONDENCE_DAYS, TimeControl
from games.domain.errors import GameError
from games.domain.schemas import ChallengeRequest
from games.models import DEFAULT_VARIANT, Challenge, Game
from games.services.lobby import challenge_asked
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
            # Imported games are not the player's own: listed apart, under the archive's filter.
            "imported_count": Game.objects.filter(imported_by=player).count(),
            # The challenge form's game and time control (templates/games/_*.html).
            "variant_groups": variant_groups(),
            "selected": challenge_variant(profile["category"]),
            "correspondence_days": CORRESPONDENCE_DAYS,
        },
    )


def challenge_sent_text(challenge: Challenge) -> str:
    """Says what a challenge was to, as the lobby's outgoing list does (static/js/api.js
    ``outgoingText``): "You challenged bob to International Checkers, 5+3, rated."."""
    control = TimeControl.from_json(challenge.clock).label
    kind = "rated" if challenge.rated else "casual"
    return f"You challenged {challenge.to.username} to {challenge.variant_name}, {control}, {kind}."


def challenge_variant(category: str) -> str:
    """The game a profile's challenge form offers first: the game of the rating the profile
    shows when that is one game's (``international``), else Chesskers (whose ratings are its
    speeds)."""
    return category if category in variants.VARIANTS else DEFAULT_VARIANT


def termination_labels() -> dict[str, str]:
    return dict(Game.Termination.choices)


@login_required
@require_POST
def profile_challenge(request: HttpRequest, username: str) -> HttpResponse:
    """The profile's Challenge form: sends the challenge (its game, time control, colour and
    rated or not; anything amiss is refused back on the profile) and goes to the lobby to wait."""
    try:
        asked = ChallengeRequest.from_form(username, request.POST)
        challenge = challenge_asked(user=request.user, asked=asked)
    except GameError as refusal:
        messages.error(request, refusal.message)
        player = User.objects.filter(username__iexact=username, is_active=True).first()
        return redirect("profile", username=player.username) if player else redirect("play")
    messages.success(request, challenge_sent_text(challenge))
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
