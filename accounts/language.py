"""The language a page is written in: the account's setting (``Preferences.language``) first,
then the ``django_language`` cookie (the footer's switch, ``/i18n/setlang/``), then the
browser's ``Accept-Language``; English when none names one of ``settings.LANGUAGES``.

Django's ``LocaleMiddleware`` reads the cookie and the header; ``AccountLanguageMiddleware``,
right after it, puts a signed-in player's own setting over them, so they read the site in their
language on any browser. ``set_language`` is Django's view at the same address (the cookie, the
redirect to ``next``) that also saves a signed-in player's choice in their settings."""

from collections.abc import Callable

from django.conf import settings
from django.contrib.auth import SESSION_KEY
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.views import i18n

from accounts.models import Preferences
from accounts.services import preferences_update

# The codes a player may choose (settings.LANGUAGES); "" is the browser's choice.
LANGUAGE_CODES = frozenset(code for code, _ in settings.LANGUAGES)


def account_language(request: HttpRequest) -> str:
    """Returns the language the signed-in player chose in their settings, or "" (a visitor, or
    a player who leaves it to the browser). One query by primary key, and only when the session
    names a user (the session is read for the authentication anyway); a request without a
    session cookie is not looked at (its answer does not vary by a session it has not got)."""
    session = getattr(request, "session", None)
    if session is None or settings.SESSION_COOKIE_NAME not in request.COOKIES:
        return ""
    user_id = session.get(SESSION_KEY)
    if user_id is None:
        return ""
    try:
        chosen = (
            Preferences.objects.filter(user_id=user_id).values_list("language", flat=True).first()
        )
    except (TypeError, ValueError):  # a session naming no valid id
        return ""
    return chosen if chosen in LANGUAGE_CODES else ""


def remember_language(response: HttpResponse, code: str) -> None:
    """Sets the language cookie to ``code`` (as Django's ``set_language`` does), or deletes it
    for "" (the browser's choice)."""
    if code:
        response.set_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            code,
            max_age=settings.LANGUAGE_COOKIE_AGE,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            secure=settings.LANGUAGE_COOKIE_SECURE,
            httponly=settings.LANGUAGE_COOKIE_HTTPONLY,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )
    else:
        response.delete_cookie(
            settings.LANGUAGE_COOKIE_NAME,
            path=settings.LANGUAGE_COOKIE_PATH,
            domain=settings.LANGUAGE_COOKIE_DOMAIN,
            samesite=settings.LANGUAGE_COOKIE_SAMESITE,
        )


class AccountLanguageMiddleware:
    """Activates a signed-in player's language (their setting) over the cookie and the
    browser's; placed right after ``LocaleMiddleware``, which then writes ``Content-Language``
    and ``Vary`` (reading the session adds ``Vary: Cookie``). The cookie is brought in line, so
    the language stays after logging out."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        chosen = account_language(request)
        if chosen:
            translation.activate(chosen)
            request.LANGUAGE_CODE = translation.get_language()
        response = self.get_response(request)
        name = settings.LANGUAGE_COOKIE_NAME
        if chosen and request.COOKIES.get(name) != chosen and name not in response.cookies:
            remember_language(response, chosen)  # unless the view just set it (a new choice)
        return response


def set_language(request: HttpRequest) -> HttpResponse:
    """Django's ``set_language`` (POST ``language`` and ``next``: the cookie, then back to
    ``next``), which also saves a signed-in player's choice in their settings; ``language=""``
    (the browser's choice) deletes the cookie and clears the setting."""
    response = i18n.set_language(request)
    if request.method != "POST":
        return response
    code = request.POST.get(i18n.LANGUAGE_QUERY_PARAMETER)
    if code == "":
        remember_language(response, "")
    elif code not in LANGUAGE_CODES:
        return response
    if request.user.is_authenticated:
        preferences_update(user=request.user, changes={"language": code})
    return response
