"""A bare fan-out server for bench/ws_load.py's floor: no database, no engine, no rules.

``/ws/echo/<group>/``: every text message a client sends is relayed through the channel layer
to every connection in its group (the sender included), exactly as a game's state is — so the
difference between this and the game server is the cost of the site's own work.

That relay is Channels' consumer as shipped, whose dispatch first closes stale database connections
on Channels' one shared worker thread, a thread hop before every message, relayed or received. The
site's consumers skip that hop (``games.edges.consumers.BaseConsumer.dispatch``), so
``/ws/lean/<group>/`` is the same relay without it: the floor of the site's own plumbing.
``/ws/query/<group>/`` is Channels' consumer as shipped doing one database query a message (as a
stock app that looks something up before relaying): a floor with a database in it.
"""

import os

import django

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")
django.setup()

from channels.consumer import get_handler_name  # noqa: E402
from channels.db import database_sync_to_async  # noqa: E402
from channels.generic.websocket import AsyncWebsocketConsumer  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.db import connection  # noqa: E402
from django.urls import path  # noqa: E402

from common.process import tune_server_process  # noqa: E402

# The floor runs on a process tuned as the site's is.
tune_server_process()


class FanOut(AsyncWebsocketConsumer):
    async def connect(self) -> None:
        self.group = f"echo.{self.scope['url_route']['kwargs']['group']}"
        await self.channel_layer.group_add(self.group, self.channel_name)
        await self.accept()

    async def disconnect(self, code: int) -> None:
        await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await self.channel_layer.group_send(self.group, {"type": "relay", "text": text_data})

    async def relay(self, event: dict) -> None:
        await self.send(text_data=event["text"])


def one_query() -> None:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")


class QueryFanOut(FanOut):
    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        await database_sync_to_async(one_query)()
        await super().receive(text_data, bytes_data)


class LeanFanOut(FanOut):
    async def dispatch(self, message: dict) -> None:
        # As AsyncConsumer.dispatch, without closing stale database connections first.
        await getattr(self, get_handler_name(message))(message)


application = ProtocolTypeRouter(
    {
        "websocket": URLRouter(
            [
                path("ws/echo/<str:group>/", FanOut.as_asgi()),
                path("ws/lean/<str:group>/", LeanFanOut.as_asgi()),
                path("ws/query/<str:group>/", QueryFanOut.as_asgi()),
            ]
        )
    }
)
