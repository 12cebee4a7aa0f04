"""A correspondence player's conditional premoves (``games.services.conditional``): ``GET`` and
``PUT /api/games/{id}/conditional/``, for the game's players alone."""

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.edges.api import body
from games.edges.serializers import ERRORS
from games.services.conditional import MAX_LINES, MAX_PLIES, conditional_of, conditional_set
from games.services.core import Actor


class ConditionalSerializer(serializers.Serializer):
    ply = serializers.IntegerField(
        help_text="The ply of the opponent's move the lines begin with: the game's ply now"
    )
    lines = serializers.ListField(
        child=serializers.ListField(child=serializers.CharField()),
        help_text=f"At most {MAX_LINES} lines, each the opponent's move then your answer, again "
        f"and again (2 to {MAX_PLIES} moves), in the game's notation",
    )


class ConditionalView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: ConditionalSerializer, **ERRORS},
        summary="Your conditional premoves in a correspondence game",
        description="Yours alone: nobody else reads them, the opponent included. No lines, "
        "or lines written for an earlier position: `[]`.",
    )
    def get(self, request: Request, game_id: str) -> Response:
        return Response(conditional_of(game_id=game_id, actor=Actor.of_request(request)))

    @extend_schema(
        request=ConditionalSerializer,
        responses={200: ConditionalSerializer, **ERRORS},
        summary="Write your conditional premoves in a correspondence game",
        description="On the opponent's turn in a live online correspondence game: lines of "
        "the opponent's possible move and your answer, again and again. When the opponent's "
        "move begins a line your answer is played at once, as any move (the lines it began go "
        "on, the others are dropped). Each line is checked by the engine from the position at "
        "`ply` (409 if the game moved on); two lines answering the same moves differently are "
        "refused; the answer gives every move in the engine's own text. `lines: []` removes "
        "them.",
    )
    def put(self, request: Request, game_id: str) -> Response:
        asked = body(request)
        return Response(
            conditional_set(
                game_id=game_id,
                actor=Actor.of_request(request),
                ply=asked.get("ply"),
                lines=asked.get("lines"),
            )
        )
