"""What the teams' pages, API and the profiles read: a team's summary, the list of teams (the
largest first, or by name), a team with its leaders, a page of its members and, for its
leaders, the asks waiting; and the teams of one player."""

from typing import Any

from django.db.models import Q

from teams.models import Ask, Member, Team
from teams.policy import ASKS_SHOWN, LISTED, MEMBERS_PAGE, NAME_CHARS


def page_url(public_id: str) -> str:
    return f"/team/{public_id}/"


def summary(team: Team) -> dict[str, Any]:
    return {
        "id": team.public_id,
        "name": team.name,
        "text": team.text,
        "open": team.open,
        "members": team.members,
        "created_at": team.created_at.isoformat(),
        "url": page_url(team.public_id),
    }


def team_list(query: str = "", page: int = 1) -> dict[str, Any]:
    """Returns a page of teams (``LISTED`` a page), the largest first; ``query``: only those
    whose name holds it, in any case."""
    query = (query or "").strip()[: NAME_CHARS[1]]
    found = Team.objects.all()
    if query:
        found = found.filter(Q(name__icontains=query))
    page = max(1, page)
    rows = list(found.order_by("-members", "id")[(page - 1) * LISTED : page * LISTED + 1])
    return {
        "teams": [summary(team) for team in rows[:LISTED]],
        "page": page,
        "more": len(rows) > LISTED,
        "query": query,
    }


def teams_of(user_id: int) -> list[dict[str, Any]]:
    """Returns the player's teams, the largest first, each saying whether they lead it."""
    memberships = (
        Member.objects.filter(user_id=user_id)
        .select_related("team")
        .order_by("-team__members", "team_id")
    )
    return [{**summary(m.team), "leader": m.leader} for m in memberships]


def team_object(team: Team, viewer_id: int | None, page: int = 1) -> dict[str, Any]:
    """Returns the team as its page and the API show it to ``viewer_id``: its leaders, a page
    of its members (leaders first, then by when they joined), what the viewer is to it and,
    for a leader, the oldest ``ASKS_SHOWN`` asks waiting with how many wait in all (none and 0
    for anyone else)."""
    page = max(1, page)
    members = list(
        Member.objects.filter(team=team)
        .order_by("-leader", "joined_at", "pk")
        .values("user__username", "leader", "joined_at")[
            (page - 1) * MEMBERS_PAGE : page * MEMBERS_PAGE + 1
        ]
    )
    leaders = list(
        Member.objects.filter(team=team, leader=True)
        .order_by("joined_at", "pk")
        .values_list("user__username", flat=True)
    )
    own = Member.objects.filter(team=team, user_id=viewer_id).first() if viewer_id else None
    asked = (
        viewer_id is not None
        and own is None
        and Ask.objects.filter(team=team, user_id=viewer_id).exists()
    )
    asks, waiting = [], 0
    if own is not None and own.leader:
        asks = [
            {"username": a["user__username"], "text": a["text"], "created_at": a["created_at"]}
            for a in Ask.objects.filter(team=team)
            .order_by("created_at", "pk")
            .values("user__username", "text", "created_at")[:ASKS_SHOWN]
        ]
        waiting = len(asks) if len(asks) < ASKS_SHOWN else Ask.objects.filter(team=team).count()
    return {
        **summary(team),
        "leaders": leaders,
        "member_list": [
            {
                "username": m["user__username"],
                "leader": m["leader"],
                "joined_at": m["joined_at"].isoformat(),
            }
            for m in members[:MEMBERS_PAGE]
        ],
        "page": page,
        "more": len(members) > MEMBERS_PAGE,
        "viewer": {
            "member": own is not None,
            "leader": own is not None and own.leader,
            "asked": asked,
        },
        "asks": [{**a, "created_at": a["created_at"].isoformat()} for a in asks],
        "asks_waiting": waiting,
    }
