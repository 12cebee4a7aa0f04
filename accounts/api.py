"""Accounts REST API: sign-up, token, who is signed in, their settings and email address, and
asking for a password reset by email."""

from django.conf import settings
from django.contrib.auth import authenticate
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.forms import VerifiedPasswordResetForm
from accounts.models import Preferences
from accounts.selectors import preferences_of, preferences_payload
from accounts.services import (
    MAX_EMAIL_CHARS,
    email_set,
    email_token,
    kid_mode_set,
    preferences_update,
    send_verification,
    user_signup,
    user_token,
)
from accounts.throttles import (
    email_charge,
    login_charge,
    reset_charge,
    signup_charge,
    too_many_sentence,
)
from accounts.two_factor import NEEDED, WRONG
from common.throttle import refund


class CredentialsSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    password = serializers.CharField(max_length=4096, trim_whitespace=False)


class TokenCredentialsSerializer(CredentialsSerializer):
    code = serializers.CharField(
        max_length=20,
        required=False,
        help_text="With two-factor log-in on: the app's code now, or a recovery code",
    )


class SignupSerializer(CredentialsSerializer):
    email = serializers.CharField(
        max_length=MAX_EMAIL_CHARS,
        required=False,
        allow_blank=True,
        default="",
        help_text="Optional: a link is sent to confirm it; only a confirmed address gets a "
        "password reset",
    )


class EmailSerializer(serializers.Serializer):
    email = serializers.CharField(
        max_length=MAX_EMAIL_CHARS, allow_blank=True, help_text="Empty removes the address"
    )


class SettingsSerializer(serializers.Serializer):
    sound = serializers.BooleanField(help_text="The game page's move sounds")
    premoves = serializers.BooleanField(help_text="Moves entered on the opponent's turn")
    takebacks = serializers.ChoiceField(
        ["always", "casual", "never"],
        help_text="Whether opponents may ask you for a takeback: always, in casual games, never",
    )
    confirm_resign = serializers.BooleanField(help_text="A resignation takes a second tap")
    confirm_moves = serializers.ChoiceField(
        Preferences.ConfirmMoves.values,
        help_text="Whether a move made on the board waits for Confirm before it is sent: "
        "never, in correspondence games, always (online games)",
    )
    chat = serializers.BooleanField(help_text="Games' chat shown and written")
    board_theme = serializers.ChoiceField(
        Preferences.BoardTheme.values, help_text="The board's colours"
    )
    theme = serializers.ChoiceField(
        Preferences.Theme.values, help_text="The pages' colours: as the system, light or dark"
    )
    coordinates = serializers.BooleanField(help_text="The board's file and rank labels")
    language = serializers.ChoiceField(
        ["", *(code for code, _name in settings.LANGUAGES)],
        allow_blank=True,
        help_text='The site\'s language; "" follows the browser',
    )
    messages_from = serializers.ChoiceField(
        Preferences.Who.values,
        help_text="Who may write to you: everyone, players you follow, nobody",
    )
    challenges_from = serializers.ChoiceField(
        Preferences.Who.values,
        help_text="Who may challenge you by name: everyone, players you follow, nobody "
        "(rematches and open seeks are not challenges by name)",
    )
    mail_turns = serializers.BooleanField(
        help_text="A mail to your confirmed address when it is your turn in a correspondence "
        "game (once a turn, once you have been away from the site a few minutes)"
    )
    kid = serializers.BooleanField(
        read_only=True,
        help_text="Kid mode: chat, messages and the forum off; changed only by "
        "POST /api/account/kid/, with the password",
    )


AccountSerializer = inline_serializer(
    "Account",
    {
        "username": serializers.CharField(),
        "email": serializers.CharField(help_text='The address, "" for none'),
        "email_verified": serializers.BooleanField(help_text="Confirmed by its link"),
    },
)


ErrorSerializer = inline_serializer("Error", {"error": serializers.CharField()})


def error(message: str, code: int = status.HTTP_400_BAD_REQUEST) -> Response:
    return Response({"error": message}, status=code)


def too_many(wait: int, what: str) -> Response:
    return Response(
        {"error": too_many_sentence(wait, what)},
        status=status.HTTP_429_TOO_MANY_REQUESTS,
        headers={"Retry-After": str(wait)},
    )


TOO_MANY = OpenApiResponse(ErrorSerializer, description="Too many attempts; see Retry-After.")


class SignupView(APIView):
    authentication_classes: list = []

    @extend_schema(
        request=SignupSerializer,
        responses={
            201: inline_serializer(
                "SignupResult",
                {"username": serializers.CharField(), "token": serializers.CharField()},
            ),
            400: OpenApiResponse(ErrorSerializer, description="Username taken or invalid."),
            429: TOO_MANY,
        },
        summary="Create an account and get its API token",
        description="With `email`, a link to confirm the address is sent to it.",
    )
    def post(self, request: Request) -> Response:
        credentials = SignupSerializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        spent = signup_charge(request)  # counted before any work: a burst passes only the limit
        if spent.wait is not None:
            return too_many(spent.wait, "accounts from this address")
        try:
            user = user_signup(**credentials.validated_data)
        except ValidationError as exc:
            refund(spent)  # no account was made
            field, messages = next(iter(exc.message_dict.items()))
            return error(
                _("%(field)s: %(errors)s") % {"field": field, "errors": " ".join(messages)}
            )
        if user.email:
            send_link(request, user)
        return Response(
            {"username": user.username, "token": user_token(user=user)},
            status=status.HTTP_201_CREATED,
        )


class TokenView(APIView):
    authentication_classes: list = []

    @extend_schema(
        request=TokenCredentialsSerializer,
        responses={
            200: inline_serializer("TokenResult", {"token": serializers.CharField()}),
            400: OpenApiResponse(
                ErrorSerializer,
                description="Wrong username or password, or the two-factor code missing or wrong.",
            ),
            429: TOO_MANY,
        },
        summary="Exchange a username and password for the API token",
    )
    def post(self, request: Request) -> Response:
        credentials = TokenCredentialsSerializer(data=request.data)
        credentials.is_valid(raise_exception=True)
        spent = login_charge(request, credentials.validated_data["username"])
        if spent.wait is not None:  # one too many: the password is not tried
            return too_many(spent.wait, "failed log-ins")
        user = authenticate(request, **credentials.validated_data)
        if user is None:
            said = getattr(request, "two_factor", None)
            if said == NEEDED:
                return error(_("This account asks for its two-factor code: send `code`."))
            if said == WRONG:
                return error(_("That two-factor code is wrong, or was used already."))
            return error(_("Wrong username or password."))
        refund(spent)  # only failed log-ins count
        return Response({"token": user_token(user=user)})


def send_link(request: Request, user) -> int | None:
    """Sends the user's address its verification link unless the account asked for too many;
    returns the seconds to wait when it did not go (None: it went)."""
    wait = email_charge(user.pk).wait
    if wait is None:
        link = request.build_absolute_uri(reverse("email-verify", args=[email_token(user)]))
        send_verification(user=user, link=link)
    return wait


def account_payload(user) -> dict:
    return {"username": user.username, "email": user.email, "email_verified": user.email_verified}


NOT_SIGNED_IN = OpenApiResponse(ErrorSerializer, description="Not signed in.")


class AccountView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: AccountSerializer, 401: NOT_SIGNED_IN},
        summary="Who the token (or session) belongs to, and their email address",
    )
    def get(self, request: Request) -> Response:
        return Response(account_payload(request.user))


class SettingsView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: SettingsSerializer, 401: NOT_SIGNED_IN}, summary="Your settings")
    def get(self, request: Request) -> Response:
        return Response(preferences_payload(preferences_of(request.user)))

    @extend_schema(
        request=SettingsSerializer(partial=True),
        responses={
            200: SettingsSerializer,
            400: OpenApiResponse(ErrorSerializer, description="An unknown or wrong setting."),
            401: NOT_SIGNED_IN,
        },
        summary="Change some of your settings",
        description="Give only the settings to change; the answer is all of them.",
    )
    def patch(self, request: Request) -> Response:
        changes = request.data if isinstance(request.data, dict) else {}
        return Response(preferences_payload(preferences_update(user=request.user, changes=changes)))


class KidModeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=inline_serializer(
            "KidMode", {"kid": serializers.BooleanField(), "password": serializers.CharField()}
        ),
        responses={
            200: SettingsSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Wrong password, or no `kid`."),
            401: NOT_SIGNED_IN,
            429: TOO_MANY,
        },
        summary="Turn kid mode on or off",
        description="On, the games' chat and private messages are off (nobody may write to "
        "you, and you write to nobody) and the forum is closed to you; `chat` and "
        "`messages_from` then stay as kid mode set them until it is off. The password is "
        "counted as a log-in attempt.",
    )
    def post(self, request: Request) -> Response:
        given = request.data if isinstance(request.data, dict) else {}
        if not isinstance(given.get("kid"), bool):
            return error(_("Say `kid`: true to turn kid mode on, false to turn it off."))
        spent = login_charge(request, request.user.username)
        if spent.wait is not None:
            return too_many(spent.wait, "failed log-ins")
        row = kid_mode_set(user=request.user, on=given["kid"], password=given.get("password"))
        refund(spent)
        return Response(preferences_payload(row))


class EmailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=EmailSerializer,
        responses={
            200: AccountSerializer,
            400: OpenApiResponse(ErrorSerializer, description="Not an email address."),
            401: NOT_SIGNED_IN,
            429: TOO_MANY,
        },
        summary="Set, change or remove your email address",
        description="A new address is sent a link that confirms it (`email_verified` is false "
        "until it is followed); at most 5 links an hour per account (429 past them).",
    )
    def post(self, request: Request) -> Response:
        given = EmailSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        email_set(user=request.user, email=given.validated_data["email"])
        user = request.user
        if user.email and not user.email_verified:
            wait = send_link(request, user)
            if wait is not None:
                return too_many(wait, "confirmation links for your account")
        return Response(account_payload(user))


class PasswordResetView(APIView):
    authentication_classes: list = []

    @extend_schema(
        request=inline_serializer("PasswordReset", {"email": serializers.CharField()}),
        responses={204: None, 429: TOO_MANY},
        summary="Send a password reset link to a confirmed email address",
        description="Answers 204 whether or not an account has that address confirmed (the "
        "answer never says). At most 5 an hour from one address and 3 for one email address.",
    )
    def post(self, request: Request) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        email = data.get("email")
        spent = reset_charge(request, email)
        if spent.wait is not None:
            return too_many(spent.wait, "password resets")
        form = VerifiedPasswordResetForm({"email": email if isinstance(email, str) else ""})
        if form.is_valid():
            form.save(
                request=request._request,
                use_https=request.is_secure(),
                email_template_name="accounts/email/password_reset_body.txt",
                subject_template_name="accounts/email/password_reset_subject.txt",
            )
        return Response(status=status.HTTP_204_NO_CONTENT)
