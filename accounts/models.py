"""The site's user: Django's user with a username fit for a URL (``/@/<username>``)."""

from django.contrib.auth.models import AbstractUser
from django.core.validators import RegexValidator
from django.db import models
from django.db.models.functions import Lower

username_validator = RegexValidator(
    regex=r"^[A-Za-z0-9][A-Za-z0-9_-]{1,19}\Z",
    message=(
        "Usernames are 2 to 20 characters: letters, digits, '_' or '-', starting with a letter "
        "or digit."
    ),
)


class User(AbstractUser):
    """A player. Usernames are unique regardless of case (``Alice`` and ``alice`` clash)."""

    username = models.CharField(
        "username",
        max_length=20,
        unique=True,
        validators=[username_validator],
        help_text="2 to 20 characters: letters, digits, '_' or '-'.",
        error_messages={"unique": "That username is taken."},
    )

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("username"), name="accounts_user_username_ci_unique"),
        ]

    def __str__(self) -> str:
        return self.username
