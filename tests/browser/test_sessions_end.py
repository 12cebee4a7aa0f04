"""*Sign out everywhere else* in Chromium against a real Daphne: a player signed in on a phone
and on a laptop signs out everywhere else from the laptop's settings; the phone's next page is
a visitor's, the laptop's stays hers; a game page left open on the phone loses its socket at
once and loads again as a visitor's, without the player's controls."""

import re

from playwright.sync_api import expect

from tests.browser.board_helpers import log_in, off_the_loop
from tests.browser.test_phone_layout import PHONE
from tests.factories import make_user
from tests.games.conftest import start_game


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


def test_a_game_page_left_open_on_the_other_device_is_signed_out_at_once(
    new_page, daphne_server
) -> None:
    ann, bob = make_user("ann"), make_user("bob")
    game = off_the_loop(lambda: start_game(ann, bob))
    laptop, phone = new_page(), new_page(*PHONE)
    for page in (laptop, phone):
        log_in(page, "ann")
    phone.goto(f"/game/{game.public_id}/")
    expect(phone.locator("body[data-live=open]")).to_have_count(1)
    expect(phone.locator("#controls [data-action=abort]")).to_be_visible()
    laptop.goto(f"/game/{game.public_id}/")
    expect(laptop.locator("body[data-live=open]")).to_have_count(1)

    laptop_settings = laptop.context.new_page()  # another tab of the laptop's browser
    laptop_settings.goto("/accounts/settings/")
    laptop_settings.get_by_test_id("sessions-end").click()
    expect(laptop_settings.locator(".messages")).to_contain_text("signed out everywhere else")

    # The phone's page loads again by itself, a visitor's: no account, no player's controls.
    expect(phone.get_by_test_id("account-menu")).to_have_count(0)
    expect(phone.locator("body[data-live=open]")).to_have_count(1)
    expect(phone.locator("#controls [data-action=abort]")).to_be_hidden()
    # The laptop's game page, the asking browser's, keeps its socket and its controls.
    expect(laptop.locator("body[data-live=open]")).to_have_count(1)
    expect(laptop.locator("#controls [data-action=abort]")).to_be_visible()
    expect(laptop.get_by_test_id("account-menu")).to_have_text(re.compile(r"^ann\d*$"))
