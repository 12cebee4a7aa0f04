"""A game's position as an image (``/game/<id>/position.svg``): the board and its pieces now, the
last move marked, for anyone to link or show (a forum post shows the games it links to with
it). ``?orientation=black`` puts Black at the bottom. A finished game's picture never changes and
is kept by browsers and caches for a day; a live game's for a few seconds."""

from django.http import Http404, HttpRequest, HttpResponse
from django.utils.cache import patch_cache_control
from django.views.decorators.http import require_safe

from games.reads.picture import game_picture

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
