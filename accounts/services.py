"""Account writes: sign-up. Views and the API call these and never create users themselves."""

from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from rest_framework.authtoken.models import Token

from accounts.models import User, username_validator


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
    try:
        with transaction.atomic():
            user = User.objects.create_user(username=username, password=password)
            Token.objects.create(user=user)
    except IntegrityError as error:  # a concurrent sign-up won the race for the name
        raise ValidationError({"username": ["That username is taken."]}) from error
    return user


def user_token(*, user: User) -> str:
    """Returns the user's API token, creating it on first use."""
    token, _ = Token.objects.get_or_create(user=user)
    return token.key
