"""WebSocket routes of the whole site, gathered from the apps."""

from games.edges.routing import websocket_urlpatterns as games_websocket_urlpatterns

websocket_urlpatterns = [*games_websocket_urlpatterns]
