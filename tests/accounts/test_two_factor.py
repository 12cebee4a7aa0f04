"""Two-factor log-in, as docs/site.md "Accounts" says: the codes are RFC 6238's; turning it on
takes the password and the app's first code and shows the recovery codes once; then every door
a password opens (the log-in page, the API's token, the admin's log-in) asks for a code, takes
each code once and a recovery code once, and says why it refused; turning it off takes the
password and a code."""

import base64
import re
import time

import pytest
from django.test import Client

from accounts import totp
from accounts.models import User
from tests.factories import PASSWORD, make_moderator, make_user

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "moment, code",
    [(59, "287082"), (1111111109, "081804"), (1234567890, "005924"), (2000000000, "279037")],
)
def test_the_codes_are_rfc_6238s(moment, code) -> None:
    # RFC 6238, appendix B (SHA-1, the eight digits' last six).
    secret = base64.b32encode(b"12345678901234567890").decode()
    assert totp.code_at(secret, moment // totp.STEP) == code
    assert totp.step_of(code, secret, moment) == moment // totp.STEP
    assert totp.step_of(code, secret, moment, after=moment // totp.STEP) is None  # once only
    assert totp.step_of(code, secret, moment + 5 * totp.STEP) is None  # too late


def app_code(user: User, ahead: int = 0) -> str:
    user.refresh_from_db()
    return totp.code_at(user.totp_secret, int(time.time() // totp.STEP) + ahead)


def turned_on(user: User) -> tuple[Client, list[str]]:
    """Turns two-factor log-in on through its page, as a player does; returns the signed-in
    browser and the recovery codes shown."""
    web = Client()
    web.force_login(user)
    page = web.get("/accounts/two-factor/").content.decode()
    assert "<svg" in page  # the QR code
    secret = re.search(r'data-testid="two-factor-secret">([A-Z2-7 ]+)<', page)[1].replace(" ", "")
    wrong = web.post("/accounts/two-factor/", {"password": "nope", "code": "123456"})
    assert wrong.status_code == 400 and "not your password" in wrong.content.decode()
    code = totp.code_at(secret, int(time.time() // totp.STEP))
    done = web.post("/accounts/two-factor/", {"password": PASSWORD, "code": code})
    codes = re.findall(r"<code>([a-z2-9]{5}-[a-z2-9]{5})</code>", done.content.decode())
    user.refresh_from_db()
    assert user.totp_secret == secret and len(codes) == totp.RECOVERY_CODES
    return web, codes


def log_in(username: str, code: str | None = None) -> tuple[int, str]:
    data = {"username": username, "password": PASSWORD}
    if code is not None:
        data["code"] = code
    answer = Client().post("/accounts/login/", data)
    return answer.status_code, answer.content.decode()


def test_every_log_in_asks_for_a_code_once_it_is_on() -> None:
    ann = make_user("ann")
    assert log_in("ann")[0] == 302  # off: the password alone
    _web, codes = turned_on(ann)
    status, page = log_in("ann")
    assert status == 200 and "asks for its two-factor code" in page
    status, page = log_in("ann", "000000")
    assert status == 200 and "wrong, or was used already" in page
    code = app_code(ann, ahead=1)
    assert log_in("ann", code)[0] == 302
    assert "used already" in log_in("ann", code)[1]  # a code is taken once
    assert log_in("ann", codes[0].upper())[0] == 302  # a recovery code, in any case
    assert "used already" in log_in("ann", codes[0])[1]
    ann.refresh_from_db()
    assert len(ann.totp_recovery) == totp.RECOVERY_CODES - 1


def test_the_api_token_asks_for_the_code_too() -> None:
    ann = make_user("ann")
    _web, codes = turned_on(ann)
    api = Client()
    body = {"username": "ann", "password": PASSWORD}
    asked = api.post("/api/auth/token/", body, content_type="application/json")
    assert asked.status_code == 400 and "send `code`" in asked.json()["error"]
    given = api.post(
        "/api/auth/token/", {**body, "code": codes[1]}, content_type="application/json"
    )
    assert given.status_code == 200 and given.json()["token"]


def test_the_admins_log_in_asks_for_the_code_and_takes_it() -> None:
    mod = make_moderator("mod")
    turned_on(mod)
    web = Client()
    form = web.get("/admin/login/?next=/admin/").content.decode()
    assert 'name="code"' in form and 'autocomplete="one-time-code"' in form
    refused = web.post("/admin/login/", {"username": "mod", "password": PASSWORD})
    assert refused.status_code == 200  # the form again, not signed in, saying why
    assert "asks for its two-factor code" in refused.content.decode()
    assert web.get("/admin/").status_code == 302
    wrong = web.post("/admin/login/", {"username": "mod", "password": PASSWORD, "code": "000000"})
    assert "code is wrong" in wrong.content.decode()
    signed_in = web.post(
        "/admin/login/",
        {"username": "mod", "password": PASSWORD, "code": app_code(mod, 1), "next": "/admin/"},
    )
    assert signed_in.status_code == 302 and signed_in["Location"] == "/admin/"
    assert web.get("/admin/").status_code == 200


def test_the_admins_log_in_without_two_factor_needs_no_code() -> None:
    make_moderator("mod")
    web = Client()
    signed_in = web.post("/admin/login/", {"username": "mod", "password": PASSWORD})
    assert signed_in.status_code == 302 and web.get("/admin/").status_code == 200


def test_turning_it_off_takes_the_password_and_a_code() -> None:
    ann = make_user("ann")
    web, _codes = turned_on(ann)
    assert "is on" in web.get("/accounts/two-factor/").content.decode()
    refused = web.post("/accounts/two-factor/", {"password": PASSWORD, "code": "000000"})
    assert refused.status_code == 400
    off = web.post("/accounts/two-factor/", {"password": PASSWORD, "code": app_code(ann, 1)})
    assert off.status_code == 302
    ann.refresh_from_db()
    assert (ann.totp_secret, ann.totp_recovery) == ("", [])
    assert log_in("ann")[0] == 302


def test_attempts_to_turn_it_on_are_bounded(settings) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "two_factor_account": "2/300"}
    ann = make_user("ann")
    web = Client()
    web.force_login(ann)
    web.get("/accounts/two-factor/")
    for _ in range(2):
        web.post("/accounts/two-factor/", {"password": "nope", "code": "1"})
    last = web.post("/accounts/two-factor/", {"password": PASSWORD, "code": "1"})
    assert "Too many attempts" in last.content.decode()


def test_an_administrator_turns_it_off_for_a_player_who_lost_everything() -> None:
    ann = make_user("ann")
    turned_on(ann)
    admin = User.objects.create_superuser("root", password=PASSWORD)
    web = Client()
    web.force_login(admin)
    listed = web.get("/admin/accounts/user/").content.decode()
    assert ann.totp_secret not in listed  # the secret is never shown
    done = web.post(
        "/admin/accounts/user/",
        {"action": "two_factor_off", "_selected_action": [ann.pk]},
        follow=True,
    )
    assert "turned off for 1 players" in done.content.decode()
    assert log_in("ann")[0] == 302


def test_new_recovery_codes_replace_the_old_ones() -> None:
    ann = make_user("ann")
    web, old = turned_on(ann)
    made = web.post(
        "/accounts/two-factor/",
        {"password": PASSWORD, "code": old[0], "action": "codes"},
    ).content.decode()
    new = re.findall(r"<code>([a-z2-9]{5}-[a-z2-9]{5})</code>", made)
    assert "New recovery codes" in made and len(new) == totp.RECOVERY_CODES
    assert "used already" in log_in("ann", old[1])[1]  # the old ones open nothing
    assert log_in("ann", new[0])[0] == 302
    ann.refresh_from_db()
    assert ann.totp_secret  # still on
