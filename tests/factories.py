"""Small builders for test data, going through the same services as the site."""

from accounts.models import User
from accounts.services import user_signup

PASSWORD = "correct-horse-battery-staple"


def make_user(username: str = "alice", password: str = PASSWORD) -> User:
    return user_signup(username=username, password=password)
