"""Who a new post is told to: the topic's author, of a reply by someone else; and the players a
post mentions by name (``@name``), at most ``MAX_MENTIONED`` a post, who may read where it is
written. Each is a notice they keep (``community.notices``) and, once the post commits, a
message to their open pages (``/ws/me/``). Nobody is told of their own post, nor of a player in
a block with them either way, nor twice of one post.

Every open page of a topic (its socket, ``/ws/forum/<topic id>/``, in the group
``topic_group``) is told of each change to it once the change commits (``tell_readers``): a
post added, edited or removed (by its number only: each page reads the post itself, drawn for
its reader, as the topic's page draws it) and a new title."""

import re
from collections.abc import Iterable

from django.db.models.functions import Lower

from accounts.models import Preferences, User
from community.models import Notice
from community.notices import notify
from community.selectors import blocked_between
from forum.models import Post, Topic
from forum.places import Place
from forum.reads import post_url
from games.storage import broadcast
from teams.models import Member

MAX_MENTIONED = 5
# A username after an @ that starts a line or follows a space or an opening mark (an email
# address's or a web address's @ mentions nobody).
MENTION = re.compile(r"(?:^|(?<=[\s(\[,;!?\"'«]))@([A-Za-z0-9][A-Za-z0-9_-]{1,19})(?![\w@-])")


def mentioned_names(text: str) -> list[str]:
    """The names a text mentions, lower-cased, in order, each once, at most ``MAX_MENTIONED``."""
    names: list[str] = []
    for match in MENTION.finditer(text):
        name = match.group(1).lower()
        if name not in names:
            names.append(name)
        if len(names) == MAX_MENTIONED:
            break
    return names


def topic_group(topic_id: str) -> str:
    """The group of the sockets of a topic's open pages."""
    return f"forum.topic.{topic_id}"


def tell_readers(topic: Topic, said: dict) -> None:
    """Tells every open page of the topic about a change to it, once the change commits."""
    group = topic_group(topic.public_id)
    broadcast.send_on_commit(group, {"type": "forum.event", "event": said})


def tell(user_id: int, kind: str, said: dict) -> None:
    notify(user_id, kind, said)
    told = {"type": kind, **said}
    broadcast.send_on_commit(broadcast.user_group(user_id), {"type": "user.event", "event": told})


def about(topic: Topic, post: Post, where: Place, writer: User) -> dict:
    return {
        "topic": topic.public_id,
        "title": topic.title,
        "from": writer.username,
        "url": post_url(where.slug, topic.public_id, post.number),
    }


def tell_author(topic: Topic, post: Post, where: Place, writer: User) -> None:
    """Tells the topic's author of a reply by someone else (``forum_reply``), unless they are
    in kid mode now."""
    author = topic.author_id
    if author is None or author == writer.pk or blocked_between(author, writer.pk):
        return
    if Preferences.objects.filter(user_id=author, kid=True).exists():
        return  # kid mode: the forum is closed to them, its notices too
    tell(author, Notice.Kind.FORUM_REPLY, about(topic, post, where, writer))


def tell_mentioned(
    topic: Topic, post: Post, where: Place, writer: User, told: Iterable[int | None] = ()
) -> None:
    """Tells the players ``post`` mentions (``forum_mention``), but for those in ``told``
    already, those in kid mode and, in a team's forum, anyone not in the team."""
    names = mentioned_names(post.text)
    if not names:
        return
    found = User.objects.annotate(lower=Lower("username")).filter(lower__in=names, is_active=True)
    if where.team is not None:
        found = found.filter(pk__in=Member.objects.filter(team=where.team).values("user"))
    # Kid mode closes the forum to a player: nobody names them into it.
    found = found.exclude(pk__in=Preferences.objects.filter(kid=True).values("user_id"))
    skip = {writer.pk, *told}
    for user_id in found.exclude(pk__in=[pk for pk in skip if pk]).values_list("pk", flat=True):
        if not blocked_between(user_id, writer.pk):
            tell(user_id, Notice.Kind.FORUM_MENTION, about(topic, post, where, writer))
