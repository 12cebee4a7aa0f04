"""A player's activity, as their profile shows it: what they did each day of the last
``ACTIVITY_DAYS`` days, the latest day first — their rated games in each category (wins, draws,
losses and the rating before and after), their other games, their puzzles, the tournaments they
played, the teams they joined, the forum topics they wrote in, the public studies they made and
the players they followed.

Every part is read from an index that leads with the player (and the time), and at most
``ACTIVITY_ROWS`` rows of each: a profile costs the same after ten thousand games as after ten.
Days are the site's time zone's. Nothing a visitor may not see elsewhere is shown: no team's
forum, no study but a public one."""

from collections import defaultdict
from datetime import date, datetime, timedelta
from typing import Any

from django.db.models import Q
from django.utils import timezone

from accounts.models import RatingChange, User
from community.models import Follow
from forum.models import Post
from games.models import Game
from players.selectors import category_name
from puzzles.models import PuzzleRound
from studies.models import Study
from teams.models import Member
from tournaments.models import Entry

ACTIVITY_DAYS = 28
ACTIVITY_ROWS = 2000  # rows read of each part, at most
# Games a player plays but that are no one's rated or casual game: pass-and-play, imported.
NOT_PLAYED_ONLINE = (Game.Mode.LOCAL, Game.Mode.IMPORTED)


def day_of(moment: datetime) -> date:
    return timezone.localdate(moment)


def rated_days(user: User, since: datetime, days: dict[date, dict[str, Any]]) -> set[int]:
    """Each day's rated games by category: games, wins, draws, losses, rating before, after;
    returns the games' ids."""
    changes = (
        RatingChange.objects.filter(user=user, at__gte=since)
        .order_by("at", "id")
        .values_list("at", "category", "score", "rating_before", "rating_after", "game_id")[
            :ACTIVITY_ROWS
        ]
    )
    game_ids = set()
    for at, category, score, before, after, game_id in changes:
        game_ids.add(game_id)
        rated = days[day_of(at)]["rated"]
        line = rated.setdefault(
            category,
            {
                "category": category,
                "name": category_name(category),
                "games": 0,
                "wins": 0,
                "draws": 0,
                "losses": 0,
                "before": round(before),
            },
        )
        line["games"] += 1
        line["wins" if score == 1 else "draws" if score == 0.5 else "losses"] += 1
        line["after"] = round(after)
    return game_ids


def other_games(
    user: User, since: datetime, days: dict[date, dict[str, Any]], rated: set[int]
) -> None:
    """Each day's finished games that moved no rating (not among ``rated``): casual online
    games and bot games."""
    played = (
        Game.objects.filter(
            Q(white=user) | Q(black=user),
            status=Game.Status.FINISHED,
            finished_at__gte=since,
        )
        .exclude(mode__in=NOT_PLAYED_ONLINE)
        .order_by("-finished_at")
    )
    for game_id, finished_at in played.values_list("id", "finished_at")[:ACTIVITY_ROWS]:
        if game_id not in rated:
            days[day_of(finished_at)]["casual"] += 1


def puzzle_days(user: User, since: datetime, days: dict[date, dict[str, Any]]) -> None:
    """Each day's puzzles solved and failed: the player's latest rounds (their index is by id,
    which follows the time they were played), kept while in the window."""
    rounds = (
        PuzzleRound.objects.filter(user=user)
        .order_by("-id")
        .values_list("played_at", "won")[:ACTIVITY_ROWS]
    )
    for at, won in rounds:
        if at < since:
            break
        days[day_of(at)]["puzzles"]["solved" if won else "failed"] += 1


def tournament_days(user: User, since: datetime, days: dict[date, dict[str, Any]]) -> None:
    entries = (
        Entry.objects.filter(user=user, tournament__finished_at__gte=since, games__gt=0)
        .order_by("-tournament__finished_at")
        .values_list(
            "tournament__finished_at",
            "tournament__public_id",
            "tournament__name",
            "points",
            "games",
            "wins",
            "draws",
            "losses",
        )[:ACTIVITY_ROWS]
    )
    for at, public_id, name, points, games, wins, draws, losses in entries:
        days[day_of(at)]["tournaments"].append(
            {
                "id": public_id,
                "name": name,
                "points": points,
                "games": games,
                "wins": wins,
                "draws": draws,
                "losses": losses,
            }
        )


def forum_days(user: User, since: datetime, days: dict[date, dict[str, Any]]) -> None:
    """Each day's topics of the site's forums the player wrote in, with how many posts."""
    posts = (
        Post.objects.filter(
            author=user, created_at__gte=since, topic__forum__team__isnull=True, removed=""
        )
        .order_by("-created_at")
        .values_list("created_at", "topic__public_id", "topic__title", "topic__forum__slug")[
            :ACTIVITY_ROWS
        ]
    )
    for at, public_id, title, forum in posts:
        topics = days[day_of(at)]["topics"]
        topic = topics.setdefault(public_id, {"id": public_id, "title": title, "forum": forum})
        topic["posts"] = topic.get("posts", 0) + 1


def social_days(user: User, since: datetime, days: dict[date, dict[str, Any]]) -> None:
    """The teams the player joined, the public studies they made, the players they followed."""
    joined = (
        Member.objects.filter(user=user, joined_at__gte=since)
        .order_by("-joined_at")
        .values_list("joined_at", "team__public_id", "team__name")[:ACTIVITY_ROWS]
    )
    for at, public_id, name in joined:
        days[day_of(at)]["teams"].append({"id": public_id, "name": name})
    made = (
        Study.objects.filter(owner=user, created_at__gte=since, visibility=Study.Visibility.PUBLIC)
        .order_by("-created_at")
        .values_list("created_at", "public_id", "name")[:ACTIVITY_ROWS]
    )
    for at, public_id, name in made:
        days[day_of(at)]["studies"].append({"id": public_id, "name": name})
    followed = (
        Follow.objects.filter(follower=user, created_at__gte=since, followed__is_active=True)
        .order_by("-created_at")
        .values_list("created_at", "followed__username")[:ACTIVITY_ROWS]
    )
    for at, name in followed:
        days[day_of(at)]["follows"].append(name)


def new_day() -> dict[str, Any]:
    return {
        "rated": {},
        "casual": 0,
        "puzzles": {"solved": 0, "failed": 0},
        "tournaments": [],
        "teams": [],
        "topics": {},
        "studies": [],
        "follows": [],
    }


def activity_of(user: User, now: datetime | None = None) -> list[dict[str, Any]]:
    """The player's days with something done in the last ``ACTIVITY_DAYS`` days, the latest
    first: ``[{"date", "rated": [...], "casual", "puzzles": {"solved", "failed"} or None,
    "tournaments", "teams", "topics", "studies", "follows"}]``."""
    now = now or timezone.now()
    since = now - timedelta(days=ACTIVITY_DAYS)
    days: dict[date, dict[str, Any]] = defaultdict(new_day)
    other_games(user, since, days, rated_days(user, since, days))
    for part in (puzzle_days, tournament_days, forum_days, social_days):
        part(user, since, days)
    shown = []
    for day in sorted(days, reverse=True):
        found = days[day]
        rated = sorted(found["rated"].values(), key=lambda line: (-line["games"], line["name"]))
        puzzles = found["puzzles"] if any(found["puzzles"].values()) else None
        shown.append(
            {
                **found,
                "date": day,
                "rated": rated,
                "puzzles": puzzles,
                "topics": list(found["topics"].values()),
            }
        )
    return shown
