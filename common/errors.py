"""What a failed request is answered, whatever failed: on an API path always
``{"error": "<one sentence>"}`` JSON with the status kept, elsewhere the site's pages; and when
no database connection could be had in time (the pool is exhausted), 503 with ``Retry-After``
instead of a 500.

Errors come from many places: a view or DRF (already JSON), the edge (already shaped), Django's
URL resolver (404), a middleware (a session that cannot be saved), Django's own refusals (a bad
host header is 400, a missing CSRF token 403). ``ErrorShapeMiddleware`` sits outside them all
and reshapes what is not shaped yet, so no path is missed.
"""

import sys
from collections.abc import Callable
from typing import Any

from django.core.signals import got_request_exception
from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext_lazy
from psycopg_pool import PoolTimeout

from common.edge import refusal_response

# Seconds a client is asked to wait when the pool is exhausted: a burst is usually over by then.
BUSY_RETRY_AFTER = 5
BUSY = gettext_lazy("The site is too busy to answer: try again in a few seconds.")

# What an API error that came without a sentence says, by status (in the request's language
# when it is made text: ``refusal_response``).
SENTENCES = {
    400: gettext_lazy("That request is malformed."),
    401: gettext_lazy("Sign in first."),
    403: gettext_lazy("That is not allowed."),
    404: gettext_lazy("There is nothing at that address."),
    405: gettext_lazy("That method is not allowed here."),
    413: gettext_lazy("That request is too large."),
    429: gettext_lazy("Too many requests: try again later."),
    500: gettext_lazy("The server failed to answer that request."),
    503: BUSY,
}


def pool_exhausted(error: BaseException | None) -> bool:
    """Returns whether ``error`` is, or was caused by, a pooled connection not had in time
    (psycopg's ``PoolTimeout``, which Django wraps in its ``OperationalError``)."""
    seen = 0
    while error is not None and seen < 16:
        if isinstance(error, PoolTimeout):
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def note_failure(sender: Any, request: HttpRequest | None = None, **_: Any) -> None:
    """Marks a request whose handling raised because the pool was exhausted (a receiver of
    ``got_request_exception``, which Django sends while it handles the exception)."""
    if request is not None and pool_exhausted(sys.exc_info()[1]):
        request.pool_exhausted = True  # type: ignore[attr-defined]


def busy_response(request: HttpRequest) -> HttpResponse:
    """503 with ``Retry-After`` and a sentence (JSON on the API, a page otherwise)."""
    response = refusal_response(request, 503, BUSY)
    response["Retry-After"] = str(BUSY_RETRY_AFTER)
    return response


def is_api(request: HttpRequest) -> bool:
    return request.path.startswith("/api/")


def shaped(response: HttpResponse) -> bool:
    return response.get("Content-Type", "").startswith("application/json")


class ErrorShapeMiddleware:
    """The outermost middleware: a request that failed for want of a pooled connection is
    answered 503 with ``Retry-After``; any other error on an API path that is not JSON yet
    becomes ``{"error": ...}`` with its status and headers kept."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        got_request_exception.connect(note_failure, dispatch_uid="common.errors")

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if getattr(request, "pool_exhausted", False):
            return busy_response(request)
        if is_api(request) and response.status_code >= 400 and not shaped(response):
            return reshaped(request, response)
        return response

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if pool_exhausted(exception):
            return busy_response(request)
        return None


def reshaped(request: HttpRequest, response: HttpResponse) -> HttpResponse:
    """Returns the API's ``{"error": ...}`` for an error response of another shape, keeping its
    status and the headers that tell the client what to do (``Allow``, ``Retry-After``)."""
    status = response.status_code
    sentence = SENTENCES.get(status) or SENTENCES[500 if status >= 500 else 400]
    answer = refusal_response(request, status, sentence)
    for header in ("Allow", "Retry-After", "WWW-Authenticate"):
        if header in response:
            answer[header] = response[header]
    return answer
