"""The puzzles API's documented shapes (drf-spectacular): what each answer holds."""

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from games.edges.serializers import (
    BoardMovePlayedSerializer,
    BoardPositionSerializer,
    ErrorSerializer,
    MoveAtPlyRequest,
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


class PuzzleMoveRequest(MoveAtPlyRequest):
    ply = serializers.IntegerField(help_text="The solution's ply the move answers: 0, 2, 4 …")


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


class PuzzleThemeResultSerializer(serializers.Serializer):
    theme = serializers.CharField()
    played = serializers.IntegerField(help_text="Rated rounds of puzzles with the theme")
    solved = serializers.IntegerField()
    percent = serializers.IntegerField(help_text="The share solved, rounded")
    variant = serializers.CharField(help_text="The game where the theme was played most")


STORM_ERRORS = {
    **PUZZLE_ERRORS,
    409: OpenApiResponse(ErrorSerializer, description="The move answers another ply."),
    410: OpenApiResponse(ErrorSerializer, description="The storm is over."),
}


class StormStartRequest(serializers.Serializer):
    variant = serializers.CharField(required=False, help_text="The game's id; absent: Chesskers")


class StormPuzzleSerializer(serializers.Serializer):
    id = serializers.CharField()
    solver = serializers.CharField(help_text="white or black: the side the solver plays")
    rating = serializers.IntegerField()
    position = BoardPositionSerializer(help_text="The position the solver moves in now")


class StormReviewSerializer(serializers.Serializer):
    id = serializers.CharField()
    rating = serializers.IntegerField()
    solved = serializers.BooleanField()


class StormRunSerializer(serializers.Serializer):
    id = serializers.CharField()
    variant = serializers.CharField(help_text="The game's id")
    score = serializers.IntegerField(help_text="Puzzles solved")
    misses = serializers.IntegerField(help_text="Puzzles missed")
    combo = serializers.IntegerField(help_text="Puzzles solved in a row, now")
    best_combo = serializers.IntegerField(help_text="The run's longest combo")
    shown = serializers.IntegerField(help_text="Puzzles shown so far, the current one included")
    ply = serializers.IntegerField(help_text="The ply the solver's next move answers")
    ms_left = serializers.IntegerField(help_text="Milliseconds on the clock")
    running = serializers.BooleanField(help_text="Whether the clock runs (from the first move)")
    over = serializers.BooleanField()
    best = serializers.IntegerField(
        allow_null=True, help_text="The caller's best score in this game; null signed out"
    )
    puzzle = StormPuzzleSerializer(allow_null=True, help_text="The current puzzle; null when over")
    review = StormReviewSerializer(
        many=True,
        allow_null=True,
        help_text="Once over: the puzzles it solved or missed, in order; null while it goes on",
    )


class StormMoveSerializer(serializers.Serializer):
    result = serializers.ChoiceField(choices=["right", "solved", "wrong", "late"])
    move = BoardMovePlayedSerializer(allow_null=True, help_text="The move played; late: null")
    reply = BoardMovePlayedSerializer(
        allow_null=True, help_text="right: the opponent's reply, played at once; else null"
    )
    position = BoardPositionSerializer(
        allow_null=True, help_text="The position the move reached (after a reply); late: null"
    )
    seconds = serializers.IntegerField(
        help_text="Seconds the move gave the clock (a combo step) or took (a miss: negative)"
    )
    run = StormRunSerializer(help_text="The run after the move, with its next puzzle")


class StormLeaderSerializer(serializers.Serializer):
    player = serializers.CharField()
    score = serializers.IntegerField(help_text="Their best storm of the day")


class StormLeadersSerializer(serializers.Serializer):
    variant = serializers.CharField(help_text="The game's id")
    leaders = StormLeaderSerializer(many=True, help_text="The best first, at most 10")
