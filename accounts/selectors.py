"""Account reads: a player's rating and its history, the leaderboard."""

from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from accounts.models import PROVISIONAL_DEVIATION, Rating, RatingChange, User

LEADERBOARD_SIZE = 100
ACTIVE_WITHIN = timedelta(days=90)


def rating_of(user: User) -> Rating:
    """Returns the user's rating row, or an unsaved one at the starting values if they have
    never played a rated game. Use ``select_related("rating")`` to avoid a query per user."""
    try:
        return user.rating
    except Rating.DoesNotExist:
        return Rating(user=user)


HISTORY_POINTS = 200  # the rated games a profile's chart and the users API show, the latest


def rating_history(user: User, limit: int = HISTORY_POINTS) -> list[dict[str, Any]]:
    """Returns the user's rating after each of their latest ``limit`` rated games, oldest
    first, starting from the rating before the first of them: ``[{"at", "rating", "game"}]``
    (``game`` None for the start). Bounded, so that a profile costs the same after ten
    thousand games as after two hundred; read from the ``(user, at)`` index."""
    latest = (
        RatingChange.objects.filter(user=user)
        .order_by("-at", "-id")
        .values_list("at", "rating_before", "rating_after", "game__public_id")[:limit]
    )
    changes = list(latest)[::-1]
    if not changes:
        return []
    points = [{"at": changes[0][0], "rating": changes[0][1], "game": None}]
    points += [{"at": at, "rating": after, "game": game} for at, _, after, game in changes]
    return points


def leaderboard(now: datetime | None = None, limit: int = LEADERBOARD_SIZE) -> list[dict[str, Any]]:
    """Returns the established players, best first: deviation at most 110 and a rated game in
    the last 90 days. Ties are broken by username."""
    now = now or timezone.now()
    rows = (
        Rating.objects.filter(
            deviation__lte=PROVISIONAL_DEVIATION,
            last_game_at__gte=now - ACTIVE_WITHIN,
            user__is_active=True,
        )
        .select_related("user")
        .order_by("-rating", "user__username")[:limit]
    )
    return [
        {
            "rank": rank,
            "username": row.user.username,
            "rating": round(row.rating),
            "deviation": round(row.deviation),
            "games": row.games,
        }
        for rank, row in enumerate(rows, start=1)
    ]


def rating_summary(row: Rating) -> dict[str, Any]:
    """Returns a rating as pages and the API show it: rounded, with its provisional flag."""
    return {
        "rating": round(row.rating),
        "deviation": round(row.deviation),
        "provisional": row.provisional,
    }
