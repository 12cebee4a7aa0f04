"""The site's side of the engine's sentences: the engine (which never imports Django) keeps each
error's sentence as a template marked with ``N_`` and its parameters (``engine/errors.py``);
``say`` translates the template into the active language and fills the parameters in. The
connection's language for the sockets, which have no ``LocaleMiddleware``, is chosen here too
(``scope_language``)."""

from contextvars import ContextVar
from typing import Any

from django.conf import settings
from django.http.cookie import parse_cookie
from django.utils import formats, translation
from django.utils.functional import lazy
from django.utils.translation import gettext
from django.utils.translation.trans_real import parse_accept_lang_header

# A header longer than this is not read: a client's languages fit in far fewer characters.
MAX_ACCEPT_LANGUAGE = 256
MAX_COOKIE_HEADER = 4096


def say(error: BaseException) -> str:
    """Returns ``error``'s sentence in the active language: its template translated with its
    parameters (those named in ``terms`` translated too), or ``str(error)`` for an error that
    carries no template."""
    template = getattr(error, "template", None)
    if not isinstance(template, str):
        return str(error)
    params: dict[str, Any] = dict(getattr(error, "params", None) or {})
    if not params:
        return gettext(template)
    for name in getattr(error, "terms", ()):
        if isinstance(params.get(name), str):
            params[name] = gettext(params[name])
    for name, value in params.items():
        if getattr(value, "grouped", False):  # engine.errors.Grouped: 1,000 in English
            params[name] = grouped(int(value))
        elif getattr(value, "alternatives", False) and value:  # engine.errors.Alternatives
            params[name] = alternatives(list(value))
    try:
        return gettext(template) % params
    except (KeyError, TypeError, ValueError):  # a translation that lost a placeholder
        return str(error)


def grouped(value: int) -> str:
    """Returns a whole number as the active language writes it, grouped (1,000 in English,
    1 000 in Russian or French, 1.000 in Dutch and Portuguese)."""
    return formats.number_format(value, force_grouping=True)


def _formatted(template: str, params: dict[str, Any]) -> str:
    return gettext(template) % params


_lazy_formatted = lazy(_formatted, str)


def lazy_format(template: str, **params: Any) -> str:
    """Returns ``template`` (a msgid) filled with ``params``, translated when it is made text
    (``str``): for a sentence made before the request's language is known (the edge's
    middleware runs before ``LocaleMiddleware``)."""
    return _lazy_formatted(template, params)


# The language a socket's reader activated in its context (``hold_language``). Django keeps the
# active language in an ``asgiref`` local, whose every read costs a socket's message more than
# a context variable's: reading it for each message was a twentieth of a move's CPU.
_held_language: ContextVar[str | None] = ContextVar("held_language", default=None)


def hold_language(code: str) -> None:
    """Activates ``code`` for the rest of the current context (a socket's reader task,
    ``common.dispatch``), if it is not the one this context already holds."""
    if _held_language.get() != code:
        translation.activate(code)
        _held_language.set(code)


def active_language() -> str:
    """Returns the active language: the one held by ``hold_language`` in this context, or
    Django's."""
    return _held_language.get() or translation.get_language()


def request_language(request: Any) -> str:
    """Returns the language of ``request``: the one ``LocaleMiddleware`` chose, or, before it
    ran, the one it will choose (the cookie, then ``Accept-Language``)."""
    chosen = getattr(request, "LANGUAGE_CODE", None)
    if chosen:
        return chosen
    return translation.get_language_from_request(request)


def alternatives(items: list[str]) -> str:
    """Returns ``items`` joined as alternatives in the active language ("a or b or c")."""
    joined = items[0]
    for item in items[1:]:
        joined = gettext("%(first)s or %(second)s") % {"first": joined, "second": item}
    return joined


def supported(code: str | None) -> str | None:
    """Returns the site's language for ``code`` (a language code a client asked for), or None."""
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def _header(scope: dict[str, Any], name: bytes, limit: int) -> str:
    for key, value in scope.get("headers") or ():
        if key.lower() == name:
            return value[:limit].decode("latin-1")
    return ""


def scope_language(scope: dict[str, Any], account: str = "") -> str:
    """Returns the language a socket connection is answered in, as ``LocaleMiddleware`` would
    choose it for a page: ``account`` (the signed-in user's own setting, "" for none), else the
    language cookie, else the ``Accept-Language`` header (read up to ``MAX_ACCEPT_LANGUAGE``
    characters), else English."""
    chosen = supported(account)
    if chosen:
        return chosen
    cookies = parse_cookie(_header(scope, b"cookie", MAX_COOKIE_HEADER))
    chosen = supported(cookies.get(settings.LANGUAGE_COOKIE_NAME))
    if chosen:
        return chosen
    header = _header(scope, b"accept-language", MAX_ACCEPT_LANGUAGE)
    for code, _quality in parse_accept_lang_header(header):
        if code == "*":
            break
        chosen = supported(code)
        if chosen:
            return chosen
    return supported(settings.LANGUAGE_CODE) or settings.LANGUAGE_CODE
