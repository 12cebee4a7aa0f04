"""Fixtures shared by every suite: service requirements, a real Daphne server, the emptying of
the database after a transactional test, and the order pytest-xdist hands the files out in.

Service tests (marker ``services``) talk to PostgreSQL and Redis. ``.ci/run`` sets
``CHESSKERS_REQUIRE_SERVICES=1`` with ``DATABASE_URL``/``REDIS_URL``: then a missing or unreachable
service is a failure, never a skip. Under the embedded defaults (no such variables) they are
deselected, and the summary says so.
"""

import os
import socket
import subprocess
import sys
import time
import urllib.request
import uuid
from collections import OrderedDict
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.conf import settings
from django.core.management import call_command
from django.db import connections, transaction
from django.test import TransactionTestCase
from django.utils import translation
from xdist.scheduler import LoadFileScheduling

ROOT = Path(__file__).resolve().parent.parent
ARTIFACTS = ROOT / "artifacts"


def services_required() -> bool:
    return os.environ.get("CHESSKERS_REQUIRE_SERVICES") == "1"


def services_configured() -> bool:
    return bool(os.environ.get("REDIS_URL")) and settings.DATABASES["default"]["ENGINE"].endswith(
        "postgresql"
    )


# How much longer a browser test takes than another, about (make test's durations: 8 s against
# a quarter of a second), for the order the files are handed to the workers in.
BROWSER_WEIGHT = 30


def file_weight(scope: str, tests: dict) -> int:
    """Returns a test file's expected cost: its tests, each browser test weighing more."""
    return len(tests) * (BROWSER_WEIGHT if scope.startswith("tests/browser/") else 1)


class HeaviestFirst(OrderedDict):
    """pytest-xdist's queue of the files still to hand out, handing out the heaviest first.
    xdist's own order is by the number of tests, which puts the browser's files (few tests,
    each seconds long) last: the run then ended with one worker still driving Chromium through
    them, minutes after the other had run out of work. Handed out first, they are shared while
    the many short files fill the end evenly."""

    def popitem(self, last: bool = True) -> tuple[str, dict]:
        if last or not self:
            return super().popitem(last=last)
        scope = max(self, key=lambda name: file_weight(name, self[name]))
        return scope, self.pop(scope)


class HeaviestFileFirst(LoadFileScheduling):
    """``--dist loadfile`` (a file to a worker) with its files handed out heaviest first."""

    def __init__(self, config: pytest.Config, log=None) -> None:
        super().__init__(config, log)
        self.workqueue = HeaviestFirst()


def pytest_xdist_make_scheduler(config: pytest.Config, log) -> LoadFileScheduling | None:
    return HeaviestFileFirst(config, log) if config.getvalue("dist") == "loadfile" else None


def pytest_configure(config: pytest.Config) -> None:
    if services_required() and not services_configured():
        raise pytest.UsageError(
            "CHESSKERS_REQUIRE_SERVICES=1 needs DATABASE_URL (PostgreSQL) and REDIS_URL set."
        )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if services_configured():
        return
    kept, dropped = [], []
    for item in items:
        (dropped if item.get_closest_marker("services") else kept).append(item)
    if dropped:
        config.hook.pytest_deselected(items=dropped)
        items[:] = kept
        config._chesskers_deselected_services = len(dropped)  # type: ignore[attr-defined]


def pytest_sessionfinish(session: pytest.Session) -> None:
    """On a pytest-xdist worker: tells the controller how many service tests it left out."""
    output = getattr(session.config, "workeroutput", None)
    if output is not None:
        output["deselected_services"] = getattr(session.config, "_chesskers_deselected_services", 0)


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node, error) -> None:
    """On the pytest-xdist controller: every worker collects the whole suite, so each left out
    the same service tests; the summary names them once."""
    count = getattr(node, "workeroutput", {}).get("deselected_services", 0)
    config = node.config
    config._chesskers_deselected_services = max(  # type: ignore[attr-defined]
        count, getattr(config, "_chesskers_deselected_services", 0)
    )


def pytest_terminal_summary(terminalreporter, exitstatus: int, config: pytest.Config) -> None:
    count = getattr(config, "_chesskers_deselected_services", 0)
    if count:
        terminalreporter.write_line(
            f"{count} service tests not run: set DATABASE_URL (PostgreSQL) and REDIS_URL, "
            "as .ci/run does, to run them."
        )


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_database_env() -> dict[str, str]:
    """Returns the environment that points another process at this run's test database."""
    db = settings.DATABASES["default"]
    if db["ENGINE"].endswith("sqlite3"):
        return {"SQLITE_PATH": str(db["NAME"]), "DATABASE_URL": ""}
    user = db.get("USER") or ""
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    auth = f"{user}{password}@" if user else ""
    return {
        "DATABASE_URL": f"postgres://{auth}{db['HOST']}:{db['PORT'] or 5432}/{db['NAME']}",
    }


# The socket frame caps ``make run`` gives Daphne (the Makefile's DAPHNE_LIMITS).
DAPHNE_LIMITS = ["--websocket-max-message-size", "16384", "--websocket-max-frame-size", "16384"]


class DaphneServer:
    """A Daphne process serving the site on a free port, on the test database."""

    def __init__(
        self, extra_env: dict[str, str] | None = None, extra_args: list[str] | None = None
    ) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.ws_url = f"ws://127.0.0.1:{self.port}"
        # No periodic sweep unless a test asks for one: the server shares the test database
        # with the tests, and its sweep would prune rows a test set up for its own sweep.
        # Its throttles count under keys of its own: Redis keeps what earlier servers and runs
        # counted, and a busy day of test runs would otherwise refuse this one's requests.
        env = {
            **os.environ,
            **test_database_env(),
            "GAMES_SWEEP_INTERVAL": "0",
            "CACHE_KEY_PREFIX": f"daphne-{uuid.uuid4().hex}",
            "DJANGO_SETTINGS_MODULE": "tests.server_settings",  # tuned as production's
            **(extra_env or {}),
        }
        env.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        self.log_path = ARTIFACTS / "logs" / f"daphne-{self.port}.log"
        self.log_path.parent.mkdir(parents=True, exist_ok=True)
        self.log = self.log_path.open("w")
        self.process = subprocess.Popen(
            [
                sys.executable, "-m", "daphne", "-b", "127.0.0.1", "-p", str(self.port),
                *DAPHNE_LIMITS, *(extra_args or []), "chesskers_site.asgi:application",
            ],
            cwd=ROOT, env=env, stdout=self.log, stderr=subprocess.STDOUT,
        )  # fmt: skip
        self.wait_ready()

    def wait_ready(self, timeout: float = 30.0) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"Daphne exited early:\n{self.log_path.read_text()}")
            try:
                with urllib.request.urlopen(f"{self.url}/about/", timeout=2) as response:
                    if response.status == 200:
                        return
            except OSError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"Daphne did not answer in {timeout} s:\n{self.log_path.read_text()}")

    def stop(self) -> None:
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.log.close()


def is_deadlock(error: BaseException | None) -> bool:
    while error is not None:
        if "deadlock detected" in str(error):
            return True
        error = error.__cause__ or error.__context__
    return False


def flush_retrying_deadlocks(teardown):
    """Wraps a transactional test's emptying of the database to try again when PostgreSQL chose
    it as a deadlock's victim: a Daphne process the test started may still be reading or
    writing (a tournament director's pass, a socket's last write) while the emptying takes its
    locks. It runs in one transaction, so a failed try left nothing done."""

    def flush(self, attempts: int = 3) -> None:
        for attempt in range(attempts):
            try:
                return teardown(self)
            except Exception as error:
                if attempt == attempts - 1 or not is_deadlock(error):
                    raise
                time.sleep(0.2)

    return flush


# Kept by an emptying: rows every migration writes once and no test changes.
KEPT_TABLES = {"django_content_type", "auth_permission", "django_migrations"}


def empty_tables(self) -> None:
    """Ends a transactional test on PostgreSQL by deleting every row its tables hold, in one
    transaction whose foreign keys (deferred, as Django makes them) are checked at its end:
    the same emptied database as Django's flush, at a fraction of its cost. The flush's one
    TRUNCATE of every table gives each table and index a new file (about 0.7 s here, after
    every browser and socket test), then writes the content types and permissions back; a
    DELETE of a table's few rows costs a fraction of a millisecond, and those two tables are
    never emptied. The tables that held rows are then vacuumed and analysed, so that a test
    after finds them as a TRUNCATE leaves them: no dead rows, and no deletions counted towards
    autovacuum's next analysis, which could otherwise come in the middle of a later test and
    give the planner the statistics of an empty table for the rows that test has written but
    not committed (the archive's plans, picked by those statistics, count what they read).
    Other databases (SQLite's flush deletes already) keep Django's flush."""
    for alias in self._databases_names(include_mirrors=False):
        connection = connections[alias]
        if connection.vendor != "postgresql":
            original_teardown(self)
            return
    for alias in self._databases_names(include_mirrors=False):
        connection = connections[alias]
        tables = [
            name
            for name in connection.introspection.django_table_names(only_existing=True)
            if name not in KEPT_TABLES
        ]
        quoted = connection.ops.quote_name
        emptied = []
        with transaction.atomic(using=alias), connection.cursor() as cursor:
            cursor.execute("SET CONSTRAINTS ALL DEFERRED")
            for table in tables:
                cursor.execute(f"DELETE FROM {quoted(table)}")
                if cursor.rowcount:
                    emptied.append(quoted(table))
        if emptied:  # as a TRUNCATE leaves them: no dead rows, nothing for autovacuum to do
            with connection.cursor() as cursor:
                cursor.execute(f"VACUUM (ANALYZE) {', '.join(emptied)}")


original_teardown = TransactionTestCase._fixture_teardown
TransactionTestCase._fixture_teardown = flush_retrying_deadlocks(empty_tables)


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup, django_db_blocker) -> Iterator[None]:
    """pytest-django's test database, whose connection pool (chesskers_site/settings.py) is
    closed before the database is dropped: PostgreSQL refuses to drop a database that pooled
    connections still hold."""
    yield
    with django_db_blocker.unblock():
        for conn in connections.all():
            conn.close()
            if getattr(conn, "pool", None) is not None:
                conn.close_pool()


@pytest.fixture(autouse=True)
def no_rows_left_by_a_server(request: pytest.FixtureRequest) -> None:
    """Empties the database before a test that uses it, if an earlier test's server left rows.

    A transactional test's data is flushed when it ends, but a Daphne process it started may
    still be answering it (a request, a socket's last move) and commit after the flush. Run on
    one process, pytest-django ran every such test after the others; on several workers a test
    file's turn decides, and a later test that counts the games found one more. Checked on two
    tables, a few milliseconds; emptied (in the test's transaction, if it has one) only then."""
    marker = request.node.get_closest_marker("django_db")
    if marker is None and not {"db", "transactional_db"} & set(request.fixturenames):
        return
    from accounts.models import User
    from games.models import Game

    blocker = request.getfixturevalue("django_db_blocker")
    with blocker.unblock():
        if Game.objects.exists() or User.objects.exists():
            call_command("flush", interactive=False, verbosity=0)


@pytest.fixture(autouse=True)
def default_language() -> Iterator[None]:
    """Every test starts and ends in the site's default language: a request or a test that
    activates one leaves it active in its thread, and a test run after it in the same process
    (their order differs from worker to worker) would read its sentences in that language."""
    translation.deactivate()
    yield
    translation.deactivate()


class StoppedWallClock:
    """The ``time`` module as ``common.throttle`` sees it, with its wall clock stopped."""

    def __init__(self, at: float) -> None:
        self.at = at

    def time(self) -> float:
        return self.at

    def __getattr__(self, name: str):
        return getattr(time, name)


@pytest.fixture
def throttle_clock(monkeypatch) -> float:
    """Stops the wall clock the throttles count their windows by, 30 s into a window of every
    length the tests give a throttle (a minute, 100 s, five minutes, an hour), and returns that
    instant. A test that counts a few events against a small limit otherwise fails when a
    window turns between them (at a minute's turn, say): the last event opens a new window.
    Redis still expires each window's count by how long the window has left."""
    day = 86_400
    at = (time.time() // day) * day + 12 * 3_600 + 30
    monkeypatch.setattr("common.throttle.time", StoppedWallClock(at))
    return at


@pytest.fixture(scope="session")
def daphne_server(django_db_setup, django_db_blocker) -> Iterator[DaphneServer]:
    """A real Daphne process on the test database, shared by the session's end-to-end tests.

    Tests that use it also need ``transactional_db`` (or ``live_db``) so their writes are
    committed where the server can see them.
    """
    server = DaphneServer()
    yield server
    server.stop()


@pytest.fixture
def live_db(transactional_db) -> Iterator[None]:
    """Committed database access, for tests that share data with a Daphne process.

    Afterwards it waits (a few seconds at most) until the server has forgotten the test's
    WebSockets, so a disconnect's write never races the flush that ends the test (on
    PostgreSQL the two can deadlock)."""
    yield
    from games.models import Connection

    deadline = time.monotonic() + 10
    while Connection.objects.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
