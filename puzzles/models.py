"""Puzzles: positions from the site's games where one move wins, their solutions, and the
rounds players have played on them, each rated by Glicko-2 like a game between the player and
the puzzle (``puzzles.services``)."""

from django.conf import settings
from django.db import models

from accounts.glicko2 import START_DEVIATION, START_RATING, START_VOLATILITY
from games.models import FEN_LENGTH, VARIANT_LENGTH, new_public_id


class Puzzle(models.Model):
    """One puzzle: a position of a game (``variant``), the side that solves it and the
    solution's moves in the game's notation, the solver's first and last
    (``engine.bot.puzzles``). Its rating moves with every player's first round on it."""

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    variant = models.CharField(max_length=VARIANT_LENGTH)
    fen = models.CharField(max_length=FEN_LENGTH)
    solver = models.CharField(max_length=5)
    moves = models.JSONField()
    themes = models.JSONField(default=list, blank=True)  # engine.bot.puzzles.THEMES
    game = models.ForeignKey(
        "games.Game", null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    ply = models.PositiveIntegerField(default=0)
    rating = models.FloatField(default=START_RATING)
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    plays = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["variant", "fen"], name="puzzle_one_a_position")
        ]
        indexes = [models.Index(fields=["variant", "rating"], name="puzzle_by_rating")]

    def __str__(self) -> str:
        return f"{self.variant} puzzle {self.public_id}"


class PuzzleRating(models.Model):
    """A player's puzzle rating in one game."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    variant = models.CharField(max_length=VARIANT_LENGTH)
    rating = models.FloatField(default=START_RATING)
    deviation = models.FloatField(default=START_DEVIATION)
    volatility = models.FloatField(default=START_VOLATILITY)
    plays = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "variant"], name="puzzle_rating_one_a_game")
        ]

    def __str__(self) -> str:
        return f"{self.user_id} {self.variant} {self.rating:.0f}"


class PuzzleRound(models.Model):
    """A player's first round on a puzzle: solved or not, and their rating before and after.
    Later rounds on the same puzzle are played but not kept, and move no rating."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    puzzle = models.ForeignKey(Puzzle, on_delete=models.CASCADE, related_name="rounds")
    won = models.BooleanField()
    rating_before = models.FloatField()
    rating_after = models.FloatField()
    played_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "puzzle"], name="puzzle_round_once")]
        indexes = [models.Index(fields=["user", "-id"], name="puzzle_rounds_of_user_by_id")]

    def __str__(self) -> str:
        return f"{self.user_id} on {self.puzzle_id}: {'won' if self.won else 'lost'}"


class PuzzleScan(models.Model):
    """A finished game already searched for puzzles (found or not), so no game is searched
    twice."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True)
    found = models.PositiveSmallIntegerField(default=0)
    scanned_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"game {self.game_id}: {self.found} found"


class StormRun(models.Model):
    """A puzzle storm: as many puzzles of one game as a player solves against a clock
    (``puzzles.storm``). The clock starts at the run's first move; each solved puzzle adds to
    the score and the combo, whose steps give time back, and a miss costs time and moves on.
    ``puzzles`` lists the run's puzzles so far, the current one last, and ``results``
    how each one done went; ``ply`` is where the solver is in the current one. A visitor's
    run has no user and is kept a day."""

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    variant = models.CharField(max_length=VARIANT_LENGTH)
    puzzles = models.JSONField(default=list)
    results = models.JSONField(default=list)  # 1 solved, 0 missed: the puzzles done, in order
    ply = models.PositiveSmallIntegerField(default=0)
    score = models.PositiveIntegerField(default=0)
    misses = models.PositiveIntegerField(default=0)
    combo = models.PositiveIntegerField(default=0)
    best_combo = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    deadline = models.DateTimeField(null=True, blank=True)  # set by the first move
    ended_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["user", "variant", "-score"], name="storm_best_of_user"),
            models.Index(fields=["created_at"], name="storm_by_age"),
            models.Index(fields=["variant", "created_at"], name="storm_of_game_by_day"),
        ]

    def __str__(self) -> str:
        return f"{self.variant} storm {self.public_id}: {self.score}"
