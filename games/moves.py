"""Playing a move: the one path every move takes, a player's (``game_play``) or the bot's
(``game_play_bot``), and the bot's turn (``bot_kick``).

The flow of a move, top to bottom in ``game_play``:

1. Without the game's lock (``play_unlocked``): an ordinary move, one that is the actor's turn
   in a live game at the ply given, with no absence being counted, legal, and not ending the
   game, is validated by the engine against the record and history this process keeps (or the
   record read now) and written only if the row still holds what it was validated against
   (``sql.update_if_and_insert``; on PostgreSQL one statement). It is the locked path's check,
   made at the write instead of at the read. The result says ``Written`` or why the lock is
   needed (``NeedsLock``), having changed nothing.
2. With the game's lock: anything else, and any move the game changed under, is played or
   refused here, with the error the rules give (``stale_ply``, ``not_your_turn``,
   ``illegal_move``, ...). A move that ends the game finishes it (and rates it) here.
3. After commit, the new state goes to the game's group (``core.publish_state``); the next
   history is kept for the next move; in a bot game whose turn is now the bot's, the bot starts
   thinking.
"""

from dataclasses import dataclass
from datetime import datetime
from enum import StrEnum
from typing import Any

from django.db import transaction
from django.utils import timezone

import engine
from engine.errors import UnplayablePositionError
from engine.variant import MOVE_BUDGET
from games import bot_runner, clock, sql
from games.core import (
    FINISH_FIELDS,
    Actor,
    actor_color,
    finish,
    lock_game,
    opponent,
    publish_state,
    require_live,
    require_player,
    result_of,
    sentence,
)
from games.errors import ErrorCode, GameError
from games.history import (
    History,
    captured_pieces,
    history_of,
    keep_history,
    kind_name,
    remember_legal_moves,
    take_history,
    take_kept_history,
)
from games.models import Game, GameMove
from games.policy import fresh_since
from games.presence import absence_ran_out
from games.reads.state import bot_to_move
from games.schemas import MoveRequest
from games.timeout import end_on_time

# The game's fields a move changes (unless it ends the game).
MOVE_FIELDS = ["ply", "revision", "fen", "draw_offer", "updated_at"]
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


def game_play(
    *,
    game_id: str,
    actor: Actor,
    move: MoveRequest,
    now: datetime | None = None,
    answer: bool = True,
) -> dict[str, Any] | None:
    """Plays a move for the actor and returns the new state (None without ``answer``: a
    consumer needs only the broadcast).

    ``move.ply`` must be the game's current ply: a repeated or stale submission is refused
    (``stale_ply``) and never applied twice. The engine validates the move and adjudicates.
    In a clocked game the move is charged the time since its turn began at ``now`` (less a
    bounded credit of ``move.lag_ms``, the connection's one-way delay); one that comes after its
    side ran out ends the game on time instead, and is refused.
    """
    now = now or timezone.now()
    lag_ms = move.lag_ms
    unlocked = play_unlocked(game_id, actor, move, now, lag_ms)
    if isinstance(unlocked, Written):
        transaction.on_commit(lambda: keep_history(unlocked.history))
        return publish(unlocked.game, unlocked.history, answer=answer)
    # NeedsLock: the move is played or refused with the game locked.
    flagged = False
    with transaction.atomic():
        game = lock_game(game_id, with_table=now)
        color = require_player(game, actor)
        forfeited = absence_ran_out(game, now)
        if not forfeited and game.status == Game.Status.LIVE and clock.out_of_time(game, now):
            flagged = end_on_time(game, now)
        elif not forfeited:
            require_live(game)
            if move.ply != game.ply:
                raise GameError(
                    ErrorCode.STALE_PLY,
                    f"The game is at ply {game.ply}, not {move.ply}: your move is stale or "
                    "repeated.",
                )
            if color != game.turn:
                raise GameError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")
            history = take_history(game)
            resolved = resolve_taken(history, move.text)
            played = apply_move(game, history, resolved, now=now, lag_ms=lag_ms)
            return publish(game, played, answer=answer)
    # The forfeit or the flag is committed; the move it overtook is refused.
    if flagged:
        raise GameError(ErrorCode.GAME_OVER, "The game is over: time ran out.")
    raise GameError(ErrorCode.GAME_OVER, "The game is over: a player stayed away too long.")


def play_unlocked(
    game_id: str, actor: Actor, move: MoveRequest, now: datetime, lag_ms: int = 0
) -> Written | NeedsLock:
    """Writes an ordinary move without the game's lock, from the history this process keeps.

    The record the move starts from is the one this process's last move of the game wrote (or
    a socket just read: ``history.keep_record``), kept with its history: the move is then one
    statement, which also counts who is at the table. If there is none, or its write finds the
    game changed (another process moved, a draw was offered), the record is read now, with who
    is at the table, and the move tried on it: two statements. The history taken here is kept
    back unless the move was written; if a statement raises, it is dropped (its engine game may
    have played the move), and the game's next move reads the moves again.

    Step 1 of ``game_play``, which publishes a move written here; returns ``Written`` or why
    the move needs the lock, having changed nothing.
    """
    history = take_kept_history(game_id)
    if history is None:
        return NeedsLock.NO_HISTORY
    since = fresh_since(now)
    outcome: Written | NeedsLock = NeedsLock.RECORD_CHANGED
    if history.record is not None:
        record, history.record = history.record, None  # used once: the write keeps the next
        outcome = _write_ordinary(
            record, history, actor, move, now=now, lag_ms=lag_ms, table_since=since
        )
    if not isinstance(outcome, Written):
        record = sql.game_row(game_id, table_since=since)
        if record is not None and record.revision == history.revision:
            outcome = _write_ordinary(record, history, actor, move, now=now, lag_ms=lag_ms)
    if not isinstance(outcome, Written):
        keep_history(history)  # unchanged: the locked path reads only what it must
    return outcome


def _write_ordinary(
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


def resolve_taken(history: History, text: str) -> engine.Move:
    """``resolve_move`` in a taken history's game, keeping the history back if refused (its
    engine game is unchanged)."""
    try:
        return resolve_move(history.engine_game(), text)
    except GameError:
        keep_history(history)
        raise


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
            f"That move would lead to a position the site does not play: {error}.",
        ) from None
    if count <= MOVE_BUDGET or eg.is_over():
        return
    eg.pop()
    raise GameError(
        ErrorCode.NOT_ALLOWED,
        f"That move would lead to a position with {count:,} legal moves, more than the "
        f"{MOVE_BUDGET:,} a game here may have.",
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

    ``history`` is the game's, taken (``take_history``). Returns the game's new history, kept
    for the next move once this one commits."""
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
    after = history.after(row, eg)
    transaction.on_commit(lambda: keep_history(after))
    return after


def publish(
    game: Game, history: History | None = None, *, answer: bool = True
) -> dict[str, Any] | None:
    """``core.publish_state``, and in a bot game whose turn is the bot's, the bot starts
    thinking after commit."""
    if bot_to_move(game):
        transaction.on_commit(lambda: bot_kick(game))
    return publish_state(game, history, answer=answer)


# --- the bot --------------------------------------------------------------------------------
def bot_kick(game: Game) -> bool:
    """Asks the bot for its move if it is the bot's turn in a live bot game (idempotent in a
    process: one request per game and ply). Returns whether a request was started."""
    if not bot_to_move(game):
        return False
    history = [game.initial_fen, *(move["fen"] for move in history_of(game).moves)]
    human = game.white_id or game.black_id
    owner = f"user:{human}" if human else f"session:{game.owner_session}"
    return bot_runner.request_move(
        game.public_id,
        game.ply,
        game.fen,
        game.bot_level,
        history,
        play=game_play_bot,
        owner=owner,
        variant=game.variant,
    )


def game_play_bot(*, game_id: str, ply: int, move: str) -> dict[str, Any] | None:
    """Plays the bot's move, validated like any move; refused if the game moved on meanwhile."""
    with transaction.atomic():
        game = lock_game(game_id)
        require_live(game)
        if game.mode != Game.Mode.BOT or not bot_to_move(game):
            raise GameError(ErrorCode.NOT_YOUR_TURN, "It is not the bot's turn.")
        if ply != game.ply:
            raise GameError(ErrorCode.STALE_PLY, f"The game is at ply {game.ply}, not {ply}.")
        history = take_history(game)
        resolved = resolve_taken(history, move)
        return publish(game, apply_move(game, history, resolved))
