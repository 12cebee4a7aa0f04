"""The tournaments REST API: list and make tournaments, one tournament with its standings, join
and withdraw. Thin, as the games API: each view parses its body by its schema, calls one
service and answers with a read; a refusal is ``{"error": "<sentence>"}`` with its status."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from common.throttle import AccountAndAddressThrottle
from games.domain.errors import ErrorCode, GameError
from games.edges.api import body
from tournaments.edges.serializers import (
    TOURNAMENT_ERRORS,
    TournamentCreate,
    TournamentSerializer,
    TournamentSummarySerializer,
)
from tournaments.models import Tournament
from tournaments.reads import (
    Snapshot,
    own_line,
    payload,
    snapshot,
    snapshot_cached,
    tournament_list,
)
from tournaments.schemas import TournamentRequest
from tournaments.services.entries import (
    tournament_create,
    tournament_join,
    tournament_withdraw,
)


def answer(snap: Snapshot, request: Request) -> dict:
    """Returns the tournament's object for the caller: every line of its standings, and the
    caller's own (``me``, null signed out or not joined)."""
    user_id = request.user.pk if request.user.is_authenticated else None
    return {**payload(snap), "me": own_line(snap, user_id)}


class TournamentThrottle(AccountAndAddressThrottle):
    """Making, joining and leaving tournaments (``THROTTLE_RATES``: ``tournament_*``)."""

    scope = "tournament"


class TournamentListView(APIView):
    throttle_classes: list[type[BaseThrottle]] = [TournamentThrottle]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else []

    @extend_schema(
        parameters=[OpenApiParameter("status", str, enum=Tournament.Status.values)],
        responses={200: TournamentSummarySerializer(many=True), **TOURNAMENT_ERRORS},
        summary="Tournaments: starting soon, running and finished",
        description="At most 50 of each status: those starting soonest, running longest, "
        "finished last. Without `status`, all three in that order.",
    )
    def get(self, request: Request) -> Response:
        wanted = request.query_params.get("status") or None
        if wanted is not None and wanted not in Tournament.Status.values:
            raise GameError(
                ErrorCode.BAD_REQUEST, _("status is one of created, started or finished.")
            )
        return Response(tournament_list(wanted))

    @extend_schema(
        request=TournamentCreate,
        responses={201: TournamentSerializer, **TOURNAMENT_ERRORS},
        summary="Make a tournament (at most three not finished)",
        description="An arena takes `minutes` (10 to 720), a Swiss `rounds` (3 to 15). It "
        "starts at `starts_at` (now at the earliest, at most 30 days ahead).",
    )
    def post(self, request: Request) -> Response:
        asked = TournamentRequest.from_body(body(request))
        tournament = tournament_create(user=request.user, asked=asked)
        return Response(answer(snapshot(tournament), request), status=status.HTTP_201_CREATED)


class TournamentDetailView(APIView):
    @extend_schema(
        responses={200: TournamentSerializer, **TOURNAMENT_ERRORS},
        summary="A tournament with its standings (read at most a second ago)",
    )
    def get(self, request: Request, tournament_id: str) -> Response:
        return Response(answer(snapshot_cached(tournament_id), request))


class TournamentJoinView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes: list[type[BaseThrottle]] = [TournamentThrottle]

    @extend_schema(
        request=None,
        responses={200: TournamentSerializer, **TOURNAMENT_ERRORS},
        summary="Join a tournament, or join it again after withdrawing",
        description="A Swiss takes new players until its second round is paired.",
    )
    def post(self, request: Request, tournament_id: str) -> Response:
        tournament = tournament_join(public_id=tournament_id, user=request.user)
        return Response(answer(snapshot(tournament), request))


class TournamentWithdrawView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes: list[type[BaseThrottle]] = [TournamentThrottle]

    @extend_schema(
        request=None,
        responses={200: TournamentSerializer, **TOURNAMENT_ERRORS},
        summary="Withdraw from a tournament: paired no more (a game being played goes on)",
    )
    def post(self, request: Request, tournament_id: str) -> Response:
        tournament = tournament_withdraw(public_id=tournament_id, user=request.user)
        return Response(answer(snapshot(tournament), request))
