"""Bookmarks: a signed-in user marks a game (``PUT``/``DELETE /api/games/{id}/bookmark/``, the
game page's ☆) and finds it again in the archive's *Bookmarked by me* filter, on the page and
over the API; nobody else sees them; a visitor has none; a user keeps at most
``MAX_BOOKMARKS``."""

import html
import re

import pytest
from django.test import Client

from games.domain import policy
from games.models import Bookmark
from tests.factories import api_client
from tests.games.conftest import resigned_game, start_game

pytestmark = pytest.mark.django_db


def test_a_game_is_bookmarked_found_again_and_unbookmarked(alice, bob, carol) -> None:
    kept, other = resigned_game(alice, bob), resigned_game(bob, carol)
    url = f"/api/games/{kept.public_id}/bookmark/"
    for _ in range(2):  # asking again changes nothing
        answer = api_client(carol).put(url)
        assert (answer.status_code, answer.json()) == (200, {"bookmarked": True})
    assert Bookmark.objects.count() == 1
    listed = (
        api_client(carol).get("/api/games/", {"status": "finished", "bookmarked": "true"}).json()
    )
    assert [game["id"] for game in listed["results"]] == [kept.public_id]
    everything = api_client(carol).get("/api/games/", {"status": "finished"}).json()
    assert {game["id"] for game in everything["results"]} == {kept.public_id, other.public_id}
    # Nobody else sees carol's bookmarks: alice has none.
    assert api_client(alice).get("/api/games/", {"bookmarked": "1"}).json()["results"] == []

    answer = api_client(carol).delete(url)
    assert (answer.status_code, answer.json()) == (200, {"bookmarked": False})
    assert api_client(carol).get("/api/games/", {"bookmarked": "1"}).json()["results"] == []
    assert api_client(carol).delete(url).json() == {"bookmarked": False}


def test_strangers_unknown_games_and_bad_values_are_refused(alice, bob) -> None:
    game = resigned_game(alice, bob)
    assert api_client().put(f"/api/games/{game.public_id}/bookmark/").status_code in (401, 403)
    unknown = api_client(alice).put("/api/games/nosuchgame/bookmark/")
    assert (unknown.status_code, unknown.json()) == (404, {"error": "No such game."})
    visitor = api_client().get("/api/games/", {"bookmarked": "1"})
    assert visitor.status_code == 400
    assert visitor.json() == {"error": "Log in to see the games you bookmarked."}
    wrong = api_client(alice).get("/api/games/", {"bookmarked": "maybe"})
    assert (wrong.status_code, wrong.json()) == (400, {"error": "bookmarked is true or false."})
    assert not Bookmark.objects.exists()


def test_a_user_keeps_at_most_the_bound(alice, bob, monkeypatch) -> None:
    monkeypatch.setattr(policy, "MAX_BOOKMARKS", 2)
    monkeypatch.setattr("games.services.bookmarks.MAX_BOOKMARKS", 2)
    games = [resigned_game(alice, bob) for _ in range(3)]
    for game in games[:2]:
        assert api_client(alice).put(f"/api/games/{game.public_id}/bookmark/").status_code == 200
    refused = api_client(alice).put(f"/api/games/{games[2].public_id}/bookmark/")
    assert refused.status_code == 400
    assert refused.json()["error"] == "You have 2 bookmarks already: take one off first."
    assert Bookmark.objects.filter(user=alice).count() == 2


def test_the_pages_show_the_star_and_the_filter(alice, bob) -> None:
    game = resigned_game(alice, bob)
    client = Client()
    assert 'data-testid="bookmark"' not in client.get(f"/game/{game.public_id}/").content.decode()
    client.force_login(bob)
    page = client.get(f"/game/{game.public_id}/").content.decode()
    star = re.search(r'<button[^>]*data-testid="bookmark">([^<]*)</button>', page)
    assert 'aria-pressed="false"' in star.group(0) and html.unescape(star.group(1)) == "☆ Bookmark"
    api_client(bob).put(f"/api/games/{game.public_id}/bookmark/")
    page = client.get(f"/game/{game.public_id}/").content.decode()
    star = re.search(r'<button[^>]*data-testid="bookmark">([^<]*)</button>', page)
    assert 'aria-pressed="true"' in star.group(0) and html.unescape(star.group(1)) == "★ Bookmarked"

    archive = client.get("/games/", {"bookmarked": "1"}).content.decode()
    assert f"/game/{game.public_id}/" in archive
    assert 'name="bookmarked" value="1" checked' in archive
    assert "?bookmarked=1" in client.get("/").content.decode()  # the account menu's link
    refused = Client().get("/games/", {"bookmarked": "1"})
    assert refused.status_code == 400
    assert "Log in to see the games you bookmarked." in html.unescape(refused.content.decode())


def test_the_archive_shows_bookmarked_games_still_being_played(alice, bob, carol) -> None:
    live, finished = start_game(alice, bob), resigned_game(bob, alice)
    unmarked = start_game(carol, alice)
    for game in (live, finished):
        api_client(carol).put(f"/api/games/{game.public_id}/bookmark/")
    client = Client()
    client.force_login(carol)
    page = html.unescape(client.get("/games/", {"bookmarked": "1"}).content.decode())
    section = page[page.index('data-testid="bookmarked-live"') : page.index("</section>")]
    assert re.findall(r'href="/game/(\w+)/"', section) == [live.public_id]
    assert "alice \u2013 bob</a> · Chesskers" in section
    main = page[page.index('<main id="main"') :]  # the header's menu lists carol's turns
    assert f"/game/{finished.public_id}/" in main  # finished: in the list below
    assert f"/game/{unmarked.public_id}/" not in main
    # Without the filter, or for someone else's bookmarks, no such section.
    assert 'data-testid="bookmarked-live"' not in client.get("/games/").content.decode()
    other = Client()
    other.force_login(alice)
    assert (
        'data-testid="bookmarked-live"'
        not in other.get("/games/", {"bookmarked": "1"}).content.decode()
    )
