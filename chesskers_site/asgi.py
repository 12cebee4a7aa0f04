"""ASGI entry point: Django over HTTP, Channels consumers over WebSockets.

Daphne serves ``chesskers_site.asgi:application``. WebSockets pass the allowed-hosts origin
check and the session auth middleware before reaching a consumer.
"""

import gc
import os

from django.conf import settings
from django.core.asgi import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
django_asgi_app = get_asgi_application()

# Imported after Django is set up: consumers import models.
from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from chesskers_site.routing import websocket_urlpatterns  # noqa: E402

# The garbage collector's full collections walk every live object: with a few hundred sockets
# open (each a stack of coroutines, tasks and buffers) one took 100-200 ms here, stopping every
# game on the process at once, several times a minute under load (bench/ws_load.py). Young
# collections stay as they are; a full one waits for 1,000 middle ones instead of 10. Objects
# die by reference counting all the same; only cyclic garbage waits longer. (The tests keep
# Python's thresholds: there, threads that end leave database connections in reference cycles,
# and the test database can only be dropped once those are collected.)
if settings.SERVER_GC_THRESHOLDS:
    gc.set_threshold(*settings.SERVER_GC_THRESHOLDS)

application = ProtocolTypeRouter(
    {
        "http": django_asgi_app,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)
