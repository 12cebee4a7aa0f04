"""WebSocket routes of the tournaments app."""

from django.urls import path

from tournaments.edges import consumers

websocket_urlpatterns = [
    path("ws/tournaments/<str:tournament_id>/", consumers.TournamentConsumer.as_asgi()),
]
