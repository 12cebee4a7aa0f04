"""Account writes: sign-up, presence, ratings, settings, the email address and closing an
account. Views, the API and the games app's services call these; nothing else creates users,
changes a rating or a setting."""

import secrets
from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.conf import settings
from django.contrib.auth.hashers import make_password
from django.contrib.auth.password_validation import validate_password
from django.core import signing
from django.core.exceptions import ValidationError
from django.core.mail import EmailMessage
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.db.models import F
from django.template.loader import render_to_string
from django.utils import timezone, translation
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from accounts import glicko2
from accounts.errors import AccountError
from accounts.models import (
    CLASSICAL,
    Preferences,
    Rating,
    RatingChange,
    User,
    username_validator,
)
from common.db import release_connection, update_in_chunks

# A closed account is renamed ``closed-<8 letters>``: its games keep their players under a
# neutral name, and nobody may sign up with a name that looks like one.
CLOSED_PREFIX = "closed-"


def username_taken(username: str) -> bool:
    """Returns whether a user already has this username, ignoring case."""
    return User.objects.filter(username__iexact=username).exists()


def user_signup(*, username: str, password: str, email: str = "") -> User:
    """Creates a user after Django's username and password validation, with an optional email
    address (unverified: the caller sends the link, ``send_verification``).

    Raises ``django.core.exceptions.ValidationError`` (with field names) when the username is
    malformed, taken or reserved, the password fails a validator or the address is malformed;
    nothing is written then.
    """
    username = username.strip()
    errors: dict[str, list[str]] = {}
    try:
        username_validator(username)
    except ValidationError as error:
        errors["username"] = list(error.messages)
    else:
        if username.lower().startswith(CLOSED_PREFIX):
            errors["username"] = [
                _("Usernames starting with %(prefix)s are reserved.")
                % {"prefix": repr(CLOSED_PREFIX)}
            ]
        elif username_taken(username):
            errors["username"] = [_("That username is taken.")]
    try:
        email = email_address(email)
    except AccountError as error:
        errors["email"] = [error.message]
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
            user = User(username=User.normalize_username(username), password=hashed, email=email)
            user.save()
            Token.objects.create(user=user)
    except IntegrityError as error:  # a concurrent sign-up won the race for the name
        raise ValidationError({"username": [_("That username is taken.")]}) from error
    return user


def sessions_end_elsewhere(*, user: User) -> None:
    """Signs the player out of every session but the caller's: moves their session epoch on
    (the caller keeps their own session by ``update_session_auth_hash``) and revokes their API
    token (a new one comes with the next ``POST /api/auth/token/``)."""
    with transaction.atomic():
        User.objects.filter(pk=user.pk).update(session_epoch=F("session_epoch") + 1)
        Token.objects.filter(user=user).delete()
    user.refresh_from_db(fields=["session_epoch"])


def user_token(*, user: User) -> str:
    """Returns the user's API token, creating it on first use."""
    token, _created = Token.objects.get_or_create(user=user)
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


# --- settings ------------------------------------------------------------------------------
PREFERENCE_FIELDS = (
    "sound",
    "premoves",
    "takebacks",
    "confirm_resign",
    "confirm_moves",
    "chat",
    "board_theme",
    "theme",
    "coordinates",
    "language",
    "messages_from",
    "challenges_from",
    "mail_turns",
)
CHOICES = {
    "takebacks": Preferences.Takebacks.values,
    "confirm_moves": Preferences.ConfirmMoves.values,
    "board_theme": Preferences.BoardTheme.values,
    "theme": Preferences.Theme.values,
    "language": ["", *(code for code, _ in settings.LANGUAGES)],
    "messages_from": Preferences.Who.values,
    "challenges_from": Preferences.Who.values,
}


def preference_changes(data: Mapping[str, Any]) -> dict[str, Any]:
    """Returns the settings a body or form changes (only those it names), each checked, or
    raises ``AccountError`` naming the first one that is wrong. An unknown name is refused."""
    unknown = sorted(set(data) - set(PREFERENCE_FIELDS))
    if unknown:
        raise AccountError(
            _("Unknown setting %(name)s; the settings are: %(names)s.")
            % {"name": repr(unknown[0]), "names": ", ".join(PREFERENCE_FIELDS)}
        )
    changes: dict[str, Any] = {}
    for name, value in data.items():
        if name in CHOICES:
            if value not in CHOICES[name]:
                named = ", ".join(choice or '""' for choice in CHOICES[name])
                raise AccountError(
                    _("`%(name)s` is one of %(named)s.") % {"name": name, "named": named}
                )
        elif not isinstance(value, bool):
            raise AccountError(_("`%(name)s` is true or false.") % {"name": name})
        changes[name] = value
    return changes


def preferences_update(*, user: User, changes: Mapping[str, Any]) -> Preferences:
    """Changes the user's settings (``preference_changes``' checked values) and returns them
    all."""
    changes = preference_changes(changes)
    with transaction.atomic():
        row, _created = Preferences.objects.select_for_update().get_or_create(user=user)
        if row.kid and any(changes.get(name, value) != value for name, value in KID.items()):
            raise AccountError(
                _("Kid mode keeps the chat and messages off: turn kid mode off first.")
            )
        for name, value in changes.items():
            setattr(row, name, value)
        if changes:
            row.save(update_fields=list(changes))
    return row


# What kid mode holds: the games' chat off, and nobody may write to the player.
KID = {"chat": False, "messages_from": Preferences.Who.NOBODY.value}


def kid_mode_set(*, user: User, on: bool, password: str) -> Preferences:
    """Turns kid mode on or off, the account's password confirming it (``AccountError`` if it
    is wrong: the caller counts it as a log-in). On, it turns the chat off and lets nobody
    write to the player, and keeps them so; off, it leaves them as they are, for the player to
    choose again."""
    if not isinstance(password, str) or not user.check_password(password):
        raise AccountError(_("Wrong password: kid mode is as it was."))
    with transaction.atomic():
        row, _created = Preferences.objects.select_for_update().get_or_create(user=user)
        changes = {"kid": on, **(KID if on else {})}
        for name, value in changes.items():
            setattr(row, name, value)
        row.save(update_fields=list(changes))
    user.kid_mode_known = on  # what ``accounts.selectors.kid_mode`` answers for this object
    return row


# --- the email address ---------------------------------------------------------------------
EMAIL_SALT = "accounts.email-verification"
EMAIL_LINK_DAYS = 3
MAX_EMAIL_CHARS = 254


def email_address(value: Any) -> str:
    """Returns an email address as stored (trimmed, its domain in lower case; "" for none), or
    raises ``AccountError`` saying why it is not one."""
    if value is None or value == "":
        return ""
    if not isinstance(value, str):
        raise AccountError(_("An email address is text."))
    value = value.strip()
    if len(value) > MAX_EMAIL_CHARS:
        raise AccountError(
            _("An email address has at most %(max_email_chars)s characters.")
            % {"max_email_chars": MAX_EMAIL_CHARS}
        )
    if value:
        try:
            validate_email(value)
        except ValidationError:
            raise AccountError(_("That is not an email address.")) from None
    return User.objects.normalize_email(value)


def email_set(*, user: User, email: Any) -> bool:
    """Sets (or with "" removes) the user's email address, unverified until its link is
    followed; returns whether it changed (an unchanged verified address stays verified)."""
    email = email_address(email)
    if email == user.email:
        return False
    user.email, user.email_verified = email, False
    user.save(update_fields=["email", "email_verified"])
    return True


def email_token(user: User) -> str:
    """Returns the token of the link that verifies the user's current address."""
    return signing.dumps({"user": user.pk, "email": user.email}, salt=EMAIL_SALT)


def email_verify(token: str) -> User | None:
    """Marks the address a verification link names as verified, if the link is genuine, less
    than ``EMAIL_LINK_DAYS`` old and its account still has that address; returns the account
    (None: the link is no good)."""
    try:
        claim = signing.loads(token, salt=EMAIL_SALT, max_age=EMAIL_LINK_DAYS * 86400)
    except signing.BadSignature:
        return None
    user = User.objects.filter(pk=claim.get("user"), is_active=True).first()
    if user is None or not user.email or user.email != claim.get("email"):
        return None
    if not user.email_verified:
        user.email_verified = True
        user.save(update_fields=["email_verified"])
    return user


def mail_headers() -> dict[str, str]:
    """The headers of a mail to a player: its language, the active one (the language of the
    request that sends it, in which its templates were just rendered)."""
    return {"Content-Language": translation.get_language() or settings.LANGUAGE_CODE}


def send_verification(*, user: User, link: str) -> None:
    """Sends the user's address the link (``link``, absolute) that verifies it, in the language
    of the request that asks. The mail goes out holding no pooled database connection."""
    context = {"user": user, "link": link, "days": EMAIL_LINK_DAYS}
    subject = "".join(render_to_string("accounts/email/verify_subject.txt", context).splitlines())
    body = render_to_string("accounts/email/verify_body.txt", context)
    release_connection()
    message = EmailMessage(
        subject.strip(), body, settings.DEFAULT_FROM_EMAIL, [user.email], headers=mail_headers()
    )
    message.send()


# --- closing an account ----------------------------------------------------------------------
def closed_name() -> str:
    """Returns a free name for a closed account: ``closed-`` and eight random letters."""
    while True:
        name = CLOSED_PREFIX + "".join(secrets.choice("abcdefghjkmnpqrstuvwxyz") for _i in range(8))
        if not username_taken(name):
            return name


def account_close(*, user: User) -> str:
    """Closes an account for good: renamed to a neutral name (its games stay in the archive
    under it), no email, no password, no token, inactive (signed out everywhere: an inactive
    user's session and token are refused). Returns the new name. The apps above remove the
    rest (their lobby offers, blocks, follows)."""
    with transaction.atomic():
        user = User.objects.select_for_update().get(pk=user.pk)
        user.username = closed_name()
        user.email, user.email_verified = "", False
        user.first_name = user.last_name = ""
        user.is_active = user.is_staff = user.is_superuser = False
        user.last_seen = None
        user.set_unusable_password()
        user.save()
        Token.objects.filter(user=user).delete()
        Preferences.objects.filter(user=user).delete()
    return user.username
