"""Accounts REST API: sign-up, token, who is signed in."""

from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.services import user_signup, user_token
from accounts.throttles import login_charge, signup_charge
from common.throttle import refund


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


ErrorSerializer = inline_serializer("Error", {"error": serializers.CharField()})


def error(message: str, code: int = status.HTTP_400_BAD_REQUEST) -> Response:
    return Response({"error": message}, status=code)


def too_many(wait: int, what: str) -> Response:
    return Response(
        {"error": f"Too many {what}: try again in {wait} seconds."},
        status=status.HTTP_429_TOO_MANY_REQUESTS,
        headers={"Retry-After": str(wait)},
    )


TOO_MANY = OpenApiResponse(ErrorSerializer, description="Too many attempts; see Retry-After.")


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
            429: TOO_MANY,
        },
        summary="Create an account and get its API token",
    )
    def post(self, request: Request) -> Response:
        credentials = CredentialsSerializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        spent = signup_charge(request)  # counted before any work: a burst passes only the limit
        if spent.wait is not None:
            return too_many(spent.wait, "accounts from this address")
        try:
            user = user_signup(**credentials.validated_data)
        except ValidationError as exc:
            refund(spent)  # no account was made
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
            429: TOO_MANY,
        },
        summary="Exchange a username and password for the API token",
    )
    def post(self, request: Request) -> Response:
        credentials = CredentialsSerializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        spent = login_charge(request, credentials.validated_data["username"])
        if spent.wait is not None:  # one too many: the password is not tried
            return too_many(spent.wait, "failed log-ins")
        user = authenticate(request, **credentials.validated_data)
        if user is None:
            return error("Wrong username or password.")
        refund(spent)  # only failed log-ins count
        return Response({"token": user_token(user=user)})


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
