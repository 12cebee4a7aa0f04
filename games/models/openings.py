"""The opening explorer's counts (re-exported by ``games.models``): which moves the site's
players chose in each position of their games' openings, and how those games ended."""

from django.db import models

# A position's key: a digest of its game and its repetition key (``games.storage.openings``).
POSITION_KEY_LENGTH = 32


class OpeningMove(models.Model):
    """One move played from one position, by the games of one speed: how many finished online
    games played it there and how they ended, and the latest of them.

    Counted in the transaction that finishes a game (``games.storage.openings``), for the first
    ``EXPLORER_PLIES`` plies of an online game played from its game's usual start; recounted
    from the archive by ``rebuild_openings``. A game counts once for a move in a position,
    however often it came back to play it there.
    """

    variant = models.CharField(max_length=32)  # as ``Game.variant`` (``VARIANT_LENGTH``)
    position = models.CharField(max_length=POSITION_KEY_LENGTH)
    speed = models.CharField(max_length=16)
    move = models.CharField(max_length=80)
    white_wins = models.PositiveIntegerField(default=0)
    draws = models.PositiveIntegerField(default=0)
    black_wins = models.PositiveIntegerField(default=0)
    # Finished online games are never deleted; no constraint, so that nothing has to look
    # here if one ever is (the explorer's join simply misses it).
    last_game = models.ForeignKey(
        "games.Game",
        on_delete=models.DO_NOTHING,
        db_constraint=False,
        db_index=False,
        null=True,
        related_name="+",
    )

    class Meta:
        constraints = [
            # Also the explorer's index: a position's rows are read by its leading column.
            models.UniqueConstraint(
                fields=["position", "speed", "move"], name="opening_move_unique"
            )
        ]

    def __str__(self) -> str:
        return f"{self.variant} {self.position[:8]} {self.speed} {self.move}"
