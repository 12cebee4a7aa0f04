"""The lobby as clients see it: the open seeks and a user's open challenges."""

from datetime import datetime
from typing import Any

from accounts.models import Rating, rating_category
from accounts.selectors import rating_of, ratings_of
from community.selectors import blocked_ids, blocker_ids
from games.domain.clock import TimeControl
from games.domain.policy import MAX_LISTED_CHALLENGES, fresh_since
from games.models import Challenge, Seek


def clock_fields(stored: dict | None) -> dict[str, Any]:
    """A seek's or challenge's ``clock`` (as the API takes it), its ``speed`` and its
    ``control`` as players write it (``3+2``)."""
    control = TimeControl.from_json(stored)
    return {"clock": control.as_json(), "speed": control.speed, "control": control.label}


def seek_category(seek: Seek) -> str:
    """The rating category a seek's game would be rated in."""
    speed = TimeControl.from_json(seek.clock).speed
    return rating_category(getattr(seek, "variant", "chesskers"), speed)


def seek_payload(seek: Seek, standing: Rating | None = None) -> dict[str, Any]:
    """A seek as clients list it, with its owner's rating in the category it would be rated
    in (``standing``, if the caller read it)."""
    category = seek_category(seek)
    if standing is None:
        standing = rating_of(seek.owner, category)
    return {
        "id": seek.public_id,
        "owner": seek.owner.username,
        "color": seek.color,
        "rated": seek.rated,
        "variant": seek.variant,
        **clock_fields(seek.clock),
        "rating_category": category,
        "rating": round(standing.rating),
        "provisional": standing.provisional,
        "created_at": seek.created_at.isoformat(),
    }


def open_seeks(now: datetime | None = None, viewer_id: int | None = None) -> list[dict[str, Any]]:
    """Returns the seeks that stand: those whose owner was in the lobby lately (``fresh_since``;
    see ``games.services.lobby``), but for a viewer (``viewer_id``) those of players in a block
    with them, either way, which they could not accept."""
    standing = Seek.objects.filter(owner__last_seen__gte=fresh_since(now))
    if viewer_id is not None:
        standing = standing.exclude(owner_id__in=blocked_ids(viewer_id)).exclude(
            owner_id__in=blocker_ids(viewer_id)
        )
    seeks = list(standing.select_related("owner"))
    by_category: dict[str, list[Seek]] = {}
    for seek in seeks:
        by_category.setdefault(seek_category(seek), []).append(seek)
    ratings = {
        (category, user_id): row
        for category, listed in by_category.items()
        for user_id, row in ratings_of([seek.owner for seek in listed], category).items()
    }
    return [seek_payload(seek, ratings[seek_category(seek), seek.owner_id]) for seek in seeks]


def challenge_payload(challenge: Challenge) -> dict[str, Any]:
    return {
        "id": challenge.public_id,
        "challenger": challenge.challenger.username,
        "to": challenge.to.username if challenge.to_id else None,
        "color": challenge.color,
        "rated": challenge.rated,
        "variant": challenge.variant,
        "variant_name": challenge.variant_name,
        **clock_fields(challenge.clock),
        "state": challenge.state,
        "game": challenge.game.public_id if challenge.game_id else None,
        "rematch_of": challenge.rematch_of.public_id if challenge.rematch_of_id else None,
        "fen": challenge.initial_fen or None,
        "created_at": challenge.created_at.isoformat(),
    }


# What a challenge's payload reads besides the challenge.
RELATED = ("challenger", "to", "game", "rematch_of")


def challenges_of(user_id: int) -> dict[str, list[dict[str, Any]]]:
    """Returns a user's open challenges, incoming and outgoing, as sent on connect: the newest
    ``MAX_LISTED_CHALLENGES`` incoming (a crowd of challengers must not make it grow without
    bound), and every outgoing one (at most ``MAX_OPEN_CHALLENGES``)."""
    open_ = Challenge.objects.filter(state=Challenge.State.OPEN).select_related(*RELATED)
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
        "seeks": open_seeks(viewer_id=user.pk if signed_in else None),
        "challenges": challenges_of(user.pk) if signed_in else {"incoming": [], "outgoing": []},
    }
