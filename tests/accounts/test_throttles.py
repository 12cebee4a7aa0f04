"""Throttles: failed log-ins (form, token API, admin) per account and per address, sign-ups per
address, seeks and challenges per account: the request past the limit is 429 with a sentence and
``Retry-After``, and nothing is done. Each test lowers the limits and acts from an address of
its own (the count is kept in the cache, Redis under the services, which outlives a test)."""

import uuid

import pytest
from django.test import Client
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import user_token
from common.throttle import Rate, charge
from games.models import Challenge, Seek
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db


@pytest.fixture
def address() -> str:
    """An address no other test (nor an earlier run) used."""
    octets = uuid.uuid4().bytes[:3]
    return "10." + ".".join(str(octet) for octet in octets)


@pytest.fixture
def low_limits(settings, throttle_clock) -> None:
    settings.THROTTLE_RATES = {
        **settings.THROTTLE_RATES,
        "login_account_address": "3/300",
        "login_address": "5/300",
        "signup_address": "2/3600",
        "seek_account": "2/60",
        "challenge_account": "2/60",
    }


def unique_name(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:8]}"


def assert_throttled(response, window: int) -> None:
    assert response.status_code == 429
    wait = int(response["Retry-After"])
    assert 1 <= wait <= window
    assert f"try again in {wait} seconds." in response.content.decode()


def test_the_fourth_wrong_password_on_the_token_api_is_429(low_limits, address) -> None:
    name = unique_name("tok")
    make_user(name)
    client = APIClient(REMOTE_ADDR=address)
    for _ in range(3):
        wrong = client.post("/api/auth/token/", {"username": name, "password": "nope"})
        assert wrong.status_code == 400 and wrong.json() == {"error": "Wrong username or password."}
    throttled = client.post("/api/auth/token/", {"username": name, "password": PASSWORD})
    assert_throttled(throttled, 300)
    assert throttled.json()["error"].startswith("Too many failed log-ins: try again in")
    # Another account from another address is not held back.
    other = unique_name("tok")
    make_user(other)
    fine = APIClient(REMOTE_ADDR=address + "9").post(
        "/api/auth/token/", {"username": other, "password": PASSWORD}
    )
    assert fine.status_code == 200 and fine.json()["token"]


def test_the_login_form_is_throttled_per_account(client, low_limits, address) -> None:
    name = unique_name("form")
    make_user(name)
    for _ in range(3):
        page = client.post(
            "/accounts/login/", {"username": name, "password": "nope"}, REMOTE_ADDR=address
        )
        assert page.status_code == 200  # the form again, with its error
    throttled = client.post(
        "/accounts/login/", {"username": name, "password": PASSWORD}, REMOTE_ADDR=address
    )
    assert_throttled(throttled, 300)
    assert "_auth_user_id" not in client.session


def test_the_admin_login_is_throttled_per_address(client, low_limits, address) -> None:
    for attempt in range(5):  # five different accounts, one address
        page = client.post(
            "/admin/login/",
            {"username": f"nobody{attempt}", "password": "nope"},
            REMOTE_ADDR=address,
        )
        assert page.status_code == 200
    throttled = client.post(
        "/admin/login/", {"username": "someone", "password": "x"}, REMOTE_ADDR=address
    )
    assert_throttled(throttled, 300)


def test_sign_ups_are_throttled_per_address_on_the_api_and_the_form(
    client, low_limits, address
) -> None:
    api = APIClient(REMOTE_ADDR=address)
    first = api.post("/api/auth/signup/", {"username": unique_name("su"), "password": PASSWORD})
    assert first.status_code == 201
    page = client.post(
        "/accounts/signup/",
        {"username": unique_name("su"), "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR=address,
    )
    assert page.status_code == 302
    users = User.objects.count()
    name = unique_name("su")
    assert_throttled(api.post("/api/auth/signup/", {"username": name, "password": PASSWORD}), 3600)
    form = Client().post(  # signed out: a signed-in visitor is sent home
        "/accounts/signup/",
        {"username": name, "password1": PASSWORD, "password2": PASSWORD},
        REMOTE_ADDR=address,
    )
    assert_throttled(form, 3600)
    assert User.objects.count() == users


def test_seeks_and_challenges_are_throttled_per_account(low_limits, address) -> None:
    alice, bob = make_user(unique_name("a")), make_user(unique_name("b"))
    client = APIClient(REMOTE_ADDR=address)
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=alice)}")
    for minutes in (1, 2):  # two seeks (the same one twice would be the one already open)
        body = {"color": "white", "clock": {"initial": 60 * minutes, "increment": 0}}
        assert client.post("/api/seeks/", body, format="json").status_code == 201
        challenge = client.post("/api/challenges/", {"to": bob.username}, format="json")
        assert challenge.status_code == 201
    seek = client.post("/api/seeks/", {"color": "white"}, format="json")
    assert_throttled(seek, 60)
    assert seek.json()["error"].startswith("Too many requests: try again in")
    assert_throttled(client.post("/api/challenges/", {"to": bob.username}, format="json"), 60)
    assert Seek.objects.filter(owner=alice).count() == 2
    assert Challenge.objects.filter(challenger=alice).count() == 2
    assert client.get("/api/seeks/").status_code == 200  # reading is never throttled


def test_a_window_ends_and_the_count_starts_again(settings) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "login_account": "2/100"}
    ident = unique_name("window")
    start = 1_000_000_000.0  # a window starts here (a multiple of 100)
    assert Rate.of("login_account") == Rate(limit=2, window=100)
    checks = [("login_account", ident)]
    assert charge(checks, now=start + 10).wait is None
    assert charge(checks, now=start + 30).wait is None
    assert charge(checks, now=start + 40).wait == 60
    assert charge(checks, now=start + 100).wait is None
