"""Template context for every page: the site's policy figures for the pages' scripts."""

from typing import Any

from django.db.models import Q
from django.http import HttpRequest
from django.utils.functional import SimpleLazyObject

from games.domain.policy import browser_policy
from games.models import Game


def site_policy(request: HttpRequest) -> dict[str, dict[str, int]]:
    """Returns ``site_policy``, embedded by ``base.html`` as the ``site-policy`` page data."""
    return {"site_policy": browser_policy()}


def your_turn(request: HttpRequest) -> dict[str, Any]:
    """Returns ``your_turn_games``: a signed-in user's live online games whose turn is theirs
    (the account menu lists them), read lazily: only a page that shows the menu asks."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"your_turn_games": []}

    def games() -> list[Game]:
        live = Game.objects.filter(status=Game.Status.LIVE, mode=Game.Mode.ONLINE).filter(
            Q(white_id=user.pk) | Q(black_id=user.pk)
        )
        found = live.select_related("white", "black").order_by("clock_deadline", "-updated_at")
        return [game for game in found if game.player_id_for(game.turn) == user.pk]

    return {"your_turn_games": SimpleLazyObject(games)}
