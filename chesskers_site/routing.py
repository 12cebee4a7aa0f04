"""WebSocket routes of the whole site, gathered from the apps."""

from forum.edges.routing import websocket_urlpatterns as forum_websocket_urlpatterns
from games.edges.routing import websocket_urlpatterns as games_websocket_urlpatterns
from simuls.edges.routing import websocket_urlpatterns as simuls_websocket_urlpatterns
from studies.edges.routing import websocket_urlpatterns as studies_websocket_urlpatterns
from tournaments.edges.routing import websocket_urlpatterns as tournaments_websocket_urlpatterns

websocket_urlpatterns = [
    *games_websocket_urlpatterns,
    *tournaments_websocket_urlpatterns,
    *studies_websocket_urlpatterns,
    *simuls_websocket_urlpatterns,
    *forum_websocket_urlpatterns,
]
