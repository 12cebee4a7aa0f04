"""Takebacks in online games, with the opponent's consent (lichess's rules): a player asks, the
opponent accepts or declines (the asker may withdraw the request the same way); accepted, the game
goes back to the asker's last turn (one or two plies), clocks included. Pass-and-play and bot games
take back at once (``play.game_takeback``).

Against abuse: the opponent's preference decides whether they are asked at all (never, in casual
games only, or always: their settings' ``takebacks``, ``accounts.models.Preferences``); after a
decline the asker may not ask again until the next move; a move (by either side) ends the offer; a
tournament's games have none.
"""

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import Preferences
from accounts.selectors import preferences_of
from games.domain import clock
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import TakebackAction
from games.models import Game
from games.services.core import (
    Actor,
    lock_game,
    opponent,
    publish_state,
    require_live,
    require_player,
)
from games.services.play import game_takeback
from games.storage import broadcast

# The fields a takeback offer and its answer change.
OFFER_FIELDS = ["takeback_offer", "takeback_refused", "updated_at"]
TAKEN_BACK_FIELDS = [
    "ply",
    "revision",
    "fen",
    "draw_offer",
    "takeback_offer",
    "takeback_refused",
    "updated_at",
    *clock.CLOCK_FIELDS,
]


def no_offer(action: str) -> str:
    """Returns the refusal of answering a takeback offer there is not."""
    if action == "accept":
        return _("There is no takeback offer to accept.")
    return _("There is no takeback offer to decline.")


def game_takeback_online(
    *, game_id: str, actor: Actor, action: TakebackAction, now: datetime | None = None
) -> dict[str, Any]:
    """Offers, accepts or declines a takeback in a live online game."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        color = require_player(game, actor)
        require_live(game)
        if game.mode != Game.Mode.ONLINE:  # no one to ask: asking is taking back
            if action != "offer":
                raise GameError(
                    ErrorCode.NOT_ALLOWED,
                    no_offer(action),
                )
            return game_takeback(game_id=game_id, actor=actor)
        theirs = opponent(color)
        if action == "offer" and game.takeback_offer == theirs:
            action = "accept"  # both want it
        if action == "offer":
            _offer(game, color)
        elif action == "decline" and game.takeback_offer == color:  # the asker withdraws it
            game.takeback_offer = None
            game.save(update_fields=OFFER_FIELDS)
        elif game.takeback_offer != theirs:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                no_offer(action),
            )
        elif action == "accept":
            take_back(game, to_turn_of=theirs, now=now)
        else:
            game.takeback_offer = None
            game.takeback_refused = theirs
            game.save(update_fields=OFFER_FIELDS)
            broadcast.send_on_commit(
                broadcast.game_group(game.public_id),
                {"type": "game.notice", "message": {"type": "takeback_declined", "by": color}},
            )
        return publish_state(game)


def _offer(game: Game, color: str) -> None:
    if game.tournament:  # as on lichess: a tournament's games are played as they fall
        raise GameError(ErrorCode.NOT_ALLOWED, _("There are no takebacks in tournament games."))
    if game.simul:  # nor a simul's, whose host has moved on to the next board
        raise GameError(ErrorCode.NOT_ALLOWED, _("There are no takebacks in simul games."))
    if game.takeback_offer == color:
        raise GameError(ErrorCode.NOT_ALLOWED, _("You have already asked for a takeback."))
    if last_ply_of(game, color) is None:
        raise GameError(ErrorCode.NOT_ALLOWED, _("There is no move of yours to take back."))
    if game.takeback_refused == color:
        raise GameError(
            ErrorCode.NOT_ALLOWED, _("Your takeback was declined: ask again after the next move.")
        )
    other = game.player(opponent(color))
    never = Preferences.Takebacks.NEVER
    preference = preferences_of(other).takebacks if other is not None else never
    if preference == never or (preference == Preferences.Takebacks.CASUAL and game.is_rated):
        if preference == never:
            refusal = _("%(other)s does not grant takebacks.")
        else:
            refusal = _("%(other)s does not grant takebacks in rated games.")
        raise GameError(ErrorCode.NOT_ALLOWED, refusal % {"other": other})
    game.takeback_offer = color
    game.save(update_fields=OFFER_FIELDS)


def last_ply_of(game: Game, color: str) -> int | None:
    """Returns the ply of the last move ``color`` made in the game, or None."""
    for ply in range(game.ply - 1, -1, -1):
        if game.mover(ply) == color:
            return ply
    return None


def take_back(game: Game, *, to_turn_of: str, now: datetime) -> None:
    """Takes a locked live game back to ``to_turn_of``'s last turn: its last move and any reply
    removed, the position and each side's clock as they were then; saves (no broadcast)."""
    target = last_ply_of(game, to_turn_of)
    if target is None:
        raise GameError(ErrorCode.NOT_ALLOWED, _("There is no move to take back."))
    game.moves.filter(ply__gte=target).delete()
    kept = list(game.moves.filter(ply__lt=target).order_by("-ply")[:2])
    game.ply = target
    game.revision += 1
    game.fen = kept[0].fen_after if kept else game.initial_fen
    game.draw_offer = game.takeback_offer = game.takeback_refused = None
    if clock.clocked(game):
        times = {"white": None, "black": None}
        for row in kept:
            times[game.mover(row.ply)] = row.clock_ms
        clock.put_back(game, times, now)
    game.save(update_fields=TAKEN_BACK_FIELDS)
