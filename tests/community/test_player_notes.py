"""Private notes on players: a signed-in user writes what they like about another player
(``PUT /api/users/{name}/note/``, a profile's *My notes*), reads it back there; nobody else
reads it, the player included; emptied, a note is removed; text and count are bounded; the
notes are in the author's data download and go with the author's closed account, not with the
player's."""

import io
import json
import zipfile

import pytest
from django.test import Client

from community.models import MAX_PLAYER_NOTE_CHARS, PlayerNote
from community.services import mute, unmute
from players.closing import close_account
from players.mydata import data_archive
from tests.factories import api_client, make_moderator, make_user

pytestmark = pytest.mark.django_db

NONE = {"text": "", "updated_at": None}


def test_a_note_on_a_player_is_written_read_replaced_and_removed(alice, bob) -> None:
    url = "/api/users/bob/note/"
    assert api_client(alice).get(url).json() == NONE
    written = api_client(alice).put(
        url, {"text": " Plays the Dutch.\r\nLoves sweeps. "}, format="json"
    )
    assert written.status_code == 200
    assert written.json()["text"] == "Plays the Dutch.\nLoves sweeps."
    assert (
        api_client(alice).get("/api/users/BOB/note/").json()["text"]
        == "Plays the Dutch.\nLoves sweeps."
    )
    assert api_client(bob).get("/api/users/alice/note/").json() == NONE  # bob's own: none
    assert api_client(alice).put(url, {"text": ""}, format="json").json() == NONE
    assert not PlayerNote.objects.exists()


def test_notes_on_players_are_refused_saying_why(alice, bob, monkeypatch) -> None:
    url = "/api/users/bob/note/"
    assert api_client().get(url).status_code in (401, 403)
    refusals = [
        ("/api/users/alice/note/", {"text": "me"}, 400, "Your notes are on other players."),
        ("/api/users/nobody/note/", {"text": "x"}, 404, "No user is called nobody."),
        (
            url,
            {"text": "x" * (MAX_PLAYER_NOTE_CHARS + 1)},
            400,
            "A note has at most 2000 characters.",
        ),
        (url, {"text": "a\x07"}, 400, "A note holds no control characters but line breaks."),
        (url, {"text": 3}, 400, "Notes are text."),
    ]
    for path, body, status, reason in refusals:
        answer = api_client(alice).put(path, body, format="json")
        assert (answer.status_code, answer.json()) == (status, {"error": reason}), body
    monkeypatch.setattr("community.services.MAX_PLAYER_NOTES", 1)
    carol = make_user("carol")
    assert api_client(alice).put(url, {"text": "one"}, format="json").status_code == 200
    second = api_client(alice).put("/api/users/carol/note/", {"text": "two"}, format="json")
    assert second.json() == {"error": "You have notes on 1 players already: empty one first."}
    assert list(PlayerNote.objects.values_list("subject", flat=True)) == [bob.pk]
    assert carol.pk


def test_the_profile_shows_the_viewers_own_note_on_its_player(alice, bob) -> None:
    api_client(alice).put("/api/users/bob/note/", {"text": "<i>sharp</i>"}, format="json")
    seen = Client()
    seen.force_login(alice)
    page = seen.get("/@/bob").content.decode()
    assert "&lt;i&gt;sharp&lt;/i&gt;</textarea>" in page
    assert 'data-testid="player-note" open' in page
    theirs = Client()
    theirs.force_login(bob)
    assert 'data-testid="player-note"' not in theirs.get("/@/bob").content.decode()  # own
    assert "sharp" not in theirs.get("/@/alice").content.decode()
    assert 'data-testid="player-note"' not in Client().get("/@/bob").content.decode()


def test_notes_go_with_their_authors_account_and_into_its_data(alice, bob) -> None:
    api_client(alice).put("/api/users/bob/note/", {"text": "Strong endgames."}, format="json")
    api_client(bob).put("/api/users/alice/note/", {"text": "Fast."}, format="json")
    with zipfile.ZipFile(io.BytesIO(data_archive(alice).read())) as archive:
        account = json.loads(archive.read("account.json"))
    assert [(n["player"], n["text"]) for n in account["player_notes"]] == [
        ("bob", "Strong endgames.")
    ]
    close_account(user=alice)
    assert list(PlayerNote.objects.values_list("text", flat=True)) == ["Fast."]


def test_a_moderators_unmute_leaves_the_players_notes(alice, bob) -> None:
    api_client(alice).put("/api/users/bob/note/", {"text": "Kind."}, format="json")
    moderator = make_moderator()
    mute(moderator=moderator, user=alice, hours=1)
    unmute(moderator=moderator, user=alice)
    assert list(PlayerNote.objects.values_list("text", flat=True)) == ["Kind."]
