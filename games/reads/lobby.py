"""The lobby as clients see it: the open seeks and a user's open challenges."""

from datetime import datetime
from typing import Any

from accounts.selectors import rating_of
from games.models import Challenge, Seek
from games.policy import MAX_LISTED_CHALLENGES, fresh_since


def seek_payload(seek: Seek) -> dict[str, Any]:
    standing = rating_of(seek.owner)
    return {
        "id": seek.public_id,
        "owner": seek.owner.username,
        "color": seek.color,
        "rated": seek.rated,
        "variant": seek.variant,
        "rating": round(standing.rating),
        "provisional": standing.provisional,
        "created_at": seek.created_at.isoformat(),
    }


def open_seeks(now: datetime | None = None) -> list[dict[str, Any]]:
    """Returns the seeks that stand: those whose owner was in the lobby lately (``fresh_since``;
    see ``games.lobby``)."""
    standing = Seek.objects.filter(owner__last_seen__gte=fresh_since(now))
    return [seek_payload(seek) for seek in standing.select_related("owner__rating")]


def challenge_payload(challenge: Challenge) -> dict[str, Any]:
    return {
        "id": challenge.public_id,
        "challenger": challenge.challenger.username,
        "to": challenge.to.username if challenge.to_id else None,
        "color": challenge.color,
        "rated": challenge.rated,
        "variant": challenge.variant,
        "state": challenge.state,
        "game": challenge.game.public_id if challenge.game_id else None,
        "rematch_of": challenge.rematch_of.public_id if challenge.rematch_of_id else None,
        "created_at": challenge.created_at.isoformat(),
    }


def challenges_of(user_id: int) -> dict[str, list[dict[str, Any]]]:
    """Returns a user's open challenges, incoming and outgoing: the newest
    ``MAX_LISTED_CHALLENGES`` incoming (every change sends the whole list, so a crowd of
    challengers must not make it grow without bound), and every outgoing one (at most
    ``MAX_OPEN_CHALLENGES``)."""
    related = ("challenger", "to", "game", "rematch_of")
    open_ = Challenge.objects.filter(state=Challenge.State.OPEN).select_related(*related)
    incoming = open_.filter(to_id=user_id).order_by("-created_at", "-pk")[:MAX_LISTED_CHALLENGES]
    return {
        "incoming": [challenge_payload(c) for c in reversed(incoming)],
        "outgoing": [challenge_payload(c) for c in open_.filter(challenger_id=user_id)],
    }


def lobby_payload(user: Any) -> dict[str, Any]:
    """Returns the lobby page's data: the open seeks and, for a signed-in user, their open
    challenges."""
    signed_in = user.is_authenticated
    return {
        "username": user.username if signed_in else None,
        "seeks": open_seeks(),
        "challenges": challenges_of(user.pk) if signed_in else {"incoming": [], "outgoing": []},
    }
