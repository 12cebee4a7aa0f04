"""Private messages between two players (the inbox): writing one, reading a conversation, the
inbox itself, marking a conversation read and deleting it for oneself.

A conversation is one row a pair of players (``Conversation``), written in the same transaction
as each message under its row's lock, so its unread counts and latest message never disagree
with its messages. Players in a block (either way) cannot write to each other, nor can a player
whose chat a moderator muted, nor anyone the reader's settings keep out (``messages_from``:
everyone, the players they follow, nobody); a message is plain text of at most
``MAX_MESSAGE_CHARS``. Who a username names is the caller's to check (an active account), and
the rate of messages is the edge's (``THROTTLE_MESSAGE_ACCOUNT``, and
``THROTTLE_CONVERSATION_ACCOUNT`` for new ones).

Once a message commits, ``community.signals.message_sent`` tells the apps above, whose sockets
hand it to both players' open pages; marking read tells ``inbox_read``.
"""

from datetime import datetime
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Case, F, Q, Sum, When
from django.utils import timezone
from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from accounts.models import User
from accounts.selectors import kid_mode
from common.text import note_text
from community.errors import CommunityError
from community.models import MAX_MESSAGE_CHARS, PREVIEW_CHARS, Conversation, Message
from community.selectors import blocked_between, lets_in, muted_until
from community.signals import inbox_read, message_sent

# The conversations an inbox lists, and the messages of a conversation sent at once (older ones
# are asked a page at a time).
INBOX_PAGE = 50
KID_MESSAGES = gettext_lazy("Kid mode is on: messages are off. Your settings turn it off.")
MESSAGES_PAGE = 50


def pair(user: User, other: User) -> tuple[int, int]:
    """The two players' ids in the order a conversation keeps them."""
    return (user.pk, other.pk) if user.pk < other.pk else (other.pk, user.pk)


def side(conversation: Conversation, user_id: int) -> str:
    """Which side of the conversation the user is: "first" or "second"."""
    return "first" if conversation.first_id == user_id else "second"


def message_text(value: Any) -> str:
    """Returns a message's text, trimmed, or refuses it saying why."""
    try:
        text = note_text(value, MAX_MESSAGE_CHARS)
    except ValueError:
        text = None
    if not text:
        raise CommunityError(
            _(
                "A message is text of 1 to %(max_message_chars)s characters, with no control "
                "characters but line breaks."
            )
            % {"max_message_chars": MAX_MESSAGE_CHARS}
        )
    return text


def may_write(sender: User, recipient: User, now: datetime | None = None) -> None:
    """Refuses, saying why, a message ``sender`` may not write to ``recipient``."""
    if sender.pk == recipient.pk:
        raise CommunityError(_("You cannot write to yourself."))
    if kid_mode(sender):
        raise CommunityError(str(KID_MESSAGES), status=403)
    if blocked_between(sender.pk, recipient.pk):
        raise CommunityError(
            _("You cannot write to %(username)s: one of you blocked the other.")
            % {"username": recipient.username},
            status=403,
        )
    if not lets_in(recipient.pk, sender.pk, "messages_from"):
        raise CommunityError(
            _("%(username)s takes no message from you: their settings say so.")
            % {"username": recipient.username},
            status=403,
        )
    muted = muted_until(sender.pk, now)
    if muted is not None:
        raise CommunityError(
            _("A moderator muted your chat until %(muted)s UTC.")
            % {"muted": date_format(muted, "d M Y, H:i")},
            status=403,
        )


def conversation_between(user: User, other: User) -> Conversation | None:
    first, second = pair(user, other)
    return Conversation.objects.filter(first_id=first, second_id=second).first()


def send_message(*, sender: User, recipient: User, text: Any) -> dict[str, Any]:
    """Writes a message from ``sender`` to ``recipient``; returns it as the API gives it."""
    text = message_text(text)
    now = timezone.now()
    may_write(sender, recipient, now)
    first, second = pair(sender, recipient)
    with transaction.atomic():
        conversation = (
            Conversation.objects.select_for_update()
            .filter(first_id=first, second_id=second)
            .first()
        )
        if conversation is None:
            try:
                with transaction.atomic():
                    conversation = Conversation.objects.create(
                        first_id=first,
                        second_id=second,
                        updated_at=now,
                        last_text="",
                        last_sender=sender,
                    )
            except IntegrityError:  # begun meanwhile by the other player's first message
                conversation = Conversation.objects.select_for_update().get(
                    first_id=first, second_id=second
                )
        message = Message.objects.create(conversation=conversation, sender=sender, text=text)
        unread = f"{side(conversation, recipient.pk)}_unread"
        setattr(conversation, unread, getattr(conversation, unread) + 1)
        conversation.updated_at = message.created_at
        conversation.last_text = text[:PREVIEW_CHARS]
        conversation.last_sender = sender
        conversation.save(update_fields=[unread, "updated_at", "last_text", "last_sender"])
        payload = message_payload(message, sender.username, recipient.username)
        ids = (sender.pk, recipient.pk)
        transaction.on_commit(lambda: message_sent.send(sender=None, user_ids=ids, message=payload))
    return payload


def message_payload(message: Message, sender: str, recipient: str) -> dict[str, Any]:
    return {
        "id": message.pk,
        "from": sender,
        "to": recipient,
        "text": message.text,
        "at": message.created_at.isoformat(),
    }


def mark_read(*, user: User, other: User) -> int:
    """Marks ``user``'s side of the conversation with ``other`` read; returns their unread
    count across the inbox."""
    first, second = pair(user, other)
    field = "first_unread" if user.pk == first else "second_unread"
    changed = Conversation.objects.filter(
        first_id=first, second_id=second, **{f"{field}__gt": 0}
    ).update(**{field: 0})
    left = unread_count(user.pk)
    if changed:
        uid = user.pk
        transaction.on_commit(lambda: inbox_read.send(sender=None, user_id=uid, unread=left))
    return left


def clear(*, user: User, other: User) -> bool:
    """Deletes the conversation with ``other`` from ``user``'s inbox (theirs keeps it): the
    messages so far are no longer shown to ``user``. Returns whether there was one."""
    first, second = pair(user, other)
    prefix = "first" if user.pk == first else "second"
    changed = Conversation.objects.filter(first_id=first, second_id=second).update(
        **{f"{prefix}_cleared": timezone.now(), f"{prefix}_unread": 0}
    )
    if changed:
        uid, left = user.pk, unread_count(user.pk)
        transaction.on_commit(lambda: inbox_read.send(sender=None, user_id=uid, unread=left))
    return bool(changed)


# --- reads ---------------------------------------------------------------------------------------
def unread_count(user_id: int) -> int:
    """The messages the user has not read, across their inbox: one query, over the
    conversations with some unread (the two partial indexes)."""
    mine = Q(first_id=user_id, first_unread__gt=0) | Q(second_id=user_id, second_unread__gt=0)
    theirs = Case(When(first_id=user_id, then=F("first_unread")), default=F("second_unread"))
    return Conversation.objects.filter(mine).aggregate(n=Sum(theirs))["n"] or 0


def inbox(user: User, before: datetime | None = None) -> dict[str, Any]:
    """The user's conversations, the latest message first, ``INBOX_PAGE`` a page: ``{
    conversations: [{with, text, from_me, at, unread}], older}``, ``before`` the page of those
    whose latest message is older than that moment, ``older`` the ``before`` of the next page
    (null on the last). Read as the first and as the second of each pair, each through its
    index, then merged: the cost follows the page, not the inbox."""
    found = []
    for prefix, other in (("first", "second"), ("second", "first")):
        rows = Conversation.objects.filter(**{f"{prefix}_id": user.pk}).filter(
            Q(**{f"{prefix}_cleared__isnull": True}) | Q(updated_at__gt=F(f"{prefix}_cleared"))
        )
        if before is not None:
            rows = rows.filter(updated_at__lt=before)
        for row in rows.order_by("-updated_at").values(
            "updated_at", "last_text", "last_sender_id", f"{prefix}_unread", f"{other}__username"
        )[: INBOX_PAGE + 1]:
            found.append(
                {
                    "with": row[f"{other}__username"],
                    "text": row["last_text"],
                    "from_me": row["last_sender_id"] == user.pk,
                    "at": row["updated_at"],
                    "unread": row[f"{prefix}_unread"],
                }
            )
    found.sort(key=lambda entry: entry["at"], reverse=True)
    shown = found[:INBOX_PAGE]
    return {
        "conversations": shown,
        "older": shown[-1]["at"] if len(found) > INBOX_PAGE else None,
    }


def messages(user: User, other: User, before: int | None = None) -> dict[str, Any]:
    """The conversation of ``user`` with ``other`` as ``user`` sees it: ``{with, unread,
    messages: [...], more}``, the latest ``MESSAGES_PAGE`` messages oldest first (``before``:
    those before that message's id), ``more`` whether older ones are left."""
    conversation = conversation_between(user, other)
    if conversation is None:
        return {"with": other.username, "unread": 0, "messages": [], "more": False}
    prefix = side(conversation, user.pk)
    rows = Message.objects.filter(conversation=conversation)
    cleared = getattr(conversation, f"{prefix}_cleared")
    if cleared is not None:
        rows = rows.filter(created_at__gt=cleared)
    if before is not None:
        rows = rows.filter(id__lt=before)
    page = list(
        rows.order_by("-id").values("id", "sender_id", "text", "created_at")[: MESSAGES_PAGE + 1]
    )
    names = {user.pk: user.username, other.pk: other.username}
    shown = [
        {
            "id": row["id"],
            "from": names[row["sender_id"]],
            "text": row["text"],
            "at": row["created_at"],
        }
        for row in reversed(page[:MESSAGES_PAGE])
    ]
    return {
        "with": other.username,
        "unread": getattr(conversation, f"{prefix}_unread"),
        "messages": shown,
        "more": len(page) > MESSAGES_PAGE,
    }


def written_to(writer_id: int, reader_id: int, limit: int = 20) -> list[dict[str, Any]]:
    """The latest ``limit`` messages ``writer`` wrote to ``reader``, oldest first, whatever
    either deleted: what a moderator reads of a report its reader made (``{text, at}``)."""
    first, second = sorted((writer_id, reader_id))
    rows = Message.objects.filter(
        conversation__first_id=first, conversation__second_id=second, sender_id=writer_id
    ).order_by("-id")
    return [{"text": row.text, "at": row.created_at} for row in reversed(rows[:limit])]
