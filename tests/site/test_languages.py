"""The site's language: from the browser's Accept-Language, the footer's switch (the cookie set by
``/i18n/setlang/``) and a signed-in player's own setting, which wins over both on any browser
(``accounts/language.py``); "" leaves it to the browser again. Pages say their language
(``<html lang>``, ``Content-Language``, ``Vary``), dates follow the language's formats, and mails
go out in the language of the request that sent them.

These need no catalogue of the site's own: what they check is the language chosen, and Django's
own translations (month names, its form labels) where a word must change."""

import re
import uuid
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.test import Client
from django.urls import reverse
from django.utils import translation

from accounts.models import Preferences, User
from community.models import Report
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

COOKIE = settings.LANGUAGE_COOKIE_NAME
HTML_LANG = re.compile(rb'<html lang="([^"]+)"')


@pytest.fixture(autouse=True)
def own_throttle_counts(settings) -> None:
    settings.CACHE_KEY_PREFIX = f"test-{uuid.uuid4().hex}"


def lang_of(response) -> str:
    assert response.status_code == 200, response.content[:300]
    found = HTML_LANG.search(response.content)
    assert found, response.content[:300]
    return found.group(1).decode()


def preference(user: User) -> str:
    row = Preferences.objects.filter(user=user).first()
    return row.language if row is not None else ""


def with_language(user: User, code: str) -> None:
    Preferences.objects.update_or_create(user=user, defaults={"language": code})


# --- the browser's choice --------------------------------------------------------------------
def test_without_a_choice_the_site_is_english(client: Client) -> None:
    response = client.get("/")
    assert lang_of(response) == "en"
    assert response["Content-Language"] == "en"


@pytest.mark.parametrize(
    "header, code", [("ru", "ru"), ("nl-NL,nl;q=0.9", "nl"), ("pt-BR", "pt-br")]
)
def test_accept_language_chooses_the_page_language(client: Client, header, code) -> None:
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=header)
    assert lang_of(response) == code
    assert response["Content-Language"] == code
    vary = {part.strip() for part in response["Vary"].split(",")}
    assert {"Accept-Language", "Cookie"} <= vary


def test_a_page_in_russian_writes_dates_and_form_labels_in_russian(client: Client) -> None:
    user = make_user("alice")
    User.objects.filter(pk=user.pk).update(date_joined="2026-03-05T12:00:00Z")
    profile = client.get(reverse("profile", args=["alice"]), HTTP_ACCEPT_LANGUAGE="ru")
    assert lang_of(profile) == "ru"
    text = profile.content.decode()
    assert "5 марта 2026" in text  # DATE_FORMAT in Russian, not a fixed English "5 March 2026"
    assert 'datetime="2026-03-05T12:00:00+00:00"' in text  # machine-readable stays as it is
    english = client.get(reverse("profile", args=["alice"])).content.decode()
    assert "March 5, 2026" in english or "Mar. 5, 2026" in english
    # The sign-up form's labels are marked: Django's own catalogue knows "Password".
    signup = client.get(reverse("signup"), HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert "Пароль" in signup


@pytest.mark.skipif(
    not (Path(settings.BASE_DIR) / "locale" / "ru" / "LC_MESSAGES" / "django.mo").exists(),
    reason="the site's catalogues are compiled by `make messages`",
)
def test_with_the_catalogues_accept_language_ru_gives_a_russian_page(client: Client) -> None:
    page = client.get("/", HTTP_ACCEPT_LANGUAGE="ru").content.decode()
    assert '<html lang="ru"' in page
    assert "Играть" in page  # the main navigation's "Play"


# --- the footer's switch ----------------------------------------------------------------------
def test_every_page_has_the_language_switch_naming_each_language_in_itself(client) -> None:
    page = client.get(reverse("about"), HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    form = re.search(r'<form[^>]*data-testid="language-switch".*?</form>', page, re.S)
    assert form, "no language switch in the footer"
    form = form.group(0)
    assert f'action="{reverse("set_language")}"' in form and 'method="post"' in form
    assert 'name="csrfmiddlewaretoken"' in form
    assert '<input type="hidden" name="next" value="/about/">' in form
    assert re.search(r'<select name="language"', form)
    for code, name in settings.LANGUAGES:
        assert f'value="{code}"' in form and f">{name}</option>" in form
    assert re.search(r'<option value="fr" lang="fr" selected>', form)  # the page's language
    assert "<script" not in form  # no inline script (the CSP)


def test_the_switch_sets_the_cookie_and_goes_back(client: Client) -> None:
    response = client.post(reverse("set_language"), {"language": "nl", "next": "/about/"})
    assert response.status_code == 302 and response["Location"] == "/about/"
    assert response.cookies[COOKIE].value == "nl"
    # The cookie then wins over the browser's language.
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ru")) == "nl"
    assert not Preferences.objects.exists()  # a visitor has no account to save it in


def test_the_switch_never_sends_a_player_to_another_site(client: Client) -> None:
    response = client.post(
        reverse("set_language"), {"language": "fr", "next": "https://evil.example/"}
    )
    assert response.status_code == 302 and response["Location"] == "/"
    assert response.cookies[COOKIE].value == "fr"


def test_the_switch_saves_a_signed_in_players_choice_in_their_settings(client: Client) -> None:
    user = make_user("alice")
    client.force_login(user)
    response = client.post(reverse("set_language"), {"language": "fr", "next": "/"})
    assert response.status_code == 302 and response.cookies[COOKIE].value == "fr"
    assert preference(user) == "fr"
    # An unknown language changes neither the setting nor the page.
    client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert preference(user) == "fr"
    assert lang_of(client.get("/")) == "fr"


def test_choosing_the_browser_clears_the_setting_and_the_cookie(client: Client) -> None:
    user = make_user("alice")
    with_language(user, "nl")
    client.force_login(user)
    client.cookies[COOKIE] = "nl"
    response = client.post(reverse("set_language"), {"language": "", "next": "/"})
    assert response.status_code == 302
    assert response.cookies[COOKIE].value == "" and response.cookies[COOKIE]["max-age"] == 0
    assert preference(user) == ""
    assert lang_of(client.get("/", HTTP_ACCEPT_LANGUAGE="ru")) == "ru"


# --- the account's setting --------------------------------------------------------------------
def test_the_accounts_language_wins_over_the_cookie_and_the_browser(client: Client) -> None:
    user = make_user("alice")
    with_language(user, "nl")
    client.force_login(user)
    client.cookies[COOKIE] = "fr"
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="ru")
    assert lang_of(response) == "nl"
    assert response["Content-Language"] == "nl"
    assert "Cookie" in response["Vary"]
    # The browser's cookie is brought in line: the language stays after logging out.
    assert response.cookies[COOKIE].value == "nl"


def test_the_accounts_language_follows_the_player_to_another_browser() -> None:
    user = make_user("alice")
    with_language(user, "pt-br")
    other = Client(HTTP_ACCEPT_LANGUAGE="ru")
    assert lang_of(other.get("/")) == "ru"
    assert other.login(username="alice", password=PASSWORD)
    assert lang_of(other.get("/")) == "pt-br"


def test_without_a_setting_the_cookie_and_browser_choose(client: Client) -> None:
    user = make_user("alice")
    client.force_login(user)
    response = client.get("/", HTTP_ACCEPT_LANGUAGE="ru")
    assert lang_of(response) == "ru"
    assert COOKIE not in response.cookies  # nothing to bring in line


def test_the_settings_page_saves_the_language_and_sets_the_cookie(client: Client) -> None:
    user = make_user("alice")
    client.force_login(user)
    chosen = {
        "takebacks": "always",
        "confirm_moves": "correspondence",
        "board_theme": "brown",
        "theme": "system",
    }
    saved = client.post(reverse("settings"), {**chosen, "language": "ru"})
    assert saved.status_code == 302
    assert preference(user) == "ru" and saved.cookies[COOKIE].value == "ru"
    assert lang_of(client.get(reverse("settings"), HTTP_ACCEPT_LANGUAGE="fr")) == "ru"
    cleared = client.post(reverse("settings"), {**chosen, "language": ""})
    assert preference(user) == "" and cleared.cookies[COOKIE]["max-age"] == 0
    client.cookies.pop(COOKIE, None)
    assert lang_of(client.get(reverse("settings"), HTTP_ACCEPT_LANGUAGE="fr")) == "fr"


# --- pages rendered apart, and mails ----------------------------------------------------------
def test_the_standalone_error_pages_say_the_active_language() -> None:
    with translation.override("fr"):
        assert '<html lang="fr">' in render_to_string("500.html")
        assert '<html lang="fr">' in render_to_string("refused.html", {"message": "Non."})
    translation.deactivate()  # no request's language: the site's default
    assert '<html lang="en"' in render_to_string("500.html")


def test_a_refusal_page_is_in_the_requests_language(client: Client) -> None:
    client.force_login(make_user("alice"))  # not a moderator
    response = client.get(reverse("moderation"), HTTP_ACCEPT_LANGUAGE="nl")
    assert response.status_code == 403
    assert b'<html lang="nl"' in response.content


def test_the_not_found_page_is_in_the_requests_language(client: Client) -> None:
    response = client.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="ru")
    assert response.status_code == 404
    assert b'<html lang="ru"' in response.content


def test_the_moderation_pages_write_dates_in_the_languages_form(client: Client) -> None:
    root = make_user("root")
    User.objects.filter(pk=root.pk).update(is_staff=True)
    report = Report.objects.create(reporter=root, user=make_user("bob"), reason="spam")
    Report.objects.filter(pk=report.pk).update(created_at="2026-03-05T12:00:00Z")
    client.force_login(root)
    page = client.get(reverse("moderation-report", args=[report.pk]), HTTP_ACCEPT_LANGUAGE="nl")
    assert "5 maart 2026" in page.content.decode()


def test_a_confirmation_mail_goes_out_in_the_language_of_the_request(
    client: Client, mailoutbox, monkeypatch
) -> None:
    from django.core.mail import EmailMessage

    active = []
    send = EmailMessage.send

    def noting_send(self, *args, **kwargs):
        active.append(translation.get_language())
        return send(self, *args, **kwargs)

    monkeypatch.setattr(EmailMessage, "send", noting_send)
    response = client.post(
        reverse("signup"),
        {"username": "alice", "password1": PASSWORD, "password2": PASSWORD, "email": "a@x.org"},
        HTTP_ACCEPT_LANGUAGE="fr",
    )
    assert response.status_code == 302
    assert active == ["fr"]
    assert mailoutbox[0].extra_headers["Content-Language"] == "fr"


def test_a_password_reset_mail_goes_out_in_the_language_of_the_request(
    client: Client, mailoutbox
) -> None:
    user = make_user("alice")
    User.objects.filter(pk=user.pk).update(email="a@x.org", email_verified=True)
    client.cookies[COOKIE] = "nl"
    response = client.post(reverse("password_reset"), {"email": "a@x.org"})
    assert response.status_code == 302
    (mail,) = mailoutbox
    assert mail.extra_headers["Content-Language"] == "nl"
    assert "/accounts/reset/" in mail.body
