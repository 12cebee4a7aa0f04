"""Every API error is ``{"error": "<sentence>"}`` JSON with its status, and a request that cannot
get a pooled database connection in time is answered 503 with ``Retry-After`` instead of 500
(common/errors.py): in the test process with the pool's timeout raised where Django
raises it, and on a real Daphne process on PostgreSQL whose one-connection pool is held."""

import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import OperationalError, connection, connections, transaction
from django.test import Client
from psycopg_pool import PoolTimeout

import accounts.api
from tests.conftest import DaphneServer
from tests.factories import PASSWORD, make_user


def json_error(response) -> str:
    assert response["Content-Type"] == "application/json", response.content[:200]
    return response.json()["error"]


@pytest.mark.django_db
def test_every_api_error_is_json_with_a_sentence(monkeypatch) -> None:
    client = Client(raise_request_exception=False)
    missing = client.get("/api/no-such-thing/")
    assert missing.status_code == 404 and json_error(missing).endswith(".")
    wrong_method = client.get("/api/auth/token/")
    assert wrong_method.status_code == 405 and json_error(wrong_method)
    bad_host = client.get("/api/seeks/", HTTP_HOST="elsewhere.example")
    assert bad_host.status_code == 400 and json_error(bad_host) == "That request is malformed."
    make_user("faulty")

    def broken(**_):
        raise RuntimeError("a bug")

    monkeypatch.setattr(accounts.api, "user_token", broken)
    failed = client.post(
        "/api/auth/token/",
        {"username": "faulty", "password": PASSWORD},
        content_type="application/json",
    )
    assert failed.status_code == 500
    assert json_error(failed) == "The server failed to answer that request."
    page = client.get("/no-such-page/")  # the pages keep the site's own
    assert page.status_code == 404 and page["Content-Type"].startswith("text/html")


def exhaust_pool(monkeypatch) -> None:
    """Makes every new connection of this thread fail as an exhausted pool does: psycopg's
    ``PoolTimeout``, which Django raises wrapped in its ``OperationalError``."""
    connections["default"].close()

    def no_connection(*_, **__):
        try:
            raise PoolTimeout("couldn't get a connection after 20.00 sec")
        except PoolTimeout as timeout:
            raise OperationalError(str(timeout)) from timeout

    monkeypatch.setattr(connections["default"], "get_new_connection", no_connection)


@pytest.mark.django_db(transaction=True)
def test_a_request_without_a_connection_is_503_with_retry_after(monkeypatch) -> None:
    exhaust_pool(monkeypatch)
    client = Client(raise_request_exception=False)
    api = client.get("/api/seeks/")
    assert api.status_code == 503 and int(api["Retry-After"]) >= 1
    assert json_error(api).startswith("The site is too busy")
    page = client.get("/games/")
    assert page.status_code == 503 and int(page["Retry-After"]) >= 1
    assert page["Content-Type"].startswith("text/html")
    # A visitor's first game: saving their new session is the first thing to fail.
    local = client.post("/api/games/local/", {}, content_type="application/json")
    assert local.status_code == 503 and json_error(local).startswith("The site is too busy")
    monkeypatch.undo()


SERVER_NAME = "chesskers-exhausted-pool"


def server_waiting_on_a_lock() -> bool:
    with connection.cursor() as cursor:
        cursor.execute("select pg_stat_clear_snapshot()")
        cursor.execute(
            "select count(*) from pg_stat_activity where datname = current_database()"
            " and application_name = %s and wait_event_type = 'Lock'",
            [SERVER_NAME],
        )
        return cursor.fetchone()[0] > 0


def fetch(url: str) -> tuple[int, dict, bytes]:
    try:
        with urllib.request.urlopen(url, timeout=60) as response:
            return response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        return error.code, dict(error.headers), error.read()


@pytest.mark.services
@pytest.mark.django_db(transaction=True)
def test_an_exhausted_pool_answers_503_json_with_retry_after_on_a_real_server() -> None:
    """A server with a pool of one connection, that connection held by a request waiting on a
    lock this test holds: the next request waits out ``DB_POOL_TIMEOUT`` and is told to come
    back, as JSON on the API and a page elsewhere; the held one then completes."""
    make_user("carol")
    server = DaphneServer(
        {
            "DB_POOL_SIZE": "1",
            "DB_POOL_TIMEOUT": "0.5",
            "PGAPPNAME": SERVER_NAME,
            "DEBUG": "0",
            "DEVELOPMENT": "1",
        }
    )
    try:
        with ThreadPoolExecutor(1) as pool:
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute("lock table accounts_user in access exclusive mode")
                held = pool.submit(fetch, f"{server.url}/api/users/carol/")
                for _ in range(600):  # until the server's one connection waits on the lock
                    if server_waiting_on_a_lock() or held.done():
                        break
                    time.sleep(0.05)
                assert server_waiting_on_a_lock()
                status, headers, body = fetch(f"{server.url}/api/seeks/")
                page_status, page_headers, _ = fetch(f"{server.url}/games/")
            assert held.result()[0] == 200
    finally:
        server.stop()
    assert status == 503 and int(headers["Retry-After"]) >= 1
    assert headers["Content-Type"] == "application/json"
    assert body.startswith(b'{"error": "The site is too busy')
    assert page_status == 503 and page_headers["Content-Type"].startswith("text/html")
    assert int(page_headers["Retry-After"]) >= 1
