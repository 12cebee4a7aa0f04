"""Game reads for pages, the API and other apps."""

from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q

from games.errors import ErrorCode, GameError
from games.models import Game
from games.state import CONNECTION_STALE_AFTER, game_state


def finished_game_counts(user: AbstractBaseUser) -> dict[str, int]:
    """Returns the counts of the user's finished online games (played, wins, draws, losses)."""
    games = Game.objects.filter(status=Game.Status.FINISHED, mode=Game.Mode.ONLINE).filter(
        Q(white=user) | Q(black=user)
    )
    counts = games.aggregate(
        games_played=Count("id"),
        wins=Count("id", filter=Q(white=user, result="1-0") | Q(black=user, result="0-1")),
        draws=Count("id", filter=Q(result="1/2-1/2")),
        losses=Count("id", filter=Q(white=user, result="0-1") | Q(black=user, result="1-0")),
    )
    return {key: counts[key] or 0 for key in ("games_played", "wins", "draws", "losses")}


def game_by_id(public_id: str) -> Game:
    game = Game.objects.select_related("white", "black").filter(public_id=public_id).first()
    if game is None:
        raise GameError(ErrorCode.NOT_FOUND, f"There is no game {public_id}.")
    return game


def game_state_by_id(public_id: str) -> dict[str, Any]:
    return game_state(game_by_id(public_id))


def live_games(limit: int = 100) -> list[dict[str, Any]]:
    """Returns the live online games, newest first, with their spectator counts."""
    from django.utils import timezone

    fresh = timezone.now() - CONNECTION_STALE_AFTER
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
            "fen": game.fen,
            "spectators": game.watching,
            "created_at": game.created_at.isoformat(),
        }
        for game in games
    ]
