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
