"""Keeping what the server sends on a socket under the size one message may have.

Daphne's ``--websocket-max-message-size`` bounds what the server sends as well as what it
receives: a message over it closes the socket (1011). So every message a consumer sends fits in
``settings.WEBSOCKET_MAX_MESSAGE_BYTES``, the same figure Daphne is given. Lists that grow —
a game's moves, the lobby's seeks, the live games — are sent in pieces by their readers
(``pieces``), each a message of its own type that the client can use at once; any other message
over the size (a position with hundreds of legal moves, say) is cut into ``part`` messages that
the client joins back into the one message (``parts_of``; docs/api.md, "Messages in parts").

Pure: text in, text out.
"""

import itertools
import json
from collections.abc import Iterable
from typing import Any

import orjson
from django.conf import settings

# Room kept in each piece or part for its envelope: the type, the ids and counts around it.
ENVELOPE = 200

_part_ids = itertools.count(1)


def json_text(value: Any) -> str:
    """Returns ``value`` as compact JSON text, written by orjson: a state's parts and a
    position's legal moves are written for every move, and the standard library's encoder took
    ten times as long (bench/RESULTS.md). Non-ASCII characters are written as they are
    (``size_of`` counts their bytes); keys that are not strings are written as strings, as the
    standard library does."""
    return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()


def max_message_bytes() -> int:
    """Returns the most bytes one message may have (Daphne is given the same figure)."""
    return settings.WEBSOCKET_MAX_MESSAGE_BYTES


def size_of(text: str) -> int:
    """Returns the bytes of ``text`` on the wire (UTF-8)."""
    return len(text) if text.isascii() else len(text.encode())


def pieces(items: Iterable[str], room: int) -> list[list[str]]:
    """Returns the JSON texts ``items`` in order, grouped so that each group joined as a JSON
    list takes at most ``room`` bytes (an item larger than that alone makes a group of one)."""
    groups: list[list[str]] = []
    group: list[str] = []
    used = 2  # the brackets
    for item in items:
        cost = size_of(item) + 2  # the comma and space before it
        if group and used + cost > room:
            groups.append(group)
            group, used = [], 2
        group.append(item)
        used += cost
    if group:
        groups.append(group)
    return groups


def parts_of(text: str, limit: int | None = None) -> list[str]:
    """Returns ``text`` as the messages to send: itself when it fits in ``limit`` bytes (by
    default ``max_message_bytes()``), else ``part`` messages ``{"type": "part", "id", "index",
    "count", "text"}`` whose ``text``s, joined in order, are ``text``."""
    limit = limit or max_message_bytes()
    if size_of(text) <= limit:
        return [text]
    room = limit - ENVELOPE
    slices: list[str] = []
    start = 0
    while start < len(text):
        length = room
        while True:  # escaped, a quote takes two bytes: shrink to what fits
            piece = text[start : start + length]
            encoded = size_of(json.dumps(piece))
            if encoded <= room:
                break
            length = max(1, length * room // encoded - 1)
        slices.append(piece)
        start += len(piece)
    part_id = next(_part_ids)
    return [
        json.dumps(
            {"type": "part", "id": part_id, "index": index, "count": len(slices), "text": piece}
        )
        for index, piece in enumerate(slices)
    ]


def list_texts(
    message: dict[str, Any], key: str, items: list[Any], more: str, limit: int | None = None
) -> list[str]:
    """Returns ``message``, whose ``key`` is to hold the list ``items``, as the messages to send
    it in: ``message`` with as many of the items as fit, then ``{"type": more, "added": [...],
    "removed": []}`` messages with the rest, in order, each within ``limit`` bytes."""
    limit = limit or max_message_bytes()
    head = json.dumps({**message, key: []})
    encoded = [json.dumps(item) for item in items]
    groups = pieces(encoded, limit - size_of(head) - ENVELOPE) or [[]]
    first, rest = (
        groups[0],
        pieces([item for group in groups[1:] for item in group], limit - ENVELOPE),
    )
    texts = [f"{head[:-3]}[{', '.join(first)}]}}"]
    texts += [f'{{"type": "{more}", "added": [{", ".join(g)}], "removed": []}}' for g in rest]
    return texts
