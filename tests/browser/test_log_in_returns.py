"""In Chromium: a visitor reading a page logs in from the header and is back on that page,
signed in."""

import re

from playwright.sync_api import expect

from tests.factories import PASSWORD, make_user


def test_a_visitor_logs_in_from_the_header_and_is_back_on_the_page(new_page) -> None:
    make_user("alice")
    page = new_page()
    page.goto("/rules/international/")
    page.get_by_test_id("header-log-in").click()
    page.get_by_label("Username").fill("alice")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page).to_have_url(re.compile(r"^http://[^/]+/rules/international/$"))
    expect(page.get_by_test_id("account-menu")).to_have_text("alice")
