"""The real Daphne process serves pages, static files (WhiteNoise) and the API."""

import json
import urllib.request

import pytest

from tests.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def fetch(url: str) -> tuple[int, dict[str, str], bytes]:
    with urllib.request.urlopen(url, timeout=10) as response:
        return response.status, dict(response.headers), response.read()


def test_daphne_serves_the_home_page(daphne_server) -> None:
    status, _, body = fetch(f"{daphne_server.url}/")
    assert status == 200
    assert b"Chess that captures like checkers" in body


def test_daphne_serves_static_files_through_whitenoise(daphne_server) -> None:
    status, headers, body = fetch(f"{daphne_server.url}/static/pieces/cburnett/wK.svg")
    assert status == 200
    assert headers["Content-Type"].startswith("image/svg+xml")
    assert body.startswith(b"<svg")


def test_daphne_reads_the_test_database(daphne_server) -> None:
    make_user("carol")
    status, _, body = fetch(f"{daphne_server.url}/api/users/carol/")
    assert status == 200
    assert json.loads(body)["username"] == "carol"


def test_the_test_servers_are_tuned_as_production_servers_are(daphne_server) -> None:
    # The end-to-end tests measure what production runs: its collector thresholds, switch
    # interval, timeout turns and writes (common/process.py), not the test process's (none).
    from django.conf import settings

    from chesskers_site import settings as production

    assert settings.SERVER_GC_THRESHOLDS is None  # the test process itself is left alone
    thresholds = ",".join(map(str, production.SERVER_GC_THRESHOLDS))
    switch = f"{production.SERVER_SWITCH_INTERVAL * 1000:.2f} ms"
    turn = f"in turns of {production.SERVER_TIMEOUT_TURN * 1000:g} ms"
    log = daphne_server.log_path.read_text()
    tuned = [line for line in log.splitlines() if "Server process tuned" in line]
    assert len(tuned) == 1, log
    assert f"collector thresholds {thresholds} (" in tuned[0]
    assert f"switch interval {switch}, timeout pass {turn}, writes sent at once" in tuned[0]
    frozen = int(tuned[0].split("(")[1].split()[0])
    assert frozen > 50_000  # the loaded application, set aside from full collections
