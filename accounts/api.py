"""Accounts REST API (API.md "Accounts"): sign-up, token, public profile."""

from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.models import User
from accounts.selectors import profile_data
from accounts.services import user_signup, user_token


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


ErrorSerializer = inline_serializer("Error", {"error": serializers.CharField()})


def error(message: str, code: int = status.HTTP_400_BAD_REQUEST) -> Response:
    return Response({"error": message}, status=code)


class SignupView(APIView):
    authentication_classes: list = []

    @extend_schema(
        request=CredentialsSerializer,
        responses={
            201: inline_serializer(
                "SignupResult",
                {"username": serializers.CharField(), "token": serializers.CharField()},
            ),
            400: OpenApiResponse(ErrorSerializer, description="Username taken or invalid."),
        },
        summary="Create an account and get its API token",
    )
    def post(self, request: Request) -> Response:
        credentials = CredentialsSerializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        try:
            user = user_signup(**credentials.validated_data)
        except ValidationError as exc:
            field, messages = next(iter(exc.message_dict.items()))
            return error(f"{field}: {' '.join(messages)}")
        return Response(
            {"username": user.username, "token": user_token(user=user)},
            status=status.HTTP_201_CREATED,
        )


class TokenView(APIView):
    authentication_classes: list = []

    @extend_schema(
        request=CredentialsSerializer,
        responses={
            200: inline_serializer("TokenResult", {"token": serializers.CharField()}),
            400: OpenApiResponse(ErrorSerializer, description="Wrong username or password."),
        },
        summary="Exchange a username and password for the API token",
    )
    def post(self, request: Request) -> Response:
        credentials = CredentialsSerializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        user = authenticate(request, **credentials.validated_data)
        if user is None:
            return error("Wrong username or password.")
        return Response({"token": user_token(user=user)})


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
                        help_text="Rating before the first rated game, then after each: "
                        "{at, rating, game}",
                    ),
                },
            ),
            404: OpenApiResponse(ErrorSerializer, description="No such user."),
        },
        summary="A player's public profile: rating and statistics of finished online games",
    )
    def get(self, request: Request, username: str) -> Response:
        user = User.objects.filter(username__iexact=username, is_active=True).first()
        if user is None:
            return error(f"No user is called {username}.", status.HTTP_404_NOT_FOUND)
        return Response(profile_data(user))


class AccountView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            200: inline_serializer("Account", {"username": serializers.CharField()}),
            401: OpenApiResponse(ErrorSerializer, description="Not signed in."),
        },
        summary="Who the token (or session) belongs to",
    )
    def get(self, request: Request) -> Response:
        return Response({"username": request.user.username})
