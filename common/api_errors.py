"""The API's error shape: every refusal is ``{"error": "<one sentence saying why>"}``, from the
one exception handler every API view has (``REST_FRAMEWORK["EXCEPTION_HANDLER"]``): DRF's own
errors and every ``Refusal`` an app raises (the games app's ``GameError``)."""

from typing import Any

from django.utils.translation import gettext as _
from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


class Refusal(Exception):
    """A request refused, nothing changed: ``message`` is the one sentence that says why and
    ``http_status`` the status the API answers it with. The apps' refusals subclass it."""

    message: str

    @property
    def http_status(self) -> int:
        raise NotImplementedError


def first_message(detail: Any, field: str | None = None) -> str:
    """Returns the first human message in a DRF error detail, prefixed by its field name."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = None if key in ("non_field_errors", "detail") else str(key)
            return first_message(value, name or field)
        return _("Invalid request.")
    if isinstance(detail, list | tuple):
        return first_message(detail[0], field) if detail else _("Invalid request.")
    text = str(detail)
    return _("%(field)s: %(error)s") % {"field": field, "error": text} if field else text


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Turns a ``Refusal`` and DRF's errors into the API's ``{"error": ...}`` shape, with the
    refusal's status code (DRF's, for its own)."""
    if isinstance(exc, Refusal):
        return Response({"error": str(exc.message)}, status=exc.http_status)
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, Throttled):
        wait = f"{exc.wait or 1:.0f}"
        response.data = {
            "error": _("Too many requests: try again in %(wait)s seconds.") % {"wait": wait}
        }
    elif response is not None:
        response.data = {"error": first_message(response.data)}
    return response
