"""The analysis board's pages: ``/analysis/`` (any game, any position: ``/analysis/<game>/`` its
start, ``/analysis/<game>/<FEN>`` a position, the FEN's spaces written ``_``) and
``/analysis/<game id>/`` (a finished game's moves and its side lines, to study and annotate);
the board editor, ``/editor/`` (``/editor/<game>/``, ``/editor/<game>/<FEN>``), where a
position is set up piece by piece for the analysis board, the bot or pass-and-play; and the
coordinate trainer, ``/training/coordinates/<game>/``, where a player learns the names of a
game's squares (all in the browser: the page sends the game's board and nothing else); and
``/game/<id>/learn/``, where an analysed game's mistakes are asked again (learn from your
mistakes).

A game still being played is refused to everyone, its players included, until it ends: the
board would be an engine at the table.
"""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.csrf import ensure_csrf_cookie

from catalogue.descriptors import game_name, variant_descriptor, variant_names
from engine import variants
from games.domain.clock import speed_choices
from games.domain.errors import GameError
from games.domain.policy import EXPLORER_PLIES
from games.domain.schemas import MAX_FEN_CHARS, fen_text
from games.models import Analysis, Game
from games.reads.archive import annotations_of, may_annotate
from games.services.core import Actor
from games.services.lines import board_position

CLOSED = _("This game is still being played: its analysis board opens when it ends.")


def analysis_url(variant_id: str, fen: str) -> str:
    """Returns the analysis board's address of a position of a game: its FEN in the path, its
    spaces written ``_`` (as the pages' ``fenInPath`` writes them)."""
    return reverse("analysis-fen", args=[variant_id, fen.replace(" ", "_")])


@ensure_csrf_cookie
def analysis_board(request: HttpRequest, target: str = "", fen: str = "") -> HttpResponse:
    """The analysis board: of a game's start or a position (``target`` a game's id, ``fen``
    its FEN with ``_`` for spaces), of a finished game (``target`` a game record's id), or of
    Chesskers' start. A position the engine refuses shows the game's start and says why."""
    if target and target not in variants.VARIANTS:
        return game_board(request, target)
    variant = target or request.GET.get("variant") or variants.DEFAULT.id
    if variant not in variants.VARIANTS:
        variant = variants.DEFAULT.id
    asked = fen.replace("_", " ").strip() or request.GET.get("fen", "").strip()
    error = None
    start = None
    if asked:
        try:
            start = board_position(variant=variant, fen=fen_text(asked) or "")
        except GameError as refusal:
            error = refusal.message
    if start is None:
        start = board_position(variant=variant, fen=variants.get(variant).start_fen)
    return page(request, variant, start, error=error)


def game_board(request: HttpRequest, game_id: str) -> HttpResponse:
    game = Game.objects.filter(public_id=game_id).first()
    if game is None:
        return render(request, "404.html", status=404)
    if game.status == Game.Status.LIVE:
        context = {"closed": CLOSED, "game": game}
        return render(request, "games/analysis.html", context, status=403)
    start = board_position(variant=game.variant, fen=game.initial_fen)
    moves = [
        {
            "text": move.text,
            "fen": move.fen_after,
            "path": move.path,
            "captured": move.captured,
            "kind": move.kind,
        }
        for move in game.moves.order_by("ply")
    ]
    actor = Actor.of_request(request)
    record = {
        "id": game.public_id,
        "url": f"/game/{game.public_id}/",
        "white": game.white.username if game.white_id else None,
        "black": game.black.username if game.black_id else None,
        "result": game.result,
        "annotations_url": f"/api/games/{game.public_id}/annotations/",
        "can_annotate": may_annotate(game, actor.user_id),
        "analysed": Analysis.objects.filter(game=game, state=Analysis.State.DONE).exists(),
    }
    side_lines = [note for note in annotations_of(game) if note["moves"]]
    return page(request, game.variant, start, moves=moves, side_lines=side_lines, game=record)


def page(
    request: HttpRequest,
    variant: str,
    start: dict[str, Any],
    *,
    moves: list[dict[str, Any]] | None = None,
    side_lines: list[dict[str, Any]] | None = None,
    game: dict[str, Any] | None = None,
    error: str | None = None,
) -> HttpResponse:
    page_data = {
        "variant": variant_descriptor(variant),
        "variant_id": variant,
        "variant_name": game_name(variants.get(variant)),
        "variants": variant_names(),
        "start": start,
        "moves": moves or [],
        "side_lines": side_lines or [],
        "game": game,
        "ws_url": "/ws/analysis/",
        "error": error,
    }
    context = {
        "page_data": page_data,
        "variant_name": page_data["variant_name"],
        "record": game,
        "speeds": speed_choices(),
        "explorer_plies": EXPLORER_PLIES,
    }
    return render(request, "games/analysis.html", context)


@ensure_csrf_cookie
def board_editor(request: HttpRequest, variant: str = "", fen: str = "") -> HttpResponse:
    """The board editor of a game (``variant``, or the game picker's ``?variant=``; absent:
    Chesskers), set up from ``fen`` (its spaces written ``_``; absent: the game's start). The
    page only draws and writes FENs: each position set up is judged by the analysis board's API,
    as any other position is."""
    variant = variant or request.GET.get("variant") or variants.DEFAULT.id
    if variant not in variants.VARIANTS:
        return render(request, "404.html", status=404)
    start_fen = variants.get(variant).start_fen
    asked = fen.replace("_", " ").strip()[:MAX_FEN_CHARS]
    page_data = {
        "variant": variant_descriptor(variant),
        "variant_id": variant,
        "variants": variant_names(),
        "fen": asked or start_fen,
        "start_fen": start_fen,
        "max_fen_chars": MAX_FEN_CHARS,
    }
    context = {"page_data": page_data, "variant_name": game_name(variants.get(variant))}
    return render(request, "games/editor.html", context)


def coordinate_trainer(request: HttpRequest, variant: str = "") -> HttpResponse:
    """The coordinate trainer of a game's board (Chesskers' without one): the board the game is
    drawn on and the squares' names its notation uses."""
    variant = variant or request.GET.get("variant") or variants.DEFAULT.id
    if variant not in variants.VARIANTS:
        raise Http404(_("There is no game %(variant)s.") % {"variant": variant})
    page_data = {"variant": variant_descriptor(variant), "variant_id": variant}
    context = {
        "page_data": page_data,
        "variant_name": game_name(variants.get(variant)),
        "variants": variant_names(),
    }
    return render(request, "games/coordinates.html", context)


@ensure_csrf_cookie
def learn_page(request: HttpRequest, game_id: str) -> HttpResponse:
    """Learn from your mistakes: a finished, analysed game's mistakes and blunders of one side
    (``?side=``; absent: the signed-in player's own side, else White), each asked again on the
    board. The page asks the API for the list and for each try's verdict
    (``games.services.learn``); it judges nothing itself."""
    game = Game.objects.select_related("white", "black").filter(public_id=game_id).first()
    if game is None:
        return render(request, "404.html", status=404)
    if game.status == Game.Status.LIVE:
        context = {"closed": CLOSED, "game": game}
        return render(request, "games/learn.html", context, status=403)
    side = request.GET.get("side")
    if side not in ("white", "black"):
        mine = request.user.is_authenticated and game.black_id == request.user.pk
        side = "black" if mine and game.white_id != request.user.pk else "white"
    page_data = {
        "variant": variant_descriptor(game.variant),
        "variant_id": game.variant,
        "game_id": game.public_id,
        "side": side,
        "fen": game.fen,
        "api_url": f"/api/games/{game.public_id}/learn/",
        "game_url": f"/game/{game.public_id}/",
    }
    context = {
        "page_data": page_data,
        "game": game,
        "side": side,
        "variant_name": game_name(variants.get(game.variant)),
    }
    return render(request, "games/learn.html", context)
