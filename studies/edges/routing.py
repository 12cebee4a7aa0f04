"""WebSocket routes of the studies app."""

from django.urls import path

from studies.edges import consumers

websocket_urlpatterns = [
    path("ws/studies/<str:study_id>/", consumers.StudyConsumer.as_asgi()),
]
