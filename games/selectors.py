"""Game reads for pages, the API and other apps."""

from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q
from django.utils import timezone

from accounts.models import User
from games.errors import ErrorCode, GameError
from games.models import Color, Connection, Game
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


RECENT_GAMES = 10


def outcome_for(game: Game, user_id: int) -> str:
    """Returns "win", "draw" or "loss" for the user in a finished game they played."""
    if game.result == Game.Result.DRAW:
        return "draw"
    won_as = Color.WHITE if game.result == Game.Result.WHITE else Color.BLACK
    return "win" if game.player_id_for(won_as) == user_id else "loss"


def player_game_statistics(user: AbstractBaseUser) -> dict[str, Any]:
    """Returns the statistics of the user's finished online games (rated and unrated).

    ``by_color`` and ``by_termination`` count wins, draws and losses; ``streak`` is the run of
    equal outcomes ending with the latest game (``{"outcome": "win", "games": 3}``, or None);
    ``best_win`` is the rated win over the highest-rated opponent (their rating before the
    game); ``recent`` the latest games, newest first, with the user's rating change in rated
    ones.
    """
    from accounts.models import RatingChange

    games = list(
        Game.objects.filter(status=Game.Status.FINISHED, mode=Game.Mode.ONLINE)
        .filter(Q(white=user) | Q(black=user))
        .select_related("white", "black")
        .order_by("-finished_at", "-id")
    )
    changes = {
        change.game_id: change
        for change in RatingChange.objects.filter(user=user).select_related("opponent", "game")
    }
    empty = {"wins": 0, "draws": 0, "losses": 0}
    plural = {"win": "wins", "draw": "draws", "loss": "losses"}
    by_color = {Color.WHITE.value: {"games": 0, **empty}, Color.BLACK.value: {"games": 0, **empty}}
    by_termination: dict[str, dict[str, int]] = {}
    for game in games:
        outcome = outcome_for(game, user.pk)
        color = Color.WHITE.value if game.white_id == user.pk else Color.BLACK.value
        by_color[color]["games"] += 1
        by_color[color][plural[outcome]] += 1
        by_termination.setdefault(game.termination, dict(empty))[plural[outcome]] += 1
    order = list(Game.Termination.values)
    by_termination = dict(sorted(by_termination.items(), key=lambda item: order.index(item[0])))

    streak = None
    if games:
        first = outcome_for(games[0], user.pk)
        length = 0
        for game in games:
            if outcome_for(game, user.pk) != first:
                break
            length += 1
        streak = {"outcome": first, "games": length}

    best = None
    for change in changes.values():
        if change.score == 1.0 and (
            best is None
            or (change.opponent_rating, -change.at.timestamp())
            > (best.opponent_rating, -best.at.timestamp())
        ):
            best = change
    best_win = None
    if best is not None:
        best_win = {
            "game": best.game.public_id,
            "opponent": best.opponent.username,
            "opponent_rating": round(best.opponent_rating),
            "at": best.at.isoformat(),
        }

    recent = []
    for game in games[:RECENT_GAMES]:
        color = Color.WHITE.value if game.white_id == user.pk else Color.BLACK.value
        other = game.black if color == Color.WHITE else game.white
        change = changes.get(game.pk)
        recent.append(
            {
                "id": game.public_id,
                "color": color,
                "opponent": other.username if other else None,
                "outcome": outcome_for(game, user.pk),
                "result": game.result,
                "termination": game.termination,
                "rated": change is not None,
                "rating_change": change.change if change is not None else None,
                "finished_at": game.finished_at.isoformat() if game.finished_at else None,
            }
        )
    return {
        "by_color": by_color,
        "by_termination": by_termination,
        "streak": streak,
        "best_win": best_win,
        "recent": recent,
    }


def online_user_ids(now: datetime | None = None) -> set[int]:
    """Returns the ids of the users online now: a game socket (playing or watching) or a lobby
    socket heard from within ``CONNECTION_STALE_AFTER`` (90 s; both send a heartbeat every
    20 s, recorded at most every 30 s)."""
    now = now or timezone.now()
    fresh = now - CONNECTION_STALE_AFTER
    at_games = Connection.objects.filter(last_seen__gte=fresh, user__isnull=False).values_list(
        "user_id", flat=True
    )
    in_lobby = User.objects.filter(last_seen__gte=fresh).values_list("pk", flat=True)
    return set(at_games) | set(in_lobby)


def game_by_id(public_id: str) -> Game:
    game = Game.objects.select_related("white", "black").filter(public_id=public_id).first()
    if game is None:
        raise GameError(ErrorCode.NOT_FOUND, f"There is no game {public_id}.")
    return game


def game_state_by_id(public_id: str) -> dict[str, Any]:
    return game_state(game_by_id(public_id))


def live_games(limit: int = 100) -> list[dict[str, Any]]:
    """Returns the live online games, newest first, with their spectator counts."""
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
