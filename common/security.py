"""Security headers on every response (a Content-Security-Policy and a Permissions-Policy), and
the API's session authentication that checks CSRF for visitors too.

The pages load scripts and styles from the site only; page data reaches the scripts through
``json_script`` (a JSON ``<script>`` the policy does not run), so no inline script or style is
allowed, and a page that needed one shows a console error, which fails the browser tests.
"""

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from drf_spectacular.authentication import SessionScheme
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request

SAFE_METHODS = ("GET", "HEAD", "OPTIONS", "TRACE")


class SecurityHeadersMiddleware:
    """Adds ``settings.CONTENT_SECURITY_POLICY`` and ``settings.PERMISSIONS_POLICY`` to each
    response that does not set its own."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        response.headers.setdefault("Content-Security-Policy", settings.CONTENT_SECURITY_POLICY)
        response.headers.setdefault("Permissions-Policy", settings.PERMISSIONS_POLICY)
        return response


class CsrfSessionAuthentication(SessionAuthentication):
    """DRF's session authentication, checking CSRF on every unsafe request that carries a
    session cookie, signed in or not: a visitor's pass-and-play and bot games act for their
    anonymous session, so a cross-site form could otherwise move or resign in them. A request
    without the cookie has no ambient authority to borrow and is not checked."""

    def authenticate(self, request: Request) -> tuple[Any, Any] | None:
        result = super().authenticate(request)  # checks CSRF for a signed-in user
        cookies = request._request.COOKIES
        if (
            result is None
            and request.method not in SAFE_METHODS
            and settings.SESSION_COOKIE_NAME in cookies
        ):
            self.enforce_csrf(request)
        return result


class CsrfSessionScheme(SessionScheme):
    """The OpenAPI schema's description of ``CsrfSessionAuthentication``: the session cookie."""

    target_class = "common.security.CsrfSessionAuthentication"
