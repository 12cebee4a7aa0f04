"""The site with its moves relayed instead of played: ``bench/ws_load.py --floor site``.

Everything is the site's (``chesskers_site.asgi``: the process tuning, the middleware, the game
socket's connect with its database reads, the message budget, the language, the channel layer)
but one thing: a ``move`` message is not played. The socket that receives it sends the game's
group the last state it was sent itself, its ply one on, as a ``game.state`` event, as the site
does after a move; no engine, no worker thread, no database. The difference between this and
the site is what playing a move costs; the difference between this and the lean relay
(``bench/echo_asgi.py``) is what the site's socket plumbing costs.
"""

import os
import re
import sys
from typing import Any

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "chesskers_site.settings")

import django

django.setup()

from games.edges import consumers, routing  # noqa: E402
from games.storage import broadcast  # noqa: E402

STATE = '{"type":"state"'
PLY = re.compile(r'"ply":\d+,')


class RelayedMoves(consumers.GameConsumer):
    """The site's game socket, whose moves are relayed, not played."""

    last_state = ""

    async def on_move(self, message: dict[str, Any]) -> None:
        ply = message.get("ply")
        text = PLY.sub(f'"ply":{int(ply) + 1},', self.last_state, count=1)
        event = {"type": "game.state", "text": text}
        await self.channel_layer.group_send(broadcast.game_group(self.game_id), event)

    async def send(
        self, text_data: str | None = None, bytes_data: bytes | None = None, close: bool = False
    ) -> None:
        if text_data is not None and text_data.startswith(STATE):
            self.last_state = text_data
        await super().send(text_data, bytes_data, close)


# The game route is this consumer's; the site's application is built on the routes below, so
# it must not have been built yet (this module is a server's application, imported first).
if "chesskers_site.asgi" in sys.modules:
    raise SystemExit("bench.site_relay_asgi must be imported before chesskers_site.asgi")
GAME_ROUTE = "ws/games/<str:game_id>/"
for index, pattern in enumerate(routing.websocket_urlpatterns):
    if str(pattern.pattern) == GAME_ROUTE:
        routing.websocket_urlpatterns[index] = type(pattern)(
            pattern.pattern, RelayedMoves.as_asgi(), pattern.default_args, pattern.name
        )
        break
else:
    raise SystemExit(f"the site has no route {GAME_ROUTE}")

from chesskers_site.asgi import application  # noqa: E402

__all__ = ["application"]
