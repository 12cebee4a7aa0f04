"""Conditional premoves (re-exported by ``games.models``): a correspondence player's answers,
written on the opponent's turn, to the moves the opponent may play next."""

from django.db import models


class ConditionalMoves(models.Model):
    """One player's conditional premoves in one game (``games.services.conditional``): lines
    of move texts from the position at ``ply`` — the opponent's move, then the player's answer,
    and so on — each the engine's canonical text. Read by nobody but their player."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="+")
    color = models.CharField(max_length=5)  # the side whose answers these are
    ply = models.PositiveIntegerField()  # the ply of the opponent's move the lines begin with
    # The game's revision (``Game.revision``) that move makes: a takeback or any other move
    # makes another, and the lines are then dropped unplayed.
    revision = models.PositiveIntegerField()
    lines = models.JSONField(default=list)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "color"], name="conditional_once_a_side"),
        ]

    def __str__(self) -> str:
        return f"conditional premoves of {self.color} in {self.game_id} at ply {self.ply}"
