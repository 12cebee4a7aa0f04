"""Private notes on a game: a signed-in user writes them (``PUT /api/games/{id}/note/``, the game
page's *My notes*), reads them back on the page and over the API; nobody else sees them, the
opponent included; emptied, a note is removed; its text and the notes a user keeps are bounded;
they are in the data download and go with a closed account."""

import io
import json
import zipfile

import pytest
from django.test import Client

from games.domain import policy
from games.models import GameNote
from games.services.core import Actor
from games.services.play import game_resign
from players.closing import close_account
from players.mydata import data_archive
from tests.factories import api_client
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def saved(answer) -> bool:
    return answer.status_code == 200


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_a_note_is_written_read_again_replaced_and_removed(alice, bob) -> None:
    game = start_game(alice, bob)
    url = f"/api/games/{game.public_id}/note/"
    assert api_client(alice).get(url).json() == {"text": "", "updated_at": None}
    written = api_client(alice).put(url, {"text": "  Try 3.Nc3 next time.\r\nThen castle.  "})
    assert written.status_code == 200
    assert written.json()["text"] == "Try 3.Nc3 next time.\nThen castle."
    assert written.json()["updated_at"] is not None
    assert api_client(alice).get(url).json()["text"] == "Try 3.Nc3 next time.\nThen castle."
    api_client(alice).put(url, {"text": "Castle first."}, format="json")
    assert list(GameNote.objects.values_list("text", flat=True)) == ["Castle first."]
    # Nobody else reads it, the opponent included.
    assert api_client(bob).get(url).json() == {"text": "", "updated_at": None}
    emptied = api_client(alice).put(url, {"text": "   "}, format="json")
    assert emptied.json() == {"text": "", "updated_at": None}
    assert not GameNote.objects.exists()


def test_strangers_unknown_games_and_bad_notes_are_refused(alice, bob) -> None:
    game = start_game(alice, bob)
    url = f"/api/games/{game.public_id}/note/"
    assert api_client().get(url).status_code in (401, 403)
    assert api_client().put(url, {"text": "hi"}, format="json").status_code in (401, 403)
    unknown = api_client(alice).put("/api/games/nosuchgame/note/", {"text": "hi"}, format="json")
    assert (unknown.status_code, unknown.json()) == (404, {"error": "No such game."})
    refusals = [
        ({"text": "x" * (policy.MAX_NOTE_CHARS + 1)}, "A note has at most 2000 characters."),
        ({"text": "a\x07b"}, "A note holds no control characters but line breaks."),
        ({"text": "a\x00b"}, "Text may not contain a NUL character."),  # the site's edge
        ({"text": "a\u202eb"}, "A note holds no control characters but line breaks."),
        ({"text": 5}, "Notes are text."),
        ({}, "Notes are text."),
    ]
    for body, reason in refusals:
        answer = api_client(alice).put(url, body, format="json")
        assert (answer.status_code, answer.json()) == (400, {"error": reason}), body
    assert api_client(alice).put(url, ["a list"], format="json").status_code == 400
    assert saved(api_client(alice).put(url, {"text": "x" * policy.MAX_NOTE_CHARS}, format="json"))
    assert GameNote.objects.get().text == "x" * policy.MAX_NOTE_CHARS


def test_a_user_keeps_notes_on_a_bounded_number_of_games(alice, bob, monkeypatch) -> None:
    monkeypatch.setattr("games.services.notes.MAX_NOTES", 2)
    games = [start_game(alice, bob) for _ in range(3)]
    for game in games[:2]:
        assert saved(api_client(alice).put(f"/api/games/{game.public_id}/note/", {"text": "a"}))
    third = api_client(alice).put(f"/api/games/{games[2].public_id}/note/", {"text": "a"})
    assert third.status_code == 400
    assert third.json() == {"error": "You have notes on 2 games already: empty one first."}
    # A note already kept can still be changed, and an emptied one makes room.
    assert saved(api_client(alice).put(f"/api/games/{games[0].public_id}/note/", {"text": "b"}))
    api_client(alice).put(f"/api/games/{games[1].public_id}/note/", {"text": ""})
    assert saved(api_client(alice).put(f"/api/games/{games[2].public_id}/note/", {"text": "c"}))


def test_the_game_page_shows_the_viewers_own_note_only(alice, bob) -> None:
    game = start_game(alice, bob)
    api_client(alice).put(f"/api/games/{game.public_id}/note/", {"text": "<b>my plan</b>"})
    mine = browser(alice).get(f"/game/{game.public_id}/").content.decode()
    assert "&lt;b&gt;my plan&lt;/b&gt;</textarea>" in mine  # shown as text, the box open
    assert 'id="game-note" data-testid="game-note" open' in mine
    theirs = browser(bob).get(f"/game/{game.public_id}/").content.decode()
    assert "my plan" not in theirs
    assert 'data-testid="game-note-text"' in theirs  # bob has a box of his own, empty
    visitor = Client().get(f"/game/{game.public_id}/").content.decode()
    assert 'data-testid="game-note"' not in visitor


def test_notes_are_in_the_data_download_and_go_with_a_closed_account(alice, bob) -> None:
    game = start_game(alice, bob)
    game_resign(game_id=game.public_id, actor=Actor.of(bob))
    api_client(alice).put(f"/api/games/{game.public_id}/note/", {"text": "Won on time trouble."})
    api_client(bob).put(f"/api/games/{game.public_id}/note/", {"text": "Resigned too early."})
    with zipfile.ZipFile(io.BytesIO(data_archive(alice).read())) as archive:
        account = json.loads(archive.read("account.json"))
    assert [(n["game"], n["text"]) for n in account["notes"]] == [
        (game.public_id, "Won on time trouble.")
    ]
    close_account(user=alice)
    assert list(GameNote.objects.values_list("text", flat=True)) == ["Resigned too early."]
