"""The pages' appearance on the server (the theme, the board's colours, the coordinates: from the
cookies, or the account's settings when signed in) and the installable app: the manifest, the
service worker at the root, the offline page."""

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from accounts.models import Preferences
from accounts.services import preferences_update
from tests.factories import make_user

pytestmark = pytest.mark.django_db


def html_tag(response) -> str:
    return re.search(r"<html[^>]*>", response.content.decode()).group(0)


def test_a_visitor_without_cookies_gets_the_system_theme_brown_board_and_coordinates(
    client: Client,
) -> None:
    tag = html_tag(client.get(reverse("home")))
    assert 'data-theme="system"' in tag
    assert 'data-board="brown"' in tag
    assert 'data-coordinates="on"' in tag


def test_the_cookies_choose_the_theme_board_and_coordinates(client: Client) -> None:
    client.cookies["theme"] = "dark"
    client.cookies["board_theme"] = "blue"
    client.cookies["coordinates"] = "off"
    response = client.get(reverse("rules"))
    tag = html_tag(response)
    assert 'data-theme="dark"' in tag
    assert 'data-board="blue"' in tag
    assert 'data-coordinates="off"' in tag
    # One bar colour, the dark theme's, rather than one per scheme.
    metas = re.findall(r'<meta name="theme-color"[^>]*>', response.content.decode())
    assert len(metas) == 1 and "#24221f" in metas[0] and "media" not in metas[0]


def test_unknown_cookie_values_are_the_defaults(client: Client) -> None:
    client.cookies["theme"] = "purple"
    client.cookies["board_theme"] = "<script>"
    client.cookies["coordinates"] = "maybe"
    tag = html_tag(client.get(reverse("home")))
    assert 'data-theme="system"' in tag and 'data-board="brown"' in tag
    assert 'data-coordinates="on"' in tag


def test_the_system_theme_gives_a_bar_colour_for_each_scheme(client: Client) -> None:
    content = client.get(reverse("home")).content.decode()
    metas = re.findall(r'<meta name="theme-color"[^>]*>', content)
    assert len(metas) == 2
    assert any('media="(prefers-color-scheme: dark)"' in meta for meta in metas)
    assert any('media="(prefers-color-scheme: light)"' in meta for meta in metas)


def test_the_accounts_choice_wins_over_the_browsers_when_signed_in(client: Client) -> None:
    user = make_user("painter")
    preferences_update(
        user=user, changes={"theme": "light", "board_theme": "green", "coordinates": False}
    )
    client.cookies["theme"] = "dark"
    client.cookies["board_theme"] = "blue"
    client.cookies["coordinates"] = "on"
    client.force_login(user)
    tag = html_tag(client.get(reverse("home")))
    assert 'data-theme="light"' in tag
    assert 'data-board="green"' in tag
    assert 'data-coordinates="off"' in tag


def test_the_switch_without_a_script_sets_the_cookies_and_comes_back(client: Client) -> None:
    response = client.post(
        reverse("appearance"),
        {"theme": "dark", "board_theme": "grey", "coordinates": "off", "next": "/rules/"},
    )
    assert response.status_code == 302 and response["Location"] == "/rules/"
    assert response.cookies["theme"].value == "dark"
    assert response.cookies["board_theme"].value == "grey"
    assert response.cookies["coordinates"].value == "off"
    assert 'data-theme="dark"' in html_tag(client.get(reverse("home")))


def test_the_switch_never_sends_a_visitor_to_another_site(client: Client) -> None:
    response = client.post(reverse("appearance"), {"theme": "dark", "next": "https://evil.test/"})
    assert response["Location"] == "/"


def test_the_switch_saves_a_signed_in_users_choice_to_the_account(client: Client) -> None:
    user = make_user("switcher")
    client.force_login(user)
    client.post(reverse("appearance"), {"theme": "dark", "board_theme": "blue", "next": "/"})
    row = Preferences.objects.get(user=user)
    assert (row.theme, row.board_theme, row.coordinates) == ("dark", "blue", True)


def test_every_page_links_the_manifest_and_the_appearance_switch(client: Client) -> None:
    content = client.get(reverse("home")).content.decode()
    assert f'<link rel="manifest" href="{reverse("manifest")}">' in content
    assert 'data-testid="appearance"' in content
    assert "js/appearance.js" in content


def test_the_manifest_serves_as_json_with_the_apps_fields(client: Client) -> None:
    response = client.get(reverse("manifest"))
    assert response.status_code == 200
    assert response["Content-Type"].startswith("application/manifest+json")
    data = json.loads(response.content)
    assert data["name"] == "Chesskers" and data["short_name"] == "Chesskers"
    assert data["start_url"] == "/" and data["scope"] == "/"
    assert data["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", data["theme_color"])
    assert re.fullmatch(r"#[0-9a-f]{6}", data["background_color"])
    sizes = {icon["sizes"] for icon in data["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any("maskable" in icon.get("purpose", "") for icon in data["icons"])
    for icon in data["icons"]:
        assert client.get(icon["src"]).status_code == 200, icon


def test_the_manifest_speaks_the_requests_language(client: Client) -> None:
    data = json.loads(client.get(reverse("manifest"), HTTP_ACCEPT_LANGUAGE="fr").content)
    assert data["lang"] == "fr"


def test_the_service_worker_serves_from_the_root_with_its_headers(client: Client) -> None:
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    body = response.content.decode()
    assert "/offline/" in body and 'addEventListener("fetch"' in body
    # The site's policy applies to it too: scripts from the site only.
    policy = response["Content-Security-Policy"]
    assert "script-src 'self'" in policy and "worker-src 'self'" in policy
    assert "manifest-src 'self'" in policy


def test_the_offline_page_stands_alone(client: Client) -> None:
    user = make_user("offline-owner")
    client.force_login(user)
    response = client.get("/offline/")
    assert response.status_code == 200
    content = response.content.decode()
    assert 'data-testid="offline"' in content
    # Cached for everyone by the worker: nothing of the visitor's, no script.
    assert "offline-owner" not in content and "<script" not in content
    assert "csrfmiddlewaretoken" not in content
