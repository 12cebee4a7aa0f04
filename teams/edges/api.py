"""The teams REST API: list, search and make teams, read one, join it (or ask to) and leave it;
the leaders' choices (what it says, who joins, who leads, who is removed). Thin, as the games
API: each view parses its body, calls one service and answers with a read; a refusal is
``{"error": "<sentence>"}`` with its status."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from accounts.models import User
from common.throttle import AccountAndAddressThrottle
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import yes_or_no
from games.edges.api import body
from teams.edges.serializers import (
    TEAM_ERRORS,
    JoinedSerializer,
    PlayersTeamsSerializer,
    TeamAnswer,
    TeamCreate,
    TeamEdit,
    TeamJoin,
    TeamLeader,
    TeamListSerializer,
    TeamSerializer,
)
from teams.reads import team_list, team_object, teams_of
from teams.schemas import TeamRequest, ask_text, page_asked
from teams.services import (
    team_answer,
    team_by_id,
    team_create,
    team_edit,
    team_join,
    team_leave,
    team_remove,
    team_set_leader,
)

PAGE = OpenApiParameter("page", int, description="The page, from 1")


class TeamThrottle(AccountAndAddressThrottle):
    """Making teams, joining and leaving, the leaders' choices (``THROTTLE_RATES``:
    ``team_*``)."""

    scope = "team"


def required_yes_or_no(request: Request, field: str) -> bool:
    """Returns the body's true or false ``field``, which must be given."""
    value = body(request).get(field)
    if value is None:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("Say `%(field)s`: true or false.") % {"field": field}
        )
    return yes_or_no(value, field)


def viewer_id(request: Request) -> int | None:
    return request.user.pk if request.user.is_authenticated else None


def the_team(request: Request, team_id: str) -> dict:
    return team_object(
        team_by_id(team_id), viewer_id(request), page_asked(request.query_params.get("page"))
    )


class Acting(APIView):
    """A team's changes: signed in, throttled."""

    permission_classes = [IsAuthenticated]
    throttle_classes: list[type[BaseThrottle]] = [TeamThrottle]


class TeamListView(APIView):
    throttle_classes: list[type[BaseThrottle]] = [TeamThrottle]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else []

    @extend_schema(
        parameters=[
            OpenApiParameter("q", str, description="Only teams whose name holds this"),
            PAGE,
        ],
        responses={200: TeamListSerializer},
        operation_id="teams_list",
        summary="Teams, the largest first",
    )
    def get(self, request: Request) -> Response:
        return Response(
            team_list(
                request.query_params.get("q", ""), page_asked(request.query_params.get("page"))
            )
        )

    @extend_schema(
        request=TeamCreate,
        responses={201: TeamSerializer, **TEAM_ERRORS},
        summary="Make a team (its maker leads it)",
    )
    def post(self, request: Request) -> Response:
        team = team_create(user=request.user, asked=TeamRequest.from_body(body(request)))
        return Response(team_object(team, request.user.pk), status=status.HTTP_201_CREATED)


class PlayersTeamsView(APIView):
    @extend_schema(
        responses={200: PlayersTeamsSerializer, 404: TEAM_ERRORS[404]},
        summary="A player's teams, the largest first",
    )
    def get(self, request: Request, username: str) -> Response:
        user = User.objects.filter(username=username[:150], is_active=True).first()
        if user is None:
            raise GameError(ErrorCode.NOT_FOUND, _("There is no such player."))
        return Response({"teams": teams_of(user.pk)})


class TeamDetailView(APIView):
    throttle_classes: list[type[BaseThrottle]] = [TeamThrottle]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "PATCH" else []

    @extend_schema(
        parameters=[PAGE],
        responses={200: TeamSerializer, **TEAM_ERRORS},
        summary="A team: its leaders, a page of its members, and for a leader the asks",
    )
    def get(self, request: Request, team_id: str) -> Response:
        return Response(the_team(request, team_id))

    @extend_schema(
        request=TeamEdit,
        responses={200: TeamSerializer, **TEAM_ERRORS},
        summary="Change what a team says or whether it is open (a leader)",
    )
    def patch(self, request: Request, team_id: str) -> Response:
        team_edit(
            public_id=team_id, leader=request.user, asked=TeamRequest.edit_from_body(body(request))
        )
        return Response(the_team(request, team_id))


class TeamJoinView(Acting):
    @extend_schema(
        request=TeamJoin,
        responses={200: JoinedSerializer, **TEAM_ERRORS},
        summary="Join an open team, or ask a closed one's leaders",
    )
    def post(self, request: Request, team_id: str) -> Response:
        result = team_join(
            public_id=team_id, user=request.user, text=ask_text(body(request).get("text"))
        )
        return Response({"result": result, "team": the_team(request, team_id)})


class TeamLeaveView(Acting):
    @extend_schema(
        request=None,
        responses={204: None, **TEAM_ERRORS},
        summary="Leave a team, or take back an ask to join it",
        description="The last leader makes another member a leader first; the last member's "
        "leaving ends the team.",
    )
    def post(self, request: Request, team_id: str) -> Response:
        team_leave(public_id=team_id, user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class TeamAskView(Acting):
    @extend_schema(
        request=TeamAnswer,
        responses={200: TeamSerializer, **TEAM_ERRORS},
        summary="Answer a player's ask to join (a leader)",
    )
    def post(self, request: Request, team_id: str, username: str) -> Response:
        accept = required_yes_or_no(request, "accept")
        team_answer(public_id=team_id, leader=request.user, username=username, accept=accept)
        return Response(the_team(request, team_id))


class TeamMemberView(Acting):
    @extend_schema(
        request=TeamLeader,
        responses={200: TeamSerializer, **TEAM_ERRORS},
        summary="Make a member a leader, or a leader a member again (a leader)",
    )
    def post(self, request: Request, team_id: str, username: str) -> Response:
        leads = required_yes_or_no(request, "leader")
        team_set_leader(public_id=team_id, leader=request.user, username=username, leads=leads)
        return Response(the_team(request, team_id))

    @extend_schema(
        responses={200: TeamSerializer, **TEAM_ERRORS},
        summary="Take a member out of the team (a leader)",
    )
    def delete(self, request: Request, team_id: str, username: str) -> Response:
        team_remove(public_id=team_id, leader=request.user, username=username)
        return Response(the_team(request, team_id))
