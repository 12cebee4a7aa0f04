"""The header's *Log in* brings a visitor back to the page they were reading (its address with
its query), as lichess does; from the account pages themselves it does not, and the log-in page
never sends anyone to another site."""

import html
import re

import pytest
from django.test import Client

from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


def header_log_in(page: str) -> str:
    return html.unescape(re.search(r'<a href="([^"]*)" data-testid="header-log-in"', page).group(1))


def test_the_header_log_in_link_returns_to_the_page() -> None:
    page = Client().get("/games/", {"variant": "russian", "result": "1-0"}).content.decode()
    assert header_log_in(page) == "/accounts/login/?next=/games/%3Fvariant%3Drussian%26result%3D1-0"
    for account_page in ("/accounts/login/", "/accounts/signup/"):
        assert header_log_in(Client().get(account_page).content.decode()) == "/accounts/login/"


def test_logging_in_from_it_lands_on_the_page_and_never_off_the_site() -> None:
    make_user("alice")
    back = Client().post(
        "/accounts/login/?next=/games/%3Fvariant%3Drussian",
        {"username": "alice", "password": PASSWORD},
    )
    assert (back.status_code, back.url) == (302, "/games/?variant=russian")
    away = Client().post(
        "/accounts/login/?next=https://elsewhere.example/",
        {"username": "alice", "password": PASSWORD},
    )
    assert away.status_code == 302 and away.url == "/"
