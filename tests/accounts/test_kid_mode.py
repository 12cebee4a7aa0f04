"""Kid mode, as docs/site.md "Accounts, lobby and games" says: turned on and off with the
account's password only; on, the games' chat is off, nobody may write to the player and they
write to nobody, and the forum (its pages, its API, a topic's socket) is closed to them; chat and
who may write stay as kid mode set them until it is off; the pages show it."""

import re
import uuid

import pytest
from django.test import Client

from accounts.errors import AccountError
from accounts.models import Preferences
from accounts.services import kid_mode_set, preferences_update
from community.errors import CommunityError
from community.inbox import send_message
from community.models import Notice
from forum.edges.consumers import topic_now
from forum.services import post_reply
from games.domain.errors import GameError
from games.reads.chat import chat_opening
from games.services.chat import chat_send
from games.services.core import Actor
from teams.services import ASKED, team_join
from tests.accounts.test_email_and_settings import api_for
from tests.factories import PASSWORD, make_user
from tests.forum.conftest import start
from tests.games.conftest import start_game
from tests.teams.conftest import make_team

pytestmark = pytest.mark.django_db

KID_FORUM = "Kid mode is on: the forum is closed to you. Your settings turn it off."
KID_MESSAGES = "Kid mode is on: messages are off. Your settings turn it off."


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


@pytest.fixture
def kid():
    user = make_user("kim")
    kid_mode_set(user=user, on=True, password=PASSWORD)
    return user


def test_the_password_turns_it_on_and_off_and_it_holds_chat_and_messages_off() -> None:
    user = make_user("kim")
    with pytest.raises(AccountError, match="Wrong password: kid mode is as it was"):
        kid_mode_set(user=user, on=True, password="wrong")
    assert not Preferences.objects.filter(user=user, kid=True).exists()
    row = kid_mode_set(user=user, on=True, password=PASSWORD)
    assert (row.kid, row.chat, row.messages_from) == (True, False, "nobody")
    for held in ({"chat": True}, {"messages_from": "everyone"}, {"messages_from": "followed"}):
        with pytest.raises(AccountError, match="Kid mode keeps the chat and messages off"):
            preferences_update(user=user, changes=held)
    kept = preferences_update(user=user, changes={"theme": "dark", "chat": False})
    assert (kept.theme, kept.chat, kept.messages_from) == ("dark", False, "nobody")
    with pytest.raises(AccountError, match="Wrong password"):
        kid_mode_set(user=user, on=False, password="")
    row = kid_mode_set(user=user, on=False, password=PASSWORD)
    assert (row.kid, row.chat, row.messages_from) == (False, False, "nobody")  # as it left them
    assert preferences_update(user=user, changes={"chat": True}).chat is True


def test_a_kid_neither_writes_nor_is_written_to(kid) -> None:
    bob = make_user("bob")
    with pytest.raises(CommunityError, match=re.escape(KID_MESSAGES)):
        send_message(sender=kid, recipient=bob, text="Hello")
    with pytest.raises(CommunityError, match="kim takes no message from you"):
        send_message(sender=bob, recipient=kid, text="Hello")
    answer = api_for(kid).post("/api/inbox/bob/", {"text": "Hello"}, format="json")
    assert (answer.status_code, answer.json()) == (403, {"error": KID_MESSAGES})
    client = Client()
    client.force_login(kid)
    assert 'data-testid="message-button"' not in client.get("/@/bob").content.decode()
    inbox = client.get("/inbox/").content.decode()
    assert KID_MESSAGES in inbox and 'data-testid="inbox-write"' not in inbox
    assert KID_MESSAGES in client.get("/inbox/bob/").content.decode()


def test_a_kid_asks_to_join_a_team_without_a_line(kid) -> None:
    team = make_team(make_user("lea"), open=False)
    with pytest.raises(GameError, match="Kid mode is on: ask to join without a line"):
        team_join(public_id=team.public_id, user=kid, text="Let me in")
    assert team_join(public_id=team.public_id, user=kid, text="") == ASKED
    client = Client()
    client.force_login(kid)
    page = client.get(f"/team/{team.public_id}/").content.decode()
    assert 'data-testid="team-ask-text"' not in page


def test_a_kids_game_has_no_chat(kid) -> None:
    bob = make_user("bob")
    game = start_game(kid, bob)
    seat, lines = chat_opening(game, kid.pk)
    assert seat.on is False and lines == []
    assert chat_opening(game, bob.pk)[0].on is True
    with pytest.raises(GameError, match="Your chat is off"):
        chat_send(game_id=game.public_id, actor=Actor.of(kid), text="hi")


def test_the_forum_is_closed_to_a_kid(kid) -> None:
    bob = make_user("bob")
    topic = start(bob)
    client = Client()
    client.force_login(kid)
    for path in (
        "/forum/",
        "/forum/general/",
        f"/forum/general/{topic.public_id}/",
        "/forum/search/?q=knights",
        "/forum/by/bob/",
    ):
        page = client.get(path)
        assert page.status_code == 403, path
        assert KID_FORUM in page.content.decode()
    for path in ("/api/forum/", f"/api/forum/topics/{topic.public_id}/", "/api/forum/general/"):
        answer = api_for(kid).get(path)
        assert (answer.status_code, answer.json()) == (403, {"error": KID_FORUM}), path
    posted = api_for(kid).post(
        "/api/forum/general/", {"title": "Hi", "text": "Hello"}, format="json"
    )
    assert (posted.status_code, posted.json()) == (403, {"error": KID_FORUM})
    # A topic's socket reads the topic through this.
    with pytest.raises(GameError, match=re.escape(KID_FORUM)):
        topic_now(topic.public_id, kid.pk)
    home = client.get("/").content.decode()
    assert 'href="/forum/"' not in home and 'data-testid="kid-badge"' in home
    assert 'data-testid="profile-forum-posts"' not in client.get("/@/bob").content.decode()
    others = Client()
    others.force_login(bob)
    assert others.get("/forum/").status_code == 200
    assert 'href="/forum/"' in others.get("/").content.decode()
    assert topic_now(topic.public_id, bob.pk)[0]["topic"] == topic.public_id


def test_the_forum_tells_a_kid_nothing(kid) -> None:
    bob = make_user("bob")
    kid_mode_set(user=kid, on=False, password=PASSWORD)
    theirs = start(kid, title="Before kid mode")  # written while kid mode was off
    kid_mode_set(user=kid, on=True, password=PASSWORD)
    post_reply(user=bob, topic_id=theirs.public_id, text="A reply, and @kim named")
    assert not Notice.objects.filter(user=kid).exists()
    carol = make_user("carol")
    post_reply(user=bob, topic_id=theirs.public_id, text="@carol, look")
    assert Notice.objects.filter(user=carol, kind=Notice.Kind.FORUM_MENTION).count() == 1


def test_the_settings_page_turns_it_on_and_off(client: Client) -> None:
    user = make_user("kim")
    client.force_login(user)
    wrong = client.post("/accounts/settings/kid/", {"on": "true", "password": "nope"}, follow=True)
    assert "Wrong password: kid mode is as it was." in wrong.content.decode()
    assert not Preferences.objects.filter(user=user, kid=True).exists()
    on = client.post("/accounts/settings/kid/", {"on": "true", "password": PASSWORD}, follow=True)
    page = on.content.decode()
    assert "Kid mode is on: chat, messages and the forum are off." in page
    assert 'data-testid="kid-mode-state">Kid mode is on.' in page
    assert "Kid mode keeps this off." in page  # chat and who may write: shown, not changed
    assert 'name="chat"' in page and "disabled" in page.split('name="chat"')[1].split(">")[0]
    # The settings form, sent with chat ticked and everyone allowed to write: held off.
    client.post("/accounts/settings/", {"takebacks": "never", "confirm_moves": "always",
                                        "board_theme": "blue", "theme": "dark", "chat": "on",
                                        "messages_from": "everyone",
                                        "challenges_from": "everyone"})  # fmt: skip
    row = Preferences.objects.get(user=user)
    assert (row.kid, row.chat, row.messages_from, row.theme) == (True, False, "nobody", "dark")
    off = client.post("/accounts/settings/kid/", {"on": "false", "password": PASSWORD}, follow=True)
    assert "Kid mode is off" in off.content.decode()
    assert Preferences.objects.get(user=user).kid is False


def test_the_api_turns_it_on_and_off_with_the_password() -> None:
    user = make_user("kim")
    client = api_for(user)
    for body, sentence in (
        ({"kid": True, "password": "nope"}, "Wrong password: kid mode is as it was."),
        ({"kid": "yes", "password": PASSWORD}, "Say `kid`: true to turn kid mode on"),
        ({"password": PASSWORD}, "Say `kid`: true to turn kid mode on"),
    ):
        refused = client.post("/api/account/kid/", body, format="json")
        assert refused.status_code == 400 and refused.json()["error"].startswith(sentence)
    on = client.post("/api/account/kid/", {"kid": True, "password": PASSWORD}, format="json")
    assert on.status_code == 200
    assert (on.json()["kid"], on.json()["chat"], on.json()["messages_from"]) == (
        True, False, "nobody"
    )  # fmt: skip
    held = client.patch("/api/account/settings/", {"chat": True}, format="json")
    assert held.status_code == 400 and "turn kid mode off first" in held.json()["error"]
    sneaked = client.patch("/api/account/settings/", {"kid": False}, format="json")
    assert sneaked.status_code == 400 and client.get("/api/account/settings/").json()["kid"]
    off = client.post("/api/account/kid/", {"kid": False, "password": PASSWORD}, format="json")
    assert off.status_code == 200 and off.json()["kid"] is False
