"""The players' pages' reads: a player's public profile with the statistics of their finished
games, and who is online. Built on ``accounts`` (ratings) and ``games`` (the games played)."""

from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import Count, Q

from accounts.models import CLASSICAL, SPEED_CATEGORIES, RatingChange, User
from accounts.selectors import (
    categories_of,
    rating_history,
    rating_of,
    rating_summary,
    ratings_of,
)
from engine import variants
from games.models import Color, Game
from games.reads.live import online_user_ids


@dataclass(frozen=True)
class PlayerStats:
    games_played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0


def player_stats(user: User) -> PlayerStats:
    """Returns the user's counts of finished games; zeros until they have played."""
    return PlayerStats(**finished_game_counts(user))


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


def online_players(now: datetime | None = None) -> list[dict[str, Any]]:
    """Returns the players online now (see ``games.reads.live.online_user_ids``), by name."""
    users = list(
        User.objects.filter(pk__in=online_user_ids(now), is_active=True).order_by("username")
    )
    ratings = ratings_of(users)
    return [{"username": user.username, **rating_summary(ratings[user.pk])} for user in users]


def rating_categories() -> list[dict[str, str]]:
    """Returns every rating category, as the pages offer them: Chesskers' speeds, then every
    other game (``{"id", "name"}``)."""
    speeds = [{"id": speed, "name": f"Chesskers {speed}"} for speed in SPEED_CATEGORIES]
    games = [
        {"id": v.id, "name": v.name} for v in variants.VARIANTS.values() if v.id != "chesskers"
    ]
    return speeds + games


def known_category(asked: str | None) -> str | None:
    """Returns a category asked for in a page's query if it is one (else None)."""
    return asked if asked in {c["id"] for c in rating_categories()} else None


def profile_category(user: User, asked: str | None = None) -> str:
    """Returns the rating category a profile shows: the one asked for, else the user's most
    played, else Chesskers classical."""
    if asked:
        return asked
    played = categories_of(user)
    return played[0]["category"] if played else CLASSICAL


def profile_data(user: User, category: str | None = None) -> dict[str, Any]:
    """Returns the public profile of a user, as the API and the profile page show it: the
    rating and its history in one category (``profile_category``), and every category's."""
    category = profile_category(user, category)
    row = rating_of(user, category)
    return {
        "username": user.username,
        "joined": user.date_joined.isoformat(),
        **asdict(player_stats(user)),
        **rating_summary(row),
        "volatility": round(row.volatility, 5),
        "rated_games": row.games,
        **player_game_statistics(user),
        "rating_history": [
            {**point, "at": point["at"].isoformat(), "rating": round(point["rating"])}
            for point in rating_history(user, category)
        ],
        "category": category,
        "ratings": categories_of(user),
    }
