"""The players' records of their finished online games (``PlayerRecord``).

A profile used to walk a player's whole history on every view. The record is counted instead
when a game ends (``core.finish`` calls ``record_game_end`` in the ending's transaction, after
the ratings), and recounted from the games by ``rebuild_player_records`` (the migration that
introduced it, the benchmark's loader, the tests that check the two agree).
"""

from typing import Any

from django.db import transaction
from django.db.models import Model

from accounts.models import RatingChange
from games.models import Color, Game, PlayerRecord

PLURAL = {"win": "wins", "draw": "draws", "loss": "losses"}
RECORD_FIELDS = [
    "white_wins",
    "white_draws",
    "white_losses",
    "black_wins",
    "black_draws",
    "black_losses",
    "by_termination",
    "streak_outcome",
    "streak_games",
    "best_win_game",
    "best_win_opponent",
    "best_win_rating",
    "best_win_at",
]


def outcome_of(result: str, color: str) -> str:
    """Returns "win", "draw" or "loss" for the side ``color`` of a game with ``result``."""
    if result == Game.Result.DRAW:
        return "draw"
    winner = Color.WHITE if result == Game.Result.WHITE else Color.BLACK
    return "win" if color == winner else "loss"


def sides(white_id: int, black_id: int) -> list[tuple[int, str]]:
    """The (player, colour) pairs a game counts for: both, or White alone if one player sat on
    both sides (as the statistics always counted such a game)."""
    if white_id == black_id:
        return [(white_id, Color.WHITE.value)]
    return [(white_id, Color.WHITE.value), (black_id, Color.BLACK.value)]


def count_game(record: Any, color: str, result: str, termination: str) -> None:
    """Adds a game, the newest of the player's, to their record (saved by the caller)."""
    outcome = outcome_of(result, color)
    field = f"{color}_{PLURAL[outcome]}"
    setattr(record, field, getattr(record, field) + 1)
    counts = record.by_termination.setdefault(termination, {"wins": 0, "draws": 0, "losses": 0})
    counts[PLURAL[outcome]] += 1
    if record.streak_outcome == outcome:
        record.streak_games += 1
    else:
        record.streak_outcome, record.streak_games = outcome, 1


def count_win(record: Any, change: Any) -> None:
    """Keeps a rated win (a ``RatingChange`` scoring 1) as the best if its opponent was rated
    higher than the best's; wins come oldest first, so the earliest of equals stays."""
    if record.best_win_rating is None or change.opponent_rating > record.best_win_rating:
        record.best_win_game_id = change.game_id
        record.best_win_opponent_id = change.opponent_id
        record.best_win_rating = change.opponent_rating
        record.best_win_at = change.at


def record_game_end(game: Game) -> None:
    """Counts a finished online game in both players' records, locking them in user id order
    (after the game's row and the ratings, the order ``docs/architecture.md`` fixes). Call in
    the transaction that finishes the game, after its ratings were recorded."""
    if game.mode != Game.Mode.ONLINE or game.white_id is None or game.black_id is None:
        return
    ids = sorted({game.white_id, game.black_id})
    missing = [PlayerRecord(user_id=uid) for uid in ids]
    PlayerRecord.objects.bulk_create(missing, ignore_conflicts=True)
    records = {
        record.user_id: record
        for record in PlayerRecord.objects.select_for_update()
        .filter(user_id__in=ids)
        .order_by("pk")
    }
    for uid, color in sides(game.white_id, game.black_id):
        count_game(records[uid], color, game.result, game.termination)
    if game.is_rated and game.result != Game.Result.DRAW:
        for change in RatingChange.objects.filter(game_id=game.pk, score=1.0):
            count_win(records[change.user_id], change)
    for record in records.values():
        record.save(update_fields=RECORD_FIELDS)


def recount_records(
    game_model: type[Model] = Game,
    change_model: type[Model] = RatingChange,
    record_model: type[Model] = PlayerRecord,
) -> dict[int, Any]:
    """Returns every player's record counted afresh from the games and rating changes, unsaved
    (the models are parameters so that a migration can pass its historical ones)."""
    records: dict[int, Any] = {}

    def record_of(uid: int) -> Any:
        if uid not in records:
            records[uid] = record_model(user_id=uid, by_termination={})
        return records[uid]

    games = (
        game_model.objects.filter(status="finished", mode="online")
        .exclude(white=None)
        .exclude(black=None)
        .order_by("finished_at", "id")
        .values_list("white_id", "black_id", "result", "termination")
    )
    for white_id, black_id, result, termination in games.iterator(chunk_size=5000):
        for uid, color in sides(white_id, black_id):
            count_game(record_of(uid), color, result, termination)
    wins = change_model.objects.filter(score=1.0, game__mode="online").order_by("at", "id")
    for change in wins.iterator(chunk_size=5000):
        count_win(record_of(change.user_id), change)
    return records


def rebuild_player_records(
    game_model: type[Model] = Game,
    change_model: type[Model] = RatingChange,
    record_model: type[Model] = PlayerRecord,
) -> int:
    """Replaces every player's record by one counted afresh; returns how many there are."""
    records = recount_records(game_model, change_model, record_model)
    with transaction.atomic():
        record_model.objects.all().delete()
        record_model.objects.bulk_create(records.values(), batch_size=1000)
    return len(records)
