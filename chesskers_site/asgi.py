"""ASGI entry point: Django over HTTP, Channels consumers over WebSockets.

Daphne serves ``chesskers_site.asgi:application``. HTTP bodies pass the size limit
(``chesskers_site.edge.BodyLimit``); WebSockets pass the allowed-hosts origin check and the
session auth middleware before reaching a consumer.
"""

import os

from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
django_asgi_app = get_asgi_application()

# Imported after Django is set up: consumers import models.
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from chesskers_site.edge import BodyLimit  # noqa: E402
from chesskers_site.process import tune_server_process  # noqa: E402
from chesskers_site.routing import websocket_urlpatterns  # noqa: E402

tune_server_process()

application = ProtocolTypeRouter(
    {
        # A body over settings.REQUEST_MAX_BYTES is refused (413) before it is read whole.
        "http": BodyLimit(django_asgi_app),
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
