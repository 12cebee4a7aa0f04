"""Telling connected clients about a change, after the transaction that made it commits.

Group names: ``game.<id>`` (a game's players and spectators), ``lobby`` (the open seeks),
``watch`` (the live-games list), ``user.<id>`` (one user's challenges and game starts).
"""

from typing import Any

from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.db import transaction

LOBBY_GROUP = "lobby"
WATCH_GROUP = "watch"


def game_group(public_id: str) -> str:
    return f"game.{public_id}"


def user_group(user_id: int) -> str:
    return f"user.{user_id}"


def send_now(group: str, message: dict[str, Any]) -> None:
    """Sends a message to a group from synchronous code."""
    layer = get_channel_layer()
    if layer is not None:
        async_to_sync(layer.group_send)(group, message)


def send_on_commit(group: str, message: dict[str, Any]) -> None:
    """Sends a message to a group once the current transaction commits (never if it rolls back)."""
    transaction.on_commit(lambda: send_now(group, message))
