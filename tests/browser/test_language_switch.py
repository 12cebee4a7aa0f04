"""In Chromium: the footer's language switch (a plain form, no script) changes the page's
language, which sticks from page to page; signed in, the choice is the account's and follows the
player to another browser. Screenshots of the footer on a desktop and a phone."""

import re

from playwright.sync_api import expect

from accounts.models import Preferences
from tests.browser.board_helpers import log_in
from tests.browser.conftest import SCREENSHOTS, screenshot
from tests.factories import make_user


def switch_to(page, name: str) -> None:
    page.get_by_test_id("language-select").select_option(label=name)
    page.get_by_test_id("language-switch").get_by_role("button").click()


def test_a_visitor_switches_the_language_in_the_footer_and_it_sticks(new_page) -> None:
    page = new_page()
    page.goto("/about/")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    expect(page.get_by_test_id("language-select")).to_have_value("en")
    switch_to(page, "Nederlands")
    expect(page).to_have_url(re.compile(r"/about/$"))  # back where the switch was used
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    expect(page.get_by_test_id("language-select")).to_have_value("nl")
    page.goto("/players/")
    expect(page.locator("html")).to_have_attribute("lang", "nl")
    screenshot(page, "language-switch-nl-desktop")
    page.locator(".site-footer").screenshot(path=str(SCREENSHOTS / "language-switch-footer.png"))

    phone = new_page(375, 812)
    phone.goto("/")
    switch_to(phone, "Русский")
    expect(phone.locator("html")).to_have_attribute("lang", "ru")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 375
    screenshot(phone, "language-switch-ru-phone")


def test_a_players_choice_follows_them_to_another_browser(new_page) -> None:
    user = make_user("olga")
    page = new_page()
    log_in(page, "olga")
    switch_to(page, "Français")
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    assert Preferences.objects.get(user=user).language == "fr"

    other = new_page()
    other.goto("/")
    expect(other.locator("html")).to_have_attribute("lang", "en")
    log_in(other, "olga")
    other.goto("/")
    expect(other.locator("html")).to_have_attribute("lang", "fr")
