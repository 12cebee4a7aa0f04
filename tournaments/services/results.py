"""Scoring a tournament's game once it has ended: the points each player gets from it (an
arena's streaks and berserk, a Swiss's half points), their records, and the players it frees.

The games app says a game ended (``games.domain.events.game_ended``, after its ending commits);
``game_ended`` here scores it. The game's record is the truth, read again under the pairing's
lock, so scoring is idempotent: told twice, or by the director's pass finding a game nobody
scored (``score_ended``: the ending's process died before telling), a game is scored once.

A game aborted because a player did not make their first move counts for nothing in an arena;
in a Swiss the player who was there wins it by forfeit. Either way the player who did not move
is withdrawn (paired no more until they join again), so that one who left does not hold up
the next opponent too. An arena's game that ends after the arena has is not counted.
"""

import logging
from datetime import datetime

from django.db import transaction
from django.utils import timezone

from games.models import Color, Game
from tournaments.models import Entry, Pairing, System, Tournament
from tournaments.scoring import DRAW, LOSS, SWISS_HALVES, WIN, arena_points
from tournaments.services import tell

log = logging.getLogger(__name__)

OUTCOME_OF_RESULT = {
    Game.Result.WHITE: Pairing.Outcome.WHITE,
    Game.Result.BLACK: Pairing.Outcome.BLACK,
    Game.Result.DRAW: Pairing.Outcome.DRAW,
}


def game_ended(sender: object = None, *, game_id: str, tournament: str | None, **kwargs) -> None:
    """The receiver of ``games.domain.events.game_ended``: scores a tournament's game (any
    other game is none of this app's business)."""
    if tournament is not None:
        score_game(game_id)


def outcome_for(outcome: str, color: str) -> str:
    """Returns what a pairing's outcome is to the player of ``color``: a win, a draw, a loss."""
    if outcome == Pairing.Outcome.DRAW:
        return DRAW
    return WIN if outcome == color else LOSS


def score_game(game_id: str, now: datetime | None = None) -> bool:
    """Scores the tournament game ``game_id`` if it has ended and is not scored yet; returns
    whether it scored it. Locks the pairing, then the players' entries (by id)."""
    with transaction.atomic():
        pairing = (
            Pairing.objects.select_for_update()
            .filter(game=game_id, outcome__isnull=True)
            .select_related("tournament")
            .first()
        )
        if pairing is None:
            return False
        game = Game.objects.filter(public_id=game_id).first()
        if game is None or game.status == Game.Status.LIVE:
            return False
        tournament = pairing.tournament
        entries = {
            entry.user_id: entry
            for entry in Entry.objects.select_for_update()
            .filter(tournament=tournament, user_id__in=[pairing.white_id, pairing.black_id])
            .order_by("pk")
        }
        white, black = entries[pairing.white_id], entries[pairing.black_id]
        absent = None
        if game.status == Game.Status.ABORTED:
            absent = game.turn  # the side that did not make its first move
            outcome = (
                Pairing.Outcome.VOID
                if tournament.system == System.ARENA
                else (Pairing.Outcome.BLACK if absent == Color.WHITE else Pairing.Outcome.WHITE)
            )
        else:
            outcome = OUTCOME_OF_RESULT[game.result]
        if tournament.system == System.ARENA and ended_after(tournament, game):
            outcome = Pairing.Outcome.VOID
        pairing.outcome = outcome
        pairing.ended_at = game.finished_at or now or timezone.now()
        pairing.white_berserk, pairing.black_berserk = game.white_berserk, game.black_berserk
        if outcome != Pairing.Outcome.VOID:
            pairing.white_points = award(
                tournament, white, black, outcome_for(outcome, Color.WHITE), game.white_berserk
            )
            pairing.black_points = award(
                tournament, black, white, outcome_for(outcome, Color.BLACK), game.black_berserk
            )
        if absent is not None:
            (white if absent == Color.WHITE else black).active = False
        pairing.save(
            update_fields=[
                "outcome",
                "ended_at",
                "white_points",
                "black_points",
                "white_berserk",
                "black_berserk",
            ]
        )
        for entry in (white, black):
            entry.save(
                update_fields=[
                    "points",
                    "games",
                    "wins",
                    "draws",
                    "losses",
                    "streak",
                    "opponent_ratings",
                    "active",
                ]
            )
        tell.changed(tournament.public_id)
        tell.wake(tournament.public_id)
        return True


def ended_after(tournament: Tournament, game: Game) -> bool:
    """Returns whether an arena's game ended once the arena had."""
    return tournament.ends_at is not None and (
        tournament.status == Tournament.Status.FINISHED
        or (game.finished_at is not None and game.finished_at > tournament.ends_at)
    )


def award(tournament: Tournament, entry: Entry, opponent: Entry, result: str, berserk: bool) -> int:
    """Adds one game's result to a player's entry (points, record, streak) and returns the
    points it gave."""
    if tournament.system == System.ARENA:
        points, entry.streak = arena_points(result, entry.streak, berserk)
    else:
        points = SWISS_HALVES[result]
    entry.points += points
    entry.games += 1
    entry.wins += result == WIN
    entry.draws += result == DRAW
    entry.losses += result == LOSS
    entry.opponent_ratings += opponent.rating
    return points


def score_ended(now: datetime | None = None) -> int:
    """Scores every tournament game that has ended and is not scored (the director's safety
    net, after a process died between an ending and its scoring); returns how many."""
    playing = Pairing.objects.filter(outcome__isnull=True, game__isnull=False)
    ids = list(playing.values_list("game", flat=True))
    ended = Game.objects.filter(public_id__in=ids).exclude(status=Game.Status.LIVE)
    return sum(score_game(game_id, now) for game_id in ended.values_list("public_id", flat=True))
