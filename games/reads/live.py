"""Games being played: one game's record by id, the live-games list of the watch page, and who
is online (at a game or in the lobby)."""

from datetime import datetime
from typing import Any

from django.db.models import Count, Q

from accounts.models import User
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_LISTED_LIVE_GAMES, fresh_since
from games.models import Connection, Game


def game_by_id(public_id: str) -> Game:
    """Returns the game with its players, or raises ``not_found``."""
    game = Game.objects.select_related("white", "black").filter(public_id=public_id).first()
    if game is None:
        raise GameError(ErrorCode.NOT_FOUND, f"There is no game {public_id}.")
    return game


def live_games(limit: int = MAX_LISTED_LIVE_GAMES) -> list[dict[str, Any]]:
    """Returns the live online games, newest first (at most ``limit``), with their spectator
    counts."""
    fresh = fresh_since()
    games = (
        Game.objects.filter(status=Game.Status.LIVE, mode=Game.Mode.ONLINE)
        .select_related("white", "black")
        .annotate(
            watching=Count(
                "connections",
                filter=Q(connections__color__isnull=True, connections__last_seen__gte=fresh),
            )
        )
        .order_by("-created_at")[:limit]
    )
    return [
        {
            "id": game.public_id,
            "white": game.white.username if game.white else None,
            "black": game.black.username if game.black else None,
            "ply": game.ply,
            "variant": game.variant,
            "fen": game.fen,
            "spectators": game.watching,
            "created_at": game.created_at.isoformat(),
        }
        for game in games
    ]


def online_user_ids(now: datetime | None = None) -> set[int]:
    """Returns the ids of the users online now: a game socket (playing or watching) or a lobby
    socket heard from within ``CONNECTION_STALE_AFTER`` (both ping every ``PING_EVERY``, written
    at most every ``HEARTBEAT_WRITE_EVERY``)."""
    fresh = fresh_since(now)
    at_games = Connection.objects.filter(last_seen__gte=fresh, user__isnull=False).values_list(
        "user_id", flat=True
    )
    in_lobby = User.objects.filter(last_seen__gte=fresh).values_list("pk", flat=True)
    return set(at_games) | set(in_lobby)
