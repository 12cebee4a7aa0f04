"""Template context for every page: a signed-in player's unread warnings from the moderators,
shown at the top of each page until they say they have read them, their count of unread
private messages, beside the account menu's *Inbox*, and of unread notices, beside its
*Notices*."""

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from community.inbox import unread_count
from community.notices import unread_notices
from community.selectors import unseen_warnings


def warnings(request: HttpRequest) -> dict[str, Any]:
    """Returns ``moderator_warnings``, read lazily: only a page that shows them asks (one
    indexed query of the unread ones)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"moderator_warnings": []}
    return {"moderator_warnings": SimpleLazyObject(lambda: unseen_warnings(user.pk))}


def inbox(request: HttpRequest) -> dict[str, Any]:
    """Returns ``inbox_unread`` and ``notices_unread``, each read lazily (one indexed query, on
    a page that shows it)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"inbox_unread": 0, "notices_unread": 0}
    return {
        "inbox_unread": SimpleLazyObject(lambda: unread_count(user.pk)),
        "notices_unread": SimpleLazyObject(lambda: unread_notices(user.pk)),
    }
