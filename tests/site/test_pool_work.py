"""No request holds a database connection while it computes or waits on another server
(common/db.py ``release_connection``): a password is hashed, a position from a FEN checked by the
engine, and a mail sent, with the thread's connection back in the pool, so a burst of log-ins,
sign-ups or password resets leaves the pool to the requests that need it.

Each test watches the work itself (the hash function, the engine's position check) and notes
whether the thread held a connection at that moment.
"""

from collections.abc import Iterator

import pytest
from django.conf import global_settings
from django.contrib.auth import get_user_model, hashers
from django.core.mail.backends import locmem
from django.db import connections
from django.test import Client
from rest_framework.test import APIClient

import chesskers_site.settings as site_settings
from engine.variant import Variant
from engine.variants import VARIANTS
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db(transaction=True)


def held() -> bool:
    """Returns whether this thread holds a database connection now."""
    return connections["default"].connection is not None


@pytest.fixture
def hashing(settings, monkeypatch) -> Iterator[list[bool]]:
    """The site's own password hashers (not the tests' fast one), with PBKDF2 cut to one
    iteration, noting for each hash whether a connection was held meanwhile."""
    settings.PASSWORD_HASHERS = getattr(
        site_settings, "PASSWORD_HASHERS", global_settings.PASSWORD_HASHERS
    )
    seen: list[bool] = []
    real = hashers.pbkdf2

    def watched(password, salt, iterations, dklen=0, digest=None):
        seen.append(held())
        return real(password, salt, 1, dklen, digest)

    monkeypatch.setattr(hashers, "pbkdf2", watched)
    yield seen


def test_sign_ups_and_log_ins_hash_passwords_holding_no_connection(hashing) -> None:
    api = APIClient()
    assert api.post("/api/auth/signup/", {"username": "hasher", "password": PASSWORD}).status_code
    assert api.post("/api/auth/token/", {"username": "hasher", "password": "nope"}).status_code
    assert api.post("/api/auth/token/", {"username": "nobody", "password": "nope"}).status_code
    token = api.post("/api/auth/token/", {"username": "hasher", "password": PASSWORD})
    assert token.status_code == 200
    page = Client().post("/accounts/login/", {"username": "hasher", "password": PASSWORD})
    assert page.status_code == 302
    assert len(hashing) >= 5  # one hash each: sign-up, two failures, two log-ins
    assert not any(hashing)


@pytest.fixture
def checking(monkeypatch) -> list[bool]:
    """Notes, for each position the engine checks for a new game, whether a connection was
    held meanwhile."""
    seen: list[bool] = []
    real = Variant.playable_position

    def watched(self, fen, *args, **kwargs):
        seen.append(held())
        return real(self, fen, *args, **kwargs)

    monkeypatch.setattr(Variant, "playable_position", watched)
    return seen


def test_a_visitor_starting_a_game_from_a_fen_holds_no_connection_while_it_is_checked(
    checking,
) -> None:
    """A visitor's first game saves their session (taking a connection) before the engine
    checks the position: every game, on the API and the pages."""
    for variant in VARIANTS.values():
        api = APIClient()  # a visitor with no session yet
        body = {"fen": variant.start_fen, "variant": variant.id}
        assert api.post("/api/games/local/", body, format="json").status_code == 201
    page = Client().post("/play/local/", {"fen": variant.start_fen, "variant": variant.id})
    assert page.status_code == 302
    bot = Client().post(
        "/play/bot/", {"fen": variant.start_fen, "variant": variant.id, "level": "1"}
    )
    assert bot.status_code == 302
    assert len(checking) == len(VARIANTS) + 2
    assert not any(checking)


def test_a_signed_in_players_game_from_a_fen_is_checked_holding_no_connection(checking) -> None:
    make_user("fenner")
    client = Client()
    client.login(username="fenner", password=PASSWORD)
    variant = next(iter(VARIANTS.values()))
    page = client.post("/play/local/", {"fen": variant.start_fen, "variant": variant.id})
    assert page.status_code == 302
    assert checking == [False]


@pytest.fixture
def mailing(monkeypatch) -> list[bool]:
    """Notes, for each mail sent (the locmem backend's send), whether a connection was held."""
    seen: list[bool] = []
    real = locmem.EmailBackend.send_messages

    def watched(self, messages):
        seen.append(held())
        return real(self, messages)

    monkeypatch.setattr(locmem.EmailBackend, "send_messages", watched)
    return seen


def test_mails_go_out_holding_no_connection(mailing) -> None:
    api = APIClient()
    made = api.post(
        "/api/auth/signup/", {"username": "mailer", "password": PASSWORD, "email": "m@x.org"}
    )
    assert made.status_code == 201
    User = get_user_model()
    User.objects.filter(username="mailer").update(email_verified=True)
    assert api.post("/api/auth/password-reset/", {"email": "m@x.org"}).status_code == 204
    assert len(mailing) == 2  # the verification link, the reset
    assert not any(mailing)
