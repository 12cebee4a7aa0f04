"""Small builders for test data, going through the same services as the site."""

from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import user_signup, user_token

PASSWORD = "correct-horse-battery-staple"


def make_user(username: str = "alice", password: str = PASSWORD) -> User:
    return user_signup(username=username, password=password)


def make_moderator(username: str = "mod") -> User:
    """Returns a signed-up user with the staff flag: a moderator."""
    user = make_user(username)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    return user


def api_client(user: User | None = None) -> APIClient:
    """Returns an API client signed in as ``user`` by its token (a visitor's with none)."""
    client = APIClient()
    if user is not None:
        client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client
