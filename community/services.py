"""Community writes: blocking and following players, reporting one, and what moderators do
(warn, mute, close a report), each logged. Refusals raise ``CommunityError`` and change nothing.

Who a username names, and what a game id names, is the caller's to check: this app knows users,
not games (``players`` calls it, above the games app, after checking both).
"""

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from common.text import note_payload, note_text
from community.errors import CommunityError
from community.models import (
    MAX_BLOCKS,
    MAX_FOLLOWING,
    MAX_MUTE_HOURS,
    MAX_NOTE_CHARS,
    MAX_PLAYER_NOTE_CHARS,
    MAX_PLAYER_NOTES,
    MAX_REPORT_CHARS,
    Block,
    Follow,
    ModerationAction,
    Mute,
    Notice,
    PlayerNote,
    Report,
)
from community.notices import notify
from community.signals import relations_changed

# What a moderator does that acts on a report (its reporter is told); dismissing it does not.
ACTED = (ModerationAction.Kind.WARN, ModerationAction.Kind.MUTE, ModerationAction.Kind.CLOSE)


def lock_user(user: User) -> None:
    """Locks the user's row for the rest of the transaction: one user's blocks, follows and
    reports are counted and added one at a time."""
    User.objects.select_for_update().filter(pk=user.pk).first()


# --- blocks and follows ------------------------------------------------------------------------
def changed(user: User, other: User) -> None:
    """Tells the apps above, once the transaction commits, that the two players' relations
    changed (``community.signals``)."""
    ids = (user.pk, other.pk)
    transaction.on_commit(lambda: relations_changed.send(sender=None, user_ids=ids))


def block(*, user: User, other: User) -> bool:
    """Blocks ``other`` for ``user`` (and ends any follow between the two, either way); returns
    whether a block was added (False: it was there already). At most ``MAX_BLOCKS``."""
    if other.pk == user.pk:
        raise CommunityError(_("You cannot block yourself."))
    with transaction.atomic():
        lock_user(user)
        if Block.objects.filter(blocker=user, blocked=other).exists():
            return False
        if Block.objects.filter(blocker=user).count() >= MAX_BLOCKS:
            raise CommunityError(
                _("You have blocked %(max_blocks)s players: unblock one first.")
                % {"max_blocks": MAX_BLOCKS}
            )
        Block.objects.create(blocker=user, blocked=other)
        Follow.objects.filter(
            Q(follower=user, followed=other) | Q(follower=other, followed=user)
        ).delete()
        changed(user, other)
    return True


def unblock(*, user: User, other: User) -> bool:
    """Removes ``user``'s block of ``other``; returns whether there was one."""
    deleted, _kinds = Block.objects.filter(blocker=user, blocked=other).delete()
    if deleted:
        changed(user, other)
    return bool(deleted)


def follow(*, user: User, other: User) -> bool:
    """Makes ``user`` follow ``other``; returns whether a follow was added (False: it was there
    already). Refused between players in a block, and past ``MAX_FOLLOWING``."""
    if other.pk == user.pk:
        raise CommunityError(_("You cannot follow yourself."))
    with transaction.atomic():
        lock_user(user)
        if Follow.objects.filter(follower=user, followed=other).exists():
            return False
        if Block.objects.filter(
            Q(blocker=user, blocked=other) | Q(blocker=other, blocked=user)
        ).exists():
            raise CommunityError(
                _("You cannot follow %(username)s: one of you blocked the other.")
                % {"username": other.username}
            )
        if Follow.objects.filter(follower=user).count() >= MAX_FOLLOWING:
            raise CommunityError(
                _("You follow %(max_following)s players: unfollow one first.")
                % {"max_following": MAX_FOLLOWING}
            )
        try:
            with transaction.atomic():
                Follow.objects.create(follower=user, followed=other)
        except IntegrityError:  # made meanwhile by another request of theirs
            return False
        changed(user, other)
    return True


def unfollow(*, user: User, other: User) -> bool:
    """Makes ``user`` stop following ``other``; returns whether they did."""
    deleted, _kinds = Follow.objects.filter(follower=user, followed=other).delete()
    if deleted:
        changed(user, other)
    return bool(deleted)


# --- reports -----------------------------------------------------------------------------------
def report_create(
    *, reporter: User, user: User, reason: str, text: str = "", game: str = ""
) -> Report:
    """Files a report of ``user`` by ``reporter`` (``reason`` one of ``Report.Reason``; ``game``
    a game's public id the caller checked, or empty). A player's open report of the same
    player about the same game is updated rather than repeated."""
    if user.pk == reporter.pk:
        raise CommunityError(_("You cannot report yourself."))
    if reason not in Report.Reason.values:
        raise CommunityError(
            _("A report's reason is one of %(reasons)s.")
            % {"reasons": ", ".join(Report.Reason.values)}
        )
    if len(text) > MAX_REPORT_CHARS:
        raise CommunityError(
            _("A report's text has at most %(max_report_chars)s characters.")
            % {"max_report_chars": MAX_REPORT_CHARS}
        )
    with transaction.atomic():
        lock_user(reporter)
        report = Report.objects.filter(
            reporter=reporter, user=user, game=game, state=Report.State.OPEN
        ).first()
        if report is None:
            return Report.objects.create(
                reporter=reporter, user=user, reason=reason, text=text, game=game
            )
        report.reason, report.text = reason, text
        report.save(update_fields=["reason", "text"])
    return report


# --- moderation ----------------------------------------------------------------------------
def require_moderator(moderator: User) -> None:
    if not (moderator.is_active and moderator.is_staff):
        raise CommunityError(_("Only moderators may do that."), status=403)


def close_report(report: Report | None, at: datetime) -> None:
    if report is not None and report.state == Report.State.OPEN:
        report.state, report.closed_at = Report.State.CLOSED, at
        report.save(update_fields=["state", "closed_at"])


def logged(
    *,
    moderator: User,
    user: User,
    kind: str,
    report: Report | None = None,
    hours: int | None = None,
    note: str = "",
) -> ModerationAction:
    """Logs what a moderator did to ``user`` and closes the report it answered, if any; a
    report acted on (not dismissed) is a notice to whoever filed it. Call inside the
    transaction that did it."""
    if len(note) > MAX_NOTE_CHARS:
        raise CommunityError(
            _("A note has at most %(max_note_chars)s characters.")
            % {"max_note_chars": MAX_NOTE_CHARS}
        )
    action = ModerationAction.objects.create(
        moderator=moderator, user=user, kind=kind, report=report, hours=hours, note=note
    )
    open_report = report is not None and report.state == Report.State.OPEN
    if open_report and kind in ACTED and report.reporter_id is not None:
        notify(report.reporter_id, Notice.Kind.REPORT_ACTED, {"username": user.username})
    close_report(report, action.at)
    return action


def warn(
    *, moderator: User, user: User, note: str, report: Report | None = None
) -> ModerationAction:
    """Warns ``user`` in ``note``'s words (shown on their pages until read); logged."""
    require_moderator(moderator)
    note = note.strip()
    if not note:
        raise CommunityError(_("A warning needs its words."))
    with transaction.atomic():
        return logged(moderator=moderator, user=user, kind="warn", report=report, note=note)


def mute(
    *,
    moderator: User,
    user: User,
    hours: int,
    note: str = "",
    report: Report | None = None,
    now: datetime | None = None,
) -> ModerationAction:
    """Mutes ``user``'s chat for ``hours`` (1 to ``MAX_MUTE_HOURS``) from now; logged."""
    require_moderator(moderator)
    if isinstance(hours, bool) or not isinstance(hours, int) or not 1 <= hours <= MAX_MUTE_HOURS:
        raise CommunityError(
            _("A mute lasts 1 to %(max_mute_hours)s hours.") % {"max_mute_hours": MAX_MUTE_HOURS}
        )
    until = (now or timezone.now()) + timedelta(hours=hours)
    with transaction.atomic():
        Mute.objects.update_or_create(user=user, defaults={"until": until})
        return logged(
            moderator=moderator, user=user, kind="mute", report=report, hours=hours, note=note
        )


def unmute(*, moderator: User, user: User, note: str = "") -> ModerationAction:
    """Ends ``user``'s chat mute; logged."""
    require_moderator(moderator)
    with transaction.atomic():
        Mute.objects.filter(user=user).delete()
        return logged(moderator=moderator, user=user, kind="unmute", note=note)


def dismiss(*, moderator: User, report: Report, note: str = "") -> ModerationAction:
    """Closes a report with nothing done to its player; logged."""
    require_moderator(moderator)
    with transaction.atomic():
        return logged(
            moderator=moderator, user=report.user, kind="dismiss", report=report, note=note
        )


def log_closing(
    *, moderator: User, user: User, note: str = "", report: Report | None = None
) -> ModerationAction:
    """Logs that a moderator closed ``user``'s account (closing it is the caller's)."""
    require_moderator(moderator)
    with transaction.atomic():
        return logged(moderator=moderator, user=user, kind="close", report=report, note=note)


def warning_seen(*, user: User, warning_id: int, now: datetime | None = None) -> bool:
    """Marks one of the user's warnings read; returns whether there was such an unread one."""
    changed = ModerationAction.objects.filter(
        pk=warning_id, user=user, kind=ModerationAction.Kind.WARN, seen_at__isnull=True
    ).update(seen_at=now or timezone.now())
    return bool(changed)


def forget_user(*, user: User) -> None:
    """Removes a closing account's blocks, follows and mute, either way, its notes on players
    and its notices (reports and the moderation log stay)."""
    with transaction.atomic():
        Notice.objects.filter(user=user).delete()
        Block.objects.filter(Q(blocker=user) | Q(blocked=user)).delete()
        Follow.objects.filter(Q(follower=user) | Q(followed=user)).delete()
        Mute.objects.filter(user=user).delete()
        PlayerNote.objects.filter(author=user).delete()


# --- notes on players ---------------------------------------------------------------------------
def player_note_read(*, user: User, other: User) -> dict[str, str | None]:
    """Returns ``user``'s note on ``other``: ``{text, updated_at}`` (``""`` and None for none)."""
    return note_payload(PlayerNote.objects.filter(author=user, subject=other).first())


def player_note_write(*, user: User, other: User, text: object) -> dict[str, str | None]:
    """Keeps ``text`` as ``user``'s private note on ``other`` (``common.text.note_text``: at
    most ``MAX_PLAYER_NOTE_CHARS``), replacing the one they had; empty, it removes it. A user
    keeps notes on at most ``MAX_PLAYER_NOTES`` players. Returns ``{text, updated_at}``."""
    if other.pk == user.pk:
        raise CommunityError(_("Your notes are on other players."))
    try:
        text = note_text(text, MAX_PLAYER_NOTE_CHARS)
    except ValueError as refusal:
        raise CommunityError(str(refusal)) from None
    if not text:
        PlayerNote.objects.filter(author=user, subject=other).delete()
        return note_payload(None)
    with transaction.atomic():
        lock_user(user)
        note = PlayerNote.objects.filter(author=user, subject=other).first()
        if note is None and PlayerNote.objects.filter(author=user).count() >= MAX_PLAYER_NOTES:
            raise CommunityError(
                _("You have notes on %(max_notes)s players already: empty one first.")
                % {"max_notes": MAX_PLAYER_NOTES}
            )
        note = note or PlayerNote(author=user, subject=other)
        note.text = text
        note.save()
    return note_payload(note)
