"""The API's error shape: every refusal is ``{"error": "<one sentence saying why>"}``."""

from typing import Any

from rest_framework.exceptions import Throttled
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler


def first_message(detail: Any, field: str | None = None) -> str:
    """Returns the first human message in a DRF error detail, prefixed by its field name."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = None if key in ("non_field_errors", "detail") else str(key)
            return first_message(value, name or field)
        return "Invalid request."
    if isinstance(detail, list | tuple):
        return first_message(detail[0], field) if detail else "Invalid request."
    text = str(detail)
    return f"{field}: {text}" if field else text


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    """Turns DRF's errors into the API's ``{"error": ...}`` shape, keeping the status code."""
    response = drf_exception_handler(exc, context)
    if response is not None and isinstance(exc, Throttled):
        response.data = {"error": f"Too many requests: try again in {exc.wait or 1:.0f} seconds."}
    elif response is not None:
        response.data = {"error": first_message(response.data)}
    return response
