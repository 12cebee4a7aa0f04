"""The shapes of the forum API's bodies and answers, for the OpenAPI schema (``/api/schema/``).
Answers are built by ``forum.reads``; a test holds real ones against these. The bodies are
declared once (``forum.schemas``)."""

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from forum.schemas import REPLY, TOPIC, TOPIC_EDIT
from games.edges.serializers import ErrorSerializer, request_serializer

FORUM_ERRORS = {
    400: OpenApiResponse(
        ErrorSerializer, description="A bad title or text, or a step the forum refuses."
    ),
    401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
    403: OpenApiResponse(
        ErrorSerializer,
        description="A team's forum to a stranger, a muted player, or not the forum's "
        "moderator or the post's or topic's author.",
    ),
    404: OpenApiResponse(ErrorSerializer, description="No such forum, topic or post."),
}

TopicCreate = request_serializer(TOPIC)
PostWrite = request_serializer(REPLY)
TopicChangeBody = request_serializer(TOPIC_EDIT)


class LatestSerializer(serializers.Serializer):
    topic = serializers.CharField(help_text="The topic's id")
    title = serializers.CharField()
    author = serializers.CharField(allow_null=True, help_text="Who wrote its latest post")
    at = serializers.DateTimeField()
    url = serializers.CharField(help_text="The latest post's address")


class ForumSummarySerializer(serializers.Serializer):
    slug = serializers.CharField(help_text="The forum's id: a category's, or team-<team id>")
    name = serializers.CharField()
    text = serializers.CharField(help_text="What it is for")
    team = serializers.CharField(allow_null=True, help_text="A team's forum: the team's id")
    topics = serializers.IntegerField()
    posts = serializers.IntegerField()
    last = LatestSerializer(allow_null=True, help_text="The topic written to last")
    url = serializers.CharField(help_text="Its page")


class PostSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    number = serializers.IntegerField(help_text="Its place in the topic, from 1")
    author = serializers.CharField(allow_null=True)
    text = serializers.CharField(help_text="Empty when removed")
    created_at = serializers.DateTimeField()
    edited_at = serializers.DateTimeField(allow_null=True)
    removed = serializers.ChoiceField(
        choices=["author", "moderator"], allow_null=True, help_text="Who removed it, if anyone"
    )
    mine = serializers.BooleanField(help_text="Whether the one asking wrote it")


class LatestPostSerializer(PostSerializer):
    topic = serializers.CharField()
    title = serializers.CharField()
    url = serializers.CharField()


class ForumsSerializer(serializers.Serializer):
    forums = ForumSummarySerializer(many=True, help_text="The site's forums, in their order")
    teams = ForumSummarySerializer(many=True, help_text="The forums of the asker's teams")
    latest = LatestPostSerializer(many=True, help_text="The latest posts in the site's forums")


class TopicSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    title = serializers.CharField()
    author = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    posts = serializers.IntegerField()
    last_author = serializers.CharField(allow_null=True)
    last_post_at = serializers.DateTimeField()
    closed = serializers.BooleanField(help_text="Closed to replies")
    sticky = serializers.BooleanField(help_text="Pinned above the others")
    pages = serializers.IntegerField(help_text="Its pages of posts, 20 a page")
    url = serializers.CharField()
    last_url = serializers.CharField(help_text="Its latest post's address")


class ForumViewerSerializer(serializers.Serializer):
    may_write = serializers.BooleanField()
    moderates = serializers.BooleanField()


class ForumPageSerializer(serializers.Serializer):
    forum = ForumSummarySerializer()
    topics = TopicSummarySerializer(
        many=True, help_text="30 a page: pinned first, then the latest written to"
    )
    page = serializers.IntegerField()
    more = serializers.BooleanField(help_text="Whether another page follows")
    viewer = ForumViewerSerializer(help_text="What the one asking may do")


class TopicForumSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    team = serializers.CharField(allow_null=True)


class TopicViewerSerializer(serializers.Serializer):
    may_reply = serializers.BooleanField()
    moderates = serializers.BooleanField()
    may_retitle = serializers.BooleanField(help_text="Whether they may change its title")


class TopicSerializer(TopicSummarySerializer):
    forum = TopicForumSerializer()
    posts_shown = PostSerializer(many=True, help_text="The page's posts, by number")
    page = serializers.IntegerField(help_text="A page past the last reads as the last")
    viewer = TopicViewerSerializer(help_text="What the one asking may do")


class SearchSerializer(serializers.Serializer):
    query = serializers.CharField(help_text="The words looked for")
    topics = TopicSummarySerializer(
        many=True, help_text="On the first page: at most 10 topics whose title holds them"
    )
    posts = LatestPostSerializer(many=True, help_text="20 a page, the latest first")
    page = serializers.IntegerField()
    more = serializers.BooleanField(help_text="Whether another page of posts follows")
