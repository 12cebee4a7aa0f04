"""Private notes: a signed-in user writes what they like about a game (the game page's *My
notes*, ``GET``/``PUT /api/games/{id}/note/``), live or finished, and finds it there again.
Nobody else reads it, the opponent included. An emptied note is removed; a user keeps notes on
at most ``MAX_NOTES`` games, each at most ``MAX_NOTE_CHARS`` characters."""

import unicodedata
from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_NOTE_CHARS, MAX_NOTES
from games.domain.schemas import BIDI_CONTROLS
from games.models import GameNote
from games.services.bookmarks import game_pk_of, hold_user

LINE_CONTROLS = frozenset("\n\t")  # a note has lines and may be indented


def note_text(value: Any) -> str:
    """Returns a note's text with its ends trimmed and its line ends made ``\\n``, or raises
    (bad_request): text of at most ``MAX_NOTE_CHARS`` characters, with no control character but
    line breaks and tabs, and none of the controls that turn text's direction."""
    if not isinstance(value, str):
        raise GameError(ErrorCode.BAD_REQUEST, _("Notes are text."))
    text = value.replace("\r\n", "\n").replace("\r", "\n").strip()
    if len(text) > MAX_NOTE_CHARS:
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("A note has at most %(max_note_chars)s characters.")
            % {"max_note_chars": MAX_NOTE_CHARS},
        )
    for char in text:
        category = unicodedata.category(char)
        if (category in ("Cc", "Cs") and char not in LINE_CONTROLS) or char in BIDI_CONTROLS:
            raise GameError(
                ErrorCode.BAD_REQUEST, _("A note holds no control characters but line breaks.")
            )
    return text


def note_payload(note: GameNote | None) -> dict[str, Any]:
    return {
        "text": note.text if note else "",
        "updated_at": note.updated_at.isoformat() if note else None,
    }


def note_read(*, user: User, game_id: str) -> dict[str, Any]:
    """Returns ``user``'s note on the game ``game_id``: ``{text, updated_at}`` (``""`` and None
    when they have none)."""
    game_pk = game_pk_of(game_id)
    return note_payload(GameNote.objects.filter(user_id=user.pk, game_id=game_pk).first())


def note_write(*, user: User, game_id: str, text: Any) -> dict[str, Any]:
    """Keeps ``text`` (checked by ``note_text``) as ``user``'s note on the game ``game_id``,
    replacing the one they had; empty, it removes it. Returns the note as ``note_read``."""
    text = note_text(text)
    game_pk = game_pk_of(game_id)
    if not text:
        GameNote.objects.filter(user_id=user.pk, game_id=game_pk).delete()
        return note_payload(None)
    with transaction.atomic():
        hold_user(user)
        note = GameNote.objects.filter(user_id=user.pk, game_id=game_pk).first()
        if note is None and GameNote.objects.filter(user_id=user.pk).count() >= MAX_NOTES:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("You have notes on %(max_notes)s games already: empty one first.")
                % {"max_notes": MAX_NOTES},
            )
        note = note or GameNote(user_id=user.pk, game_id=game_pk)
        note.text = text
        note.save()
    return note_payload(note)


def note_on_page(user_id: int | None, game_pk: int) -> str:
    """The text of the viewer's note on a game's page (empty for a visitor or none)."""
    if user_id is None:
        return ""
    return (
        GameNote.objects.filter(user_id=user_id, game_id=game_pk)
        .values_list("text", flat=True)
        .first()
        or ""
    )


def forget_notes(*, user_id: int) -> int:
    """Removes a closing account's notes; returns how many there were."""
    deleted, _by_model = GameNote.objects.filter(user_id=user_id).delete()
    return deleted
