"""Simuls: a host plays many players at once, one board each (``simuls.services``).

A simul is made by its host, players ask to play, the host accepts those they will play and
starts it: every accepted player's game begins at once, against the host, in the simul's game
and clock (the host with extra time, if they gave themselves some). It finishes when its last
game ends. Its games are online games of the games app, which knows them by the simul's public
id (``Game.simul``) and holds their whole truth; a simul's records say who plays which board.
"""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from games.domain.clock import TimeControl
from games.models import DEFAULT_VARIANT, VARIANT_LENGTH, new_public_id, variant_name


class HostColor(models.TextChoices):
    WHITE = "white", _("White")
    BLACK = "black", _("Black")
    RANDOM = "random", _("Random")


class Simul(models.Model):
    """A simul: its host, game, clock and size, and how far it has gone."""

    class Status(models.TextChoices):
        CREATED = "created", _("Taking players")
        STARTED = "started", _("Being played")
        FINISHED = "finished", _("Finished")

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    host = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="hosted_simuls"
    )
    name = models.CharField(max_length=60)
    text = models.CharField(max_length=400, blank=True, default="")
    variant = models.CharField(max_length=VARIANT_LENGTH, default=DEFAULT_VARIANT)
    clock_initial = models.PositiveIntegerField()
    clock_increment = models.PositiveIntegerField(default=0)
    host_extra = models.PositiveIntegerField(default=0)  # seconds more on the host's clocks
    host_color = models.CharField(max_length=6, choices=HostColor.choices)
    max_players = models.PositiveIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.CREATED)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        indexes = [
            models.Index(fields=["status", "-created_at"], name="simuls_by_status"),
            models.Index(fields=["host", "status"], name="simuls_of_host"),
        ]

    def __str__(self) -> str:
        return f"simul {self.public_id} ({self.name})"

    @property
    def time_control(self) -> TimeControl:
        return TimeControl(initial=self.clock_initial, increment=self.clock_increment)

    @property
    def variant_name(self) -> str:
        return variant_name(self.variant)


class Entry(models.Model):
    """A player who asked to play in a simul: accepted by the host or not yet; once it has
    started, their board: the game and the colour they play."""

    simul = models.ForeignKey(Simul, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    accepted = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)
    board = models.PositiveIntegerField(null=True, blank=True)  # 1, 2, … once started
    game = models.CharField(max_length=12, null=True, blank=True)  # its game's public id
    color = models.CharField(max_length=5, blank=True, default="")  # the player's

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["simul", "user"], name="simul_entry_once"),
        ]
        indexes = [models.Index(fields=["user", "simul"], name="simul_entries_of_user")]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.simul_id}"
