"""The community's API, under ``/api/``: blocking and following a player, whom a player follows,
reporting a player; and the signed-in user's own account at its end: downloading their data and
closing it. Here, above the games app, because a report's game and a closing account's games are
the games app's."""

from collections.abc import Mapping
from typing import Any

from django.http import FileResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.exceptions import Throttled
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import ErrorSerializer
from accounts.errors import AccountError
from accounts.models import User
from accounts.selectors import active_user
from accounts.throttles import login_charge
from common.throttle import charge, refund
from community import services
from community.errors import CommunityError
from community.models import (
    MAX_PLAYER_NOTE_CHARS,
    MAX_PLAYER_NOTES,
    MAX_REPORT_CHARS,
    Report,
)
from community.selectors import report_payload
from games.reads.live import game_by_id
from games.services.lobby import withdraw_between
from players.closing import close_account
from players.mydata import data_archive, data_filename
from players.selectors import following_list

NOT_SIGNED_IN = OpenApiResponse(ErrorSerializer, description="Not signed in.")
NO_USER = OpenApiResponse(ErrorSerializer, description="No such user.")
TOO_MANY = OpenApiResponse(ErrorSerializer, description="Too many: see Retry-After.")


def body(request: Request) -> Mapping[str, Any]:
    return request.data if isinstance(request.data, Mapping) else {}


def user_named(username: Any) -> User:
    """Returns the active user of that name (any case), or raises a 404 refusal."""
    found = None
    if isinstance(username, str) and len(username) <= 150:
        found = active_user(username)
    if found is None:
        raise CommunityError(
            _("No user is called %(username)s.") % {"username": username}, status=404
        )
    return found


def spend(request: Request, scope: str) -> None:
    """Counts one request of the signed-in user against ``scope``, before any work; one too
    many is refused 429 with ``Retry-After``."""
    wait = charge([(scope, str(request.user.pk))]).wait
    if wait is not None:
        raise Throttled(wait=wait)


class PairView(APIView):
    """A relation of the caller to a player, made with POST and undone with DELETE (204)."""

    permission_classes = [IsAuthenticated]
    make = staticmethod(services.block)
    undo = staticmethod(services.unblock)

    def post(self, request: Request, username: str) -> Response:
        spend(request, "social_account")
        self.make(user=request.user, other=user_named(username))
        return Response(status=status.HTTP_204_NO_CONTENT)

    def delete(self, request: Request, username: str) -> Response:
        spend(request, "social_account")
        self.undo(user=request.user, other=user_named(username))
        return Response(status=status.HTTP_204_NO_CONTENT)


PAIR_ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Yourself, or too many already."),
    401: NOT_SIGNED_IN,
    404: NO_USER,
    429: TOO_MANY,
}


def block_player(*, user: User, other: User) -> bool:
    """Blocks ``other`` for ``user`` and cancels the open challenges between the two."""
    added = services.block(user=user, other=other)
    withdraw_between(user_id=user.pk, other_id=other.pk)
    return added


class BlockView(PairView):
    make = staticmethod(block_player)
    undo = staticmethod(services.unblock)

    @extend_schema(
        request=None,
        responses={204: None, **PAIR_ERRORS},
        summary="Block a player (at most 500)",
        description="Neither of you can then challenge, be paired with or chat to the other; "
        "any follow and any open challenge between you end. Blocking again changes nothing.",
    )
    def post(self, request: Request, username: str) -> Response:
        return super().post(request, username)

    @extend_schema(responses={204: None, **PAIR_ERRORS}, summary="Unblock a player")
    def delete(self, request: Request, username: str) -> Response:
        return super().delete(request, username)


class FollowView(PairView):
    make = staticmethod(services.follow)
    undo = staticmethod(services.unfollow)

    @extend_schema(
        request=None,
        responses={204: None, **PAIR_ERRORS},
        summary="Follow a player (at most 400)",
        description="They show in your following list, and your pages' /ws/me/ socket hears "
        "`following_game` when they start a game. Refused between players in a block.",
    )
    def post(self, request: Request, username: str) -> Response:
        return super().post(request, username)

    @extend_schema(responses={204: None, **PAIR_ERRORS}, summary="Stop following a player")
    def delete(self, request: Request, username: str) -> Response:
        return super().delete(request, username)


PLAYER_NOTE = inline_serializer(
    "PlayerNote",
    {
        "text": serializers.CharField(help_text="Empty when you have no note on the player"),
        "updated_at": serializers.DateTimeField(allow_null=True),
    },
)


class PlayerNoteView(APIView):
    """The caller's private notes on a player: ``GET`` reads them, ``PUT`` writes them."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: PLAYER_NOTE, 401: NOT_SIGNED_IN, 404: NO_USER},
        summary="Your notes on a player",
    )
    def get(self, request: Request, username: str) -> Response:
        return Response(services.player_note_read(user=request.user, other=user_named(username)))

    @extend_schema(
        request=inline_serializer(
            "PlayerNoteWrite",
            {"text": serializers.CharField(allow_blank=True, max_length=MAX_PLAYER_NOTE_CHARS)},
        ),
        responses={
            200: PLAYER_NOTE,
            400: OpenApiResponse(ErrorSerializer, description="Refused, saying why."),
            401: NOT_SIGNED_IN,
            404: NO_USER,
        },
        summary="Write your notes on a player",
        description="Private: nobody else reads them, the player included. Up to "
        f"{MAX_PLAYER_NOTE_CHARS:,} characters, line breaks kept; empty text removes the note; "
        f"400 on yourself, or past notes on {MAX_PLAYER_NOTES:,} players.",
    )
    def put(self, request: Request, username: str) -> Response:
        other = user_named(username)
        text = body(request).get("text")
        return Response(services.player_note_write(user=request.user, other=other, text=text))


FOLLOWED_GAME = inline_serializer(
    "FollowedGame",
    many=True,
    fields={
        "id": serializers.CharField(),
        "variant": serializers.CharField(),
        "white": serializers.CharField(),
        "black": serializers.CharField(),
        "speed": serializers.CharField(),
        "control": serializers.CharField(help_text="As players write it: 3+2, 3 days, unlimited"),
    },
)
FOLLOWED = inline_serializer(
    "Followed",
    many=True,
    fields={
        "username": serializers.CharField(),
        "online": serializers.BooleanField(help_text="At a game or in the lobby lately"),
        "games": FOLLOWED_GAME,
    },
)


class FollowingView(APIView):
    @extend_schema(
        responses={200: FOLLOWED, 404: NO_USER},
        summary="Whom a player follows, with whether each is online and their live games",
    )
    def get(self, request: Request, username: str) -> Response:
        return Response(following_list(user_named(username)))


ReportSerializer = inline_serializer(
    "Report",
    {
        "id": serializers.IntegerField(),
        "user": serializers.CharField(),
        "reason": serializers.CharField(),
        "text": serializers.CharField(),
        "game": serializers.CharField(allow_null=True),
        "state": serializers.CharField(help_text="open, or closed by a moderator"),
        "created_at": serializers.DateTimeField(),
    },
)
ReportCreate = inline_serializer(
    "ReportCreate",
    {
        "user": serializers.CharField(help_text="The username reported"),
        "reason": serializers.ChoiceField(list(Report.Reason.values)),
        "text": serializers.CharField(
            required=False, help_text=f"What happened: at most {MAX_REPORT_CHARS} characters"
        ),
        "game": serializers.CharField(required=False, help_text="The game's id, if it was one"),
    },
)


def report_fields(data: Mapping[str, Any]) -> tuple[User, str, str, str]:
    """Returns a report body's player, reason, text and game id (checked to name a game), or
    raises saying what is wrong."""
    if not isinstance(data.get("user"), str) or not data["user"].strip():
        raise CommunityError(_("A report names the player reported, in `user`."))
    user = user_named(data["user"])
    reason, text, game = data.get("reason"), data.get("text") or "", data.get("game") or ""
    if not isinstance(reason, str):
        raise CommunityError(
            _("A report's reason is one of %(reasons)s.")
            % {"reasons": ", ".join(Report.Reason.values)}
        )
    if not isinstance(text, str):
        raise CommunityError(_("A report's text is text."))
    if not isinstance(game, str) or len(game) > 12:
        raise CommunityError(_("A report's game is a game's id."))
    if game:
        game = game_by_id(game).public_id
    return user, reason, text.strip(), game


class ReportListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=ReportCreate,
        responses={
            201: ReportSerializer,
            400: OpenApiResponse(ErrorSerializer, description="A wrong reason or text."),
            401: NOT_SIGNED_IN,
            404: OpenApiResponse(ErrorSerializer, description="No such user or game."),
            429: TOO_MANY,
        },
        summary="Report a player to the moderators",
        description="`reason`: abuse, cheat, spam or other. A second report of the same player "
        "about the same game, while the first is open, updates it. At most 10 an hour.",
    )
    def post(self, request: Request) -> Response:
        spend(request, "report_account")
        user, reason, text, game = report_fields(body(request))
        report = services.report_create(
            reporter=request.user, user=user, reason=reason, text=text, game=game
        )
        return Response(report_payload(report), status=status.HTTP_201_CREATED)


class AccountDataView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={
            (200, "application/zip"): OpenApiTypes.BINARY,
            401: NOT_SIGNED_IN,
            429: TOO_MANY,
        },
        summary="Download your data: a zip of your games, account, ratings and chat lines",
        description="`games.pgn` (Chesskers and the hybrids), `games.pdn` (the checkers "
        "family), `account.json` (settings, ratings and their history, follows, blocks, "
        "reports made) and `chat.txt`. At most 3 an hour.",
    )
    def get(self, request: Request) -> FileResponse:
        spend(request, "data_account")
        return FileResponse(
            data_archive(request.user), as_attachment=True, filename=data_filename(request.user)
        )


class AccountCloseView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=inline_serializer("AccountClose", {"password": serializers.CharField()}),
        responses={
            204: None,
            400: OpenApiResponse(ErrorSerializer, description="Wrong password."),
            401: NOT_SIGNED_IN,
            429: TOO_MANY,
        },
        summary="Close your account for good",
        description="Your live online games are resigned, your seeks and challenges "
        "withdrawn, your follows and blocks forgotten; the account is renamed to a neutral "
        "name (`closed-…`), under which your games stay in the archive, and can no longer "
        "sign in. The password is counted as a log-in attempt.",
    )
    def post(self, request: Request) -> Response:
        password = body(request).get("password")
        spent = login_charge(request, request.user.username)
        if spent.wait is not None:
            raise Throttled(wait=spent.wait)
        if not isinstance(password, str) or not request.user.check_password(password):
            raise AccountError(_("Wrong password: your account is still open."))
        refund(spent)
        close_account(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
