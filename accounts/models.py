"""The site's user (a username fit for a URL, ``/@/<username>``), their rating and its history."""

from django.conf import settings
from django.contrib.auth.models import AbstractUser
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext_lazy as _

from accounts import glicko2
from engine import variants

PROVISIONAL_DEVIATION = 110.0  # above this a rating is provisional: the lobby shows "1500?"

username_validator = RegexValidator(
    regex=r"^[A-Za-z0-9][A-Za-z0-9_-]{1,19}\Z",
    message=_(
        "Usernames are 2 to 20 characters: letters, digits, '_' or '-', starting with a letter "
        "or digit."
    ),
)


class User(AbstractUser):
    """A player. Usernames are unique regardless of case (``Alice`` and ``alice`` clash)."""

    username = models.CharField(
        _("username"),
        max_length=20,
        unique=True,
        validators=[username_validator],
        help_text=_("2 to 20 characters: letters, digits, '_' or '-'."),
        error_messages={"unique": _("That username is taken.")},
    )
    # Refreshed (by queryset update, never a full save) while a lobby socket is open; with the
    # game sockets' heartbeats it says who is online now (players.selectors.online_players).
    last_seen = models.DateTimeField(null=True, blank=True)
    # Whether ``email`` (optional) was shown to be the user's by a link sent to it: only a
    # verified address is sent a password reset.
    email_verified = models.BooleanField(default=False)
    # Moved on by *Sign out everywhere else* (``accounts.services.sessions_end_elsewhere``):
    # a session whose kept hash was made with another value no longer signs anyone in.
    session_epoch = models.PositiveIntegerField(default=0)
    # Two-factor log-in (``accounts.two_factor``): the authenticator app's secret (empty: off),
    # the last step whose code was taken (none is taken twice), and the hashes of the recovery
    # codes not used yet.
    totp_secret = models.CharField(max_length=64, blank=True, default="")
    totp_step = models.PositiveBigIntegerField(default=0)
    totp_recovery = models.JSONField(default=list, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username

    def _get_session_auth_hash(self, secret: str | None = None) -> str:
        """Django's session hash (an HMAC of the password), with the session epoch in it once
        the player signed out elsewhere: every session made before then stops signing in. At
        epoch 0 it is Django's own, so sessions made before the epoch existed stay good."""
        if not self.session_epoch:
            return super()._get_session_auth_hash(secret=secret)
        return salted_hmac(
            "accounts.User.session_auth_hash",
            f"{self.password}\n{self.session_epoch}",
            secret=secret,
            algorithm="sha256",
        ).hexdigest()


# A rating belongs to a user and a category: for a game rated by speed (the variant says:
# ``rated_by_speed``, Chesskers) its speed (``SPEED_CATEGORIES``; ultrabullet counts as bullet,
# unlimited as classical), for every other game the game's id (one rating per game). Ratings
# from before categories are Chesskers classical.
CLASSICAL = "classical"
SPEED_CATEGORIES = ("bullet", "blitz", "rapid", "classical", "correspondence")
SPEED_AS = {"ultrabullet": "bullet", "unlimited": "classical"}


def rating_category(variant: str, speed: str) -> str:
    """Returns the rating category of a game of ``variant`` (a game id) at ``speed``: the speed
    for a game rated by speed, else the game's id (also for an id the engine does not know)."""
    known = variants.VARIANTS.get(variant)
    if known is None or not known.rated_by_speed:
        return variant
    return SPEED_AS.get(speed, speed)


class Rating(models.Model):
    """A player's Glicko-2 rating in one category (``rating_category``; ``accounts.glicko2``),
    written only by ``accounts.services``. A user without a row in a category has never played
    a rated game in it: they stand at the starting values there. The rows live beside the user,
    not on it, so that a full ``User.save()`` (a password change) can never write back a rating
    read before a game ended.
    """

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="ratings"
    )
    category = models.CharField(max_length=32, default=CLASSICAL)
    rating = models.FloatField(default=glicko2.START_RATING)
    deviation = models.FloatField(default=glicko2.START_DEVIATION)
    volatility = models.FloatField(default=glicko2.START_VOLATILITY)
    games = models.PositiveIntegerField(default=0)  # rated games played
    last_game_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "category"], name="rating_user_category"),
        ]
        indexes = [
            models.Index(fields=["category", "-rating"], name="rating_category_by_rating"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.category}: {self.rating:.0f} ± {self.deviation:.0f}"

    @property
    def provisional(self) -> bool:
        """Whether the rating is still provisional (deviation above 110): shown with a ``?``."""
        return self.deviation > PROVISIONAL_DEVIATION


class RatingChange(models.Model):
    """One player's rating before and after one rated game: the history and the +/- change."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rating_changes"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    color = models.CharField(max_length=5)
    category = models.CharField(max_length=32, default=CLASSICAL)  # the rating it moved
    opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    opponent_rating = models.FloatField()  # the opponent's rating before the game
    score = models.FloatField()  # 1, 0.5 or 0 for this player
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    deviation_before = models.FloatField()
    deviation_after = models.FloatField()
    volatility_before = models.FloatField()
    volatility_after = models.FloatField()
    at = models.DateTimeField()

    class Meta:
        ordering = ["at", "id"]
        constraints = [
            # Belt and braces for "exactly once": the game's row lock already serialises endings.
            models.UniqueConstraint(fields=["game", "user"], name="rating_change_once_per_game"),
        ]
        indexes = [
            models.Index(fields=["user", "at"], name="rating_change_user_at"),
            models.Index(fields=["user", "category", "at"], name="rating_change_category_at"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.game_id}: {self.change:+d}"

    @property
    def change(self) -> int:
        """The change as shown: the difference of the rounded ratings (1500 → 1662 is +162)."""
        return round(self.rating_after) - round(self.rating_before)


class Preferences(models.Model):
    """A user's settings (the settings page, ``GET``/``PATCH /api/account/settings/``); a
    user without a row has the defaults. Written only by ``accounts.services``."""

    class Takebacks(models.TextChoices):
        ALWAYS = "always", _("Always")
        CASUAL = "casual", _("In casual games only")
        NEVER = "never", _("Never")

    class ConfirmMoves(models.TextChoices):
        NEVER = "never", _("Never")
        CORRESPONDENCE = "correspondence", _("In correspondence games")
        ALWAYS = "always", _("Always")

    class BoardTheme(models.TextChoices):
        BROWN = "brown", _("Brown")
        BLUE = "blue", _("Blue")
        GREEN = "green", _("Green")
        GREY = "grey", _("Grey")

    class Theme(models.TextChoices):
        SYSTEM = "system", _("As the system")
        LIGHT = "light", _("Light")
        DARK = "dark", _("Dark")

    class Who(models.TextChoices):
        """Who may write to a player, or challenge them by name."""

        EVERYONE = "everyone", _("Everyone")
        FOLLOWED = "followed", _("Players I follow")
        NOBODY = "nobody", _("Nobody")

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="preferences",
    )
    sound = models.BooleanField(default=True)  # the game page's move sounds
    premoves = models.BooleanField(default=True)  # moves entered on the opponent's turn
    takebacks = models.CharField(max_length=8, choices=Takebacks.choices, default="always")
    confirm_resign = models.BooleanField(default=True)  # a resignation takes a second tap
    # A move made on the board waits for *Confirm* before it is sent (online games).
    confirm_moves = models.CharField(
        max_length=14, choices=ConfirmMoves.choices, default="correspondence"
    )
    chat = models.BooleanField(default=True)  # games' chat shown and written
    board_theme = models.CharField(max_length=16, choices=BoardTheme.choices, default="brown")
    theme = models.CharField(max_length=8, choices=Theme.choices, default="system")  # the pages'
    coordinates = models.BooleanField(default=True)  # the board's file and rank labels
    # Who may write to the player (private messages) and challenge them by name; rematches and
    # open seeks are not challenges by name.
    messages_from = models.CharField(max_length=8, choices=Who.choices, default="everyone")
    challenges_from = models.CharField(max_length=8, choices=Who.choices, default="everyone")
    # One of settings.LANGUAGES' codes, or "" for the browser's choice.
    language = models.CharField(max_length=8, blank=True, default="")
    # Kid mode: the games' chat, private messages and the forum are off, and chat and who may
    # write stay off until it is turned off again, with the account's password
    # (``accounts.services.kid_mode_set``).
    kid = models.BooleanField(default=False)
    # A mail when it is the player's turn in a correspondence game (a confirmed address only;
    # ``games.services.turn_mails``, run from cron).
    mail_turns = models.BooleanField(default=True)

    def __str__(self) -> str:
        return f"preferences of {self.user_id}"


# The values of ``Preferences.Who``, as the API's schema names them once for both settings
# that take them (``SPECTACULAR_SETTINGS["ENUM_NAME_OVERRIDES"]``).
WHO_MAY_REACH = Preferences.Who.values
