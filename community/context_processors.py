"""Template context for every page: a signed-in player's unread warnings from the moderators,
shown at the top of each page until they say they have read them."""

from typing import Any

from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from community.selectors import unseen_warnings


def warnings(request: HttpRequest) -> dict[str, Any]:
    """Returns ``moderator_warnings``, read lazily: only a page that shows them asks (one
    indexed query of the unread ones)."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"moderator_warnings": []}
    return {"moderator_warnings": SimpleLazyObject(lambda: unseen_warnings(user.pk))}
