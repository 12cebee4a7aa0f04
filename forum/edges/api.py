"""The forum REST API: the forums, a forum's topics (and starting one), a topic's posts (and
replying), changing a topic's title, editing and removing a post, and the moderators' choices.
Thin, as the other apps' APIs: each view parses its body, calls one service and answers with a
read; a refusal is ``{"error": "<sentence>"}`` with its status."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import BasePermission, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from accounts.selectors import kid_mode
from common.throttle import AccountAndAddressThrottle, AddressThrottle
from forum.edges.serializers import (
    FORUM_ERRORS,
    ForumPageSerializer,
    ForumsSerializer,
    PostSerializer,
    PostWrite,
    SearchSerializer,
    TopicChangeBody,
    TopicCreate,
    TopicSerializer,
)
from forum.places import kid_refusal, place
from forum.reads import forum_page, forums_front, post_object, search, topic_object
from forum.schemas import TopicChange, TopicRequest, post_text, search_words
from forum.services import (
    post_edit,
    post_remove,
    post_reply,
    topic_by_id,
    topic_change,
    topic_create,
    topic_delete,
)
from games.edges.api import body
from teams.schemas import page_asked

PAGE = OpenApiParameter("page", int, description="The page, from 1")


class ForumThrottle(AccountAndAddressThrottle):
    """Topics and posts written, edited or removed, the moderators' choices
    (``THROTTLE_RATES``: ``forum_*``)."""

    scope = "forum"


class ForumSearchThrottle(AddressThrottle):
    """Forum searches, per address (``THROTTLE_RATES``: ``forum_search_address``)."""

    scope = "forum_search"


def viewer_id(request: Request) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


def page_of(request: Request) -> int:
    return page_asked(request.query_params.get("page"))


def the_topic(request: Request, topic_id: str, page: int = 1) -> dict:
    topic, where = topic_by_id(topic_id, request.user)
    return topic_object(topic, where, viewer_id(request), page)


class ForumOpen(BasePermission):
    """The forum is closed to a player in kid mode (``forum.places.kid_refusal``); the API's
    token is read by the view, after the pages' middleware (``forum.edges.kid_mode``) ran."""

    def has_permission(self, request: Request, view: APIView) -> bool:
        if kid_mode(request.user):
            raise PermissionDenied(kid_refusal().message)
        return True


class Writing(APIView):
    """Reads for anyone the forum lets in; changes signed in and throttled."""

    throttle_classes: list[type[BaseThrottle]] = [ForumThrottle]

    def get_permissions(self):
        signed_in = [] if self.request.method == "GET" else [IsAuthenticated()]
        return [*signed_in, ForumOpen()]


class ForumsView(APIView):
    permission_classes = [ForumOpen]

    @extend_schema(
        responses={200: ForumsSerializer},
        operation_id="forums_list",
        summary="The forums, the asker's teams' forums and the latest posts",
    )
    def get(self, request: Request) -> Response:
        return Response(forums_front(viewer_id(request)))


class ForumSearchView(APIView):
    permission_classes = [ForumOpen]
    throttle_classes: list[type[BaseThrottle]] = [ForumSearchThrottle]

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="The words looked for: 3 to 100 characters"),
            PAGE,
        ],
        responses={200: SearchSerializer, 400: FORUM_ERRORS[400]},
        summary="Search the site's forums and the asker's teams': topics by title, posts by text",
    )
    def get(self, request: Request) -> Response:
        words = search_words(request.query_params.get("q", ""))
        return Response(search(words, page_of(request), viewer_id(request)))


class ForumView(Writing):
    @extend_schema(
        parameters=[PAGE],
        responses={200: ForumPageSerializer, **FORUM_ERRORS},
        summary="A forum's topics, pinned first, then the latest written to",
    )
    def get(self, request: Request, slug: str) -> Response:
        return Response(forum_page(place(slug, request.user), page_of(request)))

    @extend_schema(
        request=TopicCreate,
        responses={201: TopicSerializer, **FORUM_ERRORS},
        summary="Start a topic (10 a day)",
    )
    def post(self, request: Request, slug: str) -> Response:
        topic = topic_create(
            user=request.user, slug=slug, asked=TopicRequest.from_body(body(request))
        )
        return Response(the_topic(request, topic.public_id), status=status.HTTP_201_CREATED)


class TopicView(Writing):
    @extend_schema(
        parameters=[PAGE],
        responses={200: TopicSerializer, **FORUM_ERRORS},
        summary="A topic with a page of its posts",
    )
    def get(self, request: Request, topic_id: str) -> Response:
        return Response(the_topic(request, topic_id, page_of(request)))

    @extend_schema(
        request=PostWrite,
        responses={201: PostSerializer, **FORUM_ERRORS},
        summary="Reply: a post at the end of an open topic",
    )
    def post(self, request: Request, topic_id: str) -> Response:
        text = post_text(body(request).get("text"))
        post = post_reply(user=request.user, topic_id=topic_id, text=text)
        return Response(post_object(post, request.user.pk), status=status.HTTP_201_CREATED)

    @extend_schema(
        request=TopicChangeBody,
        responses={200: TopicSerializer, **FORUM_ERRORS},
        summary="Change a topic's title (its author, or a moderator); close or open it, pin "
        "or unpin it (a moderator)",
    )
    def patch(self, request: Request, topic_id: str) -> Response:
        change = TopicChange.from_body(body(request))
        topic_change(user=request.user, topic_id=topic_id, change=change)
        return Response(the_topic(request, topic_id))

    @extend_schema(
        request=None,
        responses={204: None, **FORUM_ERRORS},
        summary="Delete a topic and its posts (a moderator)",
    )
    def delete(self, request: Request, topic_id: str) -> Response:
        topic_delete(user=request.user, topic_id=topic_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class PostView(Writing):
    @extend_schema(
        request=PostWrite,
        responses={200: PostSerializer, **FORUM_ERRORS},
        summary="Edit one's own post, while its topic is open",
    )
    def patch(self, request: Request, post_id: int) -> Response:
        text = post_text(body(request).get("text"))
        post = post_edit(user=request.user, post_id=post_id, text=text)
        return Response(post_object(post, request.user.pk))

    @extend_schema(
        request=None,
        responses={200: PostSerializer, **FORUM_ERRORS},
        summary="Remove a post: one's own, or any in a forum one moderates",
    )
    def delete(self, request: Request, post_id: int) -> Response:
        post = post_remove(user=request.user, post_id=post_id)
        return Response(post_object(post, request.user.pk))
