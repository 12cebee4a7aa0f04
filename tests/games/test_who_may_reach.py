"""Who may reach a player (the settings' ``messages_from`` and ``challenges_from``): everyone,
the players they follow, or nobody. A challenge by name and a private message are refused,
saying why, to anyone the player's choice keeps out; a rematch of a game just played, an invite
link and an open seek are not challenges by name."""

import pytest
from django.test import Client

from accounts.services import preferences_update
from community.errors import CommunityError
from community.inbox import send_message
from community.services import follow
from games.domain.errors import GameError
from games.models import Challenge
from games.services.core import Actor
from games.services.lobby import (
    challenge_accept,
    challenge_create,
    game_rematch,
    seek_accept,
    seek_create,
)
from games.services.play import game_resign
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db


def test_a_player_who_takes_no_challenge_is_refused_by_name_but_not_a_rematch(
    alice, bob, carol
) -> None:
    game = start_game(alice, bob)
    game_resign(game_id=game.public_id, actor=Actor.of(bob))
    preferences_update(user=bob, changes={"challenges_from": "nobody"})
    with pytest.raises(GameError, match="bob takes no challenge from you: their settings say so"):
        challenge_create(user=alice, to="bob")
    assert game_rematch(game_id=game.public_id, actor=Actor.of(alice)).to_id == bob.pk
    seek = seek_create(user=carol)  # an open seek is no challenge by name
    started = seek_accept(user=bob, seek_id=seek.public_id)
    assert {started.white_id, started.black_id} == {bob.pk, carol.pk}
    link = challenge_create(user=alice, to=None)  # nor is an invite link, anyone's
    assert challenge_accept(user=carol, challenge_id=link.public_id)
    assert Challenge.objects.filter(to=bob).count() == 2  # the first game's, then the rematch


def test_a_player_who_takes_challenges_from_those_they_follow_takes_only_theirs(
    alice, bob, carol
) -> None:
    preferences_update(user=bob, changes={"challenges_from": "followed"})
    follow(user=bob, other=alice)
    assert challenge_create(user=alice, to="bob").to_id == bob.pk
    with pytest.raises(GameError, match="takes no challenge"):
        challenge_create(user=carol, to="bob")
    follow(user=alice, other=carol)  # alice's follows say nothing of bob's choice
    with pytest.raises(GameError, match="takes no challenge"):
        challenge_create(user=carol, to="bob")


def test_the_api_refuses_a_challenge_the_players_choice_keeps_out(alice, bob) -> None:
    preferences_update(user=bob, changes={"challenges_from": "nobody"})
    client = Client()
    client.force_login(alice)
    answer = client.post("/api/challenges/", {"to": "bob"}, content_type="application/json")
    assert answer.status_code == 403
    assert answer.json()["error"] == "bob takes no challenge from you: their settings say so."


@pytest.mark.parametrize(
    ("choice", "follows", "allowed"),
    [
        ("everyone", False, True),
        ("followed", True, True),
        ("followed", False, False),
        ("nobody", True, False),
    ],
)
def test_messages_follow_the_readers_choice(alice, bob, choice, follows, allowed) -> None:
    preferences_update(user=bob, changes={"messages_from": choice})
    if follows:
        follow(user=bob, other=alice)
    if allowed:
        assert send_message(sender=alice, recipient=bob, text="hi")["to"] == "bob"
    else:
        with pytest.raises(CommunityError, match="bob takes no message from you"):
            send_message(sender=alice, recipient=bob, text="hi")
    # Their own choice never stops bob writing to alice.
    assert send_message(sender=bob, recipient=alice, text="hello")["from"] == "bob"


def test_the_settings_page_offers_both_choices_and_keeps_them(alice) -> None:
    client = Client()
    client.force_login(alice)
    page = client.get("/accounts/settings/").content.decode()
    assert "Who may write to you" in page and "Who may challenge you by name" in page
    assert 'value="followed"' in page
    form = {
        "takebacks": "always",
        "confirm_moves": "correspondence",
        "board_theme": "brown",
        "theme": "system",
        "messages_from": "followed",
        "challenges_from": "nobody",
    }
    assert client.post("/accounts/settings/", form).status_code == 302
    saved = client.get("/api/account/settings/").json()
    assert (saved["messages_from"], saved["challenges_from"]) == ("followed", "nobody")
    del form["messages_from"], form["challenges_from"]  # a form without them keeps them
    assert client.post("/accounts/settings/", form).status_code == 302
    kept = client.get("/api/account/settings/").json()
    assert (kept["messages_from"], kept["challenges_from"]) == ("followed", "nobody")


def test_a_profile_offers_only_what_its_players_choice_lets_the_viewer_do(alice, bob) -> None:
    client = Client()
    client.force_login(alice)
    page = client.get("/@/bob").content.decode()
    assert 'data-testid="challenge-form"' in page and 'data-testid="message-button"' in page
    preferences_update(user=bob, changes={"challenges_from": "nobody", "messages_from": "followed"})
    page = client.get("/@/bob").content.decode()
    assert 'data-testid="challenge-form"' not in page
    assert "bob takes no challenge from you: their settings say so." in page
    assert 'data-testid="message-button"' not in page
    follow(user=bob, other=alice)
    assert 'data-testid="message-button"' in client.get("/@/bob").content.decode()
