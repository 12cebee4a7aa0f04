"""The studies API: studies listed, made, read, renamed, shared and deleted; their chapters
added (a game from a position, a text's games, a game of the archive), read, renamed and
deleted; a chapter's tree changed one step at a time; contributors added and taken off. Thin,
as the games API: one service a view; a refusal is ``{"error": "<sentence>"}``. Every call of an
address counts against ``THROTTLE_RATES["study_address"]``."""

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.throttle import AddressThrottle
from games.edges.api import body
from games.edges.api_archive import text_response
from studies.edges.serializers import (
    STUDY_ERRORS,
    ChangeRequest,
    ChangeSerializer,
    ChapterSerializer,
    ChapterUpdateRequest,
    MembersRequest,
    MembersSerializer,
    NewChaptersRequest,
    NewChaptersSerializer,
    NewStudyRequest,
    StudyListSerializer,
    StudySerializer,
    StudyUpdateRequest,
)
from studies.services import (
    chapter_change,
    chapter_create,
    chapter_delete,
    chapter_line,
    chapter_lines,
    chapter_of,
    chapter_payload,
    chapter_update,
    member_add,
    member_remove,
    public_studies,
    studies_of,
    study_create,
    study_delete,
    study_payload,
    study_text,
    study_update,
    viewable,
)


class StudyThrottle(AddressThrottle):
    """Every studies call of one address (``THROTTLE_RATES``: ``study_address``)."""

    scope = "study"


class StudiesView(APIView):
    throttle_classes = [StudyThrottle]

    @extend_schema(
        responses={200: StudyListSerializer},
        operation_id="studies_list",
        summary="The latest public studies, and yours",
    )
    def get(self, request: Request) -> Response:
        mine = studies_of(request.user.pk) if request.user.is_authenticated else []
        return Response({"public": public_studies(), "mine": mine})

    @extend_schema(
        request=NewStudyRequest,
        responses={201: StudySerializer, 400: STUDY_ERRORS[400], 403: STUDY_ERRORS[403]},
        summary="Make a study, with its first chapters",
        description="Signed in. Its first chapter is a game from a position (`variant`, "
        "`fen`), or one chapter for each game of a PGN/PDN `text`, or a finished `game`.",
    )
    def post(self, request: Request) -> Response:
        study = study_create(request.user.pk, body(request))
        return Response(study_payload(study, request.user.pk), status=201)


class StudyView(APIView):
    throttle_classes = [StudyThrottle]

    @extend_schema(responses={200: StudySerializer, 404: STUDY_ERRORS[404]}, summary="A study")
    def get(self, request: Request, study_id: str) -> Response:
        return Response(study_payload(viewable(study_id, request.user.pk), request.user.pk))

    @extend_schema(
        request=StudyUpdateRequest,
        responses={200: StudySerializer, **STUDY_ERRORS},
        summary="Rename a study or change who may see it (its owner)",
    )
    def patch(self, request: Request, study_id: str) -> Response:
        study = study_update(request.user.pk, study_id, body(request))
        return Response(study_payload(study, request.user.pk))

    @extend_schema(
        responses={204: None, 403: STUDY_ERRORS[403], 404: STUDY_ERRORS[404]},
        summary="Delete a study (its owner)",
    )
    def delete(self, request: Request, study_id: str) -> Response:
        study_delete(request.user.pk, study_id)
        return Response(status=204)


class StudyTextView(APIView):
    throttle_classes = [StudyThrottle]

    @extend_schema(
        responses={(200, "text/plain"): OpenApiTypes.STR, 404: STUDY_ERRORS[404]},
        parameters=[
            OpenApiParameter("download", bool, description="as an attachment (a file to save)"),
            OpenApiParameter("chapter", str, description="one chapter only"),
        ],
        operation_id="study_text",
        summary="A study as PGN/PDN text: a game for each chapter, with its lines and comments",
    )
    def get(self, request: Request, study_id: str) -> HttpResponse:
        study = viewable(study_id, request.user.pk)
        chapter = request.query_params.get("chapter")
        chapters = [chapter_of(study, chapter)] if chapter else None
        filename = f"study-{study.public_id}.pgn" if request.query_params.get("download") else None
        return text_response(study_text(study, chapters), filename)


class ChaptersView(APIView):
    throttle_classes = [StudyThrottle]

    @extend_schema(
        request=NewChaptersRequest,
        responses={201: NewChaptersSerializer, **STUDY_ERRORS},
        summary="Add chapters to a study (its owner or a contributor)",
    )
    def post(self, request: Request, study_id: str) -> Response:
        added = chapter_create(request.user.pk, study_id, body(request))
        study = viewable(study_id, request.user.pk)
        answer = {"added": [chapter_line(c) for c in added], "chapters": chapter_lines(study)}
        return Response(answer, status=201)


class ChapterView(APIView):
    throttle_classes = [StudyThrottle]

    @extend_schema(
        responses={200: ChapterSerializer, 404: STUDY_ERRORS[404]},
        summary="A chapter: its game, start, revision and tree of moves",
    )
    def get(self, request: Request, study_id: str, chapter_id: str) -> Response:
        study = viewable(study_id, request.user.pk)
        return Response(chapter_payload(chapter_of(study, chapter_id)))

    @extend_schema(
        request=ChapterUpdateRequest,
        responses={200: ChapterSerializer, **STUDY_ERRORS},
        summary="Rename a chapter",
    )
    def patch(self, request: Request, study_id: str, chapter_id: str) -> Response:
        chapter = chapter_update(request.user.pk, study_id, chapter_id, body(request))
        return Response(chapter_payload(chapter))

    @extend_schema(
        responses={204: None, **STUDY_ERRORS}, summary="Delete a chapter (a study keeps one)"
    )
    def delete(self, request: Request, study_id: str, chapter_id: str) -> Response:
        chapter_delete(request.user.pk, study_id, chapter_id)
        return Response(status=204)


class ChangeView(APIView):
    throttle_classes = [StudyThrottle]

    @extend_schema(
        request=ChangeRequest,
        responses={200: ChangeSerializer, **STUDY_ERRORS},
        summary="Change a chapter's tree: play a move, delete or promote a line, note a move",
    )
    def post(self, request: Request, study_id: str, chapter_id: str) -> Response:
        return Response(chapter_change(request.user.pk, study_id, chapter_id, body(request)))


class MembersView(APIView):
    throttle_classes = [StudyThrottle]

    @extend_schema(
        request=MembersRequest,
        responses={200: MembersSerializer, **STUDY_ERRORS},
        summary="Let a player edit the study (its owner)",
    )
    def post(self, request: Request, study_id: str) -> Response:
        members = member_add(request.user.pk, study_id, body(request).get("username"))
        return Response({"members": members})


class MemberView(APIView):
    throttle_classes = [StudyThrottle]

    @extend_schema(
        responses={200: MembersSerializer, **STUDY_ERRORS},
        summary="Take a contributor off (the owner; a contributor themself)",
    )
    def delete(self, request: Request, study_id: str, username: str) -> Response:
        return Response({"members": member_remove(request.user.pk, study_id, username)})
