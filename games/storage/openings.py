"""The opening explorer's counts (``OpeningMove``): for each position of the first
``EXPLORER_PLIES`` plies of every finished online game played from its game's usual start, the
moves played there, by speed, with how those games ended.

A game is counted when it ends, in the transaction that finishes it (``core.finish`` calls
``count_opening`` after the players' records), so a game is in the explorer exactly when its
result is. ``rebuild_openings`` counts every game afresh (the migration that introduced the
explorer, the benchmark's loader, the tests that check the two agree).

A position is keyed by its game and its repetition key (``Variant.key_of_fen``): the same
position whatever its move counters say and however the game reached it, so transpositions
meet. Local, bot and imported games are not counted: nobody here played them against a
person (an import could be written to say anything).
"""

import hashlib
from collections.abc import Iterable, Sequence
from typing import Any

from django.db import connection, transaction
from django.db.models import Model

from engine import variants
from engine.errors import InvalidFenError
from games.domain import clock
from games.domain.policy import EXPLORER_PLIES
from games.models import Game, GameMove, OpeningMove

RESULT_INDEX = {Game.Result.WHITE: 0, Game.Result.DRAW: 1, Game.Result.BLACK: 2}
COUNT_COLUMNS = ("white_wins", "draws", "black_wins")
# Rows a statement adds at most (SQLite allows 999 parameters in older builds; 8 a row).
ROWS_A_STATEMENT = 100

# (variant, position, speed, move) -> [white wins, draws, black wins, the latest game's id]
Counts = dict[tuple[str, str, str, str], list[int]]


def position_key(variant_id: str, fen: str) -> str:
    """Returns the explorer's key of a position of ``variant_id``: a digest of the game and the
    position's repetition key. ``fen`` as the engine writes it (``Game.fen``)."""
    key = variants.get(variant_id).key_of_fen(fen)
    return hashlib.blake2b(f"{variant_id}\n{key!r}".encode(), digest_size=16).hexdigest()


def counted(game: Any) -> bool:
    """Whether the explorer counts ``game``: a finished online game between two players, with a
    result, played from its game's usual start."""
    if game.mode != "online" or game.status != "finished" or game.result is None:
        return False
    if game.white_id is None or game.black_id is None or game.white_id == game.black_id:
        return False
    start = variants.get(game.variant).start_fen
    if game.initial_fen == start:
        return True
    # A start the engine wrote other than its usual text (other counters, say). Whatever it
    # holds, a game's ending must never fail here: a text that cannot be read is not counted.
    try:
        return position_key(game.variant, game.initial_fen) == position_key(game.variant, start)
    except (InvalidFenError, ValueError, KeyError, IndexError):
        return False


def add_game(counts: Counts, game: Any, moves: Sequence[tuple[str, str]]) -> None:
    """Adds ``game``'s opening to ``counts``: ``moves`` are its first plies as (text, FEN after),
    in order. A game counts once for a move in a position, however often it played it there."""
    speed = clock.speed_of(game)
    outcome = RESULT_INDEX[game.result]
    fen = game.initial_fen
    seen = set()
    for text, fen_after in moves[:EXPLORER_PLIES]:
        name = (game.variant, position_key(game.variant, fen), speed, text)
        fen = fen_after
        if name in seen:
            continue
        seen.add(name)
        row = counts.setdefault(name, [0, 0, 0, 0])
        row[outcome] += 1
        row[3] = game.pk


def count_opening(game: Game) -> None:
    """Counts a game that has just finished in the explorer (nothing if it is not counted).
    Call in the transaction that finishes it, after its last move was stored."""
    if not counted(game):
        return
    moves = GameMove.objects.filter(game=game, ply__lt=EXPLORER_PLIES).order_by("ply")
    counts: Counts = {}
    add_game(counts, game, list(moves.values_list("text", "fen_after")))
    add_counts(OpeningMove, counts)


def add_counts(model: type[Model], counts: Counts) -> None:
    """Adds ``counts`` to the explorer's rows, creating the missing ones, a statement per
    ``ROWS_A_STATEMENT`` rows. Rows are written in key order, so two games ending at once lock
    the rows they share in the same order."""
    qn = connection.ops.quote_name
    table = qn(model._meta.db_table)
    columns = ("variant", "position", "speed", "move", *COUNT_COLUMNS, "last_game_id")
    added = ", ".join(f"{qn(c)} = {table}.{qn(c)} + EXCLUDED.{qn(c)}" for c in COUNT_COLUMNS)
    rows = sorted(counts.items(), key=lambda item: item[0][1:])
    with connection.cursor() as cursor:
        for start in range(0, len(rows), ROWS_A_STATEMENT):
            batch = rows[start : start + ROWS_A_STATEMENT]
            values = ", ".join(["(" + ", ".join(["%s"] * len(columns)) + ")"] * len(batch))
            cursor.execute(
                f"INSERT INTO {table} ({', '.join(qn(c) for c in columns)}) VALUES {values} "
                f"ON CONFLICT ({qn('position')}, {qn('speed')}, {qn('move')}) DO UPDATE SET "
                f"{added}, {qn('last_game_id')} = EXCLUDED.{qn('last_game_id')}",
                [value for name, row in batch for value in (*name, *row)],
            )


def finished_openings(game_model: type[Model], move_model: type[Model]) -> Iterable[Counts]:
    """Yields the counts of every game the explorer counts, a batch of games at a time, oldest
    first (so that each row's latest game is the latest)."""
    games = (
        game_model.objects.filter(mode="online", status="finished", result__isnull=False)
        .exclude(white=None)
        .exclude(black=None)
        .order_by("finished_at", "id")
    )
    batch: list[Any] = []
    for game in games.iterator(chunk_size=500):
        if counted(game):
            batch.append(game)
        if len(batch) == 500:
            yield _batch_counts(move_model, batch)
            batch = []
    if batch:
        yield _batch_counts(move_model, batch)


def _batch_counts(move_model: type[Model], games: list[Any]) -> Counts:
    plies: dict[int, list[tuple[str, str]]] = {game.pk: [] for game in games}
    rows = (
        move_model.objects.filter(game_id__in=list(plies), ply__lt=EXPLORER_PLIES)
        .order_by("game_id", "ply")
        .values_list("game_id", "text", "fen_after")
    )
    for game_id, text, fen_after in rows:
        plies[game_id].append((text, fen_after))
    counts: Counts = {}
    for game in games:
        add_game(counts, game, plies[game.pk])
    return counts


def rebuild_openings(
    game_model: type[Model] = Game,
    move_model: type[Model] = GameMove,
    opening_model: type[Model] = OpeningMove,
) -> int:
    """Replaces the explorer's rows by rows counted afresh from the archive; returns how many
    there are (the models are parameters so that a migration can pass its historical ones)."""
    with transaction.atomic():
        opening_model.objects.all().delete()
        for counts in finished_openings(game_model, move_model):
            add_counts(opening_model, counts)
        return opening_model.objects.count()
