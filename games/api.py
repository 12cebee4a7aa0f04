"""Games REST API (API.md "Lobby" and "Games"). Every change goes through ``games.services``."""

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.http import HttpResponse
from drf_spectacular.types import OpenApiTypes
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
        "rated": serializers.BooleanField(),
        "rating_changes": serializers.DictField(
            child=serializers.IntegerField(),
            allow_null=True,
            help_text='Once a rated game ends: {"white": 8, "black": -8}; else null.',
        ),
        "moves": serializers.ListField(child=serializers.DictField()),
        "legal_moves": serializers.ListField(child=serializers.DictField()),
    },
)


class SeekSerializer(serializers.Serializer):
    id = serializers.CharField()
    owner = serializers.CharField()
    color = serializers.CharField()
    rated = serializers.BooleanField()
    rating = serializers.IntegerField(help_text="The owner's rating")
    provisional = serializers.BooleanField(help_text="Deviation above 110: shown as 1500?")


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
        request=inline_serializer(
            "SeekCreate",
            {
                "color": serializers.CharField(),
                "rated": serializers.BooleanField(required=False, default=True),
            },
        ),
        responses={201: SeekSerializer, **ERRORS},
        summary="Open a seek (at most three)",
        description=(
            "A seek stands while its owner is in the lobby: the lobby page's WebSocket"
            " (`/ws/lobby/`) keeps it open, and leaving the lobby withdraws it. A client of the"
            " API alone keeps it for 90 seconds after posting it, or for as long as it holds a"
            " lobby socket open."
        ),
    )
    @refusals
    def post(self, request: Request) -> Response:
        data = body(request)
        seek = services.seek_create(
            user=request.user, color=data.get("color", "random"), rated=data.get("rated", True)
        )
        return Response(services.seek_payload(seek), status=status.HTTP_201_CREATED)


class SeekAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={201: GameRef, **ERRORS},
        summary="Accept a seek",
        description="410 if the seek is gone: accepted, cancelled, or its player left the lobby.",
    )
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
    rated = serializers.BooleanField()
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
            {
                "to": serializers.CharField(required=False),
                "color": serializers.CharField(),
                "rated": serializers.BooleanField(required=False, default=True),
            },
        ),
        responses={201: ChallengeSerializer, **ERRORS},
        summary="Challenge a user, or (without `to`) make an invite link",
        description=(
            "A challenge or invite link stands while its challenger is in the lobby, as a seek"
            " does: leaving the lobby cancels it, and a client of the API alone keeps it for 90"
            " seconds after making it, or for as long as it holds a lobby socket open."
        ),
    )
    @refusals
    def post(self, request: Request) -> Response:
        data = body(request)
        challenge = services.challenge_create(
            user=request.user,
            to=data.get("to"),
            color=data.get("color", "random"),
            rated=data.get("rated", True),
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
        request=None,
        responses={201: ChallengeSerializer, **ERRORS},
        summary="Offer a rematch, or accept the opponent's",
        description=(
            "Offers the opponent a rematch of a finished online game, colours swapped. If the"
            " opponent has already offered one, accepts it instead: the answer is that offer,"
            " `accepted`, with its `game`."
        ),
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
    rated = serializers.BooleanField()
    rating_changes = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    ply = serializers.IntegerField()
    fen = serializers.CharField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    annotated = serializers.BooleanField()


class GamePagination(PageNumberPagination):
    page_size = 20
    page_size_query_param = "page_size"
    max_page_size = 100


ARCHIVE_PARAMETERS = [
    OpenApiParameter(
        "player", str, description="username of either player (of an imported game: its importer)"
    ),
    OpenApiParameter("result", str, enum=Game.Result.values),
    OpenApiParameter("termination", str, enum=Game.Termination.values),
    OpenApiParameter("mode", str, enum=Game.Mode.values),
    OpenApiParameter("since", OpenApiTypes.DATE, description="finished on or after this day (UTC)"),
    OpenApiParameter(
        "until", OpenApiTypes.DATE, description="finished on or before this day (UTC)"
    ),
    OpenApiParameter("min_plies", int, description="at least this many half-moves"),
    OpenApiParameter("annotated", bool, description="only games with annotations"),
]


class GameListView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=["live", "finished"]),
            *ARCHIVE_PARAMETERS,
            OpenApiParameter("page", int),
            OpenApiParameter("page_size", int, description="1 to 100, 20 by default"),
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
            ),
            400: ERRORS[400],
        },
        operation_id="games_list",
        summary="Games, newest first, filtered",
        description="With `status=finished` (the archive) the games are ordered by the time "
        "they finished, newest first; otherwise by the time they started. A date filter keeps "
        "only finished games.",
    )
    @refusals
    def get(self, request: Request) -> Response:
        params = request.query_params
        filters = selectors.ArchiveFilters.from_query(params)
        status_filter = params.get("status")
        if status_filter not in (None, "", "live", "finished"):
            raise GameError(ErrorCode.BAD_REQUEST, "status is live or finished.")
        if status_filter == "finished":
            games = selectors.archive_games(filters)
        else:
            games = Game.objects.select_related("white", "black", "imported_by")
            games = selectors.filter_games(games, filters).order_by("-created_at", "-id")
            games = games.prefetch_related("rating_changes")
            if status_filter:
                games = games.filter(status=status_filter)
            if not filters.mode:
                games = games.exclude(mode=Game.Mode.LOCAL, status=Game.Status.LIVE)
        paginator = GamePagination()
        page = paginator.paginate_queryset(games, request, view=self)
        return paginator.get_paginated_response([game_summary(game) for game in page])


def game_summary(game: Game) -> dict[str, Any]:
    from games.state import player_name, rating_changes

    return {
        "id": game.public_id,
        "mode": game.mode,
        "white": player_name(game, "white"),
        "black": player_name(game, "black"),
        "status": game.status,
        "result": game.result,
        "termination": game.termination,
        "rated": game.is_rated,
        "rating_changes": rating_changes(game),
        "ply": game.ply,
        "fen": game.fen,
        "created_at": game.created_at.isoformat(),
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
        "annotated": bool(getattr(game, "annotation_count", None))
        or (game.status == Game.Status.FINISHED and game.annotations.exists()),
    }


# --- the archive: export, import, annotations, analysis --------------------------------------
MAX_BULK_EXPORT = 1000


def text_response(text: str, filename: str | None = None) -> HttpResponse:
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if filename:
        response["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


class GameExportView(APIView):
    @extend_schema(
        responses={(200, "text/plain"): OpenApiTypes.STR, 404: ERRORS[404]},
        parameters=[
            OpenApiParameter("download", bool, description="as an attachment (a file to save)")
        ],
        operation_id="game_export",
        summary="A game as PGN-style text",
        description='The seven standard tags, `[Variant "Chesskers"]`, `[SetUp "1"]` and '
        "`[FEN]` for a game that did not start from the usual position, `[Termination]`, then "
        "the canonical move text with each annotation as a glyph (`!`, `?`, `!!`, `??`, `!?`, "
        "`?!`; a second glyph on one ply as a NAG `$1`-`$6`) and a comment in `{}`.",
    )
    @refusals
    def get(self, request: Request, game_id: str) -> HttpResponse:
        game = selectors.game_by_id(game_id)
        download = request.query_params.get("download")
        filename = f"chesskers-{game.public_id}.pgn" if download else None
        return text_response(selectors.game_export_text(game), filename)


class GamesExportView(APIView):
    @extend_schema(
        parameters=[*ARCHIVE_PARAMETERS],
        responses={(200, "text/plain"): OpenApiTypes.STR, 400: ERRORS[400]},
        operation_id="games_export",
        summary="Finished games as PGN-style text, filtered like the archive (at most 1000)",
        description="For example all of a user's games: `?player=alice`. Newest first, one "
        "blank line between games; the text can be imported back.",
    )
    @refusals
    def get(self, request: Request) -> HttpResponse:
        filters = selectors.ArchiveFilters.from_query(request.query_params)
        games = selectors.archive_games(filters).prefetch_related("annotations")
        name = f"chesskers-{filters.player or 'games'}.pgn"
        return text_response(selectors.games_export_text(games[:MAX_BULK_EXPORT]), name)


class GameImportView(APIView):
    @extend_schema(
        request=inline_serializer(
            "GameImport", {"text": serializers.CharField(help_text="one or more games")}
        ),
        responses={
            201: inline_serializer(
                "GameImported",
                {
                    "id": serializers.CharField(help_text="the first game's id"),
                    "ids": serializers.ListField(child=serializers.CharField()),
                },
            ),
            400: OpenApiResponse(
                ErrorSerializer, description="Names the game and its first bad move."
            ),
            403: OpenApiResponse(ErrorSerializer, description="Not signed in."),
        },
        summary="Import games from PGN-style text (all or nothing)",
    )
    @refusals
    def post(self, request: Request) -> Response:
        games = services.game_import(actor=actor_of(request), text=body(request).get("text"))
        ids = [game.public_id for game in games]
        return Response({"id": ids[0], "ids": ids}, status=status.HTTP_201_CREATED)


ANNOTATION_FIELDS = {
    "id": serializers.IntegerField(),
    "ply": serializers.IntegerField(help_text="the move's index, 0 for the first"),
    "glyph": serializers.CharField(help_text="! ? !! ?? !? ?! or empty"),
    "comment": serializers.CharField(),
    "author": serializers.CharField(allow_null=True),
    "created_at": serializers.DateTimeField(),
    "updated_at": serializers.DateTimeField(),
}
AnnotationSerializer = inline_serializer("Annotation", ANNOTATION_FIELDS)
ANNOTATION_ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Bad ply, glyph or comment; game live."),
    403: OpenApiResponse(ErrorSerializer, description="Not one of the game's two players."),
    404: ERRORS[404],
}


class AnnotationListView(APIView):
    @extend_schema(
        responses={
            200: inline_serializer("AnnotationList", ANNOTATION_FIELDS, many=True),
            404: ERRORS[404],
        },
        summary="A game's annotations, in ply order",
    )
    @refusals
    def get(self, request: Request, game_id: str) -> Response:
        return Response(services.annotations_of(selectors.game_by_id(game_id)))

    @extend_schema(
        request=inline_serializer(
            "AnnotationCreate",
            {
                "ply": serializers.IntegerField(),
                "glyph": serializers.CharField(required=False),
                "comment": serializers.CharField(required=False),
            },
        ),
        responses={201: AnnotationSerializer, **ANNOTATION_ERRORS},
        summary="Annotate a ply of a finished game you played",
    )
    @refusals
    def post(self, request: Request, game_id: str) -> Response:
        data = body(request)
        annotation = services.annotation_create(
            game_id=game_id,
            actor=actor_of(request),
            ply=data.get("ply"),
            glyph=data.get("glyph", ""),
            comment=data.get("comment", ""),
        )
        return Response(services.annotation_payload(annotation), status=status.HTTP_201_CREATED)


class AnnotationDetailView(APIView):
    @extend_schema(
        request=inline_serializer(
            "AnnotationEdit",
            {
                "glyph": serializers.CharField(required=False),
                "comment": serializers.CharField(required=False),
            },
        ),
        responses={200: AnnotationSerializer, **ANNOTATION_ERRORS},
        summary="Change one of your annotations",
    )
    @refusals
    def patch(self, request: Request, game_id: str, annotation_id: int) -> Response:
        data = body(request)
        annotation = services.annotation_edit(
            game_id=game_id,
            actor=actor_of(request),
            annotation_id=annotation_id,
            glyph=data.get("glyph"),
            comment=data.get("comment"),
        )
        return Response(services.annotation_payload(annotation))

    @extend_schema(responses={204: None, **ANNOTATION_ERRORS}, summary="Delete your annotation")
    @refusals
    def delete(self, request: Request, game_id: str, annotation_id: int) -> Response:
        services.annotation_delete(
            game_id=game_id, actor=actor_of(request), annotation_id=annotation_id
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


AnalysisSerializer = inline_serializer(
    "Analysis",
    {
        "state": serializers.CharField(help_text="none, running, done or failed"),
        "done": serializers.IntegerField(help_text="positions evaluated so far"),
        "total": serializers.IntegerField(help_text="positions in the game (plies + 1)"),
        "evaluations": serializers.ListField(
            child=serializers.DictField(),
            help_text="{index, score (centipawns, White's side), best, depth} per position",
        ),
        "plies": serializers.ListField(
            child=serializers.DictField(),
            help_text="{ply, loss, judgement (inaccuracy/mistake/blunder/null), better}",
        ),
    },
)


class GameAnalysisView(APIView):
    @extend_schema(
        responses={200: AnalysisSerializer, 404: ERRORS[404]}, summary="A game's analysis"
    )
    @refusals
    def get(self, request: Request, game_id: str) -> Response:
        return Response(selectors.analysis_payload(selectors.game_by_id(game_id)))

    @extend_schema(
        request=None,
        responses={
            202: AnalysisSerializer,
            400: OpenApiResponse(ErrorSerializer, description="The game is not finished."),
            403: OpenApiResponse(ErrorSerializer, description="Not signed in."),
            404: ERRORS[404],
        },
        summary="Start the bot's analysis of a finished game (in the background)",
        description='Progress is pushed to the game\'s WebSocket as `{"type": "analysis", '
        "…}` and can be read here.",
    )
    @refusals
    def post(self, request: Request, game_id: str) -> Response:
        services.game_analyse(game_id=game_id, actor=actor_of(request))
        payload = selectors.analysis_payload(selectors.game_by_id(game_id))
        return Response(payload, status=status.HTTP_202_ACCEPTED)
