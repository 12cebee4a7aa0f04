"""The forum: topics and their posts, in the site's forums (``forum.categories``) and in each
team's own (``forum.services``).

A forum's row keeps its topics' and posts' counts and its latest topic, moved in the same
transaction as the topics and posts they count, so that the forums' front page reads a row a
forum however much was written. A post is numbered in its topic (its address is the topic's
``#p<number>``); a removed post keeps its number and loses its text.
"""

from django.conf import settings
from django.db import models

from games.models import new_public_id
from teams.models import Team


class Forum(models.Model):
    """One forum: one of the site's (``slug`` a category's) or a team's (``team`` set)."""

    slug = models.CharField(max_length=20, unique=True)
    team = models.OneToOneField(
        Team, on_delete=models.CASCADE, null=True, blank=True, related_name="forum"
    )
    topic_count = models.PositiveIntegerField(default=0)
    post_count = models.PositiveIntegerField(default=0)
    last_topic = models.ForeignKey(
        "Topic", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    def __str__(self) -> str:
        return f"forum {self.slug}"


class Topic(models.Model):
    """A topic: its title, who started it, its posts' count and latest post, and whether it is
    closed to replies or pinned above the others (a moderator's choices)."""

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    forum = models.ForeignKey(Forum, on_delete=models.CASCADE, related_name="topics")
    title = models.CharField(max_length=100)
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="forum_topics",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    last_post_at = models.DateTimeField()
    last_author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    post_count = models.PositiveIntegerField(default=0)
    closed = models.BooleanField(default=False)
    sticky = models.BooleanField(default=False)

    class Meta:
        indexes = [
            # A forum's page of topics, pinned first then the latest written to, from the index.
            models.Index(
                fields=["forum", "-sticky", "-last_post_at", "-id"], name="forum_topics_in_order"
            ),
            # The topics a player started in the last day (``TOPICS_A_DAY``).
            models.Index(fields=["author", "created_at"], name="forum_topics_by_author"),
        ]

    def __str__(self) -> str:
        return f"topic {self.public_id} ({self.title})"


class Post(models.Model):
    """A post in a topic, numbered from 1 (the topic's first post is what its author wrote
    when they started it)."""

    class Removed(models.TextChoices):
        NO = "", "not removed"
        AUTHOR = "author", "by its author"
        MODERATOR = "moderator", "by a moderator"

    topic = models.ForeignKey(Topic, on_delete=models.CASCADE, related_name="posts")
    number = models.PositiveIntegerField()
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="forum_posts",
    )
    text = models.TextField(blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    edited_at = models.DateTimeField(null=True, blank=True)
    removed = models.CharField(max_length=10, choices=Removed.choices, blank=True, default="")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["topic", "number"], name="forum_post_number_once"),
        ]
        indexes = [
            models.Index(fields=["author", "-created_at"], name="forum_posts_by_author"),
        ]

    def __str__(self) -> str:
        return f"post {self.number} of {self.topic_id}"
