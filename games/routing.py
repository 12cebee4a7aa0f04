"""WebSocket routes of the games app (``/ws/lobby/``, ``/ws/games/<id>/`` arrive with issue 4)."""

websocket_urlpatterns: list = []
