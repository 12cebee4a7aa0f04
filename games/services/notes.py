"""Private notes: a signed-in user writes what they like about a game (the game page's *My
notes*, ``GET``/``PUT /api/games/{id}/note/``), live or finished, and finds it there again.
Nobody else reads it, the opponent included. An emptied note is removed; a user keeps notes on
at most ``MAX_NOTES`` games, each at most ``MAX_NOTE_CHARS`` characters."""

from typing import Any

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from common.text import note_payload
from common.text import note_text as common_note_text
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_NOTE_CHARS, MAX_NOTES
from games.models import GameNote
from games.services.bookmarks import game_pk_of, hold_user


def note_text(value: Any) -> str:
    """Returns a note's text as ``common.text.note_text`` keeps it, or raises ``GameError``
    (bad_request) saying why not."""
    try:
        return common_note_text(value, MAX_NOTE_CHARS)
    except ValueError as refusal:
        raise GameError(ErrorCode.BAD_REQUEST, str(refusal)) from None


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
