"""Games being played: one game's record by id, the live-games list of the watch page (each game
with its time control and its players' ratings), and who is online (at a game or in the
lobby)."""

from datetime import datetime
from typing import Any

from django.db.models import Count, Q
from django.utils.translation import gettext as _

from accounts.glicko2 import START_DEVIATION, START_RATING
from accounts.models import PROVISIONAL_DEVIATION, Rating, User, rating_category
from games.domain.clock import TimeControl
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_LISTED_LIVE_GAMES, fresh_since
from games.models import Connection, Game


def game_by_id(public_id: str) -> Game:
    """Returns the game with its players, or raises ``not_found``."""
    game = Game.objects.select_related("white", "black").filter(public_id=public_id).first()
    if game is None:
        raise GameError(
            ErrorCode.NOT_FOUND, _("There is no game %(public_id)s.") % {"public_id": public_id}
        )
    return game


def live_games(
    limit: int = MAX_LISTED_LIVE_GAMES, variant: str | None = None
) -> list[dict[str, Any]]:
    """Returns the live online games (of one game, with ``variant``), newest first (at most
    ``limit``), with their spectator counts, time controls (``speed``, ``control``) and each
    player's rating in the game's category (``ratings``: ``{"white": {"rating",
    "provisional"}, "black": …}``; one query for every game's)."""
    fresh = fresh_since()
    live = Game.objects.filter(status=Game.Status.LIVE, mode=Game.Mode.ONLINE)
    if variant is not None:
        live = live.filter(variant=variant)
    games = (
        live.select_related("white", "black")
        .annotate(
            watching=Count(
                "connections",
                filter=Q(connections__color__isnull=True, connections__last_seen__gte=fresh),
            )
        )
        .order_by("-created_at")[:limit]
    )
    controls = {game.pk: TimeControl.of_game(game) for game in games}
    categories = {game.pk: rating_category(game.variant, controls[game.pk].speed) for game in games}
    rows = Rating.objects.filter(
        user_id__in={uid for game in games for uid in (game.white_id, game.black_id) if uid},
        category__in=set(categories.values()),
    ).values_list("user_id", "category", "rating", "deviation")
    found = {(uid, category): (rating, deviation) for uid, category, rating, deviation in rows}

    def standing(user_id: int | None, category: str) -> dict[str, Any]:
        rating, deviation = found.get((user_id, category), (START_RATING, START_DEVIATION))
        return {"rating": round(rating), "provisional": deviation > PROVISIONAL_DEVIATION}

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
            "rated": game.rated,
            "speed": controls[game.pk].speed,
            "control": controls[game.pk].label,
            "ratings": {
                "white": standing(game.white_id, categories[game.pk]),
                "black": standing(game.black_id, categories[game.pk]),
            },
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


def online_among(user_ids: list[int], now: datetime | None = None) -> set[int]:
    """Returns those of ``user_ids`` online now (as ``online_user_ids`` counts them), reading
    only their rows."""
    if not user_ids:
        return set()
    fresh = fresh_since(now)
    at_games = Connection.objects.filter(last_seen__gte=fresh, user_id__in=user_ids)
    in_lobby = User.objects.filter(last_seen__gte=fresh, pk__in=user_ids)
    return set(at_games.values_list("user_id", flat=True)) | set(
        in_lobby.values_list("pk", flat=True)
    )


def live_games_of(user_ids: list[int], limit: int | None = None) -> list[Game]:
    """Returns the live online games of any of ``user_ids``, newest first (the ``limit`` newest
    if given), their players loaded (read from the players' indexes)."""
    if not user_ids:
        return []
    games = (
        Game.objects.filter(status=Game.Status.LIVE, mode=Game.Mode.ONLINE)
        .filter(Q(white_id__in=user_ids) | Q(black_id__in=user_ids))
        .select_related("white", "black")
        .order_by("-created_at")
    )
    return list(games[:limit] if limit is not None else games)
