"""WebSocket routes of the games app."""

from django.urls import path

from games.edges import analysis_socket, consumers

websocket_urlpatterns = [
    path("ws/games/<str:game_id>/", consumers.GameConsumer.as_asgi()),
    path("ws/lobby/", consumers.LobbyConsumer.as_asgi()),
    path("ws/watch/", consumers.WatchConsumer.as_asgi()),
    path("ws/me/", consumers.UserConsumer.as_asgi()),
    path("ws/analysis/", analysis_socket.AnalysisConsumer.as_asgi()),
]
