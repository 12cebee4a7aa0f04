"""An account's email address (optional, confirmed by a link), a password reset sent only to a
confirmed address, and the settings, through the pages and the API; mails go to Django's locmem
backend (``mailoutbox``)."""

import re
import uuid

import pytest
from django.core import signing
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from accounts.models import Preferences, User
from accounts.services import EMAIL_SALT, email_token, user_token
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

LINK = re.compile(r"https?://[^\s]+")


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


def links_in(mail) -> list[str]:
    return LINK.findall(mail.body)


def api_for(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {user_token(user=user)}")
    return client


def test_signing_up_with_an_address_sends_a_link_that_confirms_it(client, mailoutbox) -> None:
    response = client.post(
        reverse("signup"),
        {"username": "alice", "password1": PASSWORD, "password2": PASSWORD, "email": "a@x.org"},
    )
    assert response.status_code == 302
    user = User.objects.get(username="alice")
    assert (user.email, user.email_verified) == ("a@x.org", False)
    assert [mail.to for mail in mailoutbox] == [["a@x.org"]]
    (link,) = links_in(mailoutbox[0])
    page = client.get(link)
    assert page.status_code == 200
    assert b"Address confirmed" in page.content
    user.refresh_from_db()
    assert user.email_verified


def test_an_address_is_optional_and_a_malformed_one_is_refused(client, mailoutbox) -> None:
    response = client.post(
        reverse("signup"),
        {"username": "bob", "password1": PASSWORD, "password2": PASSWORD, "email": "bob@"},
    )
    assert response.status_code == 200
    assert response.context["form"].errors["email"] == ["That is not an email address."]
    assert not User.objects.filter(username="bob").exists()
    client.post(
        reverse("signup"), {"username": "bob", "password1": PASSWORD, "password2": PASSWORD}
    )
    assert User.objects.get(username="bob").email == ""
    assert mailoutbox == []


def test_a_link_for_an_address_the_account_no_longer_has_confirms_nothing(client) -> None:
    user = make_user("alice")
    user.email = "old@x.org"
    user.save()
    old = email_token(user)
    user.email = "new@x.org"
    user.save()
    page = client.get(reverse("email-verify", args=[old]))
    assert page.status_code == 400
    assert b"That link does not work" in page.content
    forged = signing.dumps({"user": user.pk, "email": "new@x.org"}, salt=EMAIL_SALT + "x")
    assert client.get(reverse("email-verify", args=[forged])).status_code == 400
    user.refresh_from_db()
    assert not user.email_verified


def test_a_password_reset_goes_to_a_confirmed_address_only(client, mailoutbox) -> None:
    confirmed, unconfirmed = make_user("alice"), make_user("bob")
    User.objects.filter(pk=confirmed.pk).update(email="a@x.org", email_verified=True)
    User.objects.filter(pk=unconfirmed.pk).update(email="b@x.org")
    for address in ("b@x.org", "nobody@x.org"):
        sent = client.post(reverse("password_reset"), {"email": address})
        assert sent.status_code == 302  # the same answer: it never says who has an address
    assert mailoutbox == []
    client.post(reverse("password_reset"), {"email": "A@X.org"})
    assert [mail.to for mail in mailoutbox] == [["a@x.org"]]
    (link,) = links_in(mailoutbox[0])
    form = client.get(link, follow=True)
    assert form.context["validlink"]
    new = "another-long-secret-77"
    done = client.post(
        form.redirect_chain[-1][0], {"new_password1": new, "new_password2": new}, follow=True
    )
    assert b"Password set" in done.content
    confirmed.refresh_from_db()
    assert confirmed.check_password(new)
    assert client.get(link, follow=True).context["validlink"] is False  # once only


def test_password_resets_are_throttled_per_address_asked(
    settings, mailoutbox, throttle_clock
) -> None:
    settings.THROTTLE_RATES = {**settings.THROTTLE_RATES, "reset_email": "2/3600"}
    user = make_user("alice")
    User.objects.filter(pk=user.pk).update(email="a@x.org", email_verified=True)
    client = APIClient()
    answers = [
        client.post("/api/auth/password-reset/", {"email": "a@x.org"}, format="json")
        for _ in range(3)
    ]
    assert [answer.status_code for answer in answers] == [204, 204, 429]
    assert "Too many password resets" in answers[2].json()["error"]
    assert answers[2]["Retry-After"]
    assert len(mailoutbox) == 2


def test_the_api_sets_an_address_and_sends_its_link(mailoutbox) -> None:
    user = make_user("alice")
    client = api_for(user)
    answer = client.post("/api/account/email/", {"email": "alice@example.org"}, format="json")
    assert answer.status_code == 200
    assert answer.json() == {
        "username": "alice",
        "email": "alice@example.org",
        "email_verified": False,
    }
    assert len(mailoutbox) == 1
    assert client.get("/api/account/").json()["email"] == "alice@example.org"
    refused = client.post("/api/account/email/", {"email": "not an address"}, format="json")
    assert refused.status_code == 400
    assert refused.json() == {"error": "That is not an email address."}
    assert User.objects.get(pk=user.pk).email == "alice@example.org"


def test_settings_are_changed_one_by_one_and_a_wrong_one_changes_nothing() -> None:
    user = make_user("alice")
    client = api_for(user)
    assert client.get("/api/account/settings/").json() == {
        "sound": True,
        "premoves": True,
        "takebacks": "always",
        "confirm_resign": True,
        "confirm_moves": "correspondence",
        "chat": True,
        "board_theme": "brown",
        "theme": "system",
        "coordinates": True,
        "language": "",
        "messages_from": "everyone",
        "challenges_from": "everyone",
        "mail_turns": True,
        "kid": False,
    }
    changed = client.patch(
        "/api/account/settings/", {"chat": False, "takebacks": "casual"}, format="json"
    )
    assert changed.status_code == 200
    assert changed.json()["chat"] is False and changed.json()["takebacks"] == "casual"
    for wrong, sentence in (
        ({"sound": "yes"}, "`sound` is true or false."),
        ({"takebacks": "sometimes"}, "`takebacks` is one of always, casual, never."),
        ({"confirm_moves": "rated"}, "`confirm_moves` is one of never, correspondence, always."),
        ({"colour": "red"}, "Unknown setting 'colour'"),
        ({"theme": "sepia"}, "`theme` is one of system, light, dark."),
        ({"language": "de"}, '`language` is one of "", en, ru, nl, fr, pt-br.'),
        ({"coordinates": None}, "`coordinates` is true or false."),
        ({"messages_from": "friends"}, "`messages_from` is one of everyone, followed, nobody."),
    ):
        refused = client.patch("/api/account/settings/", wrong, format="json")
        assert refused.status_code == 400
        assert refused.json()["error"].startswith(sentence)
    row = Preferences.objects.get(user=user)
    assert (row.chat, row.takebacks, row.sound) == (False, "casual", True)


def test_the_settings_page_saves_every_choice(client: Client) -> None:
    user = make_user("alice")
    client.force_login(user)
    page = client.get(reverse("settings"))
    assert page.status_code == 200
    saved = client.post(
        reverse("settings"),
        # the boxes not ticked are off
        {
            "takebacks": "never",
            "confirm_moves": "always",
            "board_theme": "blue",
            "theme": "dark",
            "language": "nl",
            "sound": "on",
        },
    )
    assert saved.status_code == 302
    row = Preferences.objects.get(user=user)
    assert (row.sound, row.premoves, row.confirm_resign, row.chat, row.takebacks) == (
        True,
        False,
        False,
        False,
        "never",
    )
    assert (row.board_theme, row.theme, row.coordinates, row.language, row.confirm_moves) == (
        "blue",
        "dark",
        False,
        "nl",
        "always",
    )


def test_closed_looking_names_are_reserved() -> None:
    response = APIClient().post(
        "/api/auth/signup/", {"username": "closed-abc", "password": PASSWORD}, format="json"
    )
    assert response.status_code == 400
    assert "reserved" in response.json()["error"]
