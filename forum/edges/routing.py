"""WebSocket routes of the forum."""

from django.urls import path

from forum.edges import consumers

websocket_urlpatterns = [
    path("ws/forum/<str:topic_id>/", consumers.TopicConsumer.as_asgi()),
]
