"""Players REST API: a player's public profile, their activity, and finding players."""

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import ErrorSerializer, error
from accounts.selectors import active_user
from players.activity import ACTIVITY_DAYS, activity_of
from players.selectors import FOUND_PLAYERS, known_category, players_starting, profile_data


def no_such_user(username: str) -> Response:
    return error(
        _("No user is called %(username)s.") % {"username": username}, status.HTTP_404_NOT_FOUND
    )


class UserView(APIView):
    @extend_schema(
        responses={
            200: inline_serializer(
                "Profile",
                {
                    "username": serializers.CharField(),
                    "joined": serializers.DateTimeField(),
                    "games_played": serializers.IntegerField(),
                    "wins": serializers.IntegerField(),
                    "draws": serializers.IntegerField(),
                    "losses": serializers.IntegerField(),
                    "rating": serializers.IntegerField(help_text="Glicko-2 rating, rounded"),
                    "deviation": serializers.IntegerField(help_text="Rating deviation (RD)"),
                    "provisional": serializers.BooleanField(help_text="Deviation above 110"),
                    "volatility": serializers.FloatField(),
                    "rated_games": serializers.IntegerField(),
                    "by_color": serializers.DictField(
                        help_text="white/black: {games, wins, draws, losses}"
                    ),
                    "by_termination": serializers.DictField(
                        help_text="termination: {wins, draws, losses}, for those that occurred"
                    ),
                    "streak": serializers.DictField(
                        allow_null=True,
                        help_text='The current run: {"outcome": "win"|"draw"|"loss", "games"}',
                    ),
                    "best_win": serializers.DictField(
                        allow_null=True,
                        help_text="Rated win over the highest-rated opponent: "
                        "{game, opponent, opponent_rating, at}",
                    ),
                    "recent": serializers.ListField(
                        child=serializers.DictField(),
                        help_text="Latest finished online games, newest first: {id, color, "
                        "opponent, outcome, result, termination, rated, rating_change, "
                        "finished_at}",
                    ),
                    "rating_history": serializers.ListField(
                        child=serializers.DictField(),
                        help_text="The latest 200 rated games: the rating before the first "
                        "of them, then after each: {at, rating, game}",
                    ),
                    "category": serializers.CharField(
                        help_text="The rating category the rating and its history are of: a "
                        "Chesskers speed (bullet, blitz, rapid, classical, correspondence) or "
                        "another game's id; ?category= chooses, else the most played"
                    ),
                    "category_name": serializers.CharField(
                        help_text="The category's name, for people to read: Chesskers "
                        "classical, International Checkers"
                    ),
                    "ratings": serializers.ListField(
                        child=serializers.DictField(),
                        help_text="Every category played rated, most played first: "
                        "{category, name, rating, deviation, provisional, games} (name: "
                        "the category's, as category_name)",
                    ),
                },
            ),
            404: OpenApiResponse(ErrorSerializer, description="No such user."),
        },
        summary="A player's public profile: rating and statistics of finished online games",
    )
    def get(self, request: Request, username: str) -> Response:
        user = active_user(username)
        if user is None:
            return no_such_user(username)
        category = known_category(request.query_params.get("category"))
        return Response(profile_data(user, category=category))


class UserSearchView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter(
                "q", str, required=True, description="the start of a username, 2 to 20 characters"
            )
        ],
        responses={
            200: inline_serializer(
                "PlayerFound",
                {"username": serializers.CharField(), "online": serializers.BooleanField()},
                many=True,
            ),
            400: OpenApiResponse(ErrorSerializer, description="Not the start of a username."),
        },
        summary="Find players by the start of their name",
        description=f"At most {FOUND_PLAYERS} active players whose username starts with `q` "
        "(any case), in the order of their names, each with whether they are online now.",
    )
    def get(self, request: Request) -> Response:
        asked = request.query_params.get("q", "")
        try:
            return Response(players_starting(asked))
        except ValueError:
            return error(
                _("Look for a player by the start of their name: two letters or more."),
                status.HTTP_400_BAD_REQUEST,
            )


ActivityDay = inline_serializer(
    "ActivityDay",
    {
        "date": serializers.DateField(),
        "rated": serializers.ListField(
            child=serializers.DictField(),
            help_text="Each rating category played rated that day, the most played first: "
            "{category, name, games, wins, draws, losses, before, after} (the rating before "
            "the day's first game there and after its last)",
        ),
        "casual": serializers.IntegerField(help_text="Casual online games and bot games"),
        "puzzles": serializers.DictField(
            allow_null=True, help_text="{solved, failed}; null if none was played"
        ),
        "tournaments": serializers.ListField(
            child=serializers.DictField(),
            help_text="Tournaments that ended that day: {id, name, points, games, wins, draws, "
            "losses}",
        ),
        "teams": serializers.ListField(
            child=serializers.DictField(), help_text="Teams joined: {id, name}"
        ),
        "topics": serializers.ListField(
            child=serializers.DictField(),
            help_text="Topics of the site's forums written in: {id, title, forum, posts}",
        ),
        "studies": serializers.ListField(
            child=serializers.DictField(), help_text="Public studies made: {id, name}"
        ),
        "follows": serializers.ListField(
            child=serializers.CharField(), help_text="Players started following"
        ),
    },
    many=True,
)


class ActivityView(APIView):
    @extend_schema(
        responses={
            200: ActivityDay,
            404: OpenApiResponse(ErrorSerializer, description="No such user."),
        },
        summary="A player's activity, day by day",
        description=f"Each day of the last {ACTIVITY_DAYS} days on which the player did "
        "something, the latest first (days of the site's time zone); what their profile's "
        "*Activity* shows.",
    )
    def get(self, request: Request, username: str) -> Response:
        user = active_user(username)
        if user is None:
            return no_such_user(username)
        return Response(activity_of(user))
