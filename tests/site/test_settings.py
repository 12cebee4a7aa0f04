"""Settings from the environment: embedded defaults, production variables, check --deploy."""

import json
import os
import subprocess
import sys

from tests.conftest import ROOT

PROBE = (
    "import django, json; django.setup(); from django.conf import settings as s; "
    "print(json.dumps({'engine': s.DATABASES['default']['ENGINE'], "
    "'layer': s.CHANNEL_LAYERS['default']['BACKEND'], 'debug': s.DEBUG, "
    "'hosts': s.ALLOWED_HOSTS, 'csrf': s.CSRF_TRUSTED_ORIGINS}))"
)
CONFIG_VARS = (
    "DATABASE_URL",
    "REDIS_URL",
    "SECRET_KEY",
    "DEBUG",
    "ALLOWED_HOSTS",
    "CSRF_TRUSTED_ORIGINS",
)
PRODUCTION = {
    "DATABASE_URL": "postgres://chesskers@db.internal:5432/chesskers",
    "REDIS_URL": "redis://cache.internal:6379/0",
    "SECRET_KEY": "k" * 20 + "-production-secret-that-is-long-and-random-enough-9f8e7d6c5b4a",
    "DEBUG": "0",
    "ALLOWED_HOSTS": "chesskers.example",
    "CSRF_TRUSTED_ORIGINS": "https://chesskers.example",
}


def run_django(code_or_args: list[str], env: dict[str, str]) -> subprocess.CompletedProcess:
    base = {k: v for k, v in os.environ.items() if k not in CONFIG_VARS}
    base["DJANGO_SETTINGS_MODULE"] = "chesskers_site.settings"
    return subprocess.run(
        [sys.executable, *code_or_args], cwd=ROOT, env={**base, **env},
        capture_output=True, text=True, timeout=60,
    )  # fmt: skip


def test_without_environment_the_embedded_defaults_apply() -> None:
    result = run_django(["-c", PROBE], {})
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "engine": "django.db.backends.sqlite3",
        "layer": "channels.layers.InMemoryChannelLayer",
        "debug": True,
        "hosts": ["localhost", "127.0.0.1", "[::1]"],
        "csrf": [],
    }


def test_production_variables_select_postgresql_and_redis() -> None:
    result = run_django(["-c", PROBE], PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == {
        "engine": "chesskers_site.postgresql",
        "layer": "common.channel_layer.PubSubChannelLayer",
        "debug": False,
        "hosts": ["chesskers.example"],
        "csrf": ["https://chesskers.example"],
    }


def test_check_deploy_is_clean_with_production_variables() -> None:
    result = run_django(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], PRODUCTION)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
    assert "WARNINGS" not in result.stdout + result.stderr


def test_check_deploy_warns_under_the_development_defaults() -> None:
    # The counter-case: the same check does find problems when DEBUG is on, so the clean run
    # above is not a check that cannot fail.
    result = run_django(["manage.py", "check", "--deploy", "--fail-level", "WARNING"], {})
    assert result.returncode != 0
    assert "security.W018" in result.stdout + result.stderr


def test_the_server_process_defers_full_garbage_collections() -> None:
    # Loading the ASGI application (what Daphne does) sets the server's collector thresholds:
    # full collections stopped every game on a process for 100-200 ms under load.
    probe = "import gc, chesskers_site.asgi; print(list(gc.get_threshold()))"
    result = run_django(["-c", probe], PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == [700, 10, 1000]


SERVER_PROCESS_PROBE = (
    "import gc, json; loaded = len(gc.get_objects()); "
    "import chesskers_site.asgi; "  # loads the application and tunes the process
    "print(json.dumps({'thresholds': gc.get_threshold(), 'frozen': gc.get_freeze_count(), "
    "'tracked': len(gc.get_objects()), 'before_app': loaded}))"
)


def test_the_server_process_sets_its_loaded_application_aside_from_full_collections() -> None:
    # The ASGI application, loaded as Daphne loads it with the production settings: the
    # collector's thresholds are the site's, and what loading made (Django, the site, the
    # engine's tables) is frozen, out of every collection's walk.
    done = run_django(["-c", SERVER_PROCESS_PROBE], PRODUCTION)
    assert done.returncode == 0, done.stderr
    probe = json.loads(done.stdout.strip().splitlines()[-1])
    assert tuple(probe["thresholds"]) == (700, 10, 1000)
    assert probe["frozen"] > 50_000 > probe["before_app"]
    assert probe["tracked"] < 1_000  # all that is left for the collector to walk


def test_the_server_process_hands_the_interpreter_over_within_half_a_millisecond() -> None:
    # A move's worker thread and the event loop wait for each other at every hand-over; at
    # Python's 5 ms each wait could last that long (common/process.py).
    probe = (
        "import sys; print(sys.getswitchinterval()); "
        "import chesskers_site.asgi; print(sys.getswitchinterval())"
    )
    result = run_django(["-c", probe], PRODUCTION)
    assert result.returncode == 0, result.stderr
    before, after = (float(line) for line in result.stdout.split())
    assert (before, after) == (0.005, 0.0005)
