"""Community reads: who blocks whom, whom a user follows, who is muted, the open reports and
what moderators did. Every read is bounded: by the caps on blocks and follows, by a limit, or by
the ids the caller passes."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Q, QuerySet
from django.utils import timezone

from accounts.models import Preferences, User
from accounts.selectors import who_may
from community.models import MAX_BLOCKS, Block, Follow, ModerationAction, Mute, PlayerNote, Report

# The most users a socket loads who are in a block with its user (either way): a player blocked
# by crowds is still refused everything the blocks forbid where it is checked one pair at a time.
MAX_HIDDEN = MAX_BLOCKS * 4


def blocked_between(first_id: int | None, second_id: int | None) -> bool:
    """Returns whether either user has blocked the other (never, if either is None)."""
    if first_id is None or second_id is None or first_id == second_id:
        return False
    return Block.objects.filter(
        Q(blocker_id=first_id, blocked_id=second_id) | Q(blocker_id=second_id, blocked_id=first_id)
    ).exists()


def blocks(blocker_id: int, blocked_id: int) -> bool:
    """Returns whether ``blocker_id`` has blocked ``blocked_id``."""
    return Block.objects.filter(blocker_id=blocker_id, blocked_id=blocked_id).exists()


def blocked_ids(user_id: int) -> QuerySet:
    """Returns the ids of the users ``user_id`` has blocked (a subquery, at most
    ``MAX_BLOCKS``)."""
    return Block.objects.filter(blocker_id=user_id).values("blocked_id")


def blocker_ids(user_id: int) -> QuerySet:
    """Returns the ids of the users who have blocked ``user_id`` (a subquery)."""
    return Block.objects.filter(blocked_id=user_id).values("blocker_id")


def hidden_ids(user_id: int | None, limit: int = MAX_HIDDEN) -> set[int]:
    """Returns the ids of the users in a block with ``user_id``, either way (at most ``limit``
    of those who blocked them): whose seeks and chat lines their sockets leave out."""
    if user_id is None:
        return set()
    mine = set(Block.objects.filter(blocker_id=user_id).values_list("blocked_id", flat=True))
    theirs = Block.objects.filter(blocked_id=user_id).values_list("blocker_id", flat=True)
    return mine | set(theirs[:limit])


def hidden_usernames(user_id: int | None) -> set[str]:
    """Returns the names of the users in a block with ``user_id``, either way (``hidden_ids``)."""
    ids = hidden_ids(user_id)
    return set(User.objects.filter(pk__in=ids).values_list("username", flat=True)) if ids else set()


def blocked_among(user_id: int, candidates: Iterable[int] | QuerySet) -> list[int]:
    """Returns those of ``candidates`` (user ids, or a subquery of them) in a block with
    ``user_id``, either way: one query, bounded by the candidates."""
    pairs = Block.objects.filter(
        Q(blocker_id=user_id, blocked_id__in=candidates)
        | Q(blocked_id=user_id, blocker_id__in=candidates)
    ).values_list("blocker_id", "blocked_id")
    return sorted({blocked if blocker == user_id else blocker for blocker, blocked in pairs})


def blocked_pairs(user_ids: Iterable[int]) -> dict[int, frozenset[int]]:
    """Returns, for each of ``user_ids`` in a block with another of them (either way), those
    others: one query, bounded by the users (a tournament's players)."""
    ids = list(user_ids)
    apart: dict[int, set[int]] = {}
    for blocker, blocked in Block.objects.filter(
        blocker_id__in=ids, blocked_id__in=ids
    ).values_list("blocker_id", "blocked_id"):
        apart.setdefault(blocker, set()).add(blocked)
        apart.setdefault(blocked, set()).add(blocker)
    return {user: frozenset(others) for user, others in apart.items()}


def blocked_users(user_id: int) -> list[User]:
    """Returns the users ``user_id`` has blocked, by name."""
    return list(
        User.objects.filter(pk__in=blocked_ids(user_id), is_active=True).order_by("username")
    )


def following_ids(user_id: int) -> list[int]:
    """Returns the ids of the users ``user_id`` follows (at most ``MAX_FOLLOWING``)."""
    return list(Follow.objects.filter(follower_id=user_id).values_list("followed_id", flat=True))


def followed_users(user_id: int) -> list[User]:
    """Returns the active users ``user_id`` follows, by name."""
    return list(
        User.objects.filter(pk__in=following_ids(user_id), is_active=True).order_by("username")
    )


def follows(follower_id: int, followed_id: int) -> bool:
    """Returns whether ``follower_id`` follows ``followed_id``."""
    return Follow.objects.filter(follower_id=follower_id, followed_id=followed_id).exists()


def lets_in(user_id: int, other_id: int, setting: str) -> bool:
    """Whether ``user``'s choice ``setting`` (``messages_from``, ``challenges_from``: everyone,
    the players they follow, nobody) lets ``other`` reach them."""
    who = who_may(user_id, setting)
    if who == Preferences.Who.FOLLOWED:
        return follows(user_id, other_id)
    return who == Preferences.Who.EVERYONE


def muted_until(user_id: int | None, now: datetime | None = None) -> datetime | None:
    """Returns when the user's chat mute ends, or None if they are not muted now."""
    if user_id is None:
        return None
    mute = Mute.objects.filter(user_id=user_id, until__gt=now or timezone.now()).first()
    return mute.until if mute is not None else None


def chat_standing(user_id: int, now: datetime | None = None) -> tuple[str, datetime | None, bool]:
    """Returns what a line's writer is, in one query: their name, when their mute ends (None:
    not muted now) and whether they have chat on (their settings)."""
    name, until, chat = (
        User.objects.filter(pk=user_id).values_list("username", "mute__until", "preferences__chat")
    ).get()
    muted = until if until is not None and until > (now or timezone.now()) else None
    return name, muted, chat is not False


def open_reports(limit: int = 50, state: str = Report.State.OPEN) -> list[Report]:
    """Returns the newest reports in ``state`` (open by default), their players loaded."""
    return list(Report.objects.filter(state=state).select_related("reporter", "user")[:limit])


def reports_of(user_id: int, limit: int = 20) -> list[Report]:
    """Returns the newest reports about a user."""
    return list(Report.objects.filter(user_id=user_id).select_related("reporter")[:limit])


def moderation_log(user_id: int | None = None, limit: int = 100) -> list[ModerationAction]:
    """Returns what moderators did, newest first (of one user, with ``user_id``)."""
    actions = ModerationAction.objects.select_related("moderator", "user", "report")
    if user_id is not None:
        actions = actions.filter(user_id=user_id)
    return list(actions[:limit])


def unseen_warnings(user_id: int) -> list[ModerationAction]:
    """Returns the warnings a user has not said they read, oldest first."""
    return list(
        ModerationAction.objects.filter(
            user_id=user_id, kind=ModerationAction.Kind.WARN, seen_at__isnull=True
        ).order_by("at", "id")
    )


def report_payload(report: Report) -> dict[str, Any]:
    """Returns a report as the API answers it."""
    return {
        "id": report.pk,
        "user": report.user.username,
        "reason": report.reason,
        "text": report.text,
        "game": report.game or None,
        "state": report.state,
        "created_at": report.created_at.isoformat(),
    }


def player_note_of(author_id: int | None, subject_id: int) -> str:
    """The text of ``author_id``'s note on ``subject_id`` (empty for a visitor, or none)."""
    if author_id is None:
        return ""
    notes = PlayerNote.objects.filter(author_id=author_id, subject_id=subject_id)
    return notes.values_list("text", flat=True).first() or ""
