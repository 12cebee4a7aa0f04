"""Two-factor log-in in Chromium against a real Daphne: a player turns it on from the settings
(the QR code shown, the key typed into "the app" — here the test computes the app's code from
the key the page shows), keeps her recovery codes, and from then on logs in with her password
and the app's code; a log-in without the code is told what is missing."""

import re
import time

from playwright.sync_api import expect

from accounts import totp
from tests.factories import PASSWORD, make_user


def app_code(secret: str, ahead: int = 0) -> str:
    return totp.code_at(secret, int(time.time() // totp.STEP) + ahead)


def test_a_player_turns_two_factor_on_and_logs_in_with_her_app(new_page) -> None:
    make_user("ann")
    page = new_page()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    page.goto("/accounts/settings/")
    page.get_by_test_id("two-factor-link").click()
    expect(page.get_by_test_id("two-factor-qr").locator("svg")).to_be_visible()
    secret = page.get_by_test_id("two-factor-secret").inner_text().replace(" ", "")
    form = page.get_by_test_id("two-factor-on")
    form.get_by_label("Your password").fill(PASSWORD)
    form.get_by_test_id("two-factor-code").fill(app_code(secret))
    form.get_by_test_id("two-factor-enable").click()
    expect(page.get_by_test_id("recovery-codes").locator("li")).to_have_count(totp.RECOVERY_CODES)

    # Logged out, the password alone is not enough: the page says what is missing.
    page.get_by_test_id("account-menu").click()
    page.get_by_role("button", name="Log out").click()
    page.goto("/accounts/login/")
    page.get_by_label("Username").fill("ann")
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_role("alert").first).to_contain_text("asks for its two-factor code")
    page.get_by_label("Password").fill(PASSWORD)
    # This step's code was taken to turn it on: the next step's, which the server takes from a
    # phone whose clock runs a little ahead.
    page.get_by_label("Two-factor code").fill(app_code(secret, ahead=1))
    page.get_by_role("button", name="Log in").click()
    expect(page.get_by_test_id("account-menu")).to_have_text(re.compile(r"^ann\d*$"))
