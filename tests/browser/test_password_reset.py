"""An account's email in the browser, against a Daphne that writes its mails to files (Django's
file backend, which this test reads as a mailbox): an address set in the settings is confirmed
by the link mailed to it, and a forgotten password is reset by the link mailed to that confirmed
address, after which the new password logs in."""

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import DaphneServer
from tests.factories import PASSWORD, make_user

LINK = re.compile(r"https?://\S+")


@pytest.fixture(scope="module")
def mailbox(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("mail")


@pytest.fixture(scope="module")
def daphne_server(django_db_setup, django_db_blocker, mailbox) -> Iterator[DaphneServer]:
    """This module's Daphne: the site's, but for its mails, written to ``mailbox``."""
    server = DaphneServer(
        {
            "EMAIL_BACKEND": "django.core.mail.backends.filebased.EmailBackend",
            "EMAIL_FILE_PATH": str(mailbox),
        }
    )
    yield server
    server.stop()


def last_link(mailbox: Path, page: Page) -> str:
    """Returns the link of the newest mail in the mailbox (waiting for it a few seconds)."""
    for _ in range(100):
        files = sorted(mailbox.iterdir(), key=lambda path: path.stat().st_mtime)
        if files:
            (link,) = LINK.findall(files[-1].read_text().split("\n\n", 1)[1])
            files[-1].unlink()
            return link
        page.wait_for_timeout(100)
    raise AssertionError("no mail came")


def test_an_address_is_confirmed_then_a_forgotten_password_reset_by_mail(new_page, mailbox) -> None:
    make_user("alice")
    page = new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto("/accounts/settings/")
    page.get_by_label("Email address").fill("alice@example.org")
    page.get_by_role("button", name="Save the address").click()
    expect(page.locator(".messages")).to_contain_text("We sent a link to alice@example.org")
    expect(page.get_by_test_id("email-state")).to_contain_text("not confirmed yet")
    page.goto(last_link(mailbox, page))
    expect(page.get_by_test_id("email-verified")).to_contain_text("Address confirmed")
    page.goto("/accounts/settings/")
    expect(page.get_by_test_id("email-state")).to_have_text("alice@example.org: confirmed.")

    visitor = new_page()  # someone who forgot the password
    visitor.goto("/accounts/login/")
    visitor.get_by_role("link", name="Forgot your password?").click()
    visitor.get_by_label("Email").fill("alice@example.org")
    visitor.get_by_role("button", name="Send the link").click()
    expect(visitor.get_by_test_id("reset-sent")).to_contain_text("Check your mail")
    visitor.goto(last_link(mailbox, visitor))
    new = "a-brand-new-secret-91"
    visitor.get_by_label("New password", exact=True).fill(new)
    visitor.get_by_label("New password confirmation").fill(new)
    visitor.get_by_role("button", name="Set the password").click()
    expect(visitor.get_by_test_id("reset-complete")).to_contain_text("Password set")
    visitor.get_by_role("link", name="Log in").last.click()
    visitor.get_by_label("Username").fill("alice")
    visitor.get_by_label("Password").fill(new)
    visitor.get_by_role("button", name="Log in").click()
    expect(visitor.get_by_test_id("account-menu")).to_have_text("alice")
