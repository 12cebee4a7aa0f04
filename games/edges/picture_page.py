"""A game's position as an image (``/game/<id>/position.svg``): the board and its pieces now, the
last move marked, for anyone to link or show (a forum post shows the games it links to with
it). ``?orientation=black`` puts Black at the bottom. A finished game's picture never changes and
is kept by browsers and caches for a day; a live game's for a few seconds.

Any position of any game, too (``/position.svg?variant=<game>&fen=<FEN>``, the FEN's spaces
written as spaces or ``_`` as in the analysis board's address): the analysis board's *Image*,
and what a forum post shows of an analysis board it links to. The FEN is checked as every door
checks one (``fen_text``: short plain text) and read by the engine, nothing more: a bad one is
answered 400 with the sentence saying why."""

from django.http import Http404, HttpRequest, HttpResponse, HttpResponseBadRequest
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from games.domain.errors import GameError
from games.reads.picture import PictureError, fen_picture, game_picture

FINISHED_FOR = 24 * 3600  # seconds a finished game's picture is kept
LIVE_FOR = 5  # ... a live game's


@require_safe
def position_picture(request: HttpRequest, game_id: str) -> HttpResponse:
    orientation = "black" if request.GET.get("orientation") == "black" else "white"
    drawn = game_picture(game_id, orientation)
    if drawn is None:
        raise Http404("No such game.")
    picture, finished = drawn
    response = HttpResponse(picture, content_type="image/svg+xml")
    patch_cache_control(response, public=True, max_age=FINISHED_FOR if finished else LIVE_FOR)
    return response


@require_safe
def position_picture_of_fen(request: HttpRequest) -> HttpResponse:
    orientation = "black" if request.GET.get("orientation") == "black" else "white"
    try:
        picture = fen_picture(request.GET.get("variant"), request.GET.get("fen"), orientation)
    except (GameError, PictureError) as refusal:
        sentence = refusal.message if isinstance(refusal, GameError) else str(refusal)
        return HttpResponseBadRequest(sentence, content_type="text/plain; charset=utf-8")
    response = HttpResponse(picture, content_type="image/svg+xml")
    patch_cache_control(response, public=True, max_age=FINISHED_FOR)
    return response
