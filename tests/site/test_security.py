"""Production safety: no start without SECRET_KEY, CSRF on every session write (visitors'
too), the Content-Security-Policy and Permissions-Policy on every page with no inline script or
style for it to block, and the site's own error pages when DEBUG is off."""

import re
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor

import pytest
from django.test import RequestFactory
from django.views.defaults import server_error
from rest_framework.test import APIClient

from chesskers_site import settings as site_settings
from games.models import Game, GameMove
from tests.conftest import DaphneServer
from tests.factories import make_user
from tests.games.archive_helpers import FOOLS_MATE, play_out
from tests.games.conftest import start_game
from tests.site.test_settings import PROBE, run_django

SCRIPT = re.compile(r"<script\b([^>]*)>", re.IGNORECASE)


def test_production_refuses_to_start_without_a_secret_key() -> None:
    result = run_django(["-c", PROBE], {"DEBUG": "0"})
    assert result.returncode != 0
    assert "SECRET_KEY is not set. With DEBUG off every server process must share one secret" in (
        result.stderr
    )


def test_a_developer_machine_with_debug_off_uses_the_generated_key() -> None:
    result = run_django(["-c", PROBE], {"DEBUG": "0", "DEVELOPMENT": "1"})
    assert result.returncode == 0, result.stderr
    assert '"debug": false' in result.stdout


@pytest.mark.django_db
def test_a_visitors_session_writes_need_the_csrf_token() -> None:
    visitor = APIClient(enforce_csrf_checks=True)
    created = visitor.post("/api/games/local/", {}, format="json")  # no cookie yet: no CSRF
    assert created.status_code == 201
    game_id = created.json()["id"]
    token = visitor.cookies["csrftoken"].value  # sent with the new session
    moves = f"/api/games/{game_id}/moves/"
    forged = visitor.post(moves, {"ply": 0, "move": "e4"}, format="json")
    assert forged.status_code == 403 and "CSRF" in forged.json()["error"]
    resign = visitor.post(f"/api/games/{game_id}/resign/", {}, format="json")
    assert resign.status_code == 403
    assert Game.objects.get(public_id=game_id).status == "live"
    assert not GameMove.objects.exists()
    played = visitor.post(moves, {"ply": 0, "move": "e4"}, format="json", HTTP_X_CSRFTOKEN=token)
    assert played.status_code == 201 and played.json()["ply"] == 1


@pytest.mark.django_db
def test_a_signed_in_session_write_needs_the_csrf_token() -> None:
    alice = make_user("alice")
    client = APIClient(enforce_csrf_checks=True)
    client.force_login(alice)
    refused = client.post("/api/seeks/", {"color": "white"}, format="json")
    assert refused.status_code == 403 and "CSRF" in refused.json()["error"]


@pytest.fixture
def pages(db) -> list[str]:
    """Every kind of page: static ones, forms, live and finished games, a profile, a 404."""
    alice, bob = make_user("alice"), make_user("bob")
    live = start_game(alice, bob)
    done = play_out(start_game(alice, bob), FOOLS_MATE, alice, bob)
    return [
        "/", "/about/", "/play/", "/play/local/", "/play/bot/", "/watch/", "/rules/", "/games/",
        "/rules/russian/", "/rules/mix-chess/", "/accounts/login/", "/accounts/signup/",
        "/players/", "/@/alice", "/no/such/page/",
        f"/game/{live.public_id}/", f"/game/{done.public_id}/", "/api/docs/",
    ]  # fmt: skip


SIGNED_IN_ONLY = ["/games/import/", "/accounts/password/"]


def test_every_page_has_the_policies_and_no_inline_script_or_style(client, pages) -> None:
    visits = [(path, False) for path in pages]
    visits += [(path, True) for path in pages if "signup" not in path and "login" not in path]
    visits += [(path, True) for path in SIGNED_IN_ONLY]
    for path, signed_in in visits:
        if signed_in and "_auth_user_id" not in client.session:
            client.force_login(make_user("carol"))
        response = client.get(path)
        assert response.status_code == (404 if "no/such" in path else 200), path
        policy = response["Content-Security-Policy"]
        assert "script-src 'self'" in policy and "style-src 'self'" in policy, path
        assert "unsafe-inline" not in policy
        assert "camera=()" in response["Permissions-Policy"], path
        html = response.content.decode()
        for attributes in SCRIPT.findall(html):
            # Each script is a file, or page data in a JSON block the policy never runs.
            assert "src=" in attributes or 'type="application/json"' in attributes, (path, html)
        assert "<style" not in html and " style=" not in html, path
        assert not re.search(r"\son[a-z]+=", html), path


def test_the_api_answers_carry_the_policies(client, db) -> None:
    response = client.get("/api/seeks/")
    assert response.status_code == 200
    assert response["Content-Security-Policy"].startswith("default-src 'self'")


def test_the_500_page_is_the_sites_own() -> None:
    response = server_error(RequestFactory().get("/"))
    assert response.status_code == 500
    assert b"Something went wrong" in response.content and b"Traceback" not in response.content


@pytest.mark.django_db(transaction=True)
def test_make_runs_settings_serve_the_sites_own_404_and_static_files(django_db_setup) -> None:
    """Daphne as ``make run`` starts it: DEBUG off on a developer's machine."""
    server = DaphneServer({"DEBUG": "0", "DEVELOPMENT": "1"})
    try:
        with pytest.raises(urllib.error.HTTPError) as missing:
            urllib.request.urlopen(f"{server.url}/no/such/page/", timeout=10)
        body = missing.value.read().decode()
        assert missing.value.code == 404
        assert "There is nothing at this address" in body and "URLconf" not in body
        with urllib.request.urlopen(f"{server.url}/static/css/site.css", timeout=10) as css:
            assert css.status == 200
    finally:
        server.stop()


def test_processes_starting_together_read_one_generated_key(tmp_path, monkeypatch) -> None:
    """The key file is made whole and exclusively: every starter reads the first one's key."""
    monkeypatch.setattr(site_settings, "BASE_DIR", tmp_path)
    with ThreadPoolExecutor(max_workers=8) as pool:
        keys = set(pool.map(lambda _: site_settings.local_secret_key(), range(32)))
    assert len(keys) == 1 and len(keys.pop()) >= 50
    key_file = tmp_path / ".local_secret_key"
    assert key_file.stat().st_mode & 0o777 == 0o600
    assert [path.name for path in tmp_path.iterdir()] == [".local_secret_key"]
