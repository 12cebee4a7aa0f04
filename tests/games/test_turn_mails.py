"""Turn mails, as docs/site.md "Accounts, lobby and games" says: ``manage.py mail_turns`` mails
a correspondence player whose turn has waited ten minutes — one mail listing all such games of
theirs, in their language, each turn once — and nobody who is online, has no confirmed address,
has turned the mails off or plays with another clock."""

from datetime import UTC, timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from accounts.models import Preferences, User
from games.domain.clock import TimeControl
from games.domain.schemas import MoveRequest
from games.models import Connection, Game
from games.services.core import Actor
from games.services.round import game_play
from games.services.turn_mails import AWAY, mail_turns
from tests.factories import make_user
from tests.games.conftest import start_game

pytestmark = pytest.mark.django_db

MAIL = TimeControl(days=3)


@pytest.fixture(autouse=True)
def site_url(settings) -> None:
    settings.SITE_URL = "https://chesskers.example"


def player(name: str, email: str = "", verified: bool = True) -> User:
    user = make_user(name)
    User.objects.filter(pk=user.pk).update(
        email=email or f"{name}@example.org", email_verified=verified
    )
    user.refresh_from_db()
    return user


def waited(game: Game, minutes: float) -> Game:
    """Moves the game's current turn ``minutes`` into the past, its players gone since (the
    lobby's last sight of them forgotten)."""
    since = timezone.now() - timedelta(minutes=minutes)
    Game.objects.filter(pk=game.pk).update(clock_since=since)
    User.objects.filter(pk__in=[game.white_id, game.black_id]).update(last_seen=None)
    game.refresh_from_db()
    return game


def test_a_turn_waiting_ten_minutes_is_mailed_once(mailoutbox) -> None:
    alice, bob = player("alice"), player("bob")
    game = waited(start_game(alice, bob, clock=MAIL), minutes=9)
    assert mail_turns() == 0 and mailoutbox == []  # not ten minutes yet
    waited(game, minutes=11)
    assert mail_turns() == 1
    (mail,) = mailoutbox
    assert mail.to == ["alice@example.org"]
    assert mail.subject == "Your turn in a correspondence game"
    deadline = game.clock_deadline.astimezone(UTC).strftime("%d %b %Y, %H:%M")
    assert f"- Chesskers against bob: move by {deadline} UTC" in mail.body
    assert f"https://chesskers.example/game/{game.public_id}/" in mail.body
    assert "https://chesskers.example/accounts/settings/" in mail.body
    assert mail.extra_headers["Content-Language"] == "en"
    assert mail_turns() == 0 and len(mailoutbox) == 1  # the same turn: once
    game_play(game_id=game.public_id, actor=Actor.of(alice), move=MoveRequest.of(ply=0, text="e4"))
    assert mail_turns() == 0  # bob's turn has only begun
    assert mail_turns(timezone.now() + AWAY + timedelta(seconds=1)) == 1
    assert mailoutbox[-1].to == ["bob@example.org"]


def test_one_mail_lists_every_game_waiting_in_the_players_language(mailoutbox) -> None:
    alice, bob, carol = player("alice"), player("bob"), player("carol")
    Preferences.objects.create(user=alice, language="fr")
    first = waited(start_game(alice, bob, clock=MAIL), minutes=30)
    second = waited(start_game(alice, carol, clock=TimeControl(days=1), variant="russian"), 20)
    assert mail_turns() == 1
    (mail,) = mailoutbox
    assert mail.subject == "À vous de jouer dans 2 parties par correspondance"
    assert mail.extra_headers["Content-Language"] == "fr"
    assert "Chesskers contre bob" in mail.body and "Dames russes contre carol" in mail.body
    assert first.public_id in mail.body and second.public_id in mail.body


def test_who_is_never_mailed(mailoutbox) -> None:
    bob = player("bob")
    cases = {
        "online": player("olga"),
        "unconfirmed": player("una", verified=False),
        "opted_out": player("otto"),
        "closed": player("cleo"),
    }
    Preferences.objects.create(user=cases["opted_out"], mail_turns=False)
    User.objects.filter(pk=cases["closed"].pk).update(is_active=False)
    games = [waited(start_game(user, bob, clock=MAIL), 60) for user in cases.values()]
    Connection.objects.create(
        game=games[0], channel_name="seen", user=cases["online"], color="white",
        last_seen=timezone.now(),
    )  # fmt: skip
    for clock in (TimeControl(), TimeControl(initial=600, increment=5)):  # not correspondence
        waited(start_game(player(f"x{clock.kind}"), bob, clock=clock), 60)
    assert mail_turns() == 0 and mailoutbox == []


def test_the_command_says_what_it_sent(mailoutbox, capsys) -> None:
    waited(start_game(player("alice"), player("bob"), clock=MAIL), minutes=60)
    call_command("mail_turns")
    assert capsys.readouterr().out.strip() == "sent 1 turn mails"
    assert len(mailoutbox) == 1
