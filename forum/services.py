"""Writing in the forum: starting a topic, replying, editing and removing a post, changing a
topic's title, and the moderators' choices (closing, pinning, deleting a topic).

Each change runs in one transaction that locks the topic's row first (a new topic: its
author's row, which also counts their topics of the day), so that a topic's posts are numbered
one after another whichever process writes them; the forum's and the topic's counts move in the
same transaction. A refusal raises ``GameError`` (with the sentence a player reads) and changes
nothing. Every open page of the topic is told of a post added, edited or removed, of a new
title, and of the topic closed, opened again, pinned, unpinned or deleted, once the change commits
(``forum.tells.tell_readers``).
"""

from datetime import timedelta

from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from forum.models import Forum, Post, Topic
from forum.places import Place, may_moderate, may_write, place, retitle_refusal
from forum.policy import TOPICS_A_DAY
from forum.reads import forum_url
from forum.schemas import TopicChange, TopicRequest
from forum.tells import tell_author, tell_mentioned, tell_readers
from games.domain.errors import ErrorCode, GameError

ID_CHARS = 12  # a topic's public id: a longer one names none


def no_topic(topic_id: str) -> GameError:
    return GameError(
        ErrorCode.NOT_FOUND,
        _("There is no topic %(topic)s.") % {"topic": str(topic_id)[:ID_CHARS]},
    )


def no_post() -> GameError:
    return GameError(ErrorCode.NOT_FOUND, _("There is no such post."))


def topic_by_id(topic_id: str, viewer) -> tuple[Topic, Place]:
    """Returns the topic and its forum as ``viewer`` finds it (refusing a team's to others)."""
    found = None
    if isinstance(topic_id, str) and len(topic_id) <= ID_CHARS:
        found = Topic.objects.filter(public_id=topic_id).select_related("forum").first()
    if found is None:
        raise no_topic(topic_id)
    return found, place(found.forum.slug, viewer)


def locked_topic(topic_id: str, user: User) -> tuple[Topic, Place]:
    """Returns the topic locked for update (inside the caller's transaction) and its forum."""
    topic, where = topic_by_id(topic_id, user)
    return Topic.objects.select_for_update().get(pk=topic.pk), where


def topic_create(*, user: User, slug: str, asked: TopicRequest) -> Topic:
    """Starts a topic in forum ``slug`` with its first post; refuses a player who started
    ``TOPICS_A_DAY`` topics in the last day."""
    where = place(slug, user)
    may_write(where, user)
    now = timezone.now()
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()
        started = Topic.objects.filter(author=user, created_at__gt=now - timedelta(days=1))
        if started.count() >= TOPICS_A_DAY:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("You started %(count)s topics in the last day: that is as many as a day holds.")
                % {"count": TOPICS_A_DAY},
            )
        row = where.row()
        topic = Topic.objects.create(
            forum=row, title=asked.title, author=user, last_post_at=now, last_author=user
        )
        first = Post.objects.create(topic=topic, number=1, author=user, text=asked.text)
        Topic.objects.filter(pk=topic.pk).update(post_count=1)
        Forum.objects.filter(pk=row.pk).update(
            topic_count=F("topic_count") + 1, post_count=F("post_count") + 1, last_topic=topic
        )
        tell_mentioned(topic, first, where, user)
    topic.refresh_from_db()
    return topic


def post_reply(*, user: User, topic_id: str, text: str) -> Post:
    """Adds ``user``'s post to the end of an open topic; its author, and the players it
    mentions, are told."""
    with transaction.atomic():
        topic, where = locked_topic(topic_id, user)
        may_write(where, user)
        if topic.closed:
            raise GameError(ErrorCode.NOT_ALLOWED, _("The topic is closed: no more replies."))
        post = Post.objects.create(topic=topic, number=topic.post_count + 1, author=user, text=text)
        Topic.objects.filter(pk=topic.pk).update(
            post_count=F("post_count") + 1, last_post_at=post.created_at, last_author=user
        )
        Forum.objects.filter(pk=topic.forum_id).update(
            post_count=F("post_count") + 1, last_topic=topic
        )
        tell_author(topic, post, where, user)
        tell_mentioned(topic, post, where, user, told=[topic.author_id])
        tell_readers(topic, {"type": "post", "number": post.number})
    return post


def own_post(post_id: int, user: User) -> tuple[Post, Topic, Place]:
    """Returns the post (locked, with its topic locked first) and its forum."""
    found = Post.objects.filter(pk=post_id).select_related("topic").first()
    if found is None:
        raise no_post()
    topic, where = locked_topic(found.topic.public_id, user)
    return Post.objects.select_for_update().get(pk=found.pk), topic, where


def post_edit(*, user: User, post_id: int, text: str) -> Post:
    """Changes the text of ``user``'s own post, while its topic is open; it shows as edited."""
    with transaction.atomic():
        post, topic, where = own_post(post_id, user)
        may_write(where, user)
        if post.author_id != user.pk:
            raise GameError(ErrorCode.FORBIDDEN, _("Only a post's author may edit it."))
        if post.removed:
            raise GameError(ErrorCode.NOT_ALLOWED, _("The post was removed."))
        if topic.closed:
            raise GameError(ErrorCode.NOT_ALLOWED, _("The topic is closed: its posts stay."))
        if text != post.text:
            post.text, post.edited_at = text, timezone.now()
            post.save(update_fields=["text", "edited_at"])
            tell_readers(topic, {"type": "edited", "number": post.number})
    return post


def post_remove(*, user: User, post_id: int) -> Post:
    """Removes a post: its author's own, or any in a forum the user moderates. It keeps its
    number in the topic and loses its text."""
    with transaction.atomic():
        post, topic, where = own_post(post_id, user)
        if post.author_id == user.pk:
            post.removed = Post.Removed.AUTHOR
        else:
            may_moderate(where)
            post.removed = Post.Removed.MODERATOR
        post.text = ""
        post.save(update_fields=["removed", "text"])
        tell_readers(topic, {"type": "removed", "number": post.number})
    return post


def topic_change(*, user: User, topic_id: str, change: TopicChange) -> Topic:
    """Changes a topic: its title (its author, while it is open and no one else has replied; a
    moderator, always), whether it is closed to replies and whether it is pinned (a moderator).
    Refuses the whole change if the user may not make a part of it."""
    with transaction.atomic():
        topic, where = locked_topic(topic_id, user)
        if change.moderates:
            may_moderate(where)
        if change.title is not None:
            refusal = retitle_refusal(topic, where, user.pk)
            if refusal is not None:
                raise refusal
            if not where.moderates:
                may_write(where, user)  # a muted author waits, as for their posts
        retitled = change.title is not None and change.title != topic.title
        if retitled:
            topic.title = change.title
        closing = change.closed is not None and change.closed != topic.closed
        if closing:
            topic.closed = change.closed
        pinning = change.sticky is not None and change.sticky != topic.sticky
        if pinning:
            topic.sticky = change.sticky
        topic.save(update_fields=["title", "closed", "sticky"])
        if retitled:
            tell_readers(topic, {"type": "title", "title": topic.title})
        if closing:
            tell_readers(topic, {"type": "closed", "closed": topic.closed})
        if pinning:
            tell_readers(topic, {"type": "pinned", "pinned": topic.sticky})
    return topic


def topic_delete(*, user: User, topic_id: str) -> str:
    """A moderator deletes a topic and its posts; returns the forum's address."""
    with transaction.atomic():
        topic, where = locked_topic(topic_id, user)
        may_moderate(where)
        forum = Forum.objects.select_for_update().get(pk=topic.forum_id)
        posts = topic.post_count
        topic.delete()
        forum.topic_count = max(0, forum.topic_count - 1)
        forum.post_count = max(0, forum.post_count - posts)
        forum.last_topic = Topic.objects.filter(forum=forum).order_by("-last_post_at").first()
        forum.save(update_fields=["topic_count", "post_count", "last_topic"])
        tell_readers(topic, {"type": "deleted", "forum": forum_url(where.slug)})
    return where.slug
