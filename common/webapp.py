"""The site as an installable app: its web app manifest, its service worker, and the page the
worker shows when the network is down.

The worker (``static/js/sw.js``) is served from the site's root, ``/sw.js``, so that its scope
can be the whole site; it caches nothing but the offline page and that page's own files, and
answers a page's request from the network, falling back to the offline page only when the
network fails.
"""

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.utils.translation import get_language, get_language_bidi
from django.utils.translation import gettext as _
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe

SERVICE_WORKER = settings.BASE_DIR / "static" / "js" / "sw.js"
MANIFEST_TYPE = "application/manifest+json"
# The manifest's colours: the light theme's page and its accent (the icon's background).
BACKGROUND_COLOUR = "#f4f1ea"
THEME_COLOUR = "#2f6f4f"


@require_safe
@cache_control(max_age=3600)
def manifest(request: HttpRequest) -> JsonResponse:
    """The web app manifest, in the request's language."""
    icons = [
        {"src": static("icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"},
        *(
            {
                "src": static(f"icons/icon-{size}.png"),
                "sizes": f"{size}x{size}",
                "type": "image/png",
                "purpose": "any",
            }
            for size in (192, 512)
        ),
        # The icon keeps its picture in the middle 80%: a launcher may crop it to any shape.
        {
            "src": static("icons/icon-512.png"),
            "sizes": "512x512",
            "type": "image/png",
            "purpose": "maskable",
        },
    ]
    data = {
        "id": "/",
        "name": "Chesskers",
        "short_name": "Chesskers",
        # Translators: the installed app's description, shown by app stores and launchers.
        "description": _(
            "Chess, draughts and the games between them: play online, with a "
            "friend or against the bot."
        ),
        "lang": get_language(),
        "dir": "rtl" if get_language_bidi() else "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "orientation": "any",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "categories": ["games"],
        "icons": icons,
    }
    return JsonResponse(data, content_type=MANIFEST_TYPE, json_dumps_params={"indent": 1})


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """The service worker's script, from the root so that its scope may be ``/``; never
    cached, so a new version reaches the browsers at once."""
    response = HttpResponse(
        SERVICE_WORKER.read_bytes(), content_type="text/javascript; charset=utf-8"
    )
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """The page the service worker shows when the network is down (it keeps a copy)."""
    return render(request, "offline.html")
