"""*Sign out everywhere else* (the settings page), as docs/site.md "Accounts" says: every other
browser signed in as the player is signed out and their API token revoked, while the browser
that asked stays signed in; sessions made before the epoch existed stay good until then."""

import pytest
from django.contrib.auth.base_user import AbstractBaseUser
from django.test import Client
from rest_framework.authtoken.models import Token

from accounts.services import user_token
from tests.factories import PASSWORD, api_client, make_user

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    web = Client()
    assert web.login(username=user.username, password=PASSWORD)
    return web


def test_every_other_session_and_the_token_end_and_this_one_stays() -> None:
    ann = make_user("ann")
    here, phone, laptop = signed_in(ann), signed_in(ann), signed_in(ann)
    token = user_token(user=ann)
    assert api_client(ann).get("/api/notices/").status_code == 200
    done = here.post("/accounts/sessions/end/", follow=True)
    assert "You are signed out everywhere else" in done.content.decode()
    assert here.get("/accounts/settings/").status_code == 200
    for other in (phone, laptop):
        assert other.get("/accounts/settings/")["Location"].startswith("/accounts/login/")
    assert not Token.objects.filter(key=token).exists()
    stale = Client(HTTP_AUTHORIZATION=f"Token {token}")
    assert stale.get("/api/notices/").status_code == 401
    again = signed_in(ann)  # a new log-in works as ever
    assert again.get("/accounts/settings/").status_code == 200
    assert here.get("/accounts/settings/").status_code == 200


def test_a_session_from_before_the_epoch_keeps_its_hash() -> None:
    ann = make_user("ann")
    assert ann.session_epoch == 0
    assert ann.get_session_auth_hash() == AbstractBaseUser._get_session_auth_hash(ann)
    ann.session_epoch = 1
    assert ann.get_session_auth_hash() != AbstractBaseUser._get_session_auth_hash(ann)


def test_only_a_signed_in_post_ends_sessions() -> None:
    ann = make_user("ann")
    assert Client().post("/accounts/sessions/end/")["Location"].startswith("/accounts/login/")
    assert signed_in(ann).get("/accounts/sessions/end/").status_code == 405
    ann.refresh_from_db()
    assert ann.session_epoch == 0
