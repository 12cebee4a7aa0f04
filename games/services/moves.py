"""The building blocks of a move, for the owner of a live game (``games.services.round``), which
plays every move: validating and recording one (``resolve_move``, ``record_move``), writing an
ordinary one without the game's lock when the row is still as it was validated against
(``write_ordinary``), and playing one on a locked game (``apply_move``).

A move reads and writes only the game's row and its new move; what the process keeps between
moves (the history, the record) is the round's.
"""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum

from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from common.i18n import grouped
from engine.errors import UnplayablePositionError
from engine.variant import MOVE_BUDGET
from games.domain import clock
from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import MoveRequest
from games.models import Game, GameMove
from games.services.core import (
    FINISH_FIELDS,
    Actor,
    actor_color,
    finish,
    opponent,
    result_of,
    sentence,
)
from games.storage import sql
from games.storage.history import History, captured_pieces
from games.storage.positions import kind_name, remember_legal_moves

# The game's fields a move changes (unless it ends the game).
MOVE_FIELDS = [
    "ply",
    "revision",
    "fen",
    "draw_offer",
    "takeback_offer",
    "takeback_refused",
    "updated_at",
]
CLOCKED_MOVE_FIELDS = [*MOVE_FIELDS, *clock.CLOCK_FIELDS]


@dataclass(frozen=True, slots=True)
class Written:
    """A move written without the lock: the game's record as written, and its new history."""

    game: Game
    history: History


class NeedsLock(StrEnum):
    """Why a move was not written without the lock (nothing was changed): the locked path
    plays or refuses it."""

    NO_HISTORY = "this process keeps no history of the game"
    RECORD_CHANGED = "the game changed since the history kept here"
    NOT_ORDINARY = "not the actor's turn, not this ply, an absence counted, or the game over"
    REFUSED = "the engine refused the move: refused with the game locked, by the same rule"
    ENDS_GAME = "the move ends the game, which is finished and rated under the lock"
    WRITE_REFUSED = "the game changed between the read and the write"


def write_ordinary(
    game: Game,
    history: History,
    actor: Actor,
    move: MoveRequest,
    *,
    now: datetime,
    lag_ms: int = 0,
    table_since: datetime | None = None,
) -> Written | NeedsLock:
    """Plays an ordinary move on a game record and its history at the record's revision, and
    writes it if the database's row still holds what the record says; on anything else the
    history is left as it was taken. ``table_since``: the write also counts who is at the table
    (for a record that was not just read with them). A clocked game's move is charged in the
    same write; one whose side ran out is not ordinary."""
    if history.revision != game.revision:
        return NeedsLock.RECORD_CHANGED
    if (
        game.status != Game.Status.LIVE
        or game.absence_side
        or game.ply != move.ply
        or actor_color(game, actor) != game.turn
        or clock.out_of_time(game, now)
    ):
        return NeedsLock.NOT_ORDINARY
    eg = history.engine_game()
    try:
        resolved = resolve_move(eg, move.text)
    except GameError:
        return NeedsLock.REFUSED
    read = {
        "revision": game.revision,
        "status": game.status,
        "absence_side": None,
        "draw_offer": game.draw_offer,
        "takeback_offer": game.takeback_offer,
    }
    fields = MOVE_FIELDS
    if clock.clocked(game):
        # Time given meanwhile ("give 15 s") changes the clocks but not the revision.
        read.update(white_ms=game.white_ms, black_ms=game.black_ms)
        clock.charge(game, now, lag_ms)
        fields = CLOCKED_MOVE_FIELDS
    try:
        row = record_move(game, eg, resolved)
    except GameError:
        return NeedsLock.REFUSED  # the engine's game is as it was; refused under the lock
    remember_legal_moves(eg.position, game.fen, game.variant)  # first: the status reuses it
    if eg.is_over():
        eg.pop()
        return NeedsLock.ENDS_GAME
    if not sql.update_if_and_insert(game, fields, read, row, table_since=table_since):
        eg.pop()  # nothing was written: the history goes back as it was taken
        return NeedsLock.WRITE_REFUSED
    return Written(game, history.after(row, eg, record=game))


def resolve_move(eg: engine.Game, text: str) -> engine.Move:
    """Returns the legal move meant by canonical or machine text in the engine's game."""
    try:
        return eg.parse_move(text)
    except engine.AmbiguousMoveError as error:
        raise GameError(ErrorCode.AMBIGUOUS_MOVE, sentence(error)) from None
    except engine.InvalidMoveTextError as error:
        raise GameError(ErrorCode.BAD_MOVE_TEXT, sentence(error)) from None
    except engine.IllegalMoveError as error:
        raise GameError(ErrorCode.ILLEGAL_MOVE, sentence(error)) from None


def record_move(game: Game, eg: engine.Game, move: engine.Move) -> GameMove:
    """Plays a validated move in the engine's game of the game record's history and on the
    record in memory; returns the move's record, unsaved."""
    mover = game.turn
    text = eg.move_text(move)
    removed = captured_pieces(eg.position, move)
    eg.push(move)
    refuse_over_budget(eg)
    fen = eg.fen()
    row = GameMove(
        game=game,
        ply=game.ply,
        text=text,
        kind=kind_name(move),
        path=move.path_names(),
        captured=move.captured_names(),
        captured_pieces=removed,
        fen_after=fen,
    )
    game.ply += 1
    game.revision += 1
    game.fen = fen
    if game.draw_offer == opponent(mover):
        game.draw_offer = None  # the rules page: a draw offer stands until the opponent moves
    # A move ends a takeback's asking, answered or not (``takebacks``).
    game.takeback_offer = game.takeback_refused = None
    if clock.clocked(game):
        row.clock_ms = getattr(game, f"{mover}_ms")  # charged first: what the move left it
    return row


def refuse_over_budget(eg: engine.Game) -> None:
    """Takes back the move just pushed and refuses it (``not_allowed``) if the game goes on in
    a position with more legal moves than the engine's budget, or whose capture search the
    engine refuses (``CaptureSearchError``, past its budget of jumps): a game from a playable
    position (``Variant.playable_position``) stays playable, whatever two players arrange on
    the board. No real game comes near either budget; counting the moves costs little beside
    the move."""
    try:
        count = len(eg.legal_moves())
    except UnplayablePositionError as error:
        eg.pop()
        raise GameError(
            ErrorCode.NOT_ALLOWED,
            _("That move would lead to a position the site does not play: %(error)s.")
            % {"error": error},
        ) from None
    if count <= MOVE_BUDGET or eg.is_over():
        return
    eg.pop()
    raise GameError(
        ErrorCode.NOT_ALLOWED,
        _(
            "That move would lead to a position with %(count)s legal moves, more than the "
            "%(move_budget)s a game here may have."
        )
        % {"count": grouped(count), "move_budget": grouped(MOVE_BUDGET)},
    )


def apply_move(
    game: Game,
    history: History,
    move: engine.Move,
    now: datetime | None = None,
    lag_ms: int = 0,
) -> History:
    """Plays a validated move on a locked game: stores it, charges its clock, adjudicates,
    saves. No broadcast.

    ``history`` is the game's, taken (``Round.take``). Returns the game's new history."""
    eg = history.engine_game()
    fields = MOVE_FIELDS
    if clock.clocked(game):
        clock.charge(game, now or timezone.now(), lag_ms)
        fields = CLOCKED_MOVE_FIELDS
    row = record_move(game, eg, move)
    outcome = eg.outcome()
    if outcome.is_over:
        sql.insert(row)
        finish(game, result=result_of(outcome), termination=outcome.reason, at=now)
        game.save(update_fields=list(dict.fromkeys([*fields, *FINISH_FIELDS])))
    else:
        remember_legal_moves(eg.position, game.fen, game.variant)
        sql.insert_and_update(row, game, fields)
    return history.after(row, eg)
