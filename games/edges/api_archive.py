"""The archive's REST API: the games list (the archive, filtered), exports, import,
annotations, analysis and two players' crosstable. Thin, as ``games.edges.api``: schema, one
service, one read.
"""

import re
from urllib.parse import quote

from django.http import HttpResponse
from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    inline_serializer,
)
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from common.throttle import LearnThrottle
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_NOTE_CHARS, MAX_NOTES
from games.domain.schemas import AnnotationRequest, import_body
from games.edges.api import body
from games.edges.serializers import (
    ERRORS,
    AnnotationCreate,
    AnnotationEdit,
    AnnotationSerializer,
    ErrorSerializer,
    GameImport,
    LearnListSerializer,
    LearnTryRequest,
    LearnTrySerializer,
)
from games.models import Game, export_format
from games.reads import archive as reads
from games.reads.analysis import analysis_payload, game_move_times
from games.reads.crosstable import crosstable, players_named
from games.reads.live import game_by_id
from games.services import analysis, archive, learn
from games.services.bookmarks import bookmark_set
from games.services.core import Actor
from games.services.notes import note_read, note_write


class GameBookmarkView(APIView):
    """A game's bookmark for the caller: ``PUT`` marks it, ``DELETE`` takes the mark off."""

    permission_classes = [IsAuthenticated]
    answer = inline_serializer("Bookmark", {"bookmarked": serializers.BooleanField()})

    @extend_schema(
        request=None,
        responses={200: answer, **ERRORS},
        summary="Bookmark a game",
        description="Private to you: the archive's `bookmarked` filter finds your bookmarks "
        "again. Bookmarking one already bookmarked changes nothing; 400 at 1,000 bookmarks.",
    )
    def put(self, request: Request, game_id: str) -> Response:
        return Response({"bookmarked": bookmark_set(user=request.user, game_id=game_id, on=True)})

    @extend_schema(request=None, responses={200: answer, **ERRORS}, summary="Unbookmark a game")
    def delete(self, request: Request, game_id: str) -> Response:
        return Response({"bookmarked": bookmark_set(user=request.user, game_id=game_id, on=False)})


class GameNoteView(APIView):
    """The caller's private notes on a game: ``GET`` reads them, ``PUT`` writes them."""

    permission_classes = [IsAuthenticated]
    answer = inline_serializer(
        "GameNote",
        {
            "text": serializers.CharField(help_text="Empty when you have no note on the game"),
            "updated_at": serializers.DateTimeField(allow_null=True),
        },
    )

    @extend_schema(responses={200: answer, **ERRORS}, summary="Your notes on a game")
    def get(self, request: Request, game_id: str) -> Response:
        return Response(note_read(user=request.user, game_id=game_id))

    @extend_schema(
        request=inline_serializer(
            "GameNoteWrite",
            {"text": serializers.CharField(allow_blank=True, max_length=MAX_NOTE_CHARS)},
        ),
        responses={200: answer, **ERRORS},
        summary="Write your notes on a game",
        description="Private: nobody else reads them, the opponent included. Up to "
        f"{MAX_NOTE_CHARS:,} characters, line breaks kept; empty text removes the note; 400 past "
        f"notes on {MAX_NOTES:,} games.",
    )
    def put(self, request: Request, game_id: str) -> Response:
        text = request.data.get("text") if isinstance(request.data, dict) else None
        return Response(note_write(user=request.user, game_id=game_id, text=text))


class CrosstableView(APIView):
    """Two players' score against each other, as a game's page shows it."""

    @extend_schema(
        responses={
            200: inline_serializer(
                "Crosstable",
                {
                    "users": serializers.DictField(
                        child=serializers.FloatField(),
                        help_text="Each player's points against the other (a win 1, a draw "
                        "0.5), keyed by username, the first named first",
                    ),
                    "games": serializers.IntegerField(),
                    "wins": serializers.IntegerField(help_text="The first player's"),
                    "draws": serializers.IntegerField(),
                    "losses": serializers.IntegerField(help_text="The first player's"),
                    "latest": serializers.ListField(
                        child=serializers.DictField(),
                        help_text="Their 10 newest games, newest first: {id, variant, result "
                        '("win", "draw" or "loss": the first player\'s), finished_at}',
                    ),
                },
            ),
            400: OpenApiResponse(ErrorSerializer, description="One player named twice."),
            404: OpenApiResponse(ErrorSerializer, description="No such user."),
        },
        summary="Two players' score against each other",
        description="Every finished online game the two played against each other, rated or "
        "casual, of any game, either colour. 404 for a name nobody has, 400 for one player "
        "named twice.",
    )
    def get(self, request: Request, first: str, second: str) -> Response:
        return Response(crosstable(*players_named(first, second)))


class GameSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    mode = serializers.CharField()
    variant = serializers.CharField(help_text="The game's id (`GET /api/variants/`)")
    white = serializers.CharField(allow_null=True)
    black = serializers.CharField(allow_null=True)
    status = serializers.CharField()
    result = serializers.CharField(allow_null=True)
    termination = serializers.CharField(allow_null=True)
    rated = serializers.BooleanField()
    rating_changes = serializers.DictField(child=serializers.IntegerField(), allow_null=True)
    ply = serializers.IntegerField()
    fen = serializers.CharField()
    created_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    annotated = serializers.BooleanField()
    tournament = serializers.CharField(
        allow_null=True, help_text="The id of the tournament the game was played in, or null"
    )


MAX_PAGE_SIZE = 100


def page_link(request: Request, **cursor: str | None) -> str | None:
    """Returns the URL of the neighbouring page: this request's query with its place (``page``,
    ``before``, ``after``) replaced by ``cursor``; None when the cursor is None."""
    name, value = next(iter(cursor.items()))
    if value is None:
        return None
    query = request.query_params.copy()
    for key in ("page", "before", "after"):
        query.pop(key, None)
    query[name] = value
    return request.build_absolute_uri(f"{request.path}?{query.urlencode()}")


ARCHIVE_PARAMETERS = [
    OpenApiParameter("player", str, description="username of either player of the games"),
    OpenApiParameter(
        "opponent", str, description="with player: only their games against this username"
    ),
    OpenApiParameter("imported_by", str, description="username of the importer of the games"),
    OpenApiParameter("result", str, enum=Game.Result.values),
    OpenApiParameter("termination", str, enum=Game.Termination.values),
    OpenApiParameter("mode", str, enum=Game.Mode.values),
    OpenApiParameter("since", OpenApiTypes.DATE, description="finished on or after this day (UTC)"),
    OpenApiParameter(
        "until", OpenApiTypes.DATE, description="finished on or before this day (UTC)"
    ),
    OpenApiParameter("variant", str, description="only games of this game (its id)"),
    OpenApiParameter("min_plies", int, description="at least this many half-moves"),
    OpenApiParameter("annotated", bool, description="only games with annotations"),
    OpenApiParameter("bookmarked", bool, description="only the games you bookmarked (signed in)"),
    OpenApiParameter("tournament", str, description="only games of this tournament (its id)"),
]


class GameListView(APIView):
    @extend_schema(
        parameters=[
            OpenApiParameter("status", str, enum=["live", "finished"]),
            *ARCHIVE_PARAMETERS,
            OpenApiParameter(
                "before", str, description="the games after this one in the list (older)"
            ),
            OpenApiParameter(
                "after", str, description="the games before this one in the list (newer)"
            ),
            OpenApiParameter(
                "page", int, description="the n-th page (old links; `next` is cheaper deep down)"
            ),
            OpenApiParameter("page_size", int, description="1 to 100, 20 by default"),
        ],
        responses={
            200: inline_serializer(
                "GamePage",
                {
                    "count": serializers.IntegerField(
                        help_text="games in the list, counted up to 1000"
                    ),
                    "count_capped": serializers.BooleanField(
                        help_text="there are more than `count`"
                    ),
                    "next": serializers.CharField(allow_null=True),
                    "previous": serializers.CharField(allow_null=True),
                    "results": GameSummarySerializer(many=True),
                },
            ),
            400: ERRORS[400],
        },
        operation_id="games_list",
        summary="Games, newest first, filtered",
        description="With `status=finished` (the archive) the games are ordered by the time "
        "they finished, newest first; otherwise by the time they started. A date filter keeps "
        "only finished games. `next` and `previous` go on from the page's last or first game "
        "(`before=<id>`, `after=<id>`), so every page costs the same however deep.",
    )
    def get(self, request: Request) -> Response:
        params = request.query_params
        filters = reads.ArchiveFilters.from_query(params, viewer_id=request.user.pk)
        status_filter = params.get("status")
        if status_filter not in (None, "", "live", "finished"):
            raise GameError(ErrorCode.BAD_REQUEST, _("status is live or finished."))
        asked = reads.PageRequest.from_query(params, max_size=MAX_PAGE_SIZE)
        if status_filter == "finished":
            page = reads.page_of(reads.archive_games(filters), asked)
        else:
            games = Game.objects.select_related("white", "black", "imported_by")
            games = reads.filter_games(games, filters).order_by("-created_at", "-id")
            games = games.prefetch_related("rating_changes")
            if status_filter:
                games = games.filter(status=status_filter)
            if not filters.mode:
                games = games.exclude(mode=Game.Mode.LOCAL, status=Game.Status.LIVE)
            page = reads.page_of(games, asked, field="created_at")
        return Response(
            {
                "count": page.count,
                "count_capped": page.count_capped,
                "next": page_link(request, before=page.older),
                "previous": page_link(request, after=page.newer),
                "results": [reads.game_summary(game) for game in page.games],
            }
        )


# --- the archive: export, import, annotations, analysis --------------------------------------
MAX_BULK_EXPORT = 1000


def attachment(filename: str) -> str:
    """Returns a ``Content-Disposition`` naming a download, whatever text the name holds: an
    ASCII ``filename`` with anything but letters, digits, ``.``, ``_`` and ``-`` replaced, and
    the name itself as RFC 5987 ``filename*`` (percent-encoded UTF-8: no quote or separator of
    the header survives)."""
    fallback = UNSAFE_IN_FILENAME.sub("_", filename)
    return f"attachment; filename=\"{fallback}\"; filename*=UTF-8''{quote(filename, safe='')}"


UNSAFE_IN_FILENAME = re.compile(r"[^A-Za-z0-9._-]")


def text_response(text: str, filename: str | None = None) -> HttpResponse:
    response = HttpResponse(text, content_type="text/plain; charset=utf-8")
    if filename:
        response["Content-Disposition"] = attachment(filename)
    return response


class GameExportView(APIView):
    @extend_schema(
        responses={(200, "text/plain"): OpenApiTypes.STR, 404: ERRORS[404]},
        parameters=[
            OpenApiParameter("download", bool, description="as an attachment (a file to save)")
        ],
        operation_id="game_export",
        summary="A game as PGN-style text",
        description='The seven standard tags, `[Variant "Chesskers"]`, `[SetUp "1"]` and '
        "`[FEN]` for a game that did not start from the usual position, `[Termination]`, then "
        "the canonical move text with each annotation as a glyph (`!`, `?`, `!!`, `??`, `!?`, "
        "`?!`; a second glyph on one ply as a NAG `$1`-`$6`) and a comment in `{}`.",
    )
    def get(self, request: Request, game_id: str) -> HttpResponse:
        game = game_by_id(game_id)
        download = request.query_params.get("download")
        filename = game.export_filename if download else None
        return text_response(reads.game_export_text(game), filename)


class GamesExportView(APIView):
    @extend_schema(
        parameters=[*ARCHIVE_PARAMETERS],
        responses={(200, "text/plain"): OpenApiTypes.STR, 400: ERRORS[400]},
        operation_id="games_export",
        summary="Finished games as PGN-style text, filtered like the archive (at most 1000)",
        description="For example all of a user's games: `?player=alice`. Newest first, one "
        "blank line between games; the text can be imported back.",
    )
    def get(self, request: Request) -> HttpResponse:
        filters = reads.ArchiveFilters.from_query(request.query_params, viewer_id=request.user.pk)
        games = reads.archive_games(filters).prefetch_related("annotations")
        extension = export_format(filters.variant or "").lower() if filters.variant else "pgn"
        name = f"chesskers-{filters.player or filters.variant or 'games'}.{extension}"
        return text_response(reads.games_export_text(games[:MAX_BULK_EXPORT]), name)


class GameImportView(APIView):
    @extend_schema(
        request=GameImport,
        responses={
            201: inline_serializer(
                "GameImported",
                {
                    "id": serializers.CharField(help_text="the first game's id"),
                    "ids": serializers.ListField(child=serializers.CharField()),
                },
            ),
            400: OpenApiResponse(
                ErrorSerializer, description="Names the game and its first bad move."
            ),
            403: OpenApiResponse(ErrorSerializer, description="Not signed in."),
        },
        summary="Import games from PGN-style text (all or nothing)",
    )
    def post(self, request: Request) -> Response:
        text = import_body(body(request))
        games = archive.game_import(actor=Actor.of_request(request), text=text)
        ids = [game.public_id for game in games]
        return Response({"id": ids[0], "ids": ids}, status=status.HTTP_201_CREATED)


ANNOTATION_ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Bad ply, glyph or comment; game live."),
    403: OpenApiResponse(ErrorSerializer, description="Not one of the game's two players."),
    404: ERRORS[404],
}


class AnnotationListView(APIView):
    @extend_schema(
        responses={
            200: AnnotationSerializer(many=True),
            404: ERRORS[404],
        },
        summary="A game's annotations, in ply order",
    )
    def get(self, request: Request, game_id: str) -> Response:
        return Response(reads.annotations_of(game_by_id(game_id)))

    @extend_schema(
        request=AnnotationCreate,
        responses={201: AnnotationSerializer, **ANNOTATION_ERRORS},
        summary="Annotate a ply of a finished game you played, or add a side line",
    )
    def post(self, request: Request, game_id: str) -> Response:
        note = AnnotationRequest.from_body(body(request))
        if note.moves is not None:
            annotation = archive.side_line_create(
                game_id=game_id,
                actor=Actor.of_request(request),
                ply=note.ply,
                moves=note.moves,
                parent=note.parent,
            )
            return Response(reads.annotation_payload(annotation), status=status.HTTP_201_CREATED)
        annotation = archive.annotation_create(
            game_id=game_id,
            actor=Actor.of_request(request),
            ply=note.ply,
            glyph=note.glyph,
            comment=note.comment,
        )
        return Response(reads.annotation_payload(annotation), status=status.HTTP_201_CREATED)


class AnnotationDetailView(APIView):
    @extend_schema(
        request=AnnotationEdit,
        responses={200: AnnotationSerializer, **ANNOTATION_ERRORS},
        summary="Change one of your annotations",
    )
    def patch(self, request: Request, game_id: str, annotation_id: int) -> Response:
        note = AnnotationRequest.edit_from_body(body(request))
        annotation = archive.annotation_edit(
            game_id=game_id,
            actor=Actor.of_request(request),
            annotation_id=annotation_id,
            glyph=note.glyph,
            comment=note.comment,
        )
        return Response(reads.annotation_payload(annotation))

    @extend_schema(responses={204: None, **ANNOTATION_ERRORS}, summary="Delete your annotation")
    def delete(self, request: Request, game_id: str, annotation_id: int) -> Response:
        archive.annotation_delete(
            game_id=game_id, actor=Actor.of_request(request), annotation_id=annotation_id
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


AnalysisSerializer = inline_serializer(
    "Analysis",
    {
        "state": serializers.CharField(help_text="none, running, done or failed"),
        "done": serializers.IntegerField(help_text="positions evaluated so far"),
        "total": serializers.IntegerField(help_text="positions in the game (plies + 1)"),
        "evaluations": serializers.ListField(
            child=serializers.DictField(),
            help_text="{index, score (centipawns, White's side), best, depth} per position",
        ),
        "plies": serializers.ListField(
            child=serializers.DictField(),
            help_text="{ply, side, loss, judgement (inaccuracy/mistake/blunder/null), better}",
        ),
        "summary": serializers.DictField(
            child=serializers.DictField(),
            help_text="Each side's tally of the plies judged so far: {white: {inaccuracy, "
            "mistake, blunder, acpl (average centipawns lost a move, or null)}, black: …}",
        ),
    },
)


class GameAnalysisView(APIView):
    @extend_schema(
        responses={200: AnalysisSerializer, 404: ERRORS[404]}, summary="A game's analysis"
    )
    def get(self, request: Request, game_id: str) -> Response:
        return Response(analysis_payload(game_by_id(game_id)))

    @extend_schema(
        request=None,
        responses={
            202: AnalysisSerializer,
            400: OpenApiResponse(ErrorSerializer, description="The game is not finished."),
            403: OpenApiResponse(ErrorSerializer, description="Not signed in."),
            404: ERRORS[404],
        },
        summary="Start the bot's analysis of a finished game (in the background)",
        description='Progress is pushed to the game\'s WebSocket as `{"type": "analysis", '
        "…}` and can be read here.",
    )
    def post(self, request: Request, game_id: str) -> Response:
        analysis.game_analyse(game_id=game_id, actor=Actor.of_request(request))
        payload = analysis_payload(game_by_id(game_id))
        return Response(payload, status=status.HTTP_202_ACCEPTED)


class GameLearnView(APIView):
    """Learn from your mistakes (``games.services.learn``): anyone may ask, per address within
    ``THROTTLE_LEARN_ADDRESS``."""

    throttle_classes = [LearnThrottle]

    @extend_schema(
        parameters=[OpenApiParameter("side", str, description="white or black (absent: white)")],
        responses={200: LearnListSerializer, 400: ERRORS[400], 404: ERRORS[404]},
        summary="A side's mistakes and blunders in an analysed game, to find better moves",
    )
    def get(self, request: Request, game_id: str) -> Response:
        side = request.query_params.get("side", "white")
        return Response(learn.learn_mistakes(game_id=game_id, side=side))

    @extend_schema(
        request=LearnTryRequest,
        responses={
            200: LearnTrySerializer,
            400: OpenApiResponse(
                ErrorSerializer,
                description="Not one of the game's mistakes, or a move unreadable or illegal.",
            ),
            404: ERRORS[404],
            429: OpenApiResponse(
                ErrorSerializer, description="Too many tries: at this address, or searched at once."
            ),
        },
        summary="Try a move instead of a mistake: the bot judges it against the best",
    )
    def post(self, request: Request, game_id: str) -> Response:
        return Response(learn.learn_try(game_id=game_id, asked=body(request)))


class GameMoveTimesView(APIView):
    answer = inline_serializer(
        "MoveTimes",
        {
            "move_times": serializers.ListField(
                child=serializers.FloatField(allow_null=True),
                help_text="Seconds each move took, in ply order; null for a side's first move "
                "(its own allowance); empty without a Fischer clock",
            )
        },
    )

    @extend_schema(
        responses={200: answer, 404: ERRORS[404]}, summary="The time each move of a game took"
    )
    def get(self, request: Request, game_id: str) -> Response:
        return Response({"move_times": game_move_times(game_by_id(game_id))})
