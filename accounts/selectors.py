"""Account reads: a player's rating and its history, the leaderboard."""

from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from accounts.models import CLASSICAL, PROVISIONAL_DEVIATION, Rating, RatingChange, User

LEADERBOARD_SIZE = 100
ACTIVE_WITHIN = timedelta(days=90)


def rating_of(user: User, category: str = CLASSICAL) -> Rating:
    """Returns the user's rating row in a category, or an unsaved one at the starting values if
    they have never played a rated game in it. ``ratings_of`` reads many users' at once."""
    row = Rating.objects.filter(user=user, category=category).first()
    return row if row is not None else Rating(user=user, category=category)


def ratings_of(users: list[User], category: str = CLASSICAL) -> dict[int, Rating]:
    """Returns the users' ratings in a category by user id (the starting values for those
    with none), in one query."""
    rows = Rating.objects.filter(user__in=[user.pk for user in users], category=category)
    found = {row.user_id: row for row in rows}
    return {user.pk: found.get(user.pk) or Rating(user=user, category=category) for user in users}


def categories_of(user: User) -> list[dict[str, Any]]:
    """Returns the user's ratings in every category they have played rated, most played
    first: ``[{"category", "rating", "deviation", "provisional", "games"}]``."""
    rows = Rating.objects.filter(user=user).order_by("-games", "category")
    return [{"category": row.category, **rating_summary(row), "games": row.games} for row in rows]


def rating_history(user: User, category: str = CLASSICAL) -> list[dict[str, Any]]:
    """Returns the user's rating in a category after each rated game, oldest first, starting
    from the rating before their first one: ``[{"at", "rating", "game"}]`` (``game`` None for
    the start)."""
    changes = list(RatingChange.objects.filter(user=user, category=category).select_related("game"))
    if not changes:
        return []
    points = [{"at": changes[0].at, "rating": changes[0].rating_before, "game": None}]
    points += [
        {"at": change.at, "rating": change.rating_after, "game": change.game.public_id}
        for change in changes
    ]
    return points


def leaderboard(
    now: datetime | None = None, limit: int = LEADERBOARD_SIZE, category: str = CLASSICAL
) -> list[dict[str, Any]]:
    """Returns the established players of a category, best first: deviation at most 110 and a
    rated game in the last 90 days. Ties are broken by username."""
    now = now or timezone.now()
    rows = (
        Rating.objects.filter(
            category=category,
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
