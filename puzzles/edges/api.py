"""The puzzles API: the next puzzle of a game, one puzzle, a move of its solution, and its
solution shown; a puzzle storm started, its moves and its end (``puzzles.storm``). Thin, as the
games API: one service a view, its answer; a refusal is ``{"error": "<sentence>"}``. Anyone may
play; a signed-in player's first round on a puzzle is rated. Every call of an address counts
against ``THROTTLE_RATES["puzzle_address"]``: each costs the engine a few moves."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.throttle import AddressThrottle
from engine import variants
from games.domain.errors import ErrorCode, GameError
from games.edges.api import body
from puzzles.edges.serializers import (
    PUZZLE_ERRORS,
    STORM_ERRORS,
    PuzzleHistorySerializer,
    PuzzleMoveRequest,
    PuzzleMoveSerializer,
    PuzzleSerializer,
    PuzzleSolutionSerializer,
    PuzzleThemeResultSerializer,
    StormLeadersSerializer,
    StormMoveSerializer,
    StormRunSerializer,
    StormStartRequest,
)
from puzzles.services import (
    find,
    give_up,
    next_puzzle,
    puzzle_move,
    puzzle_payload,
    rating_asked,
    round_history,
    skip_asked,
    theme_asked,
    theme_results,
)
from puzzles.storm import end_run, start_run, storm_leaders, storm_move


class PuzzleThrottle(AddressThrottle):
    """Every puzzle call of one address (``THROTTLE_RATES``: ``puzzle_address``)."""

    scope = "puzzle"


def variant_asked(request: Request) -> str:
    """Returns the game asked by ``?variant=`` (Chesskers when absent), or refuses one the site
    does not play."""
    asked = request.query_params.get("variant") or variants.DEFAULT.id
    if asked not in variants.VARIANTS:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("There is no game %(variant)s.") % {"variant": asked[:40]}
        )
    return asked


class NextPuzzleView(APIView):
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        parameters=[
            OpenApiParameter("variant", str, description="The game's id; absent: Chesskers"),
            OpenApiParameter(
                "rating", int, description="Near this rating (0 to 4000; a streak's next step)"
            ),
            OpenApiParameter(
                "skip",
                str,
                description="Puzzle ids, comma-separated (at most 50): none of them while "
                "another is left (a streak's puzzles so far)",
            ),
            OpenApiParameter(
                "theme",
                str,
                description="Only puzzles of this theme: win, advantage, sacrifice, chain, "
                "sweep, promotion, one-move or long",
            ),
        ],
        responses={200: PuzzleSerializer, 400: PUZZLE_ERRORS[400], 404: PUZZLE_ERRORS[404]},
        summary="The next puzzle of a game for the caller",
        description="Signed in: one not played yet, near the caller's puzzle rating (or the "
        "rating asked); signed out: near the rating asked, else any.",
    )
    def get(self, request: Request) -> Response:
        variant = variant_asked(request)
        near = rating_asked(request.query_params.get("rating"))
        skip = skip_asked(request.query_params.get("skip"))
        theme = theme_asked(request.query_params.get("theme"))
        puzzle = next_puzzle(request.user, variant, near=near, skip=skip, theme=theme)
        if puzzle is None and theme:
            raise GameError(ErrorCode.NOT_FOUND, _("This game has no puzzles of that theme yet."))
        if puzzle is None:
            raise GameError(ErrorCode.NOT_FOUND, _("This game has no puzzles yet."))
        return Response(puzzle_payload(puzzle, request.user))


class PuzzleHistoryView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        parameters=[OpenApiParameter("before", int, description="The page below this round's id")],
        responses={200: PuzzleHistorySerializer, 400: PUZZLE_ERRORS[400]},
        summary="The caller's rated puzzle rounds, newest first, 50 a page",
    )
    def get(self, request: Request) -> Response:
        return Response(round_history(request.user, request.query_params.get("before")))


class PuzzleThemesView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        responses={200: PuzzleThemeResultSerializer(many=True)},
        summary="How the caller fares at each puzzle theme, weakest first",
        description="Over their latest 1,000 rated rounds, every game together.",
    )
    def get(self, request: Request) -> Response:
        return Response(theme_results(request.user))


class PuzzleView(APIView):
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        responses={200: PuzzleSerializer, 404: PUZZLE_ERRORS[404]},
        summary="One puzzle, its solution left out",
    )
    def get(self, request: Request, puzzle_id: str) -> Response:
        return Response(puzzle_payload(find(puzzle_id), request.user))


class PuzzleMoveView(APIView):
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        request=PuzzleMoveRequest,
        responses={200: PuzzleMoveSerializer, 400: PUZZLE_ERRORS[400], 404: PUZZLE_ERRORS[404]},
        summary="Play the solver's move at a ply of a puzzle: right, solved or wrong",
    )
    def post(self, request: Request, puzzle_id: str) -> Response:
        return Response(puzzle_move(request.user, puzzle_id, body(request)))


class PuzzleSolutionView(APIView):
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        request=None,
        responses={200: PuzzleSolutionSerializer, 404: PUZZLE_ERRORS[404]},
        summary="Show a puzzle's solution: a first round on it ends, failed",
    )
    def post(self, request: Request, puzzle_id: str) -> Response:
        return Response(give_up(request.user, puzzle_id))


class StormStartView(APIView):
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        request=StormStartRequest,
        responses={201: StormRunSerializer, 400: STORM_ERRORS[400], 404: STORM_ERRORS[404]},
        summary="Start a puzzle storm: its first puzzle, its clock not started",
    )
    def post(self, request: Request) -> Response:
        asked = body(request).get("variant") or variants.DEFAULT.id
        return Response(start_run(request.user, str(asked)), status=201)


class StormMoveView(APIView):
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        request=PuzzleMoveRequest,
        responses={200: StormMoveSerializer, **STORM_ERRORS},
        summary="Play the solver's move in a storm's puzzle: right, solved, wrong or late",
    )
    def post(self, request: Request, run_id: str) -> Response:
        return Response(storm_move(request.user, run_id, body(request)))


class StormEndView(APIView):
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        request=None,
        responses={200: StormRunSerializer, 404: STORM_ERRORS[404]},
        summary="End a storm (its clock ran out, or the player stops): its final score",
    )
    def post(self, request: Request, run_id: str) -> Response:
        return Response(end_run(request.user, run_id))


class StormLeadersView(APIView):
    throttle_classes = [PuzzleThrottle]

    @extend_schema(
        parameters=[
            OpenApiParameter("variant", str, description="The game's id; absent: Chesskers")
        ],
        responses={200: StormLeadersSerializer, 400: STORM_ERRORS[400]},
        summary="The day's best storm scores of a game (UTC), a player's best once",
    )
    def get(self, request: Request) -> Response:
        variant = variant_asked(request)
        return Response({"variant": variant, "leaders": storm_leaders(variant)})
