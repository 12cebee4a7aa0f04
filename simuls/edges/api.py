"""The simuls REST API: list and make simuls, read one, ask to play and take it back; the
host's choices (accept, turn down, start, call off) and their next board. Thin, as the games
API: each view parses its body, calls one service and answers with a read; a refusal is
``{"error": "<sentence>"}`` with its status."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import BaseThrottle
from rest_framework.views import APIView

from common.throttle import AccountAndAddressThrottle
from games.edges.api import body
from simuls.edges.serializers import (
    SIMUL_ERRORS,
    AcceptRequest,
    NextBoardSerializer,
    PlayerRequest,
    SimulCreate,
    SimulListSerializer,
    SimulSerializer,
)
from simuls.reads import simul_list, simul_object, simul_payload
from simuls.schemas import SimulRequest
from simuls.services import (
    next_board,
    simul_accept,
    simul_cancel,
    simul_create,
    simul_join,
    simul_remove,
    simul_start,
    simul_withdraw,
)


class SimulThrottle(AccountAndAddressThrottle):
    """Making simuls, asking to play and the host's choices (``THROTTLE_RATES``: ``simul_*``)."""

    scope = "simul"


class Acting(APIView):
    """A simul's changes: signed in, throttled."""

    permission_classes = [IsAuthenticated]
    throttle_classes: list[type[BaseThrottle]] = [SimulThrottle]


class SimulListView(APIView):
    throttle_classes: list[type[BaseThrottle]] = [SimulThrottle]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else []

    @extend_schema(
        responses={200: SimulListSerializer},
        operation_id="simuls_list",
        summary="Simuls: taking players, being played and finished",
    )
    def get(self, request: Request) -> Response:
        return Response(simul_list())

    @extend_schema(
        request=SimulCreate,
        responses={201: SimulSerializer, **SIMUL_ERRORS},
        summary="Host a simul (one at a time)",
        description="Its games are casual, in one game and clock; the host may give themselves "
        "extra minutes on every board.",
    )
    def post(self, request: Request) -> Response:
        asked = SimulRequest.from_body(body(request))
        simul = simul_create(host=request.user, asked=asked)
        return Response(simul_payload(simul), status=status.HTTP_201_CREATED)


class SimulDetailView(APIView):
    throttle_classes: list[type[BaseThrottle]] = [SimulThrottle]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "DELETE" else []

    @extend_schema(
        responses={200: SimulSerializer, **SIMUL_ERRORS},
        summary="A simul: who asked to play, or its boards and score",
    )
    def get(self, request: Request, simul_id: str) -> Response:
        return Response(simul_object(simul_id))

    @extend_schema(
        responses={204: None, **SIMUL_ERRORS},
        summary="Call a simul off (its host, before it starts)",
    )
    def delete(self, request: Request, simul_id: str) -> Response:
        simul_cancel(public_id=simul_id, host=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)


class SimulJoinView(Acting):
    @extend_schema(
        request=None,
        responses={200: SimulSerializer, **SIMUL_ERRORS},
        summary="Ask to play in a simul (its host accepts or not)",
    )
    def post(self, request: Request, simul_id: str) -> Response:
        return Response(simul_payload(simul_join(public_id=simul_id, user=request.user)))


class SimulWithdrawView(Acting):
    @extend_schema(
        request=None,
        responses={200: SimulSerializer, **SIMUL_ERRORS},
        summary="Take back asking to play, before the simul starts",
    )
    def post(self, request: Request, simul_id: str) -> Response:
        return Response(simul_payload(simul_withdraw(public_id=simul_id, user=request.user)))


class SimulAcceptView(Acting):
    @extend_schema(
        request=AcceptRequest,
        responses={200: SimulSerializer, **SIMUL_ERRORS},
        summary="Accept a player who asked, or take it back (the host)",
    )
    def post(self, request: Request, simul_id: str) -> Response:
        data = body(request)
        accepted = data.get("accepted", True)
        simul = simul_accept(
            public_id=simul_id,
            host=request.user,
            username=data.get("user"),
            accepted=accepted is not False,
        )
        return Response(simul_payload(simul))


class SimulRemoveView(Acting):
    @extend_schema(
        request=PlayerRequest,
        responses={200: SimulSerializer, **SIMUL_ERRORS},
        summary="Turn down a player who asked (the host)",
    )
    def post(self, request: Request, simul_id: str) -> Response:
        username = body(request).get("user")
        simul = simul_remove(public_id=simul_id, host=request.user, username=username)
        return Response(simul_payload(simul))


class SimulStartView(Acting):
    @extend_schema(
        request=None,
        responses={200: SimulSerializer, **SIMUL_ERRORS},
        summary="Start the simul: a game for each accepted player, all at once (the host)",
    )
    def post(self, request: Request, simul_id: str) -> Response:
        return Response(simul_payload(simul_start(public_id=simul_id, host=request.user)))


class SimulNextView(APIView):
    @extend_schema(
        parameters=[OpenApiParameter("after", str, description="The board's game just played")],
        responses={200: NextBoardSerializer},
        summary="The host's next board waiting for their move (null for anyone else)",
    )
    def get(self, request: Request, simul_id: str) -> Response:
        user_id = request.user.pk if request.user.is_authenticated else None
        after = request.query_params.get("after")
        game = next_board(public_id=simul_id, user_id=user_id, after=after)
        return Response({"game": game})
