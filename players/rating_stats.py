"""A player's record in one rating category, and how a category's ratings spread.

``rating_stats`` is what the page ``/@/<name>/perf/<category>/`` and ``GET
/api/users/<name>/perf/<category>/`` show: the rating, its rank and percentile, its progress,
its highest and lowest, the rated games won, drawn and lost, the longest and current winning and
losing streaks, the best victories and the worst defeats. ``distribution`` is the page
``/players/distribution/<category>/`` and ``GET /api/ratings/<category>/distribution/``: how many
established players stand in each band of ratings.

Everything is read from the rating rows and the rated games' rating changes, in a fixed number of
queries; the work on a player's many games is done by the database (counts, orderings, a window
over the games for the streaks), so nothing grows in this process with their number.
"""

from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Avg, Count, DurationField, ExpressionWrapper, F, Q, Sum
from django.db.models.functions import Floor

from accounts.models import PROVISIONAL_DEVIATION, Rating, RatingChange, User
from accounts.selectors import established, rating_of, rating_summary
from players.selectors import category_name

LISTED = 5  # the best victories and the worst defeats listed
PROGRESS_GAMES = 12  # the progress is the rating's change over this many latest rated games
BAND = 50  # the rating distribution's bands: 1500-1549, 1550-1599, …

# The runs of equal results of one player in one category, in the order the games ended: the
# longest run of each result and the latest run (the current streak). Runs are found by the
# difference of two row numbers (the games' order, and that order among the games of the same
# result), which is constant along a run. Standard SQL: SQLite and PostgreSQL alike.
RUNS_SQL = f"""
WITH ordered AS (
    SELECT score, at, game_id,
           ROW_NUMBER() OVER (ORDER BY at, id) AS seq,
           ROW_NUMBER() OVER (ORDER BY at, id)
             - ROW_NUMBER() OVER (PARTITION BY score ORDER BY at, id) AS run
    FROM {RatingChange._meta.db_table}
    WHERE user_id = %s AND category = %s
), runs AS (
    SELECT score, COUNT(*) AS games, MIN(seq) AS first_seq, MAX(seq) AS last_seq
    FROM ordered GROUP BY score, run
), ranked AS (
    SELECT runs.*,
           ROW_NUMBER() OVER (PARTITION BY score ORDER BY games DESC, last_seq DESC) AS place,
           ROW_NUMBER() OVER (ORDER BY last_seq DESC) AS recency
    FROM runs
)
SELECT ranked.score, ranked.games, ranked.place, ranked.recency,
       opening.game_id, closing.game_id
FROM ranked
JOIN ordered opening ON opening.seq = ranked.first_seq
JOIN ordered closing ON closing.seq = ranked.last_seq
WHERE ranked.place = 1 OR ranked.recency = 1
"""

RESULTS = {1.0: "win", 0.5: "draw", 0.0: "loss"}


def rating_stats(user: User, category: str, now: datetime | None = None) -> dict[str, Any]:
    """Returns the user's record in a rating category (``players.selectors.CATEGORY_IDS``)."""
    row = rating_of(user, category)
    changes = RatingChange.objects.filter(user=user, category=category)
    counts = changes.aggregate(
        games=Count("id"),
        wins=Count("id", filter=Q(score=1)),
        draws=Count("id", filter=Q(score=0.5)),
        losses=Count("id", filter=Q(score=0)),
        opponents=Avg("opponent_rating"),
        played=Sum(
            ExpressionWrapper(
                F("game__finished_at") - F("game__created_at"), output_field=DurationField()
            )
        ),
    )
    games = counts["games"]
    return {
        "username": user.username,
        "category": category,
        "category_name": category_name(category),
        **rating_summary(row),
        "rank": rank_of(row, now),
        "percentile": percentile_of(row.rating, category, now) if games else None,
        "progress": progress_of(changes),
        "progress_games": PROGRESS_GAMES,
        "highest": rating_at(changes, "-rating_after"),
        "lowest": rating_at(changes, "rating_after"),
        "games": games,
        "results": {
            result: {"games": counts[result], "percent": percent(counts[result], games)}
            for result in ("wins", "draws", "losses")
        },
        "average_opponent": round(counts["opponents"]) if games else None,
        # From each game's creation to its end: a correspondence game's days count whole.
        "seconds_played": round(counts["played"].total_seconds()) if games else 0,
        "streaks": streaks_of(user.pk, category),
        "best_wins": opponents(changes.filter(score=1), "-opponent_rating"),
        "worst_losses": opponents(changes.filter(score=0), "opponent_rating"),
    }


def percent(part: int, whole: int) -> float:
    """``part`` as a percentage of ``whole``, to one decimal (0 of nothing is 0)."""
    return round(100 * part / whole, 1) if whole else 0.0


def rank_of(row: Rating, now: datetime | None) -> int | None:
    """The rating's place on its category's leaderboard (ties share the better place), or None
    for a player who is not on it (provisional, or no rated game in the last 90 days)."""
    players = established(row.category, now)
    if row.pk is None or not players.filter(pk=row.pk).exists():
        return None
    return players.filter(rating__gt=row.rating).count() + 1


def percentile_of(rating: float, category: str, now: datetime | None = None) -> float | None:
    """The share of the category's established players rated below ``rating``, in percent to
    one decimal; None when the category has no established player."""
    counts = established(category, now).aggregate(
        everyone=Count("id"), below=Count("id", filter=Q(rating__lt=rating))
    )
    return percent(counts["below"], counts["everyone"]) if counts["everyone"] else None


def progress_of(changes) -> int:
    """The rating's change over the latest ``PROGRESS_GAMES`` rated games, as shown (rounded
    ratings): 0 before the first."""
    latest = list(
        changes.order_by("-at", "-id").values_list("rating_before", "rating_after")[:PROGRESS_GAMES]
    )
    return round(latest[0][1]) - round(latest[-1][0]) if latest else 0


def rating_at(changes, order: str) -> dict[str, Any] | None:
    """The highest or lowest rating (``order``) reached once established (deviation at most
    110, so a provisional rating's first swings do not count), the earliest time it was reached:
    ``{"rating", "at", "game"}``, or None before the rating is established."""
    found = (
        changes.filter(deviation_after__lte=PROVISIONAL_DEVIATION)
        .order_by(order, "at", "id")
        .values_list("rating_after", "at", "game__public_id")
        .first()
    )
    if found is None:
        return None
    rating, at, game = found
    return {"rating": round(rating), "at": at, "game": game}


def opponents(changes, order: str) -> list[dict[str, Any]]:
    """The first ``LISTED`` rated games of ``changes`` by the opponent's rating (``order``), the
    latest first among equals, as the page lists them: ``{"opponent", "opponent_rating", "at",
    "game"}``."""
    rows = changes.order_by(order, "-at", "-id").values_list(
        "opponent__username", "opponent_rating", "at", "game__public_id"
    )
    return [
        {"opponent": name, "opponent_rating": round(rating), "at": at, "game": game}
        for name, rating, at, game in rows[:LISTED]
    ]


def streaks_of(user_id: int, category: str) -> dict[str, dict[str, Any]]:
    """The longest and the current run of wins and of losses: ``{"win": {"longest",
    "current"}, "loss": …}``, each run ``{"games", "from", "to"}`` (the first and last game's
    time and id: ``{"at", "game"}``), or None where there is none. A draw, or the
    other result, ends a run; the current run is the one the latest game belongs to."""
    with connection.cursor() as cursor:
        cursor.execute(RUNS_SQL, [user_id, category])
        rows = cursor.fetchall()
    ids = {game for row in rows for game in row[4:]}
    ended = {
        game: {"at": at, "game": public}
        for game, at, public in RatingChange.objects.filter(
            user_id=user_id, game_id__in=ids
        ).values_list("game_id", "at", "game__public_id")
    }
    found = {result: {"longest": None, "current": None} for result in ("win", "loss")}
    for score, games, place, recency, first_game, last_game in rows:
        result = RESULTS.get(float(score))
        if result not in found:
            continue
        run = {"games": games, "from": ended[first_game], "to": ended[last_game]}
        if place == 1:
            found[result]["longest"] = run
        if recency == 1:
            found[result]["current"] = run
    return found


def distribution(category: str, now: datetime | None = None) -> dict[str, Any]:
    """How the category's established players' ratings spread: the number in each band of
    ``BAND`` points that has any (``[{"from", "players"}]``, lowest first) and their total."""
    bands = (
        established(category, now)
        .annotate(band=Floor(F("rating") / BAND))
        .values("band")
        .annotate(players=Count("id"))
        .order_by("band")
    )
    rows = [{"from": int(row["band"]) * BAND, "players": row["players"]} for row in bands]
    return {
        "category": category,
        "category_name": category_name(category),
        "band": BAND,
        "bands": rows,
        "players": sum(row["players"] for row in rows),
    }
