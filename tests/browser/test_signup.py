"""A new visitor signs up from the home page in Chromium, lands signed in, opens their profile."""

import re

from playwright.sync_api import expect

from tests.browser.conftest import screenshot


def test_a_visitor_signs_up_from_the_home_page_and_opens_their_profile(new_page) -> None:
    page = new_page()
    page.goto("/")
    page.get_by_test_id("home-signup").click()
    expect(page).to_have_url(re.compile(r"/accounts/signup/$"))

    # A weak password is refused with the reason beside the field, and nothing is lost.
    page.get_by_label("Username").fill("dana")
    page.get_by_label("Password", exact=True).fill("password")
    page.get_by_label("Password again").fill("password")
    page.get_by_role("button", name="Sign up").click()
    expect(page.locator("#id_password1-errors")).to_contain_text("This password is too common.")
    expect(page.get_by_label("Username")).to_have_value("dana")

    page.get_by_label("Password", exact=True).fill("a-much-better-secret-31")
    page.get_by_label("Password again").fill("a-much-better-secret-31")
    page.get_by_role("button", name="Sign up").click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.get_by_test_id("account-menu")).to_have_text("dana")

    page.get_by_test_id("account-menu").click()
    page.get_by_role("link", name="Profile", exact=True).click()
    expect(page).to_have_url(re.compile(r"/@/dana$"))
    expect(page.get_by_test_id("profile-name")).to_have_text("dana")
    expect(page.get_by_test_id("stat-games")).to_have_text("0")
    screenshot(page, "signup-profile-desktop")


def test_the_sign_up_page_reads_on_a_phone(new_page) -> None:
    page = new_page(375, 812)
    page.goto("/accounts/signup/")
    form = page.get_by_test_id("signup-form").bounding_box()
    assert form is not None and form["x"] >= 0 and form["x"] + form["width"] <= 375
    # No sideways scrolling on a phone.
    assert page.evaluate("document.documentElement.scrollWidth") <= 375
    expect(page.get_by_role("link", name="Play", exact=True)).to_be_visible()
    expect(page.get_by_role("link", name="Players", exact=True)).to_be_visible()
    screenshot(page, "signup-phone")
