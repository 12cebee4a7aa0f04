"""The WebSocket protocol at the edge: parsing inbound messages and answering refusals.

Every inbound message is a JSON object with a ``type``; anything else is refused with a reason
and the connection stays open. The text is decoded by ``common.edge.load_json``: bounded
nesting, only text the database can store. What each type carries is checked by its schema
(``games.domain.schemas``) before any service sees it.
"""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from common.edge import EdgeRefusal, load_json
from games.domain.errors import ErrorCode, GameError

MAX_MESSAGE_BYTES = 4096


def parse_message(text: str | None) -> dict[str, Any]:
    """Returns the inbound message as a dict with a string ``type``, or raises ``bad_request``."""
    if text is None:
        raise GameError(ErrorCode.BAD_REQUEST, _("Messages are JSON text, not binary."))
    if len(text) > MAX_MESSAGE_BYTES:
        raise GameError(ErrorCode.BAD_REQUEST, _("That message is too long."))
    try:
        message = load_json(text)
    except EdgeRefusal as refusal:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("Messages are JSON objects. %(reason)s") % {"reason": refusal}
        ) from None
    if not isinstance(message, dict):
        raise GameError(ErrorCode.BAD_REQUEST, _("Messages are JSON objects with a type."))
    if not isinstance(message.get("type"), str):
        raise GameError(ErrorCode.BAD_REQUEST, _("A message needs a type."))
    return message


def error_message(error: GameError) -> dict[str, Any]:
    """Returns the ``error`` message of a refusal (its code from ``ErrorCode``)."""
    return {"type": "error", "code": error.code.value, "error": str(error.message)}


# Made text when it is sent, in the socket's language.
SERVER_ERROR = GameError(ErrorCode.SERVER_ERROR, gettext_lazy("The server could not do that."))
