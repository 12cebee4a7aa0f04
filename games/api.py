"""Games REST API (API.md "Lobby" and "Games"). Every change goes through ``games.services``."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db.models import Q
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games import selectors, services
from games.errors import ErrorCode, GameError
from games.models import Game
from games.state import game_state

ErrorSerializer = inline_serializer("GameErrorBody", {"error": serializers.CharField()})
StateSerializer = inline_serializer(
    "GameState",
    {
        "id": serializers.CharField(),
        "mode": serializers.CharField(),
        "white": serializers.CharField(allow_null=True),
        "black": serializers.CharField(allow_null=True),
        "fen": serializers.CharField(),
        "ply": serializers.IntegerField(),
        "turn": serializers.CharField(),
        "status": serializers.CharField(),
        "result": serializers.CharField(allow_null=True),
        "termination": serializers.CharField(allow_null=True),
        "draw_offer": serializers.CharField(allow_null=True),
        "moves": serializers.ListField(child=serializers.DictField()),
        "legal_moves": serializers.ListField(child=serializers.DictField()),
    },
)


class SeekSerializer(serializers.Serializer):
    id = serializers.CharField()
    owner = serializers.CharField()
    color = serializers.CharField()


GameRef = inline_serializer("GameRef", {"game": serializers.CharField()})
ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Bad request, illegal or unparsable move."),
    403: OpenApiResponse(ErrorSerializer, description="Not a player, or not your turn."),
    404: OpenApiResponse(ErrorSerializer, description="No such game."),
    409: OpenApiResponse(ErrorSerializer, description="`ply` is not the current ply."),
    410: OpenApiResponse(ErrorSerializer, description="The game is over, or the seek is gone."),
}


def refusals(view: Callable[..., Response]) -> Callable[..., Response]:
    """Answers a ``GameError`` as ``{"error": ...}`` with its status code."""

    @wraps(view)
    def wrapped(*args: Any, **kwargs: Any) -> Response:
        try:
            return view(*args, **kwargs)
        except GameError as error:
            return Response({"error": error.message}, status=error.http_status)

    return wrapped


def actor_of(request: Request, *, need_session: bool = False) -> services.Actor:
    session = getattr(request, "session", None)
    if need_session and session is not None and not session.session_key:
        session.save()
    return services.Actor.of(request.user, session.session_key if session is not None else None)


def body(request: Request) -> dict[str, Any]:
    return request.data if isinstance(request.data, dict) else {}


# --- lobby ----------------------------------------------------------------------------------
class SeekListView(APIView):
    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else []

    @extend_schema(responses={200: SeekSerializer(many=True)}, summary="Open seeks")
    def get(self, request: Request) -> Response:
        return Response(services.open_seeks())

    @extend_schema(
        request=inline_serializer("SeekCreate", {"color": serializers.CharField()}),
        responses={201: SeekSerializer, **ERRORS},
        summary="Open a seek (at most three)",
    )
    @refusals
    def post(self, request: Request) -> Response:
        seek = services.seek_create(user=request.user, color=body(request).get("color", "random"))
        return Response(services.seek_payload(seek), status=status.HTTP_201_CREATED)


class SeekAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: GameRef, **ERRORS}, summary="Accept a seek")
    @refusals
    def post(self, request: Request, seek_id: str) -> Response:
        game = services.seek_accept(user=request.user, seek_id=seek_id)
        return Response({"game": game.public_id}, status=status.HTTP_201_CREATED)


class SeekDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={204: None, **ERRORS}, summary="Cancel your seek")
    @refusals
    def delete(self, request: Request, seek_id: str) -> Response:
        services.seek_cancel(user=request.user, seek_id=seek_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ChallengeSerializer(serializers.Serializer):
    id = serializers.CharField()
    challenger = serializers.CharField()
    to = serializers.CharField(allow_null=True)
    color = serializers.CharField()
    state = serializers.CharField()
    game = serializers.CharField(allow_null=True)


class ChallengeListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer(
                "ChallengeLists",
                {
                    "incoming": ChallengeSerializer(many=True),
                    "outgoing": ChallengeSerializer(many=True),
                },
            )
        },
        summary="Your open challenges, incoming and outgoing",
    )
    def get(self, request: Request) -> Response:
        return Response(services.challenges_of(request.user.pk))

    @extend_schema(
        request=inline_serializer(
            "ChallengeCreate",
            {"to": serializers.CharField(required=False), "color": serializers.CharField()},
        ),
        responses={201: ChallengeSerializer, **ERRORS},
        summary="Challenge a user, or (without `to`) make an invite link",
    )
    @refusals
    def post(self, request: Request) -> Response:
        data = body(request)
        challenge = services.challenge_create(
            user=request.user, to=data.get("to"), color=data.get("color", "random")
        )
        payload = services.challenge_payload(challenge)
        payload["url"] = request.build_absolute_uri(f"/invite/{challenge.public_id}/")
        return Response(payload, status=status.HTTP_201_CREATED)


class ChallengeAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: GameRef, **ERRORS}, summary="Accept a challenge")
    @refusals
    def post(self, request: Request, challenge_id: str) -> Response:
        game = services.challenge_accept(user=request.user, challenge_id=challenge_id)
        return Response({"game": game.public_id}, status=status.HTTP_201_CREATED)


class ChallengeDeclineView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={200: ChallengeSerializer, **ERRORS}, summary="Decline or cancel"
    )
    @refusals
    def post(self, request: Request, challenge_id: str) -> Response:
        challenge = services.challenge_decline(user=request.user, challenge_id=challenge_id)
        return Response(services.challenge_payload(challenge))


# --- games ----------------------------------------------------------------------------------
class LocalGameView(APIView):
    @extend_schema(
        request=inline_serializer("LocalCreate", {"fen": serializers.CharField(required=False)}),
        responses={201: StateSerializer, 400: ERRORS[400]},
        summary="Start a pass-and-play game (both sides yours), optionally from a FEN",
    )
    @refusals
    def post(self, request: Request) -> Response:
        game = services.game_create_local(
            actor=actor_of(request, need_session=True), fen=body(request).get("fen")
        )
        return Response(game_state(game), status=status.HTTP_201_CREATED)


class BotGameView(APIView):
    @extend_schema(
        request=inline_serializer(
            "BotCreate",
            {
                "level": serializers.IntegerField(min_value=1, max_value=8),
                "color": serializers.CharField(help_text="white, black or random: your side"),
            },
        ),
        responses={201: StateSerializer, 400: ERRORS[400]},
        summary="Start a game against the bot at a level from 1 to 8",
    )
    @refusals
    def post(self, request: Request) -> Response:
        data = body(request)
        game = services.game_create_bot(
            actor=actor_of(request, need_session=True),
            level=data.get("level"),
            color=data.get("color", "random"),
        )
        return Response(game_state(game), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    @extend_schema(responses={200: StateSerializer, 404: ERRORS[404]}, summary="A game's state")
    @refusals
    def get(self, request: Request, game_id: str) -> Response:
        services.enforce_absence(game_id=game_id)
        game = selectors.game_by_id(game_id)
        services.bot_kick(game)
        return Response(game_state(game))


class GameMovesView(APIView):
    @extend_schema(
        request=inline_serializer(
            "MoveSubmit",
            {
                "move": serializers.CharField(help_text="Canonical or machine form"),
                "ply": serializers.IntegerField(help_text="Half-moves played before this one"),
            },
        ),
        responses={201: StateSerializer, **ERRORS},
        summary="Play a move",
    )
    @refusals
    def post(self, request: Request, game_id: str) -> Response:
        data = body(request)
        if data.get("move") is None and data.get("path") is None:
            raise GameError(ErrorCode.BAD_REQUEST, "A move needs `move` and `ply`.")
        state = services.game_play(
            game_id=game_id,
            actor=actor_of(request),
            ply=data.get("ply"),
            text=data.get("move"),
            path=data.get("path"),
            promotion=data.get("promotion"),
        )
        return Response(state, status=status.HTTP_201_CREATED)


class GameResignView(APIView):
    @extend_schema(request=None, responses={200: StateSerializer, **ERRORS}, summary="Resign")
    @refusals
    def post(self, request: Request, game_id: str) -> Response:
        return Response(services.game_resign(game_id=game_id, actor=actor_of(request)))


class GameDrawView(APIView):
    @extend_schema(
        request=inline_serializer("DrawAction", {"action": serializers.CharField()}),
        responses={200: StateSerializer, **ERRORS},
        summary="Offer, accept or decline a draw",
    )
    @refusals
    def post(self, request: Request, game_id: str) -> Response:
        return Response(
            services.game_draw(
                game_id=game_id, actor=actor_of(request), action=body(request).get("action")
            )
        )


class GameTakebackView(APIView):
    @extend_schema(request=None, responses={200: StateSerializer, **ERRORS}, summary="Take back")
    @refusals
    def post(self, request: Request, game_id: str) -> Response:
        return Response(services.game_takeback(game_id=game_id, actor=actor_of(request)))


class GameRematchView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={201: ChallengeSerializer, **ERRORS}, summary="Offer a rematch"
    )
    @refusals
    def post(self, request: Request, game_id: str) -> Response:
        challenge = services.game_rematch(game_id=game_id, actor=actor_of(request))
        return Response(services.challenge_payload(challenge), status=status.HTTP_201_CREATED)


class GameSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    mode = serializers.CharField()
    white = serializers.CharField(allow_null=True)
    black = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    result = serializers.CharField(allow_null=True)
    termination = serializers.CharField(allow_null=True)
    ply = serializers.IntegerField()


class GamePagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


class GameListView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=["live", "finished"]),
            OpenApiParameter("player", str, description="username of either player"),
            OpenApiParameter("result", str, enum=["1-0", "0-1", "1/2-1/2"]),
            OpenApiParameter("termination", str),
            OpenApiParameter("mode", str, enum=["online", "local", "bot", "imported"]),
            OpenApiParameter("page", int),
        ],
        responses={
            200: inline_serializer(
                "GamePage",
                {
                    "count": serializers.IntegerField(),
                    "next": serializers.CharField(allow_null=True),
                    "previous": serializers.CharField(allow_null=True),
                    "results": GameSummarySerializer(many=True),
                },
            )
        },
        operation_id="games_list",
        summary="Games, newest first, filtered",
    )
    def get(self, request: Request) -> Response:
        games = Game.objects.select_related("white", "black").order_by("-created_at", "-id")
        params = request.query_params
        if params.get("status"):
            games = games.filter(status=params["status"])
        if params.get("player"):
            name = params["player"]
            games = games.filter(Q(white__username__iexact=name) | Q(black__username__iexact=name))
        if params.get("result"):
            games = games.filter(result=params["result"])
        if params.get("termination"):
            games = games.filter(termination=params["termination"])
        if params.get("mode"):
            games = games.filter(mode=params["mode"])
        else:
            games = games.exclude(mode=Game.Mode.LOCAL, status=Game.Status.LIVE)
        paginator = GamePagination()
        page = paginator.paginate_queryset(games, request, view=self)
        return paginator.get_paginated_response([game_summary(game) for game in page])


def game_summary(game: Game) -> dict[str, Any]:
    from games.state import player_name

    return {
        "id": game.public_id,
        "mode": game.mode,
        "white": player_name(game, "white"),
        "black": player_name(game, "black"),
        "status": game.status,
        "result": game.result,
        "termination": game.termination,
        "ply": game.ply,
        "fen": game.fen,
        "created_at": game.created_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }
