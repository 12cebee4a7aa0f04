"""The inbox's API, under ``/api/inbox/``: the signed-in player's conversations, one
conversation's messages, writing a message, marking a conversation read and deleting it for
oneself (``community.inbox``). Every message is counted against its writer's budget before
any work (``message_account``), and a first message to a player against a smaller one
(``conversation_account``)."""

from datetime import datetime
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import ErrorSerializer
from accounts.models import User
from accounts.selectors import any_user
from community import inbox
from community.errors import CommunityError
from community.models import MAX_MESSAGE_CHARS
from players.api_community import NO_USER, NOT_SIGNED_IN, TOO_MANY, body, spend, user_named

MESSAGE = inline_serializer(
    "PrivateMessage",
    {
        "id": serializers.IntegerField(),
        "from": serializers.CharField(help_text="Its writer's name"),
        "to": serializers.CharField(help_text="Its reader's name"),
        "text": serializers.CharField(),
        "at": serializers.DateTimeField(),
    },
)
INBOX = inline_serializer(
    "Inbox",
    {
        "unread": serializers.IntegerField(help_text="Messages you have not read, in all"),
        "conversations": inline_serializer(
            "ConversationSummary",
            {
                "with": serializers.CharField(help_text="The other player's name"),
                "text": serializers.CharField(help_text="The start of the latest message"),
                "from_me": serializers.BooleanField(help_text="You wrote the latest message"),
                "at": serializers.DateTimeField(help_text="When the latest was written"),
                "unread": serializers.IntegerField(help_text="Theirs you have not read"),
            },
            many=True,
        ),
        "older": serializers.DateTimeField(
            allow_null=True, help_text="The `before` of the next, older page; null on the last"
        ),
    },
)
CONVERSATION = inline_serializer(
    "Conversation",
    {
        "with": serializers.CharField(help_text="The other player's name"),
        "unread": serializers.IntegerField(help_text="Theirs you have not read"),
        "messages": inline_serializer(
            "ConversationMessage",
            {
                "id": serializers.IntegerField(),
                "from": serializers.CharField(),
                "text": serializers.CharField(),
                "at": serializers.DateTimeField(),
            },
            many=True,
        ),
        "more": serializers.BooleanField(help_text="Whether older messages are left"),
    },
)
UNREAD = inline_serializer("Unread", {"unread": serializers.IntegerField()})
MESSAGE_WRITE = inline_serializer(
    "MessageWrite", {"text": serializers.CharField(max_length=MAX_MESSAGE_CHARS)}
)


def reader_named(username: Any) -> User:
    """The player a conversation is with: any account of that name, a closed one included (its
    messages stay readable under its new name)."""
    found = any_user(username) if isinstance(username, str) and len(username) <= 150 else None
    if found is None:
        raise CommunityError(
            _("No user is called %(username)s.") % {"username": username}, status=404
        )
    return found


def before_id(value: Any) -> int | None:
    """``?before=`` a message's id (absent: the latest page), or refused."""
    if value in (None, ""):
        return None
    if not isinstance(value, str) or len(value) > 18 or not (value.isascii() and value.isdigit()):
        raise CommunityError(_("before is the id of a message."))
    return int(value)


def before_moment(value: Any) -> datetime | None:
    """``?before=`` a moment as the inbox's ``older`` gives it (absent: the latest page), or
    refused."""
    if value in (None, ""):
        return None
    try:
        moment = datetime.fromisoformat(value) if len(value) <= 40 else None
    except (TypeError, ValueError):
        moment = None
    if moment is None or moment.tzinfo is None:
        raise CommunityError(_("before is a moment, as the inbox's older gives it."))
    return moment


class InboxView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter("before", str, description="The page older than this (`older`)")
        ],
        responses={200: INBOX, 400: ErrorSerializer, 401: NOT_SIGNED_IN},
        summary="Your conversations, the latest message first, 50 a page",
    )
    def get(self, request: Request) -> Response:
        page = inbox.inbox(request.user, before_moment(request.query_params.get("before")))
        return Response({"unread": inbox.unread_count(request.user.pk), **page})


class ConversationView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[OpenApiParameter("before", int, description="Older than this message")],
        responses={200: CONVERSATION, 400: ErrorSerializer, 401: NOT_SIGNED_IN, 404: NO_USER},
        summary="Your conversation with a player, a page of messages",
        operation_id="inbox_conversation_retrieve",
    )
    def get(self, request: Request, username: str) -> Response:
        other = reader_named(username)
        return Response(
            inbox.messages(request.user, other, before_id(request.query_params.get("before")))
        )

    @extend_schema(
        request=MESSAGE_WRITE,
        responses={
            201: MESSAGE,
            400: OpenApiResponse(ErrorSerializer, description="Refused, saying why."),
            401: NOT_SIGNED_IN,
            403: OpenApiResponse(ErrorSerializer, description="A block, or a muted writer."),
            404: NO_USER,
            429: TOO_MANY,
        },
        summary="Write to a player",
        operation_id="inbox_conversation_create",
        description=f"`{{text}}`: 1 to {MAX_MESSAGE_CHARS:,} characters, line breaks kept. "
        "Refused to yourself, between players in a block and to a muted writer.",
    )
    def post(self, request: Request, username: str) -> Response:
        other = user_named(username)
        spend(request, "message_account")
        if inbox.conversation_between(request.user, other) is None:
            spend(request, "conversation_account")
        message = inbox.send_message(
            sender=request.user, recipient=other, text=body(request).get("text")
        )
        return Response(message, status=status.HTTP_201_CREATED)

    @extend_schema(
        responses={204: None, 401: NOT_SIGNED_IN, 404: NO_USER},
        summary="Delete the conversation from your inbox (theirs keeps it)",
        operation_id="inbox_conversation_destroy",
    )
    def delete(self, request: Request, username: str) -> Response:
        inbox.clear(user=request.user, other=reader_named(username))
        return Response(status=status.HTTP_204_NO_CONTENT)


class ConversationReadView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={200: UNREAD, 401: NOT_SIGNED_IN, 404: NO_USER},
        summary="Mark the conversation read; answers your unread count",
    )
    def post(self, request: Request, username: str) -> Response:
        unread = inbox.mark_read(user=request.user, other=reader_named(username))
        return Response({"unread": unread})
