"""The moderators' API, under ``/api/moderation/`` (staff only), beside their pages
(``players.moderation``): the reports, one report with its context (its game's whole chat, the
player's earlier reports, what moderators did to them, their mute), the actions on a report
(warn, mute, unmute, close the account, dismiss: the pages' own ``act``, logged the same way),
and the log of everything moderators did."""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import ErrorSerializer
from community.errors import CommunityError
from community.models import ModerationAction, Report
from community.selectors import moderation_log, open_reports, report_payload
from players.api_community import body
from players.moderation import act, report_context

# The most entries a list answers (the newest).
LISTED = 200


class ModeratorsOnly(BasePermission):
    """Staff only: a visitor is asked to sign in (401), anyone else refused (403)."""

    message = gettext_lazy("Only moderators may do this.")

    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(request.user and request.user.is_authenticated and request.user.is_staff)


def action_payload(action: ModerationAction) -> dict[str, Any]:
    """Returns what a moderator did, as the API answers it."""
    return {
        "id": action.pk,
        "kind": action.kind,
        "user": action.user.username,
        "moderator": action.moderator.username if action.moderator else None,
        "report": action.report_id,
        "hours": action.hours,
        "note": action.note,
        "at": action.at.isoformat(),
    }


def listed_report(report: Report) -> dict[str, Any]:
    return {**report_payload(report), "reporter": report.reporter.username}


def report_found(report_id: int) -> Report:
    found = Report.objects.select_related("reporter", "user").filter(pk=report_id).first()
    if found is None:
        raise CommunityError(_("No such report."), status=404)
    return found


def detail(found: Report) -> dict[str, Any]:
    context = report_context(found)
    until = context["muted_until"]
    return {
        **listed_report(found),
        "chat": context["chat"],
        "messages": [
            {"text": line["text"], "at": line["at"].isoformat()}
            for line in context["private_messages"]
        ],
        "earlier": [listed_report(report) for report in context["earlier"]],
        "actions": [action_payload(action) for action in context["actions"]],
        "muted_until": until.isoformat() if until else None,
    }


REPORT_FIELDS = (
    "ModeratedReport",
    {
        "id": serializers.IntegerField(),
        "user": serializers.CharField(help_text="The player reported"),
        "reporter": serializers.CharField(),
        "reason": serializers.CharField(help_text="abuse, cheat, spam or other"),
        "text": serializers.CharField(),
        "game": serializers.CharField(allow_null=True),
        "state": serializers.CharField(help_text="open or closed"),
        "created_at": serializers.DateTimeField(),
    },
)
ACTION_FIELDS = (
    "ModerationAction",
    {
        "id": serializers.IntegerField(),
        "kind": serializers.CharField(help_text="warn, mute, unmute, close or dismiss"),
        "user": serializers.CharField(),
        "moderator": serializers.CharField(allow_null=True),
        "report": serializers.IntegerField(allow_null=True),
        "hours": serializers.IntegerField(allow_null=True, help_text="A mute's length"),
        "note": serializers.CharField(),
        "at": serializers.DateTimeField(),
    },
)
REFUSED = {
    401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
    403: OpenApiResponse(ErrorSerializer, description="Not a moderator."),
}


class ModerationReportsView(APIView):
    permission_classes = [ModeratorsOnly]

    @extend_schema(
        parameters=[OpenApiParameter("state", str, description="open (the default) or closed")],
        responses={200: inline_serializer(*REPORT_FIELDS, many=True), **REFUSED},
        summary="The reports, newest first (staff only)",
    )
    def get(self, request: Request) -> Response:
        state = request.query_params.get("state", Report.State.OPEN)
        if state not in Report.State.values:
            raise CommunityError(_("A report's state is open or closed."))
        return Response([listed_report(r) for r in open_reports(limit=LISTED, state=state)])


class ModerationReportView(APIView):
    permission_classes = [ModeratorsOnly]

    @extend_schema(
        responses={
            200: OpenApiResponse(
                description="The report, its game's whole chat, the player's latest "
                "private messages to the reporter, their earlier reports, what moderators did "
                "to them, muted_until"
            ),
            404: OpenApiResponse(ErrorSerializer, description="No such report."),
            **REFUSED,
        },
        summary="A report with its context (staff only)",
    )
    def get(self, request: Request, report_id: int) -> Response:
        return Response(detail(report_found(report_id)))

    @extend_schema(
        request=inline_serializer(
            "ModerationAct",
            {
                "action": serializers.CharField(
                    help_text="warn (a note needed), mute (hours 1-720), unmute, close "
                    "(confirm: true) or dismiss"
                ),
                "note": serializers.CharField(required=False),
                "hours": serializers.IntegerField(required=False),
                "confirm": serializers.BooleanField(required=False),
            },
        ),
        responses={
            200: inline_serializer("ModerationDone", {"message": serializers.CharField()}),
            400: OpenApiResponse(ErrorSerializer, description="A wrong action or value."),
            404: OpenApiResponse(ErrorSerializer, description="No such report."),
            **REFUSED,
        },
        summary="Act on a report: warn, mute, unmute, close the account, dismiss (staff only)",
    )
    def post(self, request: Request, report_id: int) -> Response:
        found = report_found(report_id)
        return Response({"message": act(request.user, found, body(request))})


class ModerationLogView(APIView):
    permission_classes = [ModeratorsOnly]

    @extend_schema(
        responses={200: inline_serializer(*ACTION_FIELDS, many=True), **REFUSED},
        summary="What moderators did, newest first (staff only)",
    )
    def get(self, request: Request) -> Response:
        return Response([action_payload(a) for a in moderation_log(limit=LISTED)])
