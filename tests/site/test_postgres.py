"""The suite runs on PostgreSQL where the services are required (service test)."""

import pytest
from django.db import OperationalError, connection, connections

pytestmark = [pytest.mark.services, pytest.mark.django_db]


def test_the_database_is_postgresql() -> None:
    assert connection.vendor == "postgresql"
    with connection.cursor() as cursor:
        cursor.execute("select version()")
        assert cursor.fetchone()[0].startswith("PostgreSQL")


# --- the backend's health checks (chesskers_site.postgresql) ---------------------------------
@pytest.fixture
def own_connection(monkeypatch: pytest.MonkeyPatch):
    """A connection of the test database's settings, apart from the test's own, counting its
    health checks."""
    conn = connections.create_connection("default")
    # Persistent and health-checked, as in production without the pool (DB_POOL_SIZE=0).
    options = {key: value for key, value in conn.settings_dict["OPTIONS"].items() if key != "pool"}
    conn.settings_dict = {
        **conn.settings_dict,
        "CONN_MAX_AGE": 300,
        "CONN_HEALTH_CHECKS": True,
        "OPTIONS": options,
    }
    conn.checks = []
    real_is_usable = conn.is_usable

    def is_usable() -> bool:
        conn.checks.append(conn.connection.info.backend_pid)
        return real_is_usable()

    monkeypatch.setattr(conn, "is_usable", is_usable)
    yield conn
    conn.close()


def unit_of_work(conn) -> int:
    """Runs a statement as a consumer's database work does (``close_old_connections`` before and
    after); returns the server process that ran it."""
    conn.close_if_unusable_or_obsolete()
    try:
        with conn.cursor() as cursor:
            cursor.execute("select pg_backend_pid()")
            return cursor.fetchone()[0]
    finally:
        conn.close_if_unusable_or_obsolete()


def terminate(pid: int) -> None:
    with connection.cursor() as cursor:
        cursor.execute("select pg_terminate_backend(%s)", [pid])


def test_the_backend_is_the_sites_own_with_a_pool() -> None:
    settings = connection.settings_dict
    assert settings["ENGINE"] == "chesskers_site.postgresql"
    assert settings["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 8, "timeout": 20.0}
    assert (settings["CONN_MAX_AGE"], settings["CONN_HEALTH_CHECKS"]) == (0, False)


def test_a_connection_used_well_a_moment_ago_is_not_checked_again(own_connection) -> None:
    first = unit_of_work(own_connection)  # a new connection needs no check
    assert unit_of_work(own_connection) == first
    assert unit_of_work(own_connection) == first
    assert own_connection.checks == []  # each unit of work was one round trip, not two

    own_connection.healthy_at -= own_connection.HEALTHY_FOR  # idle that long: checked
    assert unit_of_work(own_connection) == first
    assert own_connection.checks == [first]


def test_a_connection_broken_while_idle_is_replaced_by_the_check(own_connection) -> None:
    first = unit_of_work(own_connection)
    terminate(first)
    own_connection.healthy_at -= own_connection.HEALTHY_FOR
    second = unit_of_work(own_connection)  # the check finds it broken; a new one serves
    assert own_connection.checks == [first]
    assert second != first


def test_a_connection_broken_just_after_use_fails_once_then_is_replaced(own_connection) -> None:
    first = unit_of_work(own_connection)
    terminate(first)
    with pytest.raises(OperationalError):
        unit_of_work(own_connection)  # not checked (healthy a moment ago): this statement fails
    second = unit_of_work(own_connection)  # the failed unit of work closed it
    assert second != first
