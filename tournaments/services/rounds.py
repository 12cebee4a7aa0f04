"""Running tournaments: starting them, pairing their players, finishing them.

Every server process's director (``tournaments.edges.director``) calls ``tick`` every
``TOURNAMENT_TICK`` seconds, and ``advance`` for one tournament when a game of it has just
ended here. Both are safe anywhere, at any time, in several processes at once: a pass over a
tournament locks its row without waiting (``SKIP LOCKED``: a row another process holds is that
process's to advance now), reads who is free from the database and writes the games it starts
in the same transaction. Nothing lives in a process between passes, so a restart loses nothing:
the next pass, in any process, goes on from the database.

- **Starting**: within a tick of ``starts_at``; a Swiss with fewer than two players finishes at
  once, an arena waits for players.
- **Arena**: every pass pairs the players who are free (``pairing.arena_pairs``), until
  ``pairing_cutoff`` before the end; at ``ends_at`` it finishes (games still being played go on,
  uncounted).
- **Swiss**: once every game of a round has been scored, the next round is paired
  (``pairing.swiss_round``); after the last round, or when no round without a repeated pair
  exists, it finishes.
"""

from collections import defaultdict
from datetime import datetime

from django.db import connection, transaction
from django.utils import timezone

from community.selectors import blocked_pairs
from games.services.play import games_create_online
from tournaments.models import Entry, Pairing, System, Tournament
from tournaments.pairing import ArenaPlayer, History, SwissPlayer, arena_pairs, swiss_round
from tournaments.policy import REMEMBERED_COLORS, pairing_cutoff
from tournaments.scoring import BYE_HALVES
from tournaments.services import tell
from tournaments.services.entries import schedule_due
from tournaments.services.results import score_ended


def tick(now: datetime | None = None) -> dict[str, int]:
    """One pass of a process's director over every tournament: makes the schedule's next ones,
    scores games nobody scored, starts those due, and advances every running one. Returns
    counts of what it did."""
    now = now or timezone.now()
    made = len(schedule_due(now))
    scored = score_ended(now)
    due = Tournament.objects.filter(status=Tournament.Status.CREATED, starts_at__lte=now)
    running = Tournament.objects.filter(status=Tournament.Status.STARTED)
    ids = sorted(
        {*due.values_list("public_id", flat=True), *running.values_list("public_id", flat=True)}
    )
    started = games = 0
    for public_id in ids:
        step = advance(public_id, now)
        started += step["started"]
        games += step["games"]
    return {"made": made, "scored": scored, "started": started, "games": games}


def advance(public_id: str, now: datetime | None = None) -> dict[str, int]:
    """Moves one tournament on as far as it can go now: starts it when due, pairs who can be
    paired, finishes it when over. Returns ``{"started", "games"}`` (1 if it started here, the
    games it started). A tournament another process is advancing is left to it."""
    now = now or timezone.now()
    with transaction.atomic():
        tournament = (
            Tournament.objects.select_for_update(skip_locked=True)
            .filter(public_id=public_id)
            .exclude(status=Tournament.Status.FINISHED)
            .first()
        )
        if tournament is None:
            return {"started": 0, "games": 0}
        started = 0
        if tournament.status == Tournament.Status.CREATED:
            if tournament.starts_at > now:
                return {"started": 0, "games": 0}
            tournament.status = Tournament.Status.STARTED
            tournament.started_at = now
            tournament.save(update_fields=["status", "started_at"])
            tell.changed(public_id)
            started = 1
        if tournament.system == System.ARENA:
            games = advance_arena(tournament, now)
        else:
            games = advance_swiss(tournament, now)
        return {"started": started, "games": games}


def finish(tournament: Tournament, now: datetime) -> None:
    """Finishes a locked tournament: its standings are final."""
    tournament.status = Tournament.Status.FINISHED
    tournament.finished_at = now
    if tournament.ends_at is None or tournament.ends_at > now:
        tournament.ends_at = now
    tournament.save(update_fields=["status", "finished_at", "ends_at"])
    tell.changed(tournament.public_id)


def playing_ids(tournament: Tournament) -> set[int]:
    """Returns the ids of the players whose game of the tournament is being played."""
    playing = Pairing.objects.filter(tournament=tournament, outcome__isnull=True)
    pairs = playing.values_list("white_id", "black_id")
    return {player for pair in pairs for player in pair if player is not None}


# --- the arena ------------------------------------------------------------------------------
def advance_arena(tournament: Tournament, now: datetime) -> int:
    """Pairs the arena's free players (none in its last moments); finishes it at its end.
    Returns the games started."""
    if now >= tournament.ends_at:
        finish(tournament, now)
        return 0
    if tournament.ends_at - now <= pairing_cutoff(tournament.clock_initial):
        return 0
    busy = playing_ids(tournament)
    free = [
        entry
        for entry in Entry.objects.filter(tournament=tournament, active=True).select_related("user")
        if entry.user_id not in busy
    ]
    if len(free) < 2:
        return 0
    # Their places in the standings: points, then rating.
    free.sort(key=lambda e: (-e.points, -e.rating, e.user_id))
    apart = blocked_pairs(e.user_id for e in free)
    players = [
        ArenaPlayer(
            e.user_id,
            place,
            e.last_opponent_id,
            History(e.colors),
            apart.get(e.user_id, frozenset()),
        )
        for place, e in enumerate(free)
    ]
    return start_games(tournament, arena_pairs(players), {e.user_id: e for e in free}, now)


# --- Swiss ------------------------------------------------------------------------------------
def advance_swiss(tournament: Tournament, now: datetime) -> int:
    """Pairs the Swiss's next round once the last one is over; finishes it after its last round
    (or when no round can be paired). Returns the games started."""
    if Pairing.objects.filter(tournament=tournament, outcome__isnull=True).exists():
        return 0
    if tournament.round >= tournament.rounds:
        finish(tournament, now)
        return 0
    entries = list(Entry.objects.filter(tournament=tournament, active=True).select_related("user"))
    met: dict[int, set[int]] = defaultdict(set)
    for white, black in Pairing.objects.filter(tournament=tournament).values_list(
        "white_id", "black_id"
    ):
        if black is not None:
            met[white].add(black)
            met[black].add(white)
    # Players in a block (either way) are kept apart as if they had met.
    for user, others in blocked_pairs(e.user_id for e in entries).items():
        met[user] |= others
    players = [
        SwissPlayer(
            e.user_id, e.points, e.rating, frozenset(met[e.user_id]), History(e.colors), e.had_bye
        )
        for e in entries
    ]
    pairing = swiss_round(players) if len(players) >= 2 else None
    if pairing is None:
        finish(tournament, now)
        return 0
    by_user = {e.user_id: e for e in entries}
    games = start_games(tournament, pairing.pairs, by_user, now)
    if pairing.bye is not None:
        entry = by_user[pairing.bye]
        Pairing.objects.create(
            tournament=tournament,
            round=tournament.round,
            white_id=pairing.bye,
            outcome=Pairing.Outcome.BYE,
            white_points=BYE_HALVES,
            ended_at=now,
        )
        entry.points += BYE_HALVES
        entry.had_bye = True
        entry.save(update_fields=["points", "had_bye"])
    return games


# --- starting games -------------------------------------------------------------------------
def start_games(
    tournament: Tournament,
    pairs: list[tuple[int, int]],
    entries: dict[int, Entry],
    now: datetime,
) -> int:
    """Starts a game for each pair (white, black) as the tournament's next round, notes each
    player's colour and opponent, and tells the players after commit. Returns how many."""
    if not pairs:
        return 0
    tournament.round += 1
    tournament.save(update_fields=["round"])
    games = games_create_online(
        [(entries[white].user, entries[black].user) for white, black in pairs],
        rated=tournament.rated,
        variant=tournament.variant,
        clock=tournament.time_control,
        now=now,
        tournament=tournament.public_id,
        tournament_round=tournament.round,
        berserk_allowed=tournament.berserk,
        fen=tournament.initial_fen or None,
    )
    Pairing.objects.bulk_create(
        Pairing(
            tournament=tournament,
            round=tournament.round,
            white_id=white_id,
            black_id=black_id,
            game=game.public_id,
        )
        for (white_id, black_id), game in zip(pairs, games, strict=True)
    )
    started: dict[int, str] = {}
    changes = []
    for (white_id, black_id), game in zip(pairs, games, strict=True):
        for player, color, opponent in ((white_id, "w", black_id), (black_id, "b", white_id)):
            entry = entries[player]
            entry.colors = (entry.colors + color)[-REMEMBERED_COLORS:]
            changes.append((entry.colors, opponent, entry.pk))
            started[player] = game.public_id
    with connection.cursor() as cursor:  # one round trip for them all (psycopg pipelines)
        cursor.executemany(ENTRY_UPDATE, changes)
    tell.paired(tournament.public_id, started)
    tell.changed(tournament.public_id)
    return len(pairs)


# Each player's colours and last opponent after a wave of pairings: Django's ``bulk_update``
# builds a CASE of every row in Python, which took a second for a thousand players.
ENTRY_UPDATE = f"UPDATE {Entry._meta.db_table} SET colors = %s, last_opponent_id = %s WHERE id = %s"
