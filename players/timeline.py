"""A player's timeline: what the players they follow did lately, the latest first — the online
games they finished, the tournaments they played to the end, the public studies they made, the
teams they joined, the topics they started in the site's forums and the players they followed.

The page ``/timeline/``, the home page's *Timeline* (drawn by ``static/js/timeline.js``) and
``GET /api/timeline/`` show it. Each part is read for every followed player at once (at most
``community.models.MAX_FOLLOWING``), from an index that leads with the player or the time, and
at most ``limit`` rows of each, so a timeline costs the same whoever is followed and however much
they did. Nothing a visitor may not see elsewhere is in it: no team's forum, no study but a
public one, no game but an online one.
"""

from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from accounts.models import User
from catalogue.descriptors import game_name
from community.models import Follow
from community.selectors import following_ids
from engine import variants
from forum.models import Topic
from games.models import Color, Game
from games.storage.records import outcome_of
from studies.models import Study
from teams.models import Member
from tournaments.models import Entry

TIMELINE_DAYS = 14  # what is older is not told
TIMELINE_SIZE = 50  # the most entries a timeline holds


def timeline_of(
    user_id: int, limit: int = TIMELINE_SIZE, now: datetime | None = None
) -> list[dict[str, Any]]:
    """The latest ``limit`` things the players ``user_id`` follows did in the last
    ``TIMELINE_DAYS`` days, the latest first: ``[{"kind", "at", "user", …}]``, each kind with its
    own fields (``timeline_entry``'s)."""
    followed = list(
        User.objects.filter(pk__in=following_ids(user_id), is_active=True).values_list(
            "pk", flat=True
        )
    )
    if not followed:
        return []
    since = (now or timezone.now()) - timedelta(days=TIMELINE_DAYS)
    entries = [
        *games_of(followed, since, limit),
        *tournaments_of(followed, since, limit),
        *studies_of(followed, since, limit),
        *teams_of(followed, since, limit),
        *topics_of(followed, since, limit),
        *follows_of(followed, since, limit),
    ]
    entries.sort(key=lambda entry: entry["at"], reverse=True)
    return entries[:limit]


def games_of(followed: list[int], since: datetime, limit: int) -> list[dict[str, Any]]:
    """The online games the followed players finished (aborted ones never finish), told once
    each: by the winner when both are followed, by White for a draw."""
    finished = (
        Game.objects.filter(
            status=Game.Status.FINISHED, mode=Game.Mode.ONLINE, finished_at__gte=since
        )
        .select_related("white", "black")
        .order_by("-finished_at", "-id")
    )
    games = {game.pk: game for game in finished.filter(white_id__in=followed)[:limit]}
    games.update({game.pk: game for game in finished.filter(black_id__in=followed)[:limit]})
    entries = []
    for game in games.values():
        tellers = [
            color
            for color in (Color.WHITE, Color.BLACK)
            if getattr(game, f"{color.value}_id") in followed
        ]
        color = next((c for c in tellers if outcome_of(game.result, c) == "win"), tellers[0])
        player = game.white if color == Color.WHITE else game.black
        other = game.black if color == Color.WHITE else game.white
        entries.append(
            {
                "kind": "game",
                "at": game.finished_at,
                "user": player.username,
                "game": game.public_id,
                "opponent": other.username if other else None,
                "outcome": outcome_of(game.result, color),
                "rated": game.rated,
                "variant": game.variant,
                "game_name": game_name(variants.get(game.variant)),
            }
        )
    return entries


def tournaments_of(followed: list[int], since: datetime, limit: int) -> list[dict[str, Any]]:
    """The tournaments that ended with a followed player among those who played a game."""
    rows = (
        Entry.objects.filter(user_id__in=followed, tournament__finished_at__gte=since, games__gt=0)
        .order_by("-tournament__finished_at", "-id")
        .values_list(
            "tournament__finished_at",
            "user__username",
            "tournament__public_id",
            "tournament__name",
            "points",
        )[:limit]
    )
    return [
        {"kind": "tournament", "at": at, "user": name, "tournament": public_id, "name": title,
         "points": points}
        for at, name, public_id, title, points in rows
    ]  # fmt: skip


def studies_of(followed: list[int], since: datetime, limit: int) -> list[dict[str, Any]]:
    rows = (
        Study.objects.filter(
            owner_id__in=followed, created_at__gte=since, visibility=Study.Visibility.PUBLIC
        )
        .order_by("-created_at", "-id")
        .values_list("created_at", "owner__username", "public_id", "name")[:limit]
    )
    return [
        {"kind": "study", "at": at, "user": name, "study": public_id, "name": title}
        for at, name, public_id, title in rows
    ]


def teams_of(followed: list[int], since: datetime, limit: int) -> list[dict[str, Any]]:
    rows = (
        Member.objects.filter(user_id__in=followed, joined_at__gte=since)
        .order_by("-joined_at", "-id")
        .values_list("joined_at", "user__username", "team__public_id", "team__name")[:limit]
    )
    return [
        {"kind": "team", "at": at, "user": name, "team": public_id, "name": title}
        for at, name, public_id, title in rows
    ]


def topics_of(followed: list[int], since: datetime, limit: int) -> list[dict[str, Any]]:
    """The topics the followed players started in the site's forums (never a team's)."""
    rows = (
        Topic.objects.filter(
            author_id__in=followed, created_at__gte=since, forum__team__isnull=True
        )
        .order_by("-created_at", "-id")
        .values_list("created_at", "author__username", "public_id", "title", "forum__slug")[:limit]
    )
    return [
        {"kind": "topic", "at": at, "user": name, "topic": public_id, "title": title,
         "forum": forum}
        for at, name, public_id, title, forum in rows
    ]  # fmt: skip


def follows_of(followed: list[int], since: datetime, limit: int) -> list[dict[str, Any]]:
    rows = (
        Follow.objects.filter(
            follower_id__in=followed, created_at__gte=since, followed__is_active=True
        )
        .order_by("-created_at", "-id")
        .values_list("created_at", "follower__username", "followed__username")[:limit]
    )
    return [
        {"kind": "follow", "at": at, "user": name, "followed": other} for at, name, other in rows
    ]
