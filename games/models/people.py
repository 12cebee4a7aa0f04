"""The games' records about people rather than play: each player's counted record of finished
games and the lines of a game's chat (re-exported by ``games.models``)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PlayerRecord(models.Model):
    """A player's finished online games counted as each ends (``games.storage.records``), so that a
    profile reads one row instead of walking the player's whole history.

    Wins, draws and losses by colour and by termination (``{termination: {"wins", "draws",
    "losses"}}``); the current streak (the run of equal outcomes ending with the latest game);
    the best win (the rated win over the highest-rated opponent, their rating before the game;
    the earliest of equals).
    """

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        primary_key=True,
        related_name="game_record",
    )
    white_wins = models.PositiveIntegerField(default=0)
    white_draws = models.PositiveIntegerField(default=0)
    white_losses = models.PositiveIntegerField(default=0)
    black_wins = models.PositiveIntegerField(default=0)
    black_draws = models.PositiveIntegerField(default=0)
    black_losses = models.PositiveIntegerField(default=0)
    by_termination = models.JSONField(default=dict)
    streak_outcome = models.CharField(max_length=4, blank=True, default="")
    streak_games = models.PositiveIntegerField(default=0)
    best_win_game = models.ForeignKey(
        "games.Game", on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    best_win_opponent = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
    )
    best_win_rating = models.FloatField(null=True, blank=True)
    best_win_at = models.DateTimeField(null=True, blank=True)

    def __str__(self) -> str:
        return f"record of {self.user_id}"


class ChatLine(models.Model):
    """One line of an online game's chat (``games.services.chat``), in its players' room or its
    spectators': kept apart while the game is live, both shown once it is over."""

    class Room(models.TextChoices):
        PLAYERS = "players", _("Players")
        SPECTATORS = "spectators", _("Spectators")

    # Indexed by chat_by_game, which leads with it.
    game = models.ForeignKey(
        "games.Game", on_delete=models.CASCADE, related_name="chat", db_index=False
    )
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    room = models.CharField(max_length=10, choices=Room.choices)
    text = models.CharField(max_length=140)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["game", "room", "-id"], name="chat_by_game")]

    def __str__(self) -> str:
        return f"{self.game_id} {self.room}: {self.text[:20]}"


class Bookmark(models.Model):
    """A game a user marked to find again (the game page's ☆, ``games.services.bookmarks``):
    seen by them alone, in the archive's *Bookmarked* filter."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="bookmarks"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="bookmarks")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            # Also the index the filter reads: a user's bookmarks, by game.
            models.UniqueConstraint(fields=["user", "game"], name="bookmark_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id} bookmarked {self.game_id}"


class GameNote(models.Model):
    """A user's private notes on a game (the game page's *My notes*, ``games.services.notes``):
    read and written by them alone, at most ``MAX_NOTE_CHARS`` characters; an emptied note is
    removed."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="game_notes"
    )
    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="notes")
    text = models.TextField()
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "game"], name="game_note_once"),
        ]

    def __str__(self) -> str:
        return f"{self.user_id}'s note on {self.game_id}"


class TurnMail(models.Model):
    """That a correspondence game's player to move was mailed about their turn: the turn is
    named by when it began (the game's ``clock_since`` then), so each turn is mailed once
    (``games.services.turn_mails``)."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, related_name="+")
    turn_since = models.DateTimeField()

    def __str__(self) -> str:
        return f"turn mail of {self.game_id} at {self.turn_since:%Y-%m-%d %H:%M}"
