"""Account reads: a player's rating and its history, the leaderboard, their settings."""

from datetime import datetime, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from accounts.models import (
    CLASSICAL,
    PROVISIONAL_DEVIATION,
    Preferences,
    Rating,
    RatingChange,
    User,
)

LEADERBOARD_SIZE = 100
ACTIVE_WITHIN = timedelta(days=90)


def active_user(name: str) -> User | None:
    """The active account called ``name`` (any case, its ends trimmed), or None."""
    return User.objects.filter(username__iexact=name.strip(), is_active=True).first()


def any_user(name: str) -> User | None:
    """The account called ``name`` (any case, its ends trimmed), a closed one included, or
    None: what stays readable of a closed account (its conversations) is found by its new name."""
    return User.objects.filter(username__iexact=name.strip()).first()


def rating_of(user: User, category: str = CLASSICAL) -> Rating:
    """Returns the user's rating row in a category, or an unsaved one at the starting values if
    they have never played a rated game in it. ``ratings_of`` reads many users' at once."""
    row = Rating.objects.filter(user=user, category=category).first()
    return row if row is not None else Rating(user=user, category=category)


HISTORY_POINTS = 200  # the rated games a profile's chart and the users API show, the latest


def ratings_of(users: list[User], category: str = CLASSICAL) -> dict[int, Rating]:
    """Returns the users' ratings in a category by user id (the starting values for those
    with none), in one query."""
    rows = Rating.objects.filter(user__in=[user.pk for user in users], category=category)
    found = {row.user_id: row for row in rows}
    return {user.pk: found.get(user.pk) or Rating(user=user, category=category) for user in users}


def user_ratings(user: User) -> list[Rating]:
    """Returns the user's rating in every category they have played rated, most played first
    (one query)."""
    return list(Rating.objects.filter(user=user).order_by("-games", "category"))


def categories_of(user: User, rows: list[Rating] | None = None) -> list[dict[str, Any]]:
    """Returns the user's ratings in every category they have played rated, most played
    first: ``[{"category", "rating", "deviation", "provisional", "games"}]`` (``rows``: the
    user's ``user_ratings``, if the caller has them)."""
    rows = user_ratings(user) if rows is None else rows
    return [{"category": row.category, **rating_summary(row), "games": row.games} for row in rows]


def rating_history(
    user: User, category: str = CLASSICAL, limit: int = HISTORY_POINTS
) -> list[dict[str, Any]]:
    """Returns the user's rating in a category after each of their latest ``limit`` rated
    games there, oldest first, starting from the rating before the first of them:
    ``[{"at", "rating", "game"}]`` (``game`` None for the start). Bounded, so that a profile
    costs the same after ten thousand games as after two hundred; read from the
    ``(user, category, at)`` index."""
    latest = (
        RatingChange.objects.filter(user=user, category=category)
        .order_by("-at", "-id")
        .values_list("at", "rating_before", "rating_after", "game__public_id")[:limit]
    )
    changes = list(latest)[::-1]
    if not changes:
        return []
    points = [{"at": changes[0][0], "rating": changes[0][1], "game": None}]
    points += [{"at": at, "rating": after, "game": game} for at, _, after, game in changes]
    return points


def established(category: str, now: datetime | None = None) -> QuerySet[Rating]:
    """The ratings of a category's established players: deviation at most 110 and a rated game
    in the last 90 days (the leaderboard's, and the rating distribution's, players)."""
    now = now or timezone.now()
    return Rating.objects.filter(
        category=category,
        deviation__lte=PROVISIONAL_DEVIATION,
        last_game_at__gte=now - ACTIVE_WITHIN,
        user__is_active=True,
    )


def leaderboard(
    now: datetime | None = None, limit: int = LEADERBOARD_SIZE, category: str = CLASSICAL
) -> list[dict[str, Any]]:
    """Returns the established players of a category, best first: deviation at most 110 and a
    rated game in the last 90 days. Ties are broken by username."""
    rows = (
        established(category, now)
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


def preferences_of(user: Any) -> Preferences:
    """Returns a user's settings: their row, or the defaults (unsaved) for a user without one
    and for a visitor."""
    if user is None or not user.is_authenticated:
        return Preferences()
    return Preferences.objects.filter(user_id=user.pk).first() or Preferences(user_id=user.pk)


def preferences_payload(preferences: Preferences) -> dict[str, Any]:
    """Returns settings as the API answers them and the pages' scripts read them."""
    return {
        "sound": preferences.sound,
        "premoves": preferences.premoves,
        "takebacks": preferences.takebacks,
        "confirm_resign": preferences.confirm_resign,
        "confirm_moves": preferences.confirm_moves,
        "chat": preferences.chat,
        "board_theme": preferences.board_theme,
        "theme": preferences.theme,
        "coordinates": preferences.coordinates,
        "language": preferences.language,
        "messages_from": preferences.messages_from,
        "challenges_from": preferences.challenges_from,
        "mail_turns": preferences.mail_turns,
        "kid": preferences.kid,
    }


def chat_on(user_id: int) -> bool:
    """Returns whether the user has games' chat on (the default)."""
    return not Preferences.objects.filter(user_id=user_id, chat=False).exists()


def kid_mode(user: Any) -> bool:
    """Whether a signed-in user has kid mode on (a visitor never has). Read once a user
    object: a forum request asks in its middleware and again in its view, through the same
    ``request.user`` (``accounts.services.kid_mode_set`` keeps the answer up to date)."""
    if user is None or not user.is_authenticated:
        return False
    known = getattr(user, "kid_mode_known", None)
    if known is None:
        known = Preferences.objects.filter(user_id=user.pk, kid=True).exists()
        user.kid_mode_known = known
    return known


def language_of(user_id: int) -> str:
    """Returns the language a user chose in their settings ("" for the browser's, or none)."""
    found = Preferences.objects.filter(user_id=user_id).values_list("language", flat=True)
    return found.first() or ""


def who_may(user_id: int, setting: str) -> str:
    """The user's choice of who may reach them (``messages_from`` or ``challenges_from``):
    ``Preferences.Who``'s values, everyone for a user without settings."""
    found = Preferences.objects.filter(user_id=user_id).values_list(setting, flat=True).first()
    return found or Preferences.Who.EVERYONE
