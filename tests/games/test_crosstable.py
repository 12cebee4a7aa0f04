"""The crosstable: two players' score against each other (``GET /api/crosstable/{a}/{b}/``),
shown on their game's page and on a profile seen by the other player, and the archive's
``opponent`` filter that lists their games."""

import html
import json
import re

import pytest
from django.test import Client

from accounts.models import User
from games.models import Game
from games.reads.crosstable import CROSSTABLE_LATEST
from games.services.core import Actor
from games.services.play import game_abort, game_create_local, game_draw, game_resign
from tests.factories import api_client
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def won_by(winner, loser, *, winner_white: bool) -> Game:
    """A finished online game that ``winner`` won (the loser resigned)."""
    game = start_game(winner, loser) if winner_white else start_game(loser, winner)
    game_resign(game_id=game.public_id, actor=Actor.of(loser))
    return game


def drawn(white, black) -> Game:
    game = start_game(white, black, rated=False)
    game_draw(game_id=game.public_id, actor=Actor.of(white), action="offer")
    game_draw(game_id=game.public_id, actor=Actor.of(black), action="accept")
    return game


@pytest.fixture
def history(alice, bob, carol):
    """alice and bob's games in order (alice: two wins, one with each colour, a draw, a loss),
    and games that are not theirs together: against carol, aborted, live, pass-and-play."""
    games = [
        won_by(alice, bob, winner_white=True),
        won_by(alice, bob, winner_white=False),
        drawn(bob, alice),
        won_by(bob, alice, winner_white=False),
    ]
    won_by(alice, carol, winner_white=True)
    aborted = start_game(alice, bob)
    game_abort(game_id=aborted.public_id, actor=Actor.of(alice))
    start_game(bob, alice)  # live
    game_create_local(actor=Actor.of(alice))
    return games


def browser(user=None) -> Client:
    """A browser's client, signed in as ``user`` (a visitor's with none)."""
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def page_data(response) -> dict:
    found = re.search(
        r'<script id="page-data" type="application/json">(.*?)</script>', response.content.decode()
    )
    return json.loads(html.unescape(found.group(1)))


def test_the_score_counts_every_finished_game_of_the_two_and_nothing_else(history) -> None:
    answer = api_client().get("/api/crosstable/alice/BOB/")
    assert answer.status_code == 200
    table = answer.json()
    newest_first = [game.public_id for game in reversed(history)]
    assert table == {
        "users": {"alice": 2.5, "bob": 1.5},
        "games": 4,
        "wins": 2,
        "draws": 1,
        "losses": 1,
        "latest": [
            {
                "id": game_id,
                "variant": "chesskers",
                "result": result,
                "finished_at": Game.objects.get(public_id=game_id).finished_at.isoformat(),
            }
            for game_id, result in zip(newest_first, ["loss", "draw", "win", "win"], strict=True)
        ],
    }
    # From bob's side, everything turns round.
    other = api_client().get("/api/crosstable/bob/alice/").json()
    assert other["users"] == {"bob": 1.5, "alice": 2.5}
    assert (other["wins"], other["draws"], other["losses"]) == (1, 1, 2)
    assert [game["result"] for game in other["latest"]] == ["win", "draw", "loss", "loss"]


def test_strangers_have_an_empty_table_and_names_are_checked(alice, bob, carol) -> None:
    empty = api_client().get("/api/crosstable/alice/carol/").json()
    assert empty == {
        "users": {"alice": 0, "carol": 0},
        "games": 0,
        "wins": 0,
        "draws": 0,
        "losses": 0,
        "latest": [],
    }
    unknown = api_client().get("/api/crosstable/alice/nobody/")
    assert (unknown.status_code, unknown.json()) == (404, {"error": "No user is called nobody."})
    twice = api_client().get("/api/crosstable/alice/ALICE/")
    assert twice.status_code == 400
    assert twice.json() == {"error": "A crosstable is of two different players."}
    User.objects.filter(pk=bob.pk).update(is_active=False)  # a closed account
    assert api_client().get("/api/crosstable/alice/bob/").status_code == 404


def test_only_the_newest_games_are_listed_one_by_one(alice, bob) -> None:
    games = [won_by(alice, bob, winner_white=n % 2 == 0) for n in range(CROSSTABLE_LATEST + 2)]
    table = api_client().get("/api/crosstable/bob/alice/").json()
    assert table["games"] == CROSSTABLE_LATEST + 2
    assert table["users"] == {"bob": 0, "alice": CROSSTABLE_LATEST + 2}
    listed = [game["id"] for game in table["latest"]]
    assert listed == [game.public_id for game in reversed(games)][:CROSSTABLE_LATEST]


def test_the_archive_lists_the_two_players_games_against_each_other(history, alice) -> None:
    theirs = {game.public_id for game in history}
    finished = api_client().get(
        "/api/games/", {"status": "finished", "player": "Alice", "opponent": "bob"}
    )
    assert {game["id"] for game in finished.json()["results"]} == theirs
    # Without a status, their aborted game and the live one are listed too; carol's is not.
    everything = api_client().get("/api/games/", {"player": "bob", "opponent": "alice"}).json()
    assert len(everything["results"]) == len(theirs) + 2
    assert theirs < {game["id"] for game in everything["results"]}
    assert (
        api_client().get("/api/games/", {"player": "alice", "opponent": "nobody"}).json()["results"]
        == []
    )
    alone = api_client().get("/api/games/", {"opponent": "bob"})
    assert alone.status_code == 400
    assert alone.json() == {
        "error": "opponent lists a player's games against another: name the player too."
    }

    page = Client().get("/games/", {"player": "alice", "opponent": "bob"})
    text = page.content.decode()
    assert 'name="opponent" value="bob"' in text
    assert set(re.findall(r'href="/game/(\w+)/"', text)) == theirs
    refused = Client().get("/games/", {"opponent": "bob"}).content.decode()
    assert "Against lists a player's games against another: name the player too." in html.unescape(
        refused
    )


def test_a_game_page_carries_its_players_crosstable_the_viewer_first(history, alice, bob) -> None:
    game = start_game(alice, bob)
    url = f"/game/{game.public_id}/"
    seen_by_bob = page_data(browser(bob).get(url))["crosstable"]
    assert seen_by_bob["url"] == "/api/crosstable/bob/alice/"
    assert seen_by_bob["archive_url"] == "/games/?player=bob&opponent=alice"
    assert seen_by_bob["users"] == {"bob": 1.5, "alice": 2.5}
    # A spectator sees White's side first.
    seen_by_visitor = page_data(Client().get(url))["crosstable"]
    assert seen_by_visitor["users"] == {"alice": 2.5, "bob": 1.5}
    assert seen_by_visitor["games"] == 4

    local = game_create_local(actor=Actor.of(alice))
    assert page_data(browser(alice).get(f"/game/{local.public_id}/"))["crosstable"] is None


def test_a_profile_tells_the_viewer_their_record_against_its_player(history, alice, bob) -> None:
    seen = browser(bob).get("/@/alice")
    text = html.unescape(seen.content.decode())
    assert "You against alice: 1 won, 1 drawn, 2 lost" in text
    assert 'href="/games/?player=bob&opponent=alice"' in text
    assert "See 4 games" in text
    for viewer in (alice, None):  # their own profile, a visitor: nothing to tell
        assert (
            'data-testid="profile-against"' not in browser(viewer).get("/@/alice").content.decode()
        )


def test_a_profile_says_nothing_of_players_who_never_met(alice, carol) -> None:
    text = browser(carol).get("/@/alice").content.decode()
    assert 'data-testid="profile-against"' not in text
