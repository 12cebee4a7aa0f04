"""The players' pages' reads: a player's public profile with the statistics of their finished
games, and who is online. Built on ``accounts`` (ratings) and ``games`` (the games played)."""

import re
from dataclasses import asdict, dataclass
from datetime import datetime
from functools import cache
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models.functions import Lower
from django.utils.translation import get_language, pgettext

from accounts.models import CLASSICAL, SPEED_CATEGORIES, Rating, RatingChange, User
from accounts.selectors import (
    categories_of,
    rating_history,
    rating_summary,
    user_ratings,
)
from catalogue.descriptors import game_name
from community.selectors import followed_users
from engine import variants
from games.domain.clock import TimeControl, speed_name
from games.models import Color, Game, PlayerRecord
from games.reads.live import live_games_of, online_among, online_user_ids
from games.storage.records import outcome_of


@dataclass(frozen=True)
class PlayerStats:
    games_played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0


def record_of(user: AbstractBaseUser) -> PlayerRecord:
    """Returns the user's record of finished online games (``games.storage.records`` keeps it as
    games end), its best win's game and opponent loaded; an empty one if they have not played."""
    record = (
        PlayerRecord.objects.filter(user_id=user.pk)
        .select_related("best_win_game", "best_win_opponent")
        .first()
    )
    return record or PlayerRecord(user_id=user.pk, by_termination={})


def stats_of(record: PlayerRecord) -> PlayerStats:
    """Returns the counts of a record's games (played, wins, draws, losses)."""
    wins = record.white_wins + record.black_wins
    draws = record.white_draws + record.black_draws
    losses = record.white_losses + record.black_losses
    return PlayerStats(games_played=wins + draws + losses, wins=wins, draws=draws, losses=losses)


def player_stats(user: AbstractBaseUser) -> PlayerStats:
    """Returns the user's counts of finished online games; zeros until they have played."""
    return stats_of(record_of(user))


RECENT_GAMES = 10


def outcome_for(game: Game, user_id: int) -> str:
    """Returns "win", "draw" or "loss" for the user in a finished game they played."""
    color = Color.WHITE if game.white_id == user_id else Color.BLACK
    return outcome_of(game.result, color)


def latest_games(user_id: int, limit: int) -> list[Game]:
    """Returns the user's latest finished online games, newest first: the latest as White and
    the latest as Black, each read from its own index, merged (an OR of the two would read
    every game of the player's)."""
    finished = (
        Game.objects.filter(status=Game.Status.FINISHED, mode=Game.Mode.ONLINE)
        .select_related("white", "black")
        .order_by("-finished_at", "-id")
    )
    as_white = list(finished.filter(white_id=user_id)[:limit])
    as_black = list(finished.filter(black_id=user_id).exclude(white_id=user_id)[:limit])
    games = sorted(as_white + as_black, key=lambda g: (g.finished_at, g.pk), reverse=True)
    return games[:limit]


def player_game_statistics(user: AbstractBaseUser, record: PlayerRecord) -> dict[str, Any]:
    """Returns the statistics of the user's finished online games (rated and unrated), from
    their record and their latest games.

    ``by_color`` and ``by_termination`` count wins, draws and losses; ``streak`` is the run of
    equal outcomes ending with the latest game (``{"outcome": "win", "games": 3}``, or None);
    ``best_win`` is the rated win over the highest-rated opponent (their rating before the
    game); ``recent`` the latest games, newest first, with the user's rating change in rated
    ones.
    """
    by_color = {
        color: {
            "games": sum(getattr(record, f"{color}_{n}") for n in ("wins", "draws", "losses")),
            "wins": getattr(record, f"{color}_wins"),
            "draws": getattr(record, f"{color}_draws"),
            "losses": getattr(record, f"{color}_losses"),
        }
        for color in (Color.WHITE.value, Color.BLACK.value)
    }
    order = list(Game.Termination.values)
    by_termination = dict(
        sorted(record.by_termination.items(), key=lambda item: order.index(item[0]))
    )
    streak = None
    if record.streak_games:
        streak = {"outcome": record.streak_outcome, "games": record.streak_games}
    best_win = None
    if record.best_win_game_id is not None and record.best_win_opponent_id is not None:
        best_win = {
            "game": record.best_win_game.public_id,
            "opponent": record.best_win_opponent.username,
            "opponent_rating": round(record.best_win_rating),
            "at": record.best_win_at.isoformat(),
        }
    return {
        "by_color": by_color,
        "by_termination": by_termination,
        "streak": streak,
        "best_win": best_win,
        "recent": recent_games(user.pk),
    }


def recent_games(user_id: int) -> list[dict[str, Any]]:
    """Returns the user's latest finished online games as the profile lists them, each with
    the user's rating change if it was rated (three queries, however many games they have)."""
    games = latest_games(user_id, RECENT_GAMES)
    changes = {
        change.game_id: change
        for change in RatingChange.objects.filter(user_id=user_id, game__in=games)
    }
    recent = []
    for game in games:
        color = Color.WHITE.value if game.white_id == user_id else Color.BLACK.value
        other = game.black if color == Color.WHITE else game.white
        change = changes.get(game.pk)
        recent.append(
            {
                "id": game.public_id,
                "color": color,
                "opponent": other.username if other else None,
                "outcome": outcome_for(game, user_id),
                "result": game.result,
                "termination": game.termination,
                "rated": change is not None,
                "rating_change": change.change if change is not None else None,
                "finished_at": game.finished_at.isoformat() if game.finished_at else None,
            }
        )
    return recent


def online_players(now: datetime | None = None) -> list[dict[str, Any]]:
    """Returns the players online now (see ``games.reads.live.online_user_ids``), by name, each
    with their rating in the category they have played most rated (``category`` and its
    ``category_name``; ``rating`` None, and no category, before their first rated game)."""
    users = list(
        User.objects.filter(pk__in=online_user_ids(now), is_active=True).order_by("username")
    )
    most_played: dict[int, Rating] = {}
    for row in Rating.objects.filter(user__in=users).order_by("-games", "category"):
        most_played.setdefault(row.user_id, row)
    unrated = {"rating": None, "deviation": None, "provisional": False}
    online = []
    for user in users:
        row = most_played.get(user.pk)
        online.append(
            {
                "username": user.username,
                **(rating_summary(row) if row else unrated),
                "category": row.category if row else None,
                "category_name": category_name(row.category) if row else None,
            }
        )
    return online


def rating_categories() -> list[dict[str, str]]:
    """Returns every rating category, as the pages offer them: the speeds of the game rated by
    speed (Chesskers), then every other game (``{"id", "name"}``), named in the active
    language (English where none is active, as for the API)."""
    games = variants.VARIANTS.values()
    speeds = [
        {
            "id": speed,
            # Translators: a rating category, a game and a speed: "Chesskers blitz".
            "name": pgettext("rating category", "%(game)s %(speed)s")
            % {"game": game_name(v), "speed": speed_name(speed)},
        }
        for v in games
        if v.rated_by_speed
        for speed in SPEED_CATEGORIES
    ]
    return speeds + [{"id": v.id, "name": game_name(v)} for v in games if not v.rated_by_speed]


# The categories' ids; they are fixed for the process's life.
CATEGORY_IDS = frozenset(c["id"] for c in rating_categories())


@cache
def category_names(language: str | None) -> dict[str, str]:
    """Each category's name by its id, in ``language`` (the active one: the cache's key)."""
    return {c["id"]: c["name"] for c in rating_categories()}


def category_name(category: str) -> str:
    """Returns a rating category's name as the pages write it (``Chesskers blitz``,
    ``International Checkers``), in the active language: its id if it is no known category."""
    return category_names(get_language()).get(category, category)


def known_category(asked: str | None) -> str | None:
    """Returns a category asked for in a page's query if it is one (else None)."""
    return asked if asked in CATEGORY_IDS else None


def profile_category(rows: list[Rating], asked: str | None = None) -> str:
    """Returns the rating category a profile shows: the one asked for, else the most played of
    the user's ratings ``rows`` (``user_ratings``), else Chesskers classical."""
    if asked:
        return asked
    return rows[0].category if rows else CLASSICAL


def profile_data(
    user: User,
    history: list[dict[str, Any]] | None = None,
    record: PlayerRecord | None = None,
    *,
    category: str | None = None,
    ratings: list[Rating] | None = None,
) -> dict[str, Any]:
    """Returns the public profile of a user, as the API and the profile page show it, from
    their stored record: the rating and its history in one category (``profile_category``),
    and every category's. ``history`` (``rating_history`` of that category), ``record`` and
    ``ratings`` (``user_ratings``) when the caller has them already. A fixed number of
    queries however many games the user has played."""
    ratings = user_ratings(user) if ratings is None else ratings
    category = profile_category(ratings, category)
    row = next((r for r in ratings if r.category == category), None) or Rating(
        user=user, category=category
    )
    record = record if record is not None else record_of(user)
    history = history if history is not None else rating_history(user, category)
    return {
        "username": user.username,
        "joined": user.date_joined.isoformat(),
        **asdict(stats_of(record)),
        **rating_summary(row),
        "volatility": round(row.volatility, 5),
        "rated_games": row.games,
        **player_game_statistics(user, record),
        "rating_history": [
            {**point, "at": point["at"].isoformat(), "rating": round(point["rating"])}
            for point in history
        ],
        "category": category,
        "category_name": category_name(category),
        "ratings": [
            {**entry, "name": category_name(entry["category"])}
            for entry in categories_of(user, ratings)
        ],
    }


def live_entry(game: Game) -> dict[str, Any]:
    """A live online game as the following page and a profile list it."""
    control = TimeControl.of_game(game)
    return {
        "id": game.public_id,
        "variant": game.variant,
        "white": game.white.username,
        "black": game.black.username,
        "speed": control.speed,
        "control": control.label,
    }


PLAYING_LISTED = 20  # the most games a profile lists under *Playing now*


def playing_now(user: User) -> list[dict[str, Any]]:
    """Returns the player's live online games, newest first (at most ``PLAYING_LISTED``), as
    ``live_entry`` gives them with the game's name (``game_name``), for a profile's *Playing
    now*: anyone may watch them."""
    games = live_games_of([user.pk], limit=PLAYING_LISTED)
    return [
        {**live_entry(game), "game_name": game_name(variants.get(game.variant))} for game in games
    ]


def following_list(user: User) -> list[dict[str, Any]]:
    """Returns whom a user follows, by name, each with whether they are online now and their
    live online games: ``[{"username", "online", "games": [{"id", "variant", "white", "black",
    "speed", "control"}]}]`` (four queries, however many they follow: at most
    ``community.models.MAX_FOLLOWING``)."""
    followed = followed_users(user.pk)
    ids = [other.pk for other in followed]
    online = online_among(ids)
    games: dict[int, list[dict[str, Any]]] = {uid: [] for uid in ids}
    for game in live_games_of(ids):
        entry = live_entry(game)
        for uid in {game.white_id, game.black_id} & games.keys():
            games[uid].append(entry)
    return [
        {"username": other.username, "online": other.pk in online, "games": games[other.pk]}
        for other in followed
    ]


FOUND_PLAYERS = 10  # the most names a search answers with
# What a search may ask: the start of a username, two characters at least
# (accounts.models.username_validator).
NAME_START = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]{1,19}")


def players_starting(text: str) -> list[dict[str, Any]]:
    """Returns the active players whose username starts with ``text`` (any case), at most
    ``FOUND_PLAYERS``, in the order of their names, each ``{"username", "online"}``; raises
    ``ValueError`` for text no username starts with. Read through an index of names
    (a prefix of LOWER(username), which ``accounts_user_name_prefix`` serves on PostgreSQL
    whatever the database's collation), so a search costs the names that start so."""
    if not NAME_START.fullmatch(text):
        raise ValueError(text)
    start = text.lower()
    names = (
        User.objects.alias(name=Lower("username"))
        .filter(name__startswith=start, is_active=True)
        .order_by("name")
        .values_list("pk", "username")[:FOUND_PLAYERS]
    )
    found = list(names)
    online = online_among([pk for pk, _name in found])
    return [{"username": name, "online": pk in online} for pk, name in found]
