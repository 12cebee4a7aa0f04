"""Throttles that hold, on real Daphne processes behind this test as their trusted proxy (it
names each request's address in ``X-Forwarded-For``): a burst of parallel attempts lets exactly
the limit through, an attacker's failures never keep the owner out from another address, and
with Redis unreachable every limit still decides and nothing answers 500."""

import http.client
import json
import threading
import uuid
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor

import pytest

from accounts.models import User
from tests.conftest import DaphneServer
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)

# Windows of a day: a burst never straddles two of them but once a day at midnight.
LIMITS = {
    "TRUSTED_PROXIES": "127.0.0.1",
    "THROTTLE_LOGIN_ACCOUNT_ADDRESS": "10/86400",
    "THROTTLE_LOGIN_ADDRESS": "30/86400",
    "THROTTLE_LOGIN_ACCOUNT": "1000/86400",
    "THROTTLE_SIGNUP_ADDRESS": "10/86400",
    "THROTTLE_SEEK_ADDRESS": "3/86400",  # a player may have 3 seeks open at most
    "THROTTLE_CHALLENGE_ADDRESS": "3/86400",
}


def server_fixture(extra: dict[str, str]):
    @pytest.fixture(scope="module")
    def server(django_db_setup, django_db_blocker) -> Iterator[DaphneServer]:
        started = DaphneServer({**LIMITS, **extra})
        yield started
        started.stop()

    return server


limited = server_fixture({})
# Redis at a port where none listens: the channel layer and the throttles both lose it.
redis_down = server_fixture({"REDIS_URL": "redis://127.0.0.1:6390/0"})


def fresh_address() -> str:
    """An address no other test (nor an earlier run, whose counts Redis keeps) used."""
    return "10." + ".".join(str(octet) for octet in uuid.uuid4().bytes[:3])


def fresh_name(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:10]}"


def post(
    server: DaphneServer, path: str, body: dict, address: str, token: str | None = None
) -> tuple[int, dict]:
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
    headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
    if token:
        headers["Authorization"] = f"Token {token}"
    conn.request("POST", path, json.dumps(body), headers)
    response = conn.getresponse()
    return response.status, json.loads(response.read() or b"{}")


def burst(server: DaphneServer, path: str, bodies: list[dict], address: str) -> Counter:
    """Sends every body at once, each on a connection opened beforehand; returns the count of
    each status."""
    ready = threading.Barrier(len(bodies))

    def one(body: dict) -> int:
        conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=60)
        conn.connect()
        ready.wait()
        headers = {"Content-Type": "application/json", "X-Forwarded-For": address}
        conn.request("POST", path, json.dumps(body), headers)
        response = conn.getresponse()
        response.read()
        return response.status

    with ThreadPoolExecutor(len(bodies)) as pool:
        return Counter(pool.map(one, bodies))


def test_sixty_parallel_wrong_passwords_are_tried_exactly_ten_times(limited) -> None:
    name = fresh_name("burst")
    make_user(name)
    wrong = [{"username": name, "password": f"guess{n}"} for n in range(60)]
    statuses = burst(limited, "/api/auth/token/", wrong, fresh_address())
    assert statuses == Counter({400: 10, 429: 50})


def test_thirty_parallel_sign_ups_make_exactly_ten_accounts(limited) -> None:
    prefix = fresh_name("su")
    bodies = [{"username": f"{prefix}{n}", "password": PASSWORD} for n in range(30)]
    statuses = burst(limited, "/api/auth/signup/", bodies, fresh_address())
    assert statuses == Counter({201: 10, 429: 20})
    assert User.objects.filter(username__startswith=prefix).count() == 10


def test_an_attackers_failures_never_keep_the_owner_out_from_another_address(limited) -> None:
    owner = fresh_name("owner")
    make_user(owner)
    attacker = fresh_address()
    guesses = [
        post(limited, "/api/auth/token/", {"username": owner, "password": f"g{n}"}, attacker)[0]
        for n in range(15)
    ]
    assert guesses == [400] * 10 + [429] * 5
    status, answer = post(
        limited, "/api/auth/token/", {"username": owner, "password": PASSWORD}, fresh_address()
    )
    assert status == 200 and answer["token"]
    # The attacker's address stays held back, even with the right password.
    right = {"username": owner, "password": PASSWORD}
    assert post(limited, "/api/auth/token/", right, attacker)[0] == 429


def test_with_redis_unreachable_the_limits_still_decide_and_nothing_is_500(redis_down) -> None:
    address = fresh_address()
    made = [
        post(redis_down, "/api/auth/signup/", {"username": fresh_name("rd"), "password": PASSWORD},
             address)
        for _ in range(12)
    ]  # fmt: skip
    assert [status for status, _ in made] == [201] * 10 + [429] * 2
    name, token = made[0][1]["username"], made[0][1]["token"]
    wrong = {"username": name, "password": "nope"}
    tries = [post(redis_down, "/api/auth/token/", wrong, address)[0] for _ in range(12)]
    assert tries == [400] * 10 + [429] * 2
    seeks = [post(redis_down, "/api/seeks/", {}, address, token)[0] for _ in range(4)]
    assert seeks == [201] * 3 + [429]
    challenges = [
        post(redis_down, "/api/challenges/", {"to": other["username"]}, address, token)[0]
        for other in [answer for _, answer in made[1:5]]
    ]
    assert challenges == [201] * 3 + [429]
