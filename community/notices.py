"""A player's notices: what happened to them while they may have been away (a reply to their
forum topic, a team's answer to their ask, a moderator acting on their report), kept until they
read them on their notices page, the newest ``MAX_NOTICES`` a player (and a tournament made for
a team's members, to each of them).

``notify`` writes one in the caller's transaction (the apps above call it where the thing
happens, beside the live message their sockets send); the unread count shows beside the account
menu on every page (one indexed query, ``community.context_processors.inbox``)."""

import json
from typing import Any

from django.db import connection
from django.db.models import QuerySet
from django.utils import timezone

from community.models import MAX_NOTICES, Notice

NOTICES_SHOWN = 50
BATCH = 1000  # rows a read of a player's every notice (their data download)


def notify(user_id: int, kind: str, data: dict[str, Any]) -> None:
    """Keeps a notice of ``kind`` for the player, and drops their oldest past ``MAX_NOTICES``."""
    Notice.objects.create(user_id=user_id, kind=kind, data=data)
    prune(user_id)


def notify_selected(user_ids: QuerySet, kind: str, data: dict[str, Any]) -> int:
    """Keeps the same notice for every player ``user_ids`` selects (a query of one column,
    ``user_id``: a team's members), in one ``INSERT … SELECT``: the rows never leave the database,
    whatever their number. Their oldest past ``MAX_NOTICES`` go when they next read them.
    Returns how many were kept."""
    select, params = user_ids.query.sql_with_params()
    as_json = "%s::jsonb" if connection.vendor == "postgresql" else "%s"
    sql = (
        f"INSERT INTO {Notice._meta.db_table} (user_id, kind, data, created_at, read) "
        f"SELECT chosen.user_id, %s, {as_json}, %s, %s FROM ({select}) AS chosen"
    )
    now = connection.ops.adapt_datetimefield_value(timezone.now())
    with connection.cursor() as cursor:
        cursor.execute(sql, [kind, json.dumps(data), now, False, *params])
        return cursor.rowcount


def prune(user_id: int) -> None:
    """Drops the player's notices older than their newest ``MAX_NOTICES``."""
    oldest = (
        Notice.objects.filter(user_id=user_id)
        .order_by("-id")
        .values_list("id", flat=True)[MAX_NOTICES : MAX_NOTICES + 1]
    )
    if oldest:
        Notice.objects.filter(user_id=user_id, id__lte=oldest[0]).delete()


def unread_notices(user_id: int) -> int:
    """The player's unread notices: one query over the partial index of the unread."""
    return Notice.objects.filter(user_id=user_id, read=False).count()


def notice_payload(notice: Notice) -> dict[str, Any]:
    return {
        "id": notice.pk,
        "kind": notice.kind,
        "data": notice.data,
        "created_at": notice.created_at.isoformat(),
        "read": notice.read,
    }


def notices_of(user_id: int) -> list[dict[str, Any]]:
    """The player's newest ``NOTICES_SHOWN`` notices, newest first, each saying whether it was
    read before."""
    found = Notice.objects.filter(user_id=user_id).order_by("-id")[:NOTICES_SHOWN]
    return [notice_payload(notice) for notice in found]


def notices_kept(user_id: int) -> list[dict[str, Any]]:
    """Every notice the player has, oldest first: their data download's (at most
    ``MAX_NOTICES`` and the unread ones a team's tournaments added since they last read)."""
    found = Notice.objects.filter(user_id=user_id).order_by("id")
    return [notice_payload(notice) for notice in found.iterator(chunk_size=BATCH)]


def notices_read(user_id: int) -> int:
    """Marks every notice of the player read (and drops those past ``MAX_NOTICES``); returns
    how many were not."""
    prune(user_id)
    return Notice.objects.filter(user_id=user_id, read=False).update(read=True)
