"""What players say about each other and what moderators do about it: blocks, follows, reports,
chat mutes and the moderation log.

The app sits between ``accounts`` and ``games``: the games app reads blocks (pairing, challenges
and chat skip blocked players), mutes (a muted player's chat is refused) and follows (a followed
player's game start is announced); a report names its game by the game's public id, since this
app knows no game. Every write goes through ``community.services``.
"""

from django.conf import settings
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

# The most players one user may block, and follow: each is read whole where it applies (a
# user's sockets, their following list), so neither may grow without bound.
MAX_BLOCKS = 500
MAX_FOLLOWING = 400
# The longest report text, and the longest note a moderator writes (a warning's words).
MAX_REPORT_CHARS = 1000
MAX_NOTE_CHARS = 1000
# The longest mute a moderator gives, in hours (30 days).
MAX_MUTE_HOURS = 720
# A user's private notes on other players (a profile's *My notes*): the longest, and how many
# players a user keeps notes on.
MAX_PLAYER_NOTE_CHARS = 2000
MAX_PLAYER_NOTES = 1000


class Block(models.Model):
    """``blocker`` blocked ``blocked``: no challenge, pairing or chat between the two, either
    way."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_made"
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="blocks_received"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once"),
            models.CheckConstraint(condition=~Q(blocker=F("blocked")), name="block_not_self"),
        ]
        indexes = [models.Index(fields=["blocked", "blocker"], name="block_by_blocked")]

    def __str__(self) -> str:
        return f"{self.blocker_id} blocks {self.blocked_id}"


class Follow(models.Model):
    """``follower`` follows ``followed``: sees them in their following list and hears when a
    game of theirs starts."""

    follower = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="follows_made"
    )
    followed = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="followers"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["follower", "followed"], name="follow_once"),
            models.CheckConstraint(condition=~Q(follower=F("followed")), name="follow_not_self"),
        ]
        indexes = [models.Index(fields=["followed", "follower"], name="follow_by_followed")]

    def __str__(self) -> str:
        return f"{self.follower_id} follows {self.followed_id}"


class Report(models.Model):
    """A player's report of another, for a moderator to look at; ``game`` is the public id of
    the game it is about (empty: none)."""

    class Reason(models.TextChoices):
        ABUSE = "abuse", _("Abuse")
        CHEAT = "cheat", _("Cheating")
        SPAM = "spam", _("Spam")
        OTHER = "other", _("Other")

    class State(models.TextChoices):
        OPEN = "open", pgettext_lazy("report state", "Open")
        CLOSED = "closed", pgettext_lazy("report state", "Closed")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="reports_made",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="reports_received"
    )
    reason = models.CharField(max_length=8, choices=Reason.choices)
    text = models.TextField(blank=True, default="")
    game = models.CharField(max_length=12, blank=True, default="")
    state = models.CharField(max_length=8, choices=State.choices, default=State.OPEN)
    created_at = models.DateTimeField(auto_now_add=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [
            models.Index(fields=["state", "-created_at", "-id"], name="report_by_state"),
            models.Index(fields=["user", "-created_at"], name="report_by_user"),
        ]

    def __str__(self) -> str:
        return f"report {self.pk} of {self.user_id} ({self.reason}, {self.state})"


class Mute(models.Model):
    """A player's chat is muted by a moderator until ``until``: their lines are refused."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="mute"
    )
    until = models.DateTimeField()

    def __str__(self) -> str:
        return f"{self.user_id} muted until {self.until:%Y-%m-%d %H:%M}"


class ModerationAction(models.Model):
    """One thing a moderator did, kept for good: the moderation log. A warning is shown to its
    player on every page until they say they have read it (``seen_at``)."""

    class Kind(models.TextChoices):
        WARN = "warn", _("Warned")
        MUTE = "mute", _("Muted")
        UNMUTE = "unmute", _("Unmuted")
        CLOSE = "close", _("Closed the account")
        DISMISS = "dismiss", _("Dismissed the report")

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        related_name="moderation_done",
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="moderation_received"
    )
    kind = models.CharField(max_length=8, choices=Kind.choices)
    report = models.ForeignKey(
        Report, on_delete=models.SET_NULL, null=True, blank=True, related_name="actions"
    )
    hours = models.PositiveIntegerField(null=True, blank=True)  # a mute's length
    note = models.TextField(blank=True, default="")
    at = models.DateTimeField(auto_now_add=True)
    seen_at = models.DateTimeField(null=True, blank=True)  # a warning, read by its player

    class Meta:
        ordering = ["-at", "-id"]
        indexes = [
            models.Index(fields=["user", "-at"], name="moderation_by_user"),
            models.Index(
                fields=["user"],
                name="moderation_warning_unseen",
                condition=Q(kind="warn", seen_at__isnull=True),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.kind} {self.user_id} by {self.moderator_id}"


class PlayerNote(models.Model):
    """What ``author`` wrote about ``subject`` for themselves (a profile's *My notes*): nobody
    else reads it, ``subject`` included. An emptied note is removed."""

    author = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="player_notes"
    )
    subject = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    text = models.TextField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["author", "subject"], name="player_note_once"),
            models.CheckConstraint(condition=~Q(author=F("subject")), name="player_note_not_self"),
        ]

    def __str__(self) -> str:
        return f"{self.author_id}'s note on {self.subject_id}"


# Private messages (the inbox): the longest message, and the start of the latest one that the
# inbox lists beside its conversation.
MAX_MESSAGE_CHARS = 1000
PREVIEW_CHARS = 140


class Conversation(models.Model):
    """Two players' private messages: one row a pair, ``first`` the lower user id. It holds what
    the inbox lists (the latest message's time, its start and writer) and each side's unread
    count and clearing: a side that deleted the conversation no longer sees the messages written
    up to ``<side>_cleared``, and the conversation comes back to its inbox with the next one."""

    first = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    second = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    updated_at = models.DateTimeField()
    last_text = models.CharField(max_length=PREVIEW_CHARS)
    last_sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+"
    )
    first_unread = models.PositiveIntegerField(default=0)
    second_unread = models.PositiveIntegerField(default=0)
    first_cleared = models.DateTimeField(null=True, blank=True)
    second_cleared = models.DateTimeField(null=True, blank=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["first", "second"], name="conversation_once"),
            models.CheckConstraint(condition=Q(first__lt=F("second")), name="conversation_order"),
        ]
        indexes = [
            # A user's inbox, newest first, read as the first and as the second of each pair.
            models.Index(fields=["first", "-updated_at"], name="conversation_by_first"),
            models.Index(fields=["second", "-updated_at"], name="conversation_by_second"),
            # Their unread count, on every page: only the conversations with some unread.
            models.Index(
                fields=["first"], name="conversation_unread_first", condition=Q(first_unread__gt=0)
            ),
            models.Index(
                fields=["second"],
                name="conversation_unread_second",
                condition=Q(second_unread__gt=0),
            ),
        ]

    def __str__(self) -> str:
        return f"conversation of {self.first_id} and {self.second_id}"


class Message(models.Model):
    """One private message of a conversation, as its writer wrote it."""

    conversation = models.ForeignKey(
        Conversation, on_delete=models.CASCADE, related_name="messages", db_index=False
    )
    sender = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="messages_sent"
    )
    text = models.TextField()
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        # A conversation's messages, newest first, a page at a time.
        indexes = [models.Index(fields=["conversation", "-id"], name="message_by_conversation")]

    def __str__(self) -> str:
        return f"message {self.pk} by {self.sender_id}"


# The notices a player keeps (the newest; an older one goes as a new one comes).
MAX_NOTICES = 100


class Notice(models.Model):
    """Something that happened to a player that they may have been away for: kept until they
    read it on their notices page (``community.notices``). ``kind`` says what happened and
    ``data`` holds what its sentence names (``templates/players/notices.html`` words each)."""

    class Kind(models.TextChoices):
        FORUM_REPLY = "forum_reply", "a reply to their forum topic"
        FORUM_MENTION = "forum_mention", "a forum post that names them"
        TEAM_ANSWER = "team_answer", "a team's answer to their ask to join"
        REPORT_ACTED = "report_acted", "a moderator acted on their report"
        TEAM_TOURNAMENT = "team_tournament", "a tournament for their team's members"

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notices"
    )
    kind = models.CharField(max_length=20, choices=Kind.choices)
    data = models.JSONField(default=dict)
    created_at = models.DateTimeField(auto_now_add=True)
    read = models.BooleanField(default=False)

    class Meta:
        indexes = [
            # A player's notices, newest first.
            models.Index(fields=["user", "-id"], name="notice_by_user"),
            # Their unread count, on every page: only the unread.
            models.Index(fields=["user"], name="notice_unread", condition=Q(read=False)),
        ]

    def __str__(self) -> str:
        return f"{self.kind} for {self.user_id}"
