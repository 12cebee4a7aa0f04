"""Database connections stay bounded under load (service test): a real Daphne process on
PostgreSQL, hit by many concurrent requests, holds at most its pool's connections, where
without the pool every request's thread kept one of its own."""

import threading
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.db import connection

from tests.conftest import DaphneServer
from tests.factories import make_user

pytestmark = [pytest.mark.services, pytest.mark.django_db(transaction=True)]

POOL_SIZE = 3
REQUESTS = 240
CONCURRENCY = 24


# The server's connections carry this name (libpq reads PGAPPNAME), so the count leaves out
# this test process's own, which its own pool holds.
SERVER_NAME = "chesskers-pool-test"


def server_connections() -> int:
    """Returns how many sessions the server under test has open to the test database."""
    with connection.cursor() as cursor:
        cursor.execute(
            "select count(*) from pg_stat_activity"
            " where datname = current_database() and application_name = %s",
            [SERVER_NAME],
        )
        return cursor.fetchone()[0]


def serve(pool_size: int, **env: str) -> DaphneServer:
    return DaphneServer({"DB_POOL_SIZE": str(pool_size), "PGAPPNAME": SERVER_NAME, **env})


def most_connected_under_load(server: DaphneServer) -> tuple[int, list[int]]:
    """Sends ``REQUESTS`` reads of the database, ``CONCURRENCY`` at a time, while counting the
    server's connections; returns the most seen and the answers' statuses."""
    paths = ["/api/seeks/", "/api/users/carol/", "/api/games/"]
    seen = [server_connections()]
    done = threading.Event()

    def watch() -> None:
        try:
            while not done.is_set():
                seen.append(server_connections())
        finally:
            connection.close()  # this thread's: back to the test process's pool

    def fetch(index: int) -> int:
        url = f"{server.url}{paths[index % len(paths)]}"
        with urllib.request.urlopen(url, timeout=60) as response:
            response.read()
            return response.status

    watcher = threading.Thread(target=watch)
    watcher.start()
    try:
        with ThreadPoolExecutor(CONCURRENCY) as pool:
            statuses = list(pool.map(fetch, range(REQUESTS)))
    finally:
        done.set()
        watcher.join()
    seen.append(server_connections())
    return max(seen), statuses


def test_a_pooled_server_holds_at_most_its_pool() -> None:
    make_user("carol")
    server = serve(POOL_SIZE)
    try:
        most, statuses = most_connected_under_load(server)
    finally:
        server.stop()
    assert statuses == [200] * REQUESTS
    assert 1 <= most <= POOL_SIZE


def test_without_the_pool_the_same_load_holds_more() -> None:
    """The load above is one that needs the pool: without it, the server holds more
    connections than the pool allows (one per request's thread)."""
    make_user("carol")
    server = serve(0, CONN_MAX_AGE="300")
    try:
        most, statuses = most_connected_under_load(server)
    finally:
        server.stop()
    assert statuses == [200] * REQUESTS
    assert most > POOL_SIZE
