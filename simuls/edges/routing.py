"""WebSocket routes of the simuls app."""

from django.urls import path

from simuls.edges import consumers

websocket_urlpatterns = [
    path("ws/simuls/<str:simul_id>/", consumers.SimulConsumer.as_asgi()),
]
