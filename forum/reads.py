"""What the forum's pages and API read: the forums with their counts and latest topics, the
latest posts, a page of a forum's topics (pinned first, then the latest written to) and a page
of a topic's posts, each read from an index however much the forum holds."""

from math import ceil
from typing import Any

from django.db.models import Q
from django.urls import reverse

from forum.categories import CATEGORIES, team_slug
from forum.models import Forum, Post, Topic
from forum.places import Place, retitle_refusal
from forum.policy import LATEST, POSTS_PAGE, TOPICS_FOUND, TOPICS_PAGE
from teams.models import Member


def forum_url(slug: str) -> str:
    return reverse("forum", args=[slug])


def last_page(post_count: int) -> int:
    return max(1, ceil(post_count / POSTS_PAGE))


def topic_url(slug: str, topic_id: str, page: int = 1) -> str:
    address = reverse("forum-topic", args=[slug, topic_id])
    return address if page == 1 else f"{address}?page={page}"


def post_url(slug: str, topic_id: str, number: int) -> str:
    return f"{topic_url(slug, topic_id, last_page(number))}#p{number}"


def name_of(user) -> str | None:
    return user.username if user is not None else None


def latest_of(row: Forum | None) -> dict[str, Any] | None:
    topic = row.last_topic if row is not None else None
    if topic is None:
        return None
    return {
        "topic": topic.public_id,
        "title": topic.title,
        "author": name_of(topic.last_author),
        "at": topic.last_post_at.isoformat(),
        "url": post_url(row.slug, topic.public_id, topic.post_count),
    }


def forum_summary(slug: str, name: str, text: str, team: str | None, row: Forum | None) -> dict:
    return {
        "slug": slug,
        "name": str(name),
        "text": str(text),
        "team": team,
        "topics": row.topic_count if row is not None else 0,
        "posts": row.post_count if row is not None else 0,
        "last": latest_of(row),
        "url": forum_url(slug),
    }


def rows(slugs: list[str]) -> dict[str, Forum]:
    found = Forum.objects.filter(slug__in=slugs).select_related(
        "last_topic", "last_topic__last_author"
    )
    return {row.slug: row for row in found}


def forums_front(viewer_id: int | None) -> dict[str, Any]:
    """The site's forums in their order, the viewer's teams' forums, and the latest posts in
    the site's forums (a team's stay among its members)."""
    site = rows([category.slug for category in CATEGORIES])
    memberships = (
        list(Member.objects.filter(user_id=viewer_id).select_related("team").order_by("team_id"))
        if viewer_id is not None
        else []
    )
    teams = rows([team_slug(m.team.public_id) for m in memberships])
    latest = (
        Post.objects.filter(topic__forum__team__isnull=True, removed="")
        .select_related("author", "topic", "topic__forum")
        .order_by("-id")[:LATEST]
    )
    return {
        "forums": [
            forum_summary(c.slug, c.name, c.text, None, site.get(c.slug)) for c in CATEGORIES
        ],
        "teams": [
            forum_summary(
                team_slug(m.team.public_id),
                m.team.name,
                m.team.text,
                m.team.public_id,
                teams.get(team_slug(m.team.public_id)),
            )
            for m in memberships
        ],
        "latest": [listed_post(post) for post in latest],
    }


def listed_post(post: Post) -> dict[str, Any]:
    """A post in a list of posts from many topics: with its topic's id, title and address."""
    return {
        **post_object(post),
        "topic": post.topic.public_id,
        "title": post.topic.title,
        "url": post_url(post.topic.forum.slug, post.topic.public_id, post.number),
    }


def topic_summary(topic: Topic, slug: str) -> dict[str, Any]:
    pages = last_page(topic.post_count)
    return {
        "id": topic.public_id,
        "title": topic.title,
        "author": name_of(topic.author),
        "created_at": topic.created_at.isoformat(),
        "posts": topic.post_count,
        "last_author": name_of(topic.last_author),
        "last_post_at": topic.last_post_at.isoformat(),
        "closed": topic.closed,
        "sticky": topic.sticky,
        "pages": pages,
        "url": topic_url(slug, topic.public_id),
        "last_url": post_url(slug, topic.public_id, topic.post_count),
    }


def forum_page(where: Place, page: int = 1) -> dict[str, Any]:
    """A page of the forum's topics (``TOPICS_PAGE`` a page), pinned first, then the latest
    written to."""
    row = (
        Forum.objects.filter(slug=where.slug)
        .select_related("last_topic", "last_topic__last_author")
        .first()
    )
    page = max(1, page)
    topics = []
    if row is not None:
        # The page's ids first, from the index alone however far down, then their rows: a
        # query that joined the authors would join every topic it skips.
        ids = list(
            Topic.objects.filter(forum=row)
            .order_by("-sticky", "-last_post_at", "-id")
            .values_list("pk", flat=True)[(page - 1) * TOPICS_PAGE : page * TOPICS_PAGE + 1]
        )
        found = Topic.objects.filter(pk__in=ids).select_related("author", "last_author")
        by_id = {topic.pk: topic for topic in found}
        topics = [by_id[pk] for pk in ids if pk in by_id]
    return {
        "forum": forum_summary(where.slug, where.name, where.text, where.team_id, row),
        "topics": [topic_summary(topic, where.slug) for topic in topics[:TOPICS_PAGE]],
        "page": page,
        "more": len(topics) > TOPICS_PAGE,
        "viewer": {"may_write": where.may_write, "moderates": where.moderates},
    }


def post_object(post: Post, viewer_id: int | None = None) -> dict[str, Any]:
    return {
        "id": post.pk,
        "number": post.number,
        "author": name_of(post.author),
        "text": post.text,
        "created_at": post.created_at.isoformat(),
        "edited_at": post.edited_at.isoformat() if post.edited_at else None,
        "removed": post.removed or None,
        "mine": viewer_id is not None and post.author_id == viewer_id,
    }


def topic_object(topic: Topic, where: Place, viewer_id: int | None, page: int = 1) -> dict:
    """The topic with a page of its posts (``POSTS_PAGE`` a page, by number: a page past the
    last reads as the last), and what the viewer may do."""
    pages = last_page(topic.post_count)
    page = min(max(1, page), pages)
    posts = (
        Post.objects.filter(
            topic=topic,
            number__gt=(page - 1) * POSTS_PAGE,
            number__lte=page * POSTS_PAGE,
        )
        .select_related("author")
        .order_by("number")
    )
    return {
        **topic_summary(topic, where.slug),
        "forum": {"slug": where.slug, "name": where.name, "team": where.team_id},
        "posts_shown": [post_object(post, viewer_id) for post in posts],
        "page": page,
        "viewer": {
            "may_reply": where.may_write and not topic.closed,
            "moderates": where.moderates,
            "may_retitle": retitle_refusal(topic, where, viewer_id) is None,
        },
    }


def posts_of(user_id: int) -> list[dict[str, Any]]:
    """Every post the player wrote, the latest first, with its topic (their data download)."""
    found = (
        Post.objects.filter(author_id=user_id)
        .select_related("topic", "topic__forum")
        .order_by("-created_at", "-id")
    )
    return [
        {
            "forum": post.topic.forum.slug,
            "topic": post.topic.public_id,
            "title": post.topic.title,
            "number": post.number,
            "text": post.text,
            "created_at": post.created_at.isoformat(),
            "edited_at": post.edited_at.isoformat() if post.edited_at else None,
            "removed": post.removed or None,
        }
        for post in found
    ]


def posts_by(user_id: int, page: int = 1) -> dict[str, Any]:
    """A page of the player's posts in the site's forums (a team's stay among its members),
    the latest first, ``POSTS_PAGE`` a page, read from ``forum_posts_by_author``."""
    page = max(1, page)
    found = list(
        Post.objects.filter(author_id=user_id, topic__forum__team__isnull=True, removed="")
        .select_related("author", "topic", "topic__forum")
        .order_by("-created_at", "-id")[(page - 1) * POSTS_PAGE : page * POSTS_PAGE + 1]
    )
    return {
        "posts": [listed_post(post) for post in found[:POSTS_PAGE]],
        "page": page,
        "more": len(found) > POSTS_PAGE,
    }


def readable(viewer_id: int | None, to_forum: str = "forum") -> Q:
    """The topics (``to_forum``: the way from the rows searched to their forum) a search by
    ``viewer_id`` may find: the site's forums', and those of the viewer's own teams' forums,
    never another team's (a moderator's search included)."""
    site = Q(**{f"{to_forum}__team__isnull": True})
    if viewer_id is None:
        return site
    teams = Member.objects.filter(user_id=viewer_id).values("team")
    return site | Q(**{f"{to_forum}__team__in": teams})


def search(words: str, page: int = 1, viewer_id: int | None = None) -> dict[str, Any]:
    """The topics whose title holds ``words`` (the latest written to first, at most
    ``TOPICS_FOUND``, on the first page) and a page of the posts that hold them, the latest
    first, in any case: in the site's forums and the searcher's own teams' forums (another
    team's stay among its members). On PostgreSQL both read a trigram index
    (``common.db.substring_index``)."""
    page = max(1, page)
    topics = []
    if page == 1:
        topics = list(
            Topic.objects.filter(readable(viewer_id), title__icontains=words)
            .select_related("author", "last_author", "forum")
            .order_by("-last_post_at", "-id")[:TOPICS_FOUND]
        )
    found = list(
        Post.objects.filter(readable(viewer_id, "topic__forum"), text__icontains=words, removed="")
        .select_related("author", "topic", "topic__forum")
        .order_by("-id")[(page - 1) * POSTS_PAGE : page * POSTS_PAGE + 1]
    )
    return {
        "query": words,
        "topics": [topic_summary(topic, topic.forum.slug) for topic in topics],
        "posts": [listed_post(post) for post in found[:POSTS_PAGE]],
        "page": page,
        "more": len(found) > POSTS_PAGE,
    }
