"""The games REST API: the lobby (seeks, challenges) and games (create, state, move, resign,
draw, takeback, rematch). Thin: each view parses its body by its schema (``games.domain.schemas``),
calls one service and answers with a read (``games.reads``); the archive's views are
``games.edges.api_archive``.
"""

from collections.abc import Mapping
from typing import Any

from django.http import HttpRequest
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from catalogue.descriptors import variant_summaries
from common.throttle import (
    TOO_MANY_CHANGES,
    ChallengeThrottle,
    SeekThrottle,
    charge_account_and_address,
)
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import CONNECTION_STALE_AFTER
from games.domain.schemas import (
    BotGameRequest,
    ChallengeRequest,
    LocalGameRequest,
    MoveRequest,
    SeekRequest,
    chat_body,
    draw_action,
    takeback_action,
)
from games.edges.serializers import (
    ERRORS,
    BotCreate,
    ChallengeCreate,
    ChallengeCreatedSerializer,
    ChallengeSerializer,
    ChatLineSerializer,
    ChatSend,
    DrawAction,
    GameRef,
    LocalCreate,
    MoveSubmit,
    SeekCreate,
    SeekSerializer,
    StateSerializer,
    TakebackAction,
    VariantSerializer,
)
from games.reads.chat import chat_lines
from games.reads.live import game_by_id
from games.reads.lobby import challenge_payload, challenges_of, open_seeks, seek_payload
from games.reads.state import game_state
from games.services import lobby, play
from games.services.chat import chat_send
from games.services.core import Actor
from games.services.round import Round, start_bot_game

# How long a seek or challenge made through the API alone stands (``games.services.lobby``).
STANDING = int(CONNECTION_STALE_AFTER.total_seconds())


def for_caller(request: Request, state: dict[str, Any]) -> dict[str, Any]:
    """Returns a game's state as its caller gets it: ``abortable`` says whether the caller may
    abort now (a player of the game, signed in)."""
    user = request.user
    player = user.is_authenticated and user.get_username() in (state["white"], state["black"])
    return {**state, "abortable": bool(state["abortable"] and player)}


def spend_form_budget(request: HttpRequest, scope: str) -> None:
    """Counts a page form's change against the API's budgets of its kind (``scope``: the
    ``<scope>_address`` and ``<scope>_account`` throttle rates) before any work, and refuses
    it past them, as the API answers 429 (the other apps' forms call it too)."""
    if charge_account_and_address(request, scope).wait is not None:
        raise GameError(ErrorCode.NOT_ALLOWED, str(TOO_MANY_CHANGES))


def body(request: Request) -> Mapping[str, Any]:
    """Returns a request's JSON or form body as a mapping (anything else: empty)."""
    return request.data if isinstance(request.data, Mapping) else {}


# --- the games the site plays ---------------------------------------------------------------
class VariantListView(APIView):
    @extend_schema(
        responses={200: VariantSerializer(many=True)},
        summary="Every game the site plays",
        description="Chesskers first, then the checkers family, then the hybrids. `id` is what "
        "`variant` takes wherever a game is created.",
    )
    def get(self, request: Request) -> Response:
        return Response(variant_summaries())


# --- lobby ----------------------------------------------------------------------------------
class SeekListView(APIView):
    throttle_classes = [SeekThrottle]

    def get_permissions(self):
        return [IsAuthenticated()] if self.request.method == "POST" else []

    @extend_schema(
        responses={200: SeekSerializer(many=True)},
        summary="Open seeks",
        description="Signed in, without the seeks of players in a block with you, either way.",
    )
    def get(self, request: Request) -> Response:
        return Response(open_seeks(viewer_id=Actor.of_request(request).user_id))

    @extend_schema(
        request=SeekCreate,
        responses={201: SeekSerializer, **ERRORS},
        summary="Open a seek (at most three)",
        description=(
            "A seek stands while its owner is in the lobby: the lobby page's WebSocket"
            " (`/ws/lobby/`) keeps it open, and leaving the lobby withdraws it. A client of the"
            f" API alone keeps it for {STANDING} seconds after posting it, or for as long as it"
            " holds a lobby socket open."
        ),
    )
    def post(self, request: Request) -> Response:
        asked = SeekRequest.from_body(body(request))
        seek = lobby.seek_create(
            user=request.user,
            color=asked.color,
            rated=asked.rated,
            variant=asked.variant,
            clock=asked.clock,
        )
        return Response(seek_payload(seek), status=status.HTTP_201_CREATED)


class SeekAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={201: GameRef, **ERRORS},
        summary="Accept a seek",
        description="410 if the seek is gone: accepted, cancelled, or its player left the lobby.",
    )
    def post(self, request: Request, seek_id: str) -> Response:
        game = lobby.seek_accept(user=request.user, seek_id=seek_id)
        return Response({"game": game.public_id}, status=status.HTTP_201_CREATED)


class SeekDetailView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses={204: None, **ERRORS}, summary="Cancel your seek")
    def delete(self, request: Request, seek_id: str) -> Response:
        lobby.seek_cancel(user=request.user, seek_id=seek_id)
        return Response(status=status.HTTP_204_NO_CONTENT)


class ChallengeListView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [ChallengeThrottle]

    @extend_schema(
        responses={
            200: inline_serializer(
                "ChallengeLists",
                {
                    "incoming": ChallengeSerializer(many=True),
                    "outgoing": ChallengeSerializer(many=True),
                },
            )
        },
        summary="Your open challenges, incoming and outgoing",
    )
    def get(self, request: Request) -> Response:
        return Response(challenges_of(request.user.pk))

    @extend_schema(
        request=ChallengeCreate,
        responses={201: ChallengeCreatedSerializer, **ERRORS},
        summary="Challenge a user, or (without `to`) make an invite link",
        description=(
            "A challenge or invite link stands while its challenger is in the lobby, as a seek"
            " does: leaving the lobby cancels it, and a client of the API alone keeps it for"
            f" {STANDING} seconds after making it, or for as long as it holds a lobby socket open."
        ),
    )
    def post(self, request: Request) -> Response:
        asked = ChallengeRequest.from_body(body(request))
        challenge = lobby.challenge_asked(user=request.user, asked=asked)
        payload = challenge_payload(challenge)
        payload["url"] = request.build_absolute_uri(f"/invite/{challenge.public_id}/")
        return Response(payload, status=status.HTTP_201_CREATED)


class ChallengeAcceptView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(request=None, responses={201: GameRef, **ERRORS}, summary="Accept a challenge")
    def post(self, request: Request, challenge_id: str) -> Response:
        game = lobby.challenge_accept(user=request.user, challenge_id=challenge_id)
        return Response({"game": game.public_id}, status=status.HTTP_201_CREATED)


class ChallengeDeclineView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None, responses={200: ChallengeSerializer, **ERRORS}, summary="Decline or cancel"
    )
    def post(self, request: Request, challenge_id: str) -> Response:
        challenge = lobby.challenge_decline(user=request.user, challenge_id=challenge_id)
        return Response(challenge_payload(challenge))


# --- games ----------------------------------------------------------------------------------
class LocalGameView(APIView):
    @extend_schema(
        request=LocalCreate,
        responses={201: StateSerializer, 400: ERRORS[400]},
        summary="Start a pass-and-play game (both sides yours) of any game, optionally from a FEN",
    )
    def post(self, request: Request) -> Response:
        asked = LocalGameRequest.from_body(body(request))
        game = play.game_create_local(
            actor=Actor.of_request(request, need_session=True),
            fen=asked.fen,
            variant=asked.variant,
        )
        return Response(game_state(game), status=status.HTTP_201_CREATED)


class BotGameView(APIView):
    @extend_schema(
        request=BotCreate,
        responses={201: StateSerializer, 400: ERRORS[400]},
        summary="Start a game against the bot at a level from 1 to 8, optionally from a FEN",
    )
    def post(self, request: Request) -> Response:
        asked = BotGameRequest.from_body(body(request))
        game = start_bot_game(
            actor=Actor.of_request(request, need_session=True),
            level=asked.level,
            color=asked.color,
            variant=asked.variant,
            fen=asked.fen,
        )
        return Response(game_state(game), status=status.HTTP_201_CREATED)


class GameDetailView(APIView):
    @extend_schema(responses={200: StateSerializer, 404: ERRORS[404]}, summary="A game's state")
    def get(self, request: Request, game_id: str) -> Response:
        return Response(for_caller(request, Round(game_id).state()))


class GameMovesView(APIView):
    @extend_schema(
        request=MoveSubmit,
        responses={201: StateSerializer, **ERRORS},
        summary="Play a move",
    )
    def post(self, request: Request, game_id: str) -> Response:
        move = MoveRequest.from_body(body(request))
        state = Round(game_id).play(actor=Actor.of_request(request), move=move)
        return Response(for_caller(request, state), status=status.HTTP_201_CREATED)


class GameResignView(APIView):
    @extend_schema(request=None, responses={200: StateSerializer, **ERRORS}, summary="Resign")
    def post(self, request: Request, game_id: str) -> Response:
        return Response(for_caller(request, Round(game_id).resign(actor=Actor.of_request(request))))


class GameDrawView(APIView):
    @extend_schema(
        request=DrawAction,
        responses={200: StateSerializer, **ERRORS},
        summary="Offer, accept or decline a draw",
    )
    def post(self, request: Request, game_id: str) -> Response:
        action = draw_action(body(request))
        return Response(Round(game_id).draw(actor=Actor.of_request(request), action=action))


class GameGiveTimeView(APIView):
    @extend_schema(
        request=None,
        responses={200: StateSerializer, **ERRORS},
        summary="Give the opponent 15 seconds (real-time online games)",
    )
    def post(self, request: Request, game_id: str) -> Response:
        return Response(
            for_caller(request, Round(game_id).give_time(actor=Actor.of_request(request)))
        )


class GameClaimWinView(APIView):
    @extend_schema(
        request=None,
        responses={200: StateSerializer, **ERRORS},
        summary="Claim the win when the opponent has left a real-time game",
    )
    def post(self, request: Request, game_id: str) -> Response:
        return Response(
            for_caller(request, Round(game_id).claim_win(actor=Actor.of_request(request)))
        )


class GameBerserkView(APIView):
    @extend_schema(
        request=None,
        responses={200: StateSerializer, **ERRORS},
        summary="Go berserk: halve your time before your first move (an arena's game)",
        description="Only in a game whose `berserk` is not null, before your first move, once; "
        "the tournament counts a win played so one point more.",
    )
    def post(self, request: Request, game_id: str) -> Response:
        return Response(Round(game_id).berserk(actor=Actor.of_request(request)))


class GameTakebackView(APIView):
    @extend_schema(
        request=TakebackAction,
        responses={200: StateSerializer, **ERRORS},
        summary="Take back (pass-and-play, bot); offer, accept or decline one (online)",
        description="In a pass-and-play or bot game, with no body, the last move is taken back"
        " (bot: back to your last turn). In an online game a takeback is asked of the opponent"
        ' (`{"action": "offer"}`), who accepts or declines it; accepted, the game goes back to'
        " the asker's last turn, clocks included. The opponent's takeback preference may refuse"
        " it; after a decline the asker waits for the next move.",
    )
    def post(self, request: Request, game_id: str) -> Response:
        action = takeback_action(body(request))
        state = Round(game_id).takeback(actor=Actor.of_request(request), action=action)
        return Response(for_caller(request, state))


class GameAbortView(APIView):
    @extend_schema(
        request=None,
        responses={200: StateSerializer, **ERRORS},
        summary="Abort an online game before both sides have moved",
        description="The game ends with no result and is not rated. Refused (400) once both"
        " sides have made their first move.",
    )
    def post(self, request: Request, game_id: str) -> Response:
        return Response(for_caller(request, Round(game_id).abort(actor=Actor.of_request(request))))


class GameRematchView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        responses={201: ChallengeSerializer, **ERRORS},
        summary="Offer a rematch, or accept the opponent's",
        description=(
            "Offers the opponent a rematch of a finished online game, colours swapped. If the"
            " opponent has already offered one, accepts it instead: the answer is that offer,"
            " `accepted`, with its `game`."
        ),
    )
    def post(self, request: Request, game_id: str) -> Response:
        challenge = Round(game_id).rematch(actor=Actor.of_request(request))
        return Response(challenge_payload(challenge), status=status.HTTP_201_CREATED)


class GameChatView(APIView):
    @extend_schema(
        responses={200: ChatLineSerializer(many=True), 404: ERRORS[404]},
        summary="The chat lines you may read, oldest first",
        description="While the game is live a player reads the players' room and anyone else "
        "the spectators'; once it is over, both (the latest 100 lines of each). Lines of a "
        "user in a block with you, either way, are left out.",
    )
    def get(self, request: Request, game_id: str) -> Response:
        game = game_by_id(game_id)
        return Response(chat_lines(game, Actor.of_request(request).user_id))

    @extend_schema(
        request=ChatSend,
        responses={201: ChatLineSerializer, **ERRORS},
        summary="Write in the game's chat (signed in; as the socket's `chat` message)",
        description="A player writes in the players' room, anyone else signed in in the "
        "spectators'. 401 signed out; 403 muted by a moderator; 400 chat turned off, not an "
        "online game, or a line that is empty, over 140 characters or holds control "
        "characters; 429 too many lines.",
    )
    def post(self, request: Request, game_id: str) -> Response:
        text = chat_body(body(request))
        line = chat_send(game_id=game_id, actor=Actor.of_request(request), text=text)
        return Response(line, status=status.HTTP_201_CREATED)
