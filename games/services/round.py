"""One live game on the move path, as this process holds it (``Round``): the only thing the
consumers, the API and the pages call to change a game or to read it for showing, as lila's
round has its game proxy.

A ``Round`` owns what the process keeps of its game between changes: the history (the moves,
the engine's game of them) and the record the last change here wrote, with its clock
(``games.storage.kept``). It takes them for a change and keeps the next ones; nothing else
writes them. Readers (``games.reads``) may look, never keep.

A move goes through ``Round.play``:

1. Without the game's lock (``play_unlocked``): an ordinary move — the actor's turn in a live
   game at the ply given, no absence counted, legal, not ending the game — is validated by the
   engine against the kept record and history (or the record read now) and written only if the
   row still holds what it was validated against (``sql.update_if_and_insert``; on PostgreSQL
   one statement). ``Written``, or why the lock is needed (``NeedsLock``), having changed
   nothing.
2. With the game's lock: anything else, and any move the game changed under, is played or
   refused here with the error the rules give (``stale_ply``, ``not_your_turn``, …). A move that
   ends the game finishes it (and rates it) here.
3. After commit the new state goes to the game's group; the next history is kept; in a bot game
   whose turn is now the bot's, the bot starts thinking.

Every other change (resign, draw, takebacks, time, berserk, rematch) is made by
``games.services.play`` and ``games.services.lobby`` under the game's lock and published by the
round.
"""

from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games.domain import clock
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import fresh_since
from games.domain.schemas import DrawAction, MoveRequest, TakebackAction
from games.models import Challenge, Game
from games.reads.state import bot_to_move, game_state, state_texts
from games.services import bot_runner, play, presence
from games.services.conditional import conditional_answer
from games.services.core import Actor, lock_game, publish_state, require_live, require_player
from games.services.lobby import game_rematch
from games.services.moves import NeedsLock, Written, apply_move, resolve_move, write_ordinary
from games.services.takebacks import game_takeback_online
from games.services.timeout import end_on_time
from games.storage import kept, sql
from games.storage.history import History, read_history
from games.storage.positions import forget_positions


class Round:
    """The game ``game_id`` as this process holds it. Cheap to make: what it holds lives in
    ``games.storage.kept``, shared by every ``Round`` of the game in the process."""

    __slots__ = ("game_id",)

    def __init__(self, game_id: str) -> None:
        self.game_id = game_id

    # --- what the round keeps ---------------------------------------------------------------
    def history(self, game: Game) -> History:
        """Returns the history of a record at its revision: the one kept, else read (and kept,
        if it is the record's)."""
        history = kept.peek(game)
        if history is None:
            history = read_history(game)
            if history.is_of(game):
                kept.keep(history)
        return history

    def take(self, game: Game) -> History:
        """Returns the history of a record for a change (call with the game locked): taken out
        of what is kept, or read."""
        history = kept.take(self.game_id, game.revision)
        return history if history is not None else read_history(game)

    def keep_after_commit(self, history: History) -> None:
        transaction.on_commit(lambda: kept.keep(history))

    def keep_record(self, game: Game) -> None:
        """Keeps a live record just read with the history kept at its revision (unless a record
        is kept with it already), so that the game's next move here is one statement: the
        first move after a page loads or a socket reconnects, as every later one. The move's
        write checks that the game still is as the record says, so an old record costs a
        read, never a wrong move. The record is the next move's: the caller must not change
        it."""
        if game.status != Game.Status.LIVE:
            return
        history = kept.peek(game)
        if history is not None and history.record is None:
            history.record = game

    # --- reading it to show it -----------------------------------------------------------
    def settle(self, now: datetime | None = None) -> Game:
        """Settles what is due on the game before it is shown (an absence clock that ran out,
        a side whose time ran out), and in a bot game waiting for the bot (after a restart,
        say) asks the bot for its move; returns the record as it then is. Raises
        ``not_found``."""
        game = sql.game_row(self.game_id)
        if game is None:
            raise GameError(
                ErrorCode.NOT_FOUND, _("There is no game %(game_id)s.") % {"game_id": self.game_id}
            )
        if game.absence_side and presence.enforce_absence(game_id=self.game_id, now=now):
            game = sql.game_row(self.game_id)
        self.kick_bot(game)
        return game

    def state(self, game: Game | None = None) -> dict[str, Any]:
        """Returns the game's whole state (``settle``d, unless the record is given)."""
        game = game or self.settle()
        return game_state(game, history=self.history(game))

    def open(self, tree: bool = False) -> tuple[Game, list[str]]:
        """Returns the record and the messages of the game's whole state for a socket (with
        ``tree``, its legal moves as a tree), keeping the record for the game's next move."""
        game = self.settle()
        texts = state_texts(game, tree=tree, history=self.history(game))
        self.keep_record(game)
        return game, texts

    # --- moves -------------------------------------------------------------------------------
    def play(
        self,
        *,
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
        bounded credit of ``move.lag_ms``, the connection's one-way delay); one that comes after
        its side ran out ends the game on time instead, and is refused.
        """
        now = now or timezone.now()
        unlocked = self.play_unlocked(actor, move, now)
        if isinstance(unlocked, Written):
            self.keep_after_commit(unlocked.history)
            return self.publish(unlocked.game, unlocked.history, answer=answer)
        flagged = False
        with transaction.atomic():
            game = lock_game(self.game_id, with_table=now)
            color = require_player(game, actor)
            forfeited = presence.absence_ran_out(game, now)
            if not forfeited and game.status == Game.Status.LIVE and clock.out_of_time(game, now):
                flagged = end_on_time(game, now)
            elif not forfeited:
                require_live(game)
                if move.ply != game.ply:
                    raise GameError(
                        ErrorCode.STALE_PLY,
                        _(
                            "The game is at ply %(ply)s, not %(sent)s: your move is stale or "
                            "repeated."
                        )
                        % {"ply": game.ply, "sent": move.ply},
                    )
                if color != game.turn:
                    raise GameError(ErrorCode.NOT_YOUR_TURN, _("It is not your turn."))
                played = self._apply(game, move.text, now=now, lag_ms=move.lag_ms)
                return self.publish(game, played, answer=answer)
        # The forfeit or the flag is committed; the move it overtook is refused.
        if flagged:
            raise GameError(ErrorCode.GAME_OVER, _("The game is over: time ran out."))
        raise GameError(ErrorCode.GAME_OVER, _("The game is over: a player stayed away too long."))

    def play_unlocked(self, actor: Actor, move: MoveRequest, now: datetime) -> Written | NeedsLock:
        """Writes an ordinary move without the game's lock, from the history kept here.

        The record the move starts from is the one this process's last move of the game wrote
        (or a socket just read: ``keep_record``), kept with its history: the move is then one
        statement, which also counts who is at the table. If there is none, or its write finds
        the game changed (another process moved, a draw was offered), the record is read now,
        with who is at the table, and the move tried on it: two statements. The history taken
        here is kept back unless the move was written; if a statement raises, it is dropped (its
        engine game may have played the move), and the game's next move reads the moves again.
        """
        history = kept.take(self.game_id)
        if history is None:
            return NeedsLock.NO_HISTORY
        since = fresh_since(now)
        outcome: Written | NeedsLock = NeedsLock.RECORD_CHANGED
        if history.record is not None:
            record, history.record = history.record, None  # used once: the write keeps the next
            outcome = write_ordinary(
                record, history, actor, move, now=now, lag_ms=move.lag_ms, table_since=since
            )
        if not isinstance(outcome, Written):
            record = sql.game_row(self.game_id, table_since=since)
            if record is not None and record.revision == history.revision:
                outcome = write_ordinary(record, history, actor, move, now=now, lag_ms=move.lag_ms)
        if not isinstance(outcome, Written):
            kept.keep(history)  # unchanged: the locked path reads only what it must
        return outcome

    def _apply(self, game: Game, text: str, now: datetime, lag_ms: int = 0) -> History:
        """Plays the move ``text`` on the locked game from its history (taken here, kept back
        if the move is refused); returns the next history, kept once the move commits."""
        history = self.take(game)
        try:
            move = resolve_move(history.engine_game(), text)
        except GameError:
            kept.keep(history)  # its engine game is unchanged
            raise
        played = apply_move(game, history, move, now=now, lag_ms=lag_ms)
        self.keep_after_commit(played)
        return played

    def play_bot(self, *, ply: int, move: str) -> dict[str, Any] | None:
        """Plays the bot's move, validated like any move; refused if the game moved on
        meanwhile."""
        with transaction.atomic():
            game = lock_game(self.game_id)
            require_live(game)
            if game.mode != Game.Mode.BOT or not bot_to_move(game):
                raise GameError(ErrorCode.NOT_YOUR_TURN, _("It is not the bot's turn."))
            if ply != game.ply:
                raise GameError(
                    ErrorCode.STALE_PLY,
                    _("The game is at ply %(ply)s, not %(sent)s.") % {"ply": game.ply, "sent": ply},
                )
            return self.publish(game, self._apply(game, move, now=timezone.now()))

    def kick_bot(self, game: Game) -> bool:
        """Asks the bot for its move if it is the bot's turn in a live bot game (idempotent in a
        process: one request per game and ply). Returns whether a request was started."""
        if not bot_to_move(game):
            return False
        fens = [game.initial_fen, *(move["fen"] for move in self.history(game).moves)]
        human = game.white_id or game.black_id
        owner = f"user:{human}" if human else f"session:{game.owner_session}"
        return bot_runner.request_move(
            game.public_id,
            game.ply,
            game.fen,
            game.bot_level,
            fens,
            play=play_bot,
            owner=owner,
            variant=game.variant,
        )

    def publish(
        self, game: Game, history: History | None = None, *, answer: bool = True
    ) -> dict[str, Any] | None:
        """Tells the game's group its new state after commit (``core.publish_state``), and in a
        bot game whose turn is the bot's, the bot starts thinking after commit."""
        if bot_to_move(game):
            transaction.on_commit(lambda: self.kick_bot(game))
        state = publish_state(game, history, answer=answer)
        if history is not None and game.clock_days is not None and game.status == Game.Status.LIVE:
            # Correspondence: the player to move may have answered this move already (after
            # the move's own state is told, so that the answer follows it on the wire).
            transaction.on_commit(lambda: conditional_answer(game, history, game_play))
        return state

    # --- what players do besides moving (each made and published under the game's lock) ---
    def resign(self, *, actor: Actor) -> dict[str, Any]:
        return play.game_resign(game_id=self.game_id, actor=actor)

    def draw(self, *, actor: Actor, action: DrawAction) -> dict[str, Any]:
        return play.game_draw(game_id=self.game_id, actor=actor, action=action)

    def abort(self, *, actor: Actor) -> dict[str, Any]:
        return play.game_abort(game_id=self.game_id, actor=actor)

    def takeback(self, *, actor: Actor, action: TakebackAction | None = None) -> dict[str, Any]:
        """Takes back at once in a pass-and-play or bot game (no ``action``); in an online game
        offers, accepts or declines a takeback (``takebacks``)."""
        if action is None:
            state = play.game_takeback(game_id=self.game_id, actor=actor)
        else:
            state = game_takeback_online(game_id=self.game_id, actor=actor, action=action)
        kept.drop(self.game_id)  # its moves may have changed other than by a move
        return state

    def give_time(self, *, actor: Actor, now: datetime | None = None) -> dict[str, Any]:
        return play.game_give_time(game_id=self.game_id, actor=actor, now=now)

    def claim_win(self, *, actor: Actor, now: datetime | None = None) -> dict[str, Any]:
        return play.game_claim_win(game_id=self.game_id, actor=actor, now=now)

    def berserk(self, *, actor: Actor) -> dict[str, Any]:
        return play.game_berserk(game_id=self.game_id, actor=actor)

    def rematch(self, *, actor: Actor) -> Challenge:
        return game_rematch(game_id=self.game_id, actor=actor)


def game_play(
    *,
    game_id: str,
    actor: Actor,
    move: MoveRequest,
    now: datetime | None = None,
    answer: bool = True,
) -> dict[str, Any] | None:
    """``Round.play`` of the game ``game_id``."""
    return Round(game_id).play(actor=actor, move=move, now=now, answer=answer)


def play_bot(*, game_id: str, ply: int, move: str) -> dict[str, Any] | None:
    """The bot's move, as its worker hands it back (``bot_runner``): ``Round.play_bot``."""
    return Round(game_id).play_bot(ply=ply, move=move)


def start_bot_game(**asked: Any) -> Game:
    """Starts a game against the bot (``play.game_create_bot``'s arguments); if the bot is to
    move first, its round asks it for its move once the game is stored."""
    game = play.game_create_bot(**asked)
    Round(game.public_id).publish(game, answer=False)
    return game


def forget() -> None:
    """Forgets everything this process keeps of games: their histories and records, and the
    legal moves and checks of their positions (a new server, as far as they know)."""
    kept.forget()
    forget_positions()
