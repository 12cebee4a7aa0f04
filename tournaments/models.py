"""Tournament records: a tournament, its players (``Entry``), its games (``Pairing``) and the
operator's schedule that makes tournaments (``Schedule``).

The database is the whole truth of a tournament: who joined, who plays whom, every result and
the points it gave. Server processes keep nothing of it but what they send (the director and
the standings' feeds in ``tournaments.edges``), so a restart loses nothing. Every write goes
through ``tournaments.services``.
"""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from engine import variants
from games.domain.clock import TimeControl
from games.domain.errors import GameError
from games.models import DEFAULT_VARIANT, FEN_LENGTH, VARIANT_LENGTH, new_public_id, variant_name
from games.services.play import position_start
from teams.models import Team
from tournaments.policy import ARENA_MINUTES, SWISS_ROUNDS


class System(models.TextChoices):
    ARENA = "arena", _("Arena")
    SWISS = "swiss", _("Swiss")


class TournamentSettings(models.Model):
    """What a tournament is: its game, clock, system and length, rated or casual, berserk
    allowed, the position its games start from. Shared by a tournament and the schedule that
    makes them."""

    name = models.CharField(max_length=60)
    variant = models.CharField(max_length=VARIANT_LENGTH, default=DEFAULT_VARIANT)
    clock_initial = models.PositiveIntegerField()
    clock_increment = models.PositiveIntegerField(default=0)
    system = models.CharField(max_length=5, choices=System.choices)
    # An arena's length in minutes; a Swiss's number of rounds (the other null).
    minutes = models.PositiveIntegerField(null=True, blank=True)
    rounds = models.PositiveIntegerField(null=True, blank=True)
    rated = models.BooleanField(default=True)
    # Whether players may halve their time for a point more on a win (arenas only).
    berserk = models.BooleanField(default=False)
    # A thematic tournament's start, in the game's own FEN as the engine wrote it (its games
    # are casual); empty: the game's usual start.
    initial_fen = models.CharField(max_length=FEN_LENGTH, blank=True, default="")

    class Meta:
        abstract = True

    @property
    def time_control(self) -> TimeControl:
        return TimeControl(initial=self.clock_initial, increment=self.clock_increment)

    @property
    def variant_name(self) -> str:
        return variant_name(self.variant)


class Schedule(TournamentSettings):
    """A tournament the operator wants made again and again: every ``every_minutes`` from
    ``first_at``, each made ``announce_minutes`` before it starts (by any server process's
    director; a unique constraint makes one however many try)."""

    first_at = models.DateTimeField()
    every_minutes = models.PositiveIntegerField(default=60)
    announce_minutes = models.PositiveIntegerField(default=60)
    active = models.BooleanField(default=True)

    def __str__(self) -> str:
        return f"{self.name} every {self.every_minutes} min"

    def clean(self) -> None:
        """Refuses (in the admin's form) a schedule whose tournaments could not be made: an
        arena needs its minutes, a Swiss its rounds, each within the policy's bounds."""
        low, high = ARENA_MINUTES if self.system == System.ARENA else SWISS_ROUNDS
        length = self.minutes if self.system == System.ARENA else self.rounds
        field = "minutes" if self.system == System.ARENA else "rounds"
        if length is None or not low <= length <= high:
            raise ValidationError({field: f"From {low} to {high} for this system."})
        if self.variant not in variants.VARIANTS:
            raise ValidationError({"variant": "No game has this id."})
        if self.initial_fen:
            try:
                self.initial_fen, _rated = position_start(
                    self.initial_fen, self.variant, self.rated
                )
            except GameError as refusal:
                raise ValidationError({"initial_fen": refusal.message}) from None


class Tournament(TournamentSettings):
    """One tournament: made by a player or by a schedule; ``created`` until ``starts_at``,
    ``started`` while it runs, ``finished`` at the end. ``round`` counts the pairings made: a
    Swiss's rounds, an arena's waves of games."""

    class Status(models.TextChoices):
        CREATED = "created", _("Starting soon")
        STARTED = "started", _("Running")
        FINISHED = "finished", _("Finished")

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.CREATED)
    starts_at = models.DateTimeField()
    # An arena's end, fixed when it is made; a Swiss's, when its last round ends.
    ends_at = models.DateTimeField(null=True, blank=True)
    round = models.PositiveIntegerField(default=0)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="tournaments_created",
    )
    schedule = models.ForeignKey(
        Schedule, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournaments"
    )
    # A team tournament's team: only its members join, and it is listed on the team's page
    # rather than with every tournament. Kept when the team ends, so its standings still read.
    team = models.ForeignKey(
        Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="tournaments"
    )
    team_name = models.CharField(max_length=40, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "starts_at"], name="tournament_status_start"),
            models.Index(
                fields=["created_by", "status"],
                name="tournament_open_by_creator",
                condition=~Q(status="finished"),
            ),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["schedule", "starts_at"],
                name="tournament_once_per_schedule_time",
                condition=Q(schedule__isnull=False),
            ),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.public_id}, {self.status})"


class Entry(models.Model):
    """A player of a tournament: their points (an arena's points, a Swiss's half points), games
    scored, arena streak and record, the rating they joined with, their colours so far and their
    last opponent. ``active`` is false once they withdrew (or were withdrawn for not moving):
    they are paired no more until they join again; their results stay."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_entries"
    )
    active = models.BooleanField(default=True)
    points = models.IntegerField(default=0)
    games = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    losses = models.PositiveIntegerField(default=0)
    streak = models.PositiveIntegerField(default=0)  # wins in a row (an arena's fire)
    opponent_ratings = models.FloatField(default=0)  # the sum, for the arena's performance
    rating = models.FloatField()  # in the tournament's rating category, when joining
    colors = models.CharField(max_length=200, blank=True, default="")  # the latest, "wbw…"
    last_opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    had_bye = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user"], name="entry_once_per_player")
        ]
        indexes = [models.Index(fields=["tournament", "active"], name="entry_active")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.tournament_id}"


class Pairing(models.Model):
    """A game of a tournament (or a Swiss bye: no black, no game). ``outcome`` is null while the
    game is played, then ``white``, ``black`` or ``draw`` (the winner), ``bye``, or ``void``
    (aborted in an arena, or ended after the arena did: it counts for nobody); the points each
    player got from it are kept with it."""

    class Outcome(models.TextChoices):
        WHITE = "white", _("White won")
        BLACK = "black", _("Black won")
        DRAW = "draw", _("Draw")
        BYE = "bye", _("Bye")
        VOID = "void", _("Not counted")

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="pairings")
    round = models.PositiveIntegerField()
    white = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False
    )
    black = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="+",
        null=True,
        blank=True,
        db_index=False,
    )
    game = models.CharField(max_length=12, null=True, blank=True, unique=True)
    outcome = models.CharField(max_length=5, choices=Outcome.choices, null=True, blank=True)
    white_points = models.IntegerField(default=0)
    black_points = models.IntegerField(default=0)
    white_berserk = models.BooleanField(default=False)
    black_berserk = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            # The games being played, which every pass of the director reads.
            models.Index(
                fields=["tournament"],
                name="pairing_playing",
                condition=Q(outcome__isnull=True),
            ),
            models.Index(fields=["tournament", "round"], name="pairing_round"),
        ]

    def __str__(self) -> str:
        return f"round {self.round} of {self.tournament_id}: {self.game or 'bye'}"
