"""The API of a rating category: a player's record in it and how its ratings spread (the pages
of ``players.rating_pages``)."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import ErrorSerializer, error
from accounts.selectors import active_user
from players.api import no_such_user
from players.rating_stats import BAND, LISTED, PROGRESS_GAMES, distribution, rating_stats
from players.selectors import known_category


class RatingMomentSerializer(serializers.Serializer):
    rating = serializers.IntegerField()
    at = serializers.DateTimeField()
    game = serializers.CharField(help_text="The rated game after which the rating stood so")


class ResultCountSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    percent = serializers.FloatField(help_text="Of the rated games, to one decimal")


class ResultsSerializer(serializers.Serializer):
    wins = ResultCountSerializer()
    draws = ResultCountSerializer()
    losses = ResultCountSerializer()


class GameMomentSerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    game = serializers.CharField()


class RunSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    to = GameMomentSerializer(help_text="Its last game")

    def get_fields(self) -> dict[str, serializers.Field]:
        # "from" is a Python keyword: it cannot be named in the class body.
        return {**super().get_fields(), "from": GameMomentSerializer(help_text="Its first game")}


class StreakSerializer(serializers.Serializer):
    longest = RunSerializer(allow_null=True, help_text="null if there was none")
    current = RunSerializer(
        allow_null=True, help_text="The run the latest rated game belongs to; null if it is not"
    )


class StreaksSerializer(serializers.Serializer):
    win = StreakSerializer()
    loss = StreakSerializer()


class OpponentGameSerializer(serializers.Serializer):
    opponent = serializers.CharField()
    opponent_rating = serializers.IntegerField(help_text="The opponent's rating before the game")
    at = serializers.DateTimeField()
    game = serializers.CharField()


class RatingStatsSerializer(serializers.Serializer):
    username = serializers.CharField()
    category = serializers.CharField()
    category_name = serializers.CharField()
    rating = serializers.IntegerField()
    deviation = serializers.IntegerField()
    provisional = serializers.BooleanField()
    rank = serializers.IntegerField(
        allow_null=True, help_text="The place on the category's leaderboard; null if not on it"
    )
    percentile = serializers.FloatField(
        allow_null=True,
        help_text="The share of the category's established players rated lower, in percent",
    )
    progress = serializers.IntegerField(
        help_text=f"The rating's change over the latest {PROGRESS_GAMES} rated games"
    )
    progress_games = serializers.IntegerField()
    highest = RatingMomentSerializer(
        allow_null=True, help_text="The highest rating once established; null before"
    )
    lowest = RatingMomentSerializer(
        allow_null=True, help_text="The lowest rating once established; null before"
    )
    games = serializers.IntegerField(help_text="Rated games played in the category")
    results = ResultsSerializer()
    average_opponent = serializers.IntegerField(allow_null=True)
    seconds_played = serializers.IntegerField(
        help_text="The rated games' time from each one's start to its end, added up"
    )
    streaks = StreaksSerializer()
    best_wins = OpponentGameSerializer(
        many=True, help_text=f"The {LISTED} rated wins over the highest-rated opponents"
    )
    worst_losses = OpponentGameSerializer(
        many=True, help_text=f"The {LISTED} rated losses to the lowest-rated opponents"
    )


class BandSerializer(serializers.Serializer):
    players = serializers.IntegerField()

    def get_fields(self) -> dict[str, serializers.Field]:
        # "from" is a Python keyword: it cannot be named in the class body.
        return {
            "from": serializers.IntegerField(help_text="The band's lowest rating"),
            **super().get_fields(),
        }


class DistributionSerializer(serializers.Serializer):
    category = serializers.CharField()
    category_name = serializers.CharField()
    band = serializers.IntegerField(help_text=f"The width of a band: {BAND} rating points")
    bands = BandSerializer(many=True, help_text="The bands with players, lowest first")
    players = serializers.IntegerField(help_text="The category's established players")


def no_such_category(category: str) -> Response:
    return error(
        _("There is no rating category called %(category)s.") % {"category": category},
        status.HTTP_404_NOT_FOUND,
    )


class RatingStatsView(APIView):
    @extend_schema(
        responses={
            200: RatingStatsSerializer,
            404: OpenApiResponse(ErrorSerializer, description="No such user or category."),
        },
        summary="A player's record in one rating category",
        description="What the page `/@/{username}/perf/{category}/` shows: the rating, its rank "
        "and percentile, its progress, highest and lowest, the rated games won, drawn and lost, "
        "the longest and current winning and losing streaks, the best victories and the worst "
        "defeats. `category` is a Chesskers speed or another game's id.",
    )
    def get(self, request: Request, username: str, category: str) -> Response:
        user = active_user(username)
        if user is None:
            return no_such_user(username)
        if known_category(category) is None:
            return no_such_category(category)
        return Response(RatingStatsSerializer(rating_stats(user, category)).data)


class DistributionView(APIView):
    @extend_schema(
        responses={
            200: DistributionSerializer,
            404: OpenApiResponse(ErrorSerializer, description="No such category."),
        },
        summary="How a rating category's ratings spread",
        description="The category's established players (deviation at most 110, a rated game "
        f"in the last 90 days) counted in bands of {BAND} rating points.",
    )
    def get(self, request: Request, category: str) -> Response:
        if known_category(category) is None:
            return no_such_category(category)
        return Response(DistributionSerializer(distribution(category)).data)
