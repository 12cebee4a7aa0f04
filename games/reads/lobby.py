"""The lobby as clients see it: the open seeks and a user's open challenges."""

from datetime import datetime
from typing import Any

from accounts.selectors import rating_of
from games.clock import TimeControl
from games.models import Challenge, Seek
from games.policy import fresh_since


def clock_fields(stored: dict | None) -> dict[str, Any]:
    """A seek's or challenge's ``clock`` (as the API takes it), its ``speed`` and its
    ``control`` as players write it (``3+2``)."""
    control = TimeControl.from_json(stored)
    return {"clock": control.as_json(), "speed": control.speed, "control": control.label}


def seek_payload(seek: Seek) -> dict[str, Any]:
    standing = rating_of(seek.owner)
    return {
        "id": seek.public_id,
        "owner": seek.owner.username,
        "color": seek.color,
        "rated": seek.rated,
        **clock_fields(seek.clock),
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
        **clock_fields(challenge.clock),
        "state": challenge.state,
        "game": challenge.game.public_id if challenge.game_id else None,
        "rematch_of": challenge.rematch_of.public_id if challenge.rematch_of_id else None,
        "created_at": challenge.created_at.isoformat(),
    }


def challenges_of(user_id: int) -> dict[str, list[dict[str, Any]]]:
    """Returns a user's open challenges, incoming and outgoing."""
    related = ("challenger", "to", "game", "rematch_of")
    open_ = Challenge.objects.filter(state=Challenge.State.OPEN).select_related(*related)
    return {
        "incoming": [challenge_payload(c) for c in open_.filter(to_id=user_id)],
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
