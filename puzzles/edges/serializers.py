"""The puzzles API's documented shapes (drf-spectacular): what each answer holds."""

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from games.edges.serializers import (
    BoardMovePlayedSerializer,
    BoardPositionSerializer,
    ErrorSerializer,
)

PUZZLE_ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="A bad ply or a move that is not legal."),
    404: OpenApiResponse(ErrorSerializer, description="No such puzzle, or none of this game."),
}


class OwnPuzzleRatingSerializer(serializers.Serializer):
    rating = serializers.IntegerField()
    plays = serializers.IntegerField(help_text="Rated rounds played in this game")


class PuzzleSerializer(serializers.Serializer):
    id = serializers.CharField()
    variant = serializers.CharField(help_text="The game's id")
    solver = serializers.CharField(help_text="white or black: the side the solver plays")
    solver_moves = serializers.IntegerField(help_text="The moves the solution asks of the solver")
    rating = serializers.IntegerField()
    plays = serializers.IntegerField(help_text="Rated rounds played on it")
    wins = serializers.IntegerField(help_text="... of which solved")
    game = serializers.CharField(allow_null=True, help_text="The game it comes from, or null")
    ply = serializers.IntegerField(help_text="Its start's ply in that game")
    position = BoardPositionSerializer(help_text="Its start, with the legal moves")
    played = serializers.BooleanField(help_text="Whether the caller's round on it is rated")
    me = OwnPuzzleRatingSerializer(
        allow_null=True, help_text="The caller's puzzle rating in this game, or null"
    )


class PuzzleMoveRequest(serializers.Serializer):
    ply = serializers.IntegerField(help_text="The solution's ply the move answers: 0, 2, 4 …")
    move = serializers.CharField(
        required=False, help_text="The move, in the game's notation or machine form"
    )
    path = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="... or its squares, in order"
    )
    promotion = serializers.CharField(required=False, help_text="With a path: what it promotes to")


class RatingChangeSerializer(serializers.Serializer):
    before = serializers.IntegerField()
    after = serializers.IntegerField()


class PuzzleMoveSerializer(serializers.Serializer):
    result = serializers.ChoiceField(choices=["right", "solved", "wrong"])
    move = BoardMovePlayedSerializer(help_text="The move played, as the board shows it")
    reply = BoardMovePlayedSerializer(
        allow_null=True, help_text="right: the opponent's reply, played at once; else null"
    )
    position = BoardPositionSerializer(help_text="The position reached (after the reply)")
    solution = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="solved or wrong: every move of the solution; right: null",
    )
    themes = serializers.ListField(
        child=serializers.CharField(),
        allow_null=True,
        help_text="solved or wrong: what the solution does (win, sacrifice, chain, …); right: null",
    )
    rating = RatingChangeSerializer(
        allow_null=True,
        help_text="solved or wrong: the caller's rating change; null when the round is unrated",
    )


class PuzzleSolutionSerializer(serializers.Serializer):
    solution = serializers.ListField(child=serializers.CharField())
    themes = serializers.ListField(child=serializers.CharField())
    rating = RatingChangeSerializer(allow_null=True)


class PuzzleRoundSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The round's number: what `before` takes")
    puzzle = serializers.CharField()
    variant = serializers.CharField()
    solved = serializers.BooleanField()
    rating_before = serializers.IntegerField()
    rating_after = serializers.IntegerField()
    at = serializers.DateTimeField()


class PuzzleHistorySerializer(serializers.Serializer):
    rounds = PuzzleRoundSerializer(many=True)
    older = serializers.IntegerField(
        allow_null=True, help_text="The `before` of the next, older page; null on the last"
    )
