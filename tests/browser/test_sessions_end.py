"""*Sign out everywhere else* in Chromium against a real Daphne: a player signed in on a phone
and on a laptop signs out everywhere else from the laptop's settings; the phone's next page is
a visitor's, the laptop's stays hers."""

import re

from playwright.sync_api import expect

from tests.browser.board_helpers import log_in
from tests.browser.test_phone_layout import PHONE
from tests.factories import make_user


def test_a_player_signs_out_her_other_devices(new_page) -> None:
    make_user("ann")
    laptop, phone = new_page(), new_page(*PHONE)
    for page in (laptop, phone):
        log_in(page, "ann")
    laptop.goto("/accounts/settings/")
    laptop.get_by_test_id("sessions-end").click()
    expect(laptop.locator(".messages")).to_contain_text("You are signed out everywhere else")
    expect(laptop.get_by_test_id("account-menu")).to_have_text(re.compile(r"^ann\d*$"))
    phone.goto("/accounts/settings/")
    expect(phone).to_have_url(re.compile(r"/accounts/login/\?next=/accounts/settings/$"))
    expect(phone.get_by_test_id("account-menu")).to_have_count(0)
