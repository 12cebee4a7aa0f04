"""Free text a user writes for themselves (notes on a game, on a player): what it may hold.
The apps turn a refusal into their own error, with its sentence."""

import unicodedata
from typing import Any

from django.utils.translation import gettext as _

# Characters that reorder the text around them (a chat line could make another's read
# backwards): refused in chat lines and in notes, whose text a page shows.
BIDI_CONTROLS = frozenset("\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
LINE_CONTROLS = frozenset("\n\t")  # a note has lines and may be indented


def note_text(value: Any, max_chars: int) -> str:
    """Returns a note's text with its ends trimmed and its line ends made ``\\n``; raises
    ``ValueError`` with the sentence that says why for anything but text of at most
    ``max_chars`` characters with no control character but line breaks and tabs."""
    if not isinstance(value, str):
        raise ValueError(_("Notes are text."))
    text = value.replace("\r\n", "\n").replace("\r", "\n").strip()
    if len(text) > max_chars:
        raise ValueError(
            _("A note has at most %(max_note_chars)s characters.") % {"max_note_chars": max_chars}
        )
    for char in text:
        category = unicodedata.category(char)
        if (category in ("Cc", "Cs") and char not in LINE_CONTROLS) or char in BIDI_CONTROLS:
            raise ValueError(_("A note holds no control characters but line breaks."))
    return text


def note_payload(note: Any) -> dict[str, str | None]:
    """A kept note (a record with ``text`` and ``updated_at``, or None for none) as the API
    answers it: ``{text, updated_at}``, ``""`` and None for none."""
    return {
        "text": note.text if note else "",
        "updated_at": note.updated_at.isoformat() if note else None,
    }
