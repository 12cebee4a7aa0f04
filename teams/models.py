"""Teams: players who play together (``teams.services``).

A team is made by a player, who leads it; others join it at once when it is open, or ask and
wait for a leader's yes when it is closed. Leaders say what the team is, choose who leads with
them, remove members and make tournaments only the team's members may join (the tournaments app
reads ``is_member`` and ``leads`` for that). A team ends when its last member leaves.
"""

from django.conf import settings
from django.db import models
from django.db.models.functions import Lower

from games.models import new_public_id


class Team(models.Model):
    """A team: its name (one of a kind, whatever its case), what it says, and whether a player
    joins it at once (open) or asks a leader first (closed)."""

    public_id = models.CharField(max_length=12, unique=True, default=new_public_id)
    name = models.CharField(max_length=40)
    text = models.CharField(max_length=600, blank=True, default="")
    open = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="teams_made",
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # Kept with every join and leave (in the same transaction), so that the list orders teams
    # by their size without counting every team's members.
    members = models.PositiveIntegerField(default=0)

    class Meta:
        constraints = [
            models.UniqueConstraint(Lower("name"), name="team_name_once_in_any_case"),
        ]
        indexes = [
            models.Index(fields=["-members", "id"], name="teams_by_size"),
        ]

    def __str__(self) -> str:
        return f"team {self.public_id} ({self.name})"


class Member(models.Model):
    """A player in a team, leading it or not."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="memberships")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_memberships"
    )
    leader = models.BooleanField(default=False)
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "user"], name="team_member_once"),
        ]
        indexes = [
            # A team's page of members, in its order, read from the index alone however far down.
            models.Index(
                fields=["team", "-leader", "joined_at", "id"], name="team_members_in_order"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} in {self.team_id}"


class Ask(models.Model):
    """A player's ask to join a closed team, waiting for a leader's answer."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="asks")
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="team_asks"
    )
    text = models.CharField(max_length=200, blank=True, default="")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["team", "user"], name="team_ask_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} asks {self.team_id}"
