"""The crosstable of two players: their score against each other over every finished online
game they played (rated or casual, any game, either colour), and their latest games, as
lichess shows it under a game. The game page (``GET /api/crosstable/{a}/{b}/``, refreshed when
its game ends) and a profile seen by another player read it.

Both counts and the latest games are read through ``game_pair_finished`` (the two players'
finished games, newest first): its cost follows the games the two played together, never the
games either played with anyone else."""

from typing import Any
from urllib.parse import urlencode

from django.db.models import Count, Q
from django.urls import reverse
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.selectors import active_user
from games.domain.errors import ErrorCode, GameError
from games.models import Color, Game
from games.storage.records import outcome_of

CROSSTABLE_LATEST = 10  # the games shown one by one, newest first


def games_between(first_id: int, second_id: int):
    """The finished online games of the two players against each other (either colour)."""
    return Game.objects.filter(
        Q(white_id=first_id, black_id=second_id) | Q(white_id=second_id, black_id=first_id),
        status=Game.Status.FINISHED,
        mode=Game.Mode.ONLINE,
    )


def crosstable(first: User, second: User, latest: int = CROSSTABLE_LATEST) -> dict[str, Any]:
    """Returns the two players' record against each other, from ``first``'s side, as the API
    gives it: ``{"users": {first's name: points, second's: points}, "games", "wins", "draws",
    "losses", "latest": […]}``. A win is a point and a draw half a point to each. ``latest``
    lists the newest games first, each ``{"id", "variant", "result", "finished_at"}`` with
    ``result`` first's ("win", "draw" or "loss")."""
    games = games_between(first.pk, second.pk)
    first_won = (Q(white_id=first.pk) & Q(result=Game.Result.WHITE)) | (
        Q(black_id=first.pk) & Q(result=Game.Result.BLACK)
    )
    counts = games.aggregate(
        games=Count("pk"),
        wins=Count("pk", filter=first_won),
        draws=Count("pk", filter=Q(result=Game.Result.DRAW)),
    )
    wins, draws = counts["wins"], counts["draws"]
    losses = counts["games"] - wins - draws
    newest = games.order_by("-finished_at", "-id").values(
        "public_id", "variant", "result", "white_id", "finished_at"
    )[:latest]
    return {
        "users": {first.username: wins + draws / 2, second.username: losses + draws / 2},
        "games": counts["games"],
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "latest": [
            {
                "id": row["public_id"],
                "variant": row["variant"],
                "result": outcome_of(
                    row["result"], Color.WHITE if row["white_id"] == first.pk else Color.BLACK
                ),
                "finished_at": row["finished_at"].isoformat(),
            }
            for row in newest
        ],
    }


def their_games_url(first: User, second: User) -> str:
    """The archive's list of the two players' games against each other."""
    query = urlencode({"player": first.username, "opponent": second.username})
    return f"{reverse('archive')}?{query}"


def players_named(first: str, second: str) -> tuple[User, User]:
    """Returns the two active accounts called ``first`` and ``second`` (any case); raises
    ``GameError``: not_found naming one nobody has, bad_request for one player named twice."""
    players = []
    for name in (first, second):
        player = active_user(name)
        if player is None:
            raise GameError(
                ErrorCode.NOT_FOUND, _("No user is called %(username)s.") % {"username": name}
            )
        players.append(player)
    if players[0].pk == players[1].pk:
        raise GameError(ErrorCode.BAD_REQUEST, _("A crosstable is of two different players."))
    return players[0], players[1]


def game_crosstable(game: Game, viewer_id: int | None) -> dict[str, Any] | None:
    """Returns the crosstable an online game's page shows, of its two players (the viewer's
    first when they play it, else White's), with ``url`` to ask for it again when the game ends
    and ``archive_url``, the archive's list of their games; None for any other game."""
    first, second = game.white, game.black
    if game.mode != Game.Mode.ONLINE or first is None or second is None or first == second:
        return None
    if not (first.is_active and second.is_active):  # a closed account keeps no crosstable
        return None
    if viewer_id == second.pk:
        first, second = second, first
    return {
        "url": reverse("api-crosstable", args=[first.username, second.username]),
        "archive_url": their_games_url(first, second),
        **crosstable(first, second),
    }
