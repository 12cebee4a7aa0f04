"""A player's notices: the page (``/notices/``, the bell beside the account menu) and the API
(``/api/notices/``). Opening the page reads them all; the API reads them and marks them read
apart (``community.notices``)."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from community.models import Notice
from community.notices import notices_of, notices_read, unread_notices

NOTICES = inline_serializer(
    "Notices",
    {
        "unread": serializers.IntegerField(help_text="Notices not read yet, in all"),
        "notices": inline_serializer(
            "Notice",
            {
                "id": serializers.IntegerField(),
                "kind": serializers.ChoiceField(choices=Notice.Kind.values),
                "data": serializers.DictField(
                    help_text="What the notice names: forum_reply and forum_mention "
                    "{topic, title, from, url}; "
                    "team_answer {team, name, accepted}; report_acted {username}; "
                    "team_tournament {tournament, name, team, team_name, starts_at, url}"
                ),
                "created_at": serializers.DateTimeField(),
                "read": serializers.BooleanField(),
            },
            many=True,
        ),
    },
)


@login_required
def notices_page(request: HttpRequest) -> HttpResponse:
    """The player's newest notices, newest first; the ones not read yet marked, then read."""
    shown = notices_of(request.user.pk)
    notices_read(request.user.pk)
    return render(request, "players/notices.html", {"notices": shown, "notices_unread": 0})


class NoticesView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: NOTICES},
        summary="Your newest notices (50), newest first, and how many are unread",
    )
    def get(self, request: Request) -> Response:
        user = request.user.pk
        return Response({"unread": unread_notices(user), "notices": notices_of(user)})


class NoticesReadView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={204: None}, summary="Mark every notice read")
    def post(self, request: Request) -> Response:
        notices_read(request.user.pk)
        return Response(status=status.HTTP_204_NO_CONTENT)
