"""ASGI entry point: Django over HTTP, Channels consumers over WebSockets.

Daphne serves ``chesskers_site.asgi:application``. Every connection first gets its client's
address from a trusted proxy's headers (``common.clients.ProxyHeaders``). HTTP bodies
then pass the size limit (``common.edge.BodyLimit``); WebSocket handshakes pass the
edge's text checks (``common.edge.SocketEdge``), the allowed-hosts origin check and the
session auth middleware before reaching a consumer. The first connection starts the process's
tournament director (``StartsPeriodicWork``).
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
django_asgi_app = get_asgi_application()

# Imported after Django is set up: consumers import models.
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from chesskers_site.routing import websocket_urlpatterns  # noqa: E402
from common.clients import ProxyHeaders  # noqa: E402
from common.edge import BodyLimit, SocketEdge  # noqa: E402
from common.process import tune_server_process  # noqa: E402
from tournaments.edges.director import start_director  # noqa: E402

tune_server_process()


class StartsPeriodicWork:
    """Starts the process's periodic work that must run whoever is connected (the tournaments'
    director) with the first connection it serves, HTTP or WebSocket: Daphne runs no start-up
    hook, and its event loop only runs once it serves."""

    def __init__(self, app, starters) -> None:
        self.app = app
        self.starters = starters

    async def __call__(self, scope, receive, send) -> None:
        for start in self.starters:
            start()  # once per event loop: a dictionary lookup after the first
        await self.app(scope, receive, send)


application = StartsPeriodicWork(
    ProxyHeaders(
        ProtocolTypeRouter(
            {
                # A body over settings.REQUEST_MAX_BYTES is refused (413) before it is read.
                "http": BodyLimit(django_asgi_app),
                "websocket": SocketEdge(
                    AllowedHostsOriginValidator(
                        AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
                    )
                ),
            }
        )
    ),
    [start_director],
)
