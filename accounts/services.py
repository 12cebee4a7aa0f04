"""Account writes: sign-up, presence, ratings. Views, the API and the games app's services call
these; nothing else creates users or changes a rating."""

from datetime import datetime

from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from rest_framework.authtoken.models import Token

from accounts import glicko2
from accounts.models import CLASSICAL, Rating, RatingChange, User, username_validator
from common.db import update_in_chunks


def username_taken(username: str) -> bool:
    """Returns whether a user already has this username, ignoring case."""
    return User.objects.filter(username__iexact=username).exists()


def user_signup(*, username: str, password: str) -> User:
    """Creates a user after Django's username and password validation.

    Raises ``django.core.exceptions.ValidationError`` (with field names) when the username is
    malformed or taken or the password fails a validator; nothing is written then.
    """
    username = username.strip()
    errors: dict[str, list[str]] = {}
    try:
        username_validator(username)
    except ValidationError as error:
        errors["username"] = list(error.messages)
    else:
        if username_taken(username):
            errors["username"] = ["That username is taken."]
    try:
        validate_password(password, User(username=username))
    except ValidationError as error:
        errors["password"] = list(error.messages)
    if errors:
        raise ValidationError(errors)
    # Hashed before the transaction: hashing is slow on purpose, and the pooled connection a
    # transaction holds would wait for it (accounts/hashers.py gives it back while hashing).
    hashed = make_password(password)
    try:
        with transaction.atomic():
            user = User(username=User.normalize_username(username), password=hashed)
            user.save()
            Token.objects.create(user=user)
    except IntegrityError as error:  # a concurrent sign-up won the race for the name
        raise ValidationError({"username": ["That username is taken."]}) from error
    return user


def user_token(*, user: User) -> str:
    """Returns the user's API token, creating it on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return token.key


def user_seen(*, user_id: int, at: datetime | None = None) -> None:
    """Records that the user is on the site now (a lobby socket opened or pinged)."""
    users_seen(user_ids=[user_id], at=at)


def users_seen(*, user_ids: list[int], at: datetime | None = None) -> int:
    """Records that the users are on the site now (a process's heartbeats, written together);
    returns how many were found."""
    return update_in_chunks(User.objects, "pk", user_ids, last_seen=at or timezone.now())


def lock_ratings(user_ids: list[int], category: str = CLASSICAL) -> dict[int, Rating]:
    """Returns the users' rating rows of a category locked for update, creating missing ones,
    locked by user id.

    Missing rows are inserted with ``ignore_conflicts`` first, so two games ending at once for a
    newcomer never collide on the insert; then each row is locked in ascending user id.
    """
    Rating.objects.bulk_create(
        [Rating(user_id=uid, category=category) for uid in user_ids], ignore_conflicts=True
    )
    rows = Rating.objects.select_for_update()
    return {uid: rows.get(user_id=uid, category=category) for uid in sorted(set(user_ids))}


def rating_record_game(
    *,
    game_id: int,
    white_id: int,
    black_id: int,
    white_score: float,
    at: datetime,
    category: str = CLASSICAL,
) -> dict[str, int]:
    """Rates a finished game for both players in its category (``models.rating_category``)
    and keeps one history row for each.

    Call inside ``transaction.atomic()`` holding the game's lock, once per game (the caller's
    live-status check under that lock guarantees it; a unique constraint backs it up). Both new
    ratings are computed from both old ones. Returns the shown changes,
    ``{"white": +8, "black": -8}``.
    """
    rows = lock_ratings([white_id, black_id], category)
    white, black = rows[white_id], rows[black_id]
    before = {
        "white": glicko2.Rating(white.rating, white.deviation, white.volatility),
        "black": glicko2.Rating(black.rating, black.deviation, black.volatility),
    }
    white_after, black_after = glicko2.rate_game(before["white"], before["black"], white_score)
    after = {"white": white_after, "black": black_after}
    changes = {}
    for color, row, opponent_id, score in (
        ("white", white, black_id, white_score),
        ("black", black, white_id, 1.0 - white_score),
    ):
        old, new = before[color], after[color]
        other = before["black" if color == "white" else "white"]
        change = RatingChange.objects.create(
            user_id=row.user_id,
            game_id=game_id,
            color=color,
            category=category,
            opponent_id=opponent_id,
            opponent_rating=other.rating,
            score=score,
            rating_before=old.rating,
            rating_after=new.rating,
            deviation_before=old.deviation,
            deviation_after=new.deviation,
            volatility_before=old.volatility,
            volatility_after=new.volatility,
            at=at,
        )
        row.rating, row.deviation, row.volatility = new.rating, new.deviation, new.volatility
        row.games += 1
        row.last_game_at = at
        row.save(update_fields=["rating", "deviation", "volatility", "games", "last_game_at"])
        changes[color] = change.change
    return changes
