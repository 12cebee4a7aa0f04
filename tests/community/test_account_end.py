"""The end of an account: a player downloads their data (games as PGN and PDN, account, ratings,
chat lines: one zip), and closes their account, whose games stay in the archive under a neutral
name while the account can no longer be used."""

import io
import json
import zipfile

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import User
from accounts.services import user_token
from community.models import Follow
from community.services import follow
from games.models import Bookmark, Challenge, ChatLine, Game, Seek
from games.services.archive import game_import
from games.services.core import Actor
from games.services.lobby import seek_create
from studies.services import study_create
from tests.community.conftest import api
from tests.factories import PASSWORD, make_user
from tests.games.archive_helpers import FOOLS_MATE, play_out
from tests.games.conftest import opened, start_game

pytestmark = pytest.mark.django_db

DRAUGHTS = '[Variant "Russian Checkers"]\n[Result "1/2-1/2"]\n\n1. c3-d4 f6-g5 1/2-1/2\n'


def unzip(content: bytes) -> dict[str, str]:
    with zipfile.ZipFile(io.BytesIO(content)) as archive:
        return {name: archive.read(name).decode() for name in archive.namelist()}


def test_the_data_download_holds_every_game_the_account_and_the_chat(alice, bob) -> None:
    played = play_out(start_game(alice, bob), FOOLS_MATE, alice, bob)
    game_import(actor=Actor.of(alice), text=DRAUGHTS)
    start_game(bob, make_user("carol"))  # not alice's
    api(alice).post(f"/api/games/{played.public_id}/chat/", {"text": "Good game"}, format="json")
    follow(user=alice, other=bob)
    api(alice).put(f"/api/games/{played.public_id}/bookmark/")
    study_create(alice.pk, {"name": "Mine", "text": DRAUGHTS})
    study_create(bob.pk, {"name": "Not mine"})
    answer = api(alice).get("/api/account/data/")
    assert answer.status_code == 200
    assert answer["Content-Disposition"] == 'attachment; filename="chesskers-alice-data.zip"'
    files = unzip(b"".join(answer.streaming_content))
    assert set(files) == {
        "account.json",
        "games.pgn",
        "games.pdn",
        "chat.txt",
        "messages.txt",
        "studies.pgn",
    }
    assert files["studies.pgn"].count("[Event ") == 1 and "1. c3-d4 f6-g5" in files["studies.pgn"]
    assert files["games.pgn"].count("[Variant ") == 1 and "Qh4#" in files["games.pgn"]
    assert '[White "alice"]' in files["games.pgn"]
    assert files["games.pdn"].count("[Variant ") == 1 and "c3-d4" in files["games.pdn"]
    account = json.loads(files["account.json"])
    assert (account["username"], account["following"]) == ("alice", ["bob"])
    assert set(account["settings"]) >= {"sound", "chat", "premoves", "confirm_moves"}
    assert [mark["game"] for mark in account["bookmarks"]] == [played.public_id]
    assert f"{played.public_id} players: Good game" in files["chat.txt"]


def test_data_downloads_are_throttled_and_need_an_account(alice, settings, throttle_clock) -> None:
    assert api().get("/api/account/data/").status_code == 401
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "data_account": "1/3600"}
    assert api(alice).get("/api/account/data/").status_code == 200
    again = api(alice).get("/api/account/data/")
    assert again.status_code == 429
    assert again["Retry-After"]


def test_the_settings_page_links_the_download(client: Client, alice) -> None:
    client.force_login(alice)
    page = client.get(reverse("account-data"))
    assert page.status_code == 200
    assert "games.pgn" in unzip(b"".join(page.streaming_content))


def test_closing_an_account_keeps_its_games_under_a_neutral_name(alice, bob) -> None:
    finished = play_out(start_game(alice, bob), FOOLS_MATE, alice, bob)
    live = opened(start_game(alice, bob))  # past its first moves: its players may seek again
    seek_create(user=alice)
    offer = Challenge.objects.create(challenger=bob, to=alice)
    follow(user=bob, other=alice)
    api(alice).put(f"/api/games/{finished.public_id}/bookmark/")
    token = user_token(user=alice)
    answer = api(alice).post("/api/account/close/", {"password": PASSWORD}, format="json")
    assert answer.status_code == 204
    closed = User.objects.get(pk=alice.pk)
    assert closed.username.startswith("closed-") and not closed.is_active
    assert not closed.has_usable_password() and closed.email == ""
    finished.refresh_from_db()
    assert finished.white_id == closed.pk  # the game stays, under the new name
    archive = api().get(f"/api/games/{finished.public_id}/").json()
    assert archive["white"] == closed.username
    live.refresh_from_db()
    assert (live.status, live.termination, live.result) == ("finished", "resignation", "0-1")
    assert not Seek.objects.filter(owner=closed).exists()
    offer.refresh_from_db()
    assert offer.state == Challenge.State.CANCELLED
    assert not Follow.objects.exists()
    assert not Bookmark.objects.exists()  # hers, private, go with the account
    gone = APIClient()
    gone.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    assert gone.get("/api/account/").status_code == 401
    assert api().get("/api/users/alice/").status_code == 404


def test_a_wrong_password_closes_nothing(alice) -> None:
    answer = api(alice).post("/api/account/close/", {"password": "nope"}, format="json")
    assert answer.status_code == 400
    assert answer.json() == {"error": "Wrong password: your account is still open."}
    assert User.objects.get(pk=alice.pk).is_active


def test_the_close_page_asks_for_the_box_and_the_password(client: Client, alice) -> None:
    client.force_login(alice)
    unticked = client.post(reverse("account-close"), {"password": PASSWORD})
    assert unticked.status_code == 400
    assert b"Tick the box" in unticked.content
    wrong = client.post(reverse("account-close"), {"password": "x", "confirm": "on"})
    assert wrong.status_code == 400 and b"Wrong password" in wrong.content
    done = client.post(reverse("account-close"), {"password": PASSWORD, "confirm": "on"})
    assert done.status_code == 302
    assert not User.objects.get(pk=alice.pk).is_active
    assert client.get(reverse("settings")).status_code == 302  # signed out: to the log-in


def test_a_closed_accounts_chat_lines_stay_under_the_new_name(alice, bob) -> None:
    game = start_game(alice, bob)
    api(alice).post(f"/api/games/{game.public_id}/chat/", {"text": "hi"}, format="json")
    api(alice).post("/api/account/close/", {"password": PASSWORD}, format="json")
    (line,) = api(bob).get(f"/api/games/{game.public_id}/chat/").json()
    assert line["user"].startswith("closed-") and line["text"] == "hi"
    assert ChatLine.objects.count() == 1
    assert Game.objects.get(pk=game.pk).status == "finished"
