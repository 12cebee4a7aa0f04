"""The small core every change to a game goes through: who asks (``Actor``) and what they may
do, locking a game, finishing it, and publishing its state.

Every write of the games app (``moves``, ``play``, ``lobby``, ``presence``, ``archive``,
``analysis``) runs in one transaction, locks the rows it changes in a fixed order (games before
players' ratings before challenges before seeks, each by id), saves only the fields it changed
and tells connected clients after commit (``broadcast.send_on_commit``). Refusals raise
``GameError`` and change nothing. Views, API views, consumers and the bot call those modules;
none of them saves a game itself.
"""

from dataclasses import dataclass
from datetime import datetime
from typing import Any, Protocol

from django.db import transaction
from django.middleware.csrf import get_token
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import rating_category
from accounts.services import rating_record_game
from common.i18n import say
from engine.pieces import Color as EngineColor
from engine.variant import Outcome
from games.domain import clock
from games.domain.errors import ErrorCode, GameError
from games.domain.events import send_game_ended
from games.domain.policy import fresh_since
from games.models import Color, Game
from games.reads.state import state_event, state_fields, whole_state
from games.storage import broadcast, kept, sql
from games.storage.history import History, read_history
from games.storage.openings import count_opening
from games.storage.records import record_game_end


class _Request(Protocol):
    user: Any


@dataclass(frozen=True)
class Actor:
    """Who asks: a signed-in user, or a visitor known only by their session."""

    user_id: int | None = None
    session_key: str = ""

    @classmethod
    def of(cls, user: Any, session_key: str | None = None) -> "Actor":
        """Returns the actor of a user (anonymous: none) and a session key."""
        user_id = user.pk if user is not None and user.is_authenticated else None
        return cls(user_id=user_id, session_key=session_key or "")

    @classmethod
    def of_request(cls, request: _Request, *, need_session: bool = False) -> "Actor":
        """Returns the actor of a page's or an API view's request; ``need_session`` starts a
        session for a visitor who has none (their pass-and-play and bot games belong to it)."""
        session = getattr(request, "session", None)
        if need_session and session is not None and not session.session_key:
            session.save()
            get_token(request)  # its writes send the CSRF cookie's token (security.py)
        return cls.of(request.user, session.session_key if session is not None else None)


def opponent(color: str) -> str:
    return Color.BLACK if color == Color.WHITE else Color.WHITE


def win_for(color: str) -> str:
    return Game.Result.WHITE if color == Color.WHITE else Game.Result.BLACK


def result_of(outcome: Outcome) -> str:
    """Returns the result of a game its rules ended: a win for the side the engine names, or a
    draw."""
    if outcome.winner is None:
        return Game.Result.DRAW
    return win_for(Color.WHITE if outcome.winner is EngineColor.WHITE else Color.BLACK)


def sentence(error: Exception) -> str:
    """Returns an error's text as one sentence: capitalised, with a full stop."""
    text = say(error).strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


# --- reading with a lock ------------------------------------------------------------------
def lock_game(public_id: str, *, with_table: datetime | None = None) -> Game:
    """Returns the game row locked for update, its players' usernames loaded. Call inside
    ``transaction.atomic()``.

    ``with_table`` (the time now) reads who is at the table in the same statement, for work
    that does not change the game's connections (``table_of`` then asks no more)."""
    since = None if with_table is None else fresh_since(with_table)
    game = sql.game_row(public_id, lock=True, table_since=since)
    if game is None:
        raise GameError(
            ErrorCode.NOT_FOUND, _("There is no game %(public_id)s.") % {"public_id": public_id}
        )
    return game


def owns(game: Game, actor: Actor) -> bool:
    """Returns whether the actor owns a pass-and-play or bot game (by account or session)."""
    if game.owner_session:
        return bool(actor.session_key) and actor.session_key == game.owner_session
    return actor.user_id is not None and actor.user_id in (game.white_id, game.black_id)


def actor_color(game: Game, actor: Actor) -> str | None:
    """Returns the colour the actor plays now: for pass-and-play the side to move."""
    if game.mode == Game.Mode.LOCAL:
        return game.turn if owns(game, actor) else None
    if game.mode == Game.Mode.BOT:
        return game.human_color if owns(game, actor) else None
    if actor.user_id is None:
        return None
    if actor.user_id == game.white_id:
        return Color.WHITE
    if actor.user_id == game.black_id:
        return Color.BLACK
    return None


def require_player(game: Game, actor: Actor) -> str:
    """Returns the actor's colour, or raises ``not_a_player``."""
    color = actor_color(game, actor)
    if color is None:
        raise GameError(ErrorCode.NOT_A_PLAYER, _("You are not a player in this game."))
    return color


def require_live(game: Game) -> None:
    if game.status != Game.Status.LIVE:
        raise GameError(ErrorCode.GAME_OVER, _("The game is over."))


# --- finishing and telling ----------------------------------------------------------------
WHITE_SCORE = {Game.Result.WHITE: 1.0, Game.Result.BLACK: 0.0, Game.Result.DRAW: 0.5}
# The game's fields ``finish`` changes.
FINISH_FIELDS = [
    "status",
    "result",
    "termination",
    "finished_at",
    "final_ply",
    "draw_offer",
    "takeback_offer",
    "absence_side",
    "absence_since",
    "updated_at",
    *clock.CLOCK_FIELDS,
]


def finish(game: Game, *, result: str, termination: str, at: datetime | None = None) -> None:
    """Marks a locked live game finished and, if it is rated, rates it; the caller saves
    ``FINISH_FIELDS`` (with what else it changed).

    Every ending goes through here (adjudication after a move, resignation, agreement,
    abandonment), always on a game locked and checked live in the same transaction, so a rated
    game moves both players' ratings exactly once and only if the ending commits. Locks the
    players' rating rows after the game's (see ``accounts.services.rating_record_game``).

    A game that ends before both sides have made their first move is not rated, however it
    ends (a resignation at once included): nothing was played to rate.

    Once the ending commits, ``events.game_ended`` tells the apps above (a tournament's game is
    scored from it). The players' records and the opening explorer count the game in the same
    transaction (``records``, ``openings``).
    """
    _end(game, Game.Status.FINISHED, at)
    game.result = result
    game.termination = termination
    if game.is_rated:
        rating_record_game(
            game_id=game.pk,
            white_id=game.white_id,
            black_id=game.black_id,
            white_score=WHITE_SCORE[result],
            at=game.finished_at,
            category=rating_category(game.variant, clock.speed_of(game)),
        )
    record_game_end(game)
    count_opening(game)


def abort(game: Game, *, at: datetime | None = None) -> None:
    """Marks a locked live game aborted (a side did not make its first move in time): no
    result, never rated; the caller saves ``FINISH_FIELDS``. Told as ``finish`` tells."""
    _end(game, Game.Status.ABORTED, at)
    game.result = game.termination = None


def _end(game: Game, status: str, at: datetime | None) -> None:
    # The apps above hear of the ending once it has committed (``events.game_ended``).
    game_id, tournament, simul = game.public_id, game.tournament, game.simul
    transaction.on_commit(
        lambda: send_game_ended(game_id=game_id, tournament=tournament, simul=simul)
    )
    game.status = status
    game.finished_at = at or timezone.now()
    game.final_ply = game.ply
    game.draw_offer = game.takeback_offer = None
    game.absence_side = None
    game.absence_since = None
    clock.stop(game, game.finished_at)


def tell_turn(game: Game) -> None:
    """Sends the player to move a ``your_turn`` notice (their ``user.<id>`` group) after
    commit."""
    user_id = game.player_id_for(game.turn)
    if user_id is None:
        return
    opponent_user = game.player(opponent(game.turn))
    notice = {
        "type": "your_turn",
        "game": game.public_id,
        "opponent": opponent_user.username if opponent_user else None,
        "deadline": game.clock_deadline.isoformat() if game.clock_deadline else None,
    }
    broadcast.send_on_commit(broadcast.user_group(user_id), {"type": "user.event", "event": notice})


def publish_state(
    game: Game, history: History | None = None, *, answer: bool = True
) -> dict[str, Any] | None:
    """Builds the game's state now and sends it to its group after commit (the last move alone:
    ``state_event``); returns the whole state (None without ``answer``: a consumer needs only
    the broadcast). ``history``: the game's, if the caller has it; else the one this process
    keeps at the record's revision, or the moves read now."""
    # Serialised once here rather than once per connection.
    history = history or kept.peek(game) or read_history(game)
    fields = state_fields(game)
    event = state_event(game, history=history, fields=fields)
    broadcast.send_on_commit(broadcast.game_group(game.public_id), event)
    if game.mode == Game.Mode.ONLINE:
        broadcast.send_on_commit(broadcast.WATCH_GROUP, dict(broadcast.WATCH_CHANGED))
    if game.clock_days is not None and game.status == Game.Status.LIVE:
        # Correspondence: the player whose turn it now is hears of it on any page (/ws/me/).
        tell_turn(game)
    if clock.clocked(game):  # the flag timer here learns the deadline, or that there is none
        running = game.clock_deadline is not None and game.status == Game.Status.LIVE
        at = game.clock_deadline.timestamp() if running else None
        broadcast.send_on_commit(broadcast.DEADLINES, {"game": game.public_id, "at": at})
    if not answer:
        return None
    return whole_state(game, fields, history)  # its fields built once, for both
