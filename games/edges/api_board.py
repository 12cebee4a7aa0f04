"""The analysis board's API: a position of any game with its legal moves, a move played
from one, and the opening explorer's counts of a position. Thin, as ``games.edges.api``:
schema, one service, its answer. Anyone may call it; each call's work is bounded by the
engine's budgets (``games.services.lines.board_game``; the explorer only reads a FEN) and the
calls of one address by ``THROTTLE_BOARD_ADDRESS`` (``THROTTLE_EXPLORER_ADDRESS``)."""

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.throttle import BoardThrottle, ExplorerThrottle
from games.domain.schemas import BoardMoveRequest
from games.edges.api import body
from games.edges.serializers import (
    ERRORS,
    BoardMove,
    BoardPlaySerializer,
    BoardPositionSerializer,
    ExplorerSerializer,
)
from games.reads.openings import speeds_choice
from games.services.lines import board_explorer, board_play, board_position


class BoardPositionView(APIView):
    throttle_classes = [BoardThrottle]

    @extend_schema(
        parameters=[
            OpenApiParameter("variant", str, description="The game's id; absent: Chesskers"),
            OpenApiParameter("fen", str, description="The position; absent: the game's start"),
        ],
        responses={200: BoardPositionSerializer, 400: ERRORS[400]},
        summary="A position of any game: its legal moves, the king in check, its end",
    )
    def get(self, request: Request) -> Response:
        variant, fen = BoardMoveRequest.position_from_query(request.query_params)
        return Response(board_position(variant=variant, fen=fen))


class BoardPlayView(APIView):
    throttle_classes = [BoardThrottle]

    @extend_schema(
        request=BoardMove,
        responses={200: BoardPlaySerializer, 400: ERRORS[400]},
        summary="Play a move from a position of any game: its text and the position it reaches",
    )
    def post(self, request: Request) -> Response:
        asked = BoardMoveRequest.from_body(body(request))
        return Response(board_play(variant=asked.variant, fen=asked.fen, move=asked.move))


class ExplorerView(APIView):
    throttle_classes = [ExplorerThrottle]

    @extend_schema(
        parameters=[
            OpenApiParameter("variant", str, description="The game's id; absent: Chesskers"),
            OpenApiParameter("fen", str, description="The position; absent: the game's start"),
            OpenApiParameter(
                "speeds", str, description="Speeds to count, comma-separated; absent: every one"
            ),
        ],
        responses={200: ExplorerSerializer, 400: ERRORS[400]},
        summary="The opening explorer: the moves played here in the site's games, and results",
    )
    def get(self, request: Request) -> Response:
        variant, fen = BoardMoveRequest.position_from_query(request.query_params)
        speeds = speeds_choice(request.query_params.get("speeds"))
        return Response(board_explorer(variant=variant, fen=fen, speeds=speeds))
