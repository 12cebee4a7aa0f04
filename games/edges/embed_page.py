"""A game for other sites to frame (``/embed/<id>/``): its board, its moves to step through and
a link to its page here, as lichess's embedded games. Read only, with no account or cookie
needed, so that it works in any page's ``<iframe>``; it is the one page the site lets another
site frame (its own ``Content-Security-Policy``, ``frame-ancestors *``, and no
``X-Frame-Options``). ``?theme=`` (light, dark) and ``?board=`` (brown, blue, green, grey)
choose its colours, as the footer's switch does on the site. A live game is shown as it stood
when the page was loaded."""

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.views.decorators.clickjacking import xframe_options_exempt

from accounts.appearance import BOARD_COOKIE, COORDINATES_COOKIE, THEME_COOKIE, from_cookies
from catalogue.descriptors import variant_descriptor
from games.edges.views import settled_or_404
from games.services.round import Round

FRAMED_POLICY = settings.CONTENT_SECURITY_POLICY.replace(
    "frame-ancestors 'none'", "frame-ancestors *"
)


@xframe_options_exempt
def game_embed(request: HttpRequest, game_id: str) -> HttpResponse:
    game_round = Round(game_id)
    game = settled_or_404(game_round)
    state = game_round.state(game)
    embed = {
        "id": game.public_id,
        "variant": variant_descriptor(game.variant),
        "initial_fen": game.initial_fen,
        "moves": [
            {"text": move["text"], "fen": move["fen"], "path": move["path"]}
            for move in state["moves"]
        ],
    }
    asked = request.GET
    appearance = from_cookies(
        {
            THEME_COOKIE: asked.get("theme", ""),
            BOARD_COOKIE: asked.get("board", ""),
            COORDINATES_COOKIE: asked.get("coordinates", ""),
        }
    )
    context = {
        "game": game,
        "state": state,
        "embed": embed,
        "look": appearance,
        "game_url": request.build_absolute_uri(reverse("game", args=[game.public_id])),
    }
    response = render(request, "games/embed.html", context)
    response.headers["Content-Security-Policy"] = FRAMED_POLICY
    return response
