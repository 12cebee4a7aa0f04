"""The only code that changes games, seeks and challenges.

Every function here runs in one transaction, locks the rows it changes (games before players'
ratings before challenges before seeks, each by id) and tells connected clients after commit.
Refusals raise ``GameError`` with a code from ``games.errors`` and change nothing. REST views,
WebSocket consumers and the bot all call these functions; none of them saves a game itself.
"""

import json
import random
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Q
from django.utils import timezone

import engine
from accounts.models import User
from accounts.selectors import rating_of
from accounts.services import rating_record_game, user_seen
from games import broadcast, pgn, sql
from games.errors import ErrorCode, GameError
from games.models import (
    Analysis,
    Annotation,
    Challenge,
    Color,
    Connection,
    Evaluation,
    Game,
    GameMove,
    Seek,
    SeekColor,
)
from games.state import (
    ABANDON_AFTER,
    CONNECTION_STALE_AFTER,
    History,
    absence_payload,
    bot_human_color,
    bot_to_move,
    captured_pieces,
    drop_history,
    game_state,  # noqa: F401 (callers read a game's state from here too)
    history_of,
    keep_history,
    kind_name,
    presence_of,
    remember_legal_moves,
    state_message,
    table_of,
    take_history,
    take_kept_history,
)

MAX_OPEN_SEEKS = 3
SQUARE_NAMES = {engine.square_name(sq) for sq in range(64)}


@dataclass(frozen=True)
class Actor:
    """Who asks: a signed-in user, or a visitor known only by their session."""

    user_id: int | None = None
    session_key: str = ""

    @classmethod
    def of(cls, user: Any, session_key: str | None = None) -> "Actor":
        user_id = user.pk if user is not None and user.is_authenticated else None
        return cls(user_id=user_id, session_key=session_key or "")


def opponent(color: str) -> str:
    return Color.BLACK if color == Color.WHITE else Color.WHITE


# --- reading with a lock ------------------------------------------------------------------
def lock_game(public_id: str, *, with_table: datetime | None = None) -> Game:
    """Returns the game row locked for update, its players' usernames loaded. Call inside
    ``transaction.atomic()``.

    ``with_table`` (the time now) reads who is at the table in the same statement, for work
    that does not change the game's connections (``table_of`` then asks no more)."""
    since = None if with_table is None else table_since(with_table)
    game = sql.game_row(public_id, lock=True, table_since=since)
    if game is None:
        raise GameError(ErrorCode.NOT_FOUND, f"There is no game {public_id}.")
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
    color = actor_color(game, actor)
    if color is None:
        raise GameError(ErrorCode.NOT_A_PLAYER, "You are not a player in this game.")
    return color


def require_live(game: Game) -> None:
    if game.status != Game.Status.LIVE:
        raise GameError(ErrorCode.GAME_OVER, "The game is over.")


# --- finishing and telling ----------------------------------------------------------------
WHITE_SCORE = {Game.Result.WHITE: 1.0, Game.Result.BLACK: 0.0, Game.Result.DRAW: 0.5}


def finish(game: Game, *, result: str, termination: str, at: datetime | None = None) -> None:
    """Marks a locked live game finished and, if it is rated, rates it (the caller saves).

    Every ending goes through here (adjudication in ``apply_move``, resignation, agreement,
    abandonment), always on a game locked and checked live in the same transaction, so a rated
    game moves both players' ratings exactly once and only if the ending commits. Locks the
    players' rating rows after the game's (see ``accounts.services.rating_record_game``).
    """
    game.status = Game.Status.FINISHED
    game.result = result
    game.termination = termination
    game.finished_at = at or timezone.now()
    game.draw_offer = None
    game.absence_side = None
    game.absence_since = None
    if game.is_rated:
        rating_record_game(
            game_id=game.pk,
            white_id=game.white_id,
            black_id=game.black_id,
            white_score=WHITE_SCORE[result],
            at=game.finished_at,
        )


def win_for(color: str) -> str:
    return Game.Result.WHITE if color == Color.WHITE else Game.Result.BLACK


def publish_state(
    game: Game, history: History | None = None, *, answer: bool = True
) -> dict[str, Any] | None:
    """Builds the game's state now and sends it to its group after commit; returns it, as sent
    (None without ``answer``: a consumer needs only the broadcast).

    In a bot game whose turn is the bot's, the bot starts thinking after commit."""
    if bot_to_move(game):
        transaction.on_commit(lambda: bot_kick(game))
    # Serialised once here rather than once per connection.
    text = state_message(game, history=history)
    broadcast.send_on_commit(
        broadcast.game_group(game.public_id), {"type": "game.state", "text": text}
    )
    if game.mode == Game.Mode.ONLINE:
        broadcast.send_on_commit(broadcast.WATCH_GROUP, dict(broadcast.WATCH_CHANGED))
    if not answer:
        return None
    state = json.loads(text)  # the state read from what was sent: its fields built once
    del state["type"]
    return state


# --- moves --------------------------------------------------------------------------------
def resolve_move(
    eg: engine.Game, *, text: str | None, path: list[str] | None, promotion: str | None
) -> engine.Move:
    """Returns the legal move meant by canonical/machine text or by a path of squares."""
    if path is not None:
        if (
            not isinstance(path, list)
            or len(path) < 2
            or not all(isinstance(sq, str) and sq in SQUARE_NAMES for sq in path)
        ):
            raise GameError(
                ErrorCode.BAD_REQUEST, "A move's path is a list of at least two squares."
            )
        if promotion not in (None, "", "q", "r", "b", "n", "Q", "R", "B", "N"):
            raise GameError(ErrorCode.BAD_REQUEST, "A promotion is one of q, r, b or n.")
        text = "-".join(path) + (f"-{promotion.lower()}" if promotion else "")
    if not isinstance(text, str) or not text.strip():
        raise GameError(ErrorCode.BAD_REQUEST, "A move needs its text or its path.")
    try:
        return eg.parse_move(text.strip())
    except engine.AmbiguousMoveError as error:
        raise GameError(ErrorCode.AMBIGUOUS_MOVE, sentence(error)) from None
    except engine.InvalidMoveTextError as error:
        raise GameError(ErrorCode.BAD_MOVE_TEXT, sentence(error)) from None
    except engine.IllegalMoveError as error:
        raise GameError(ErrorCode.ILLEGAL_MOVE, sentence(error)) from None


def sentence(error: Exception) -> str:
    text = str(error).strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def game_play(
    *,
    game_id: str,
    actor: Actor,
    ply: Any,
    text: str | None = None,
    path: list[str] | None = None,
    promotion: str | None = None,
    now: datetime | None = None,
    answer: bool = True,
) -> dict[str, Any] | None:
    """Plays a move for the actor and returns the new state (None without ``answer``).

    ``ply`` must be the game's current ply: a repeated or stale submission is refused
    (``stale_ply``) and never applied twice. The engine validates the move and adjudicates.

    An ordinary move is played without holding the game's lock (``play_unlocked``); anything
    else, and any move the game changed under, is played or refused with the game locked.
    """
    if isinstance(ply, bool) or not isinstance(ply, int):
        raise GameError(ErrorCode.BAD_REQUEST, "A move needs the ply it is for, as a number.")
    wanted = {"text": text, "path": path, "promotion": promotion}
    played = play_unlocked(game_id=game_id, actor=actor, ply=ply, now=now, answer=answer, **wanted)
    if played is not False:
        return played if answer else None
    with transaction.atomic():
        game = lock_game(game_id, with_table=now or timezone.now())
        color = require_player(game, actor)
        forfeited = absence_ran_out(game, now)
        if not forfeited:
            require_live(game)
            if ply != game.ply:
                raise GameError(
                    ErrorCode.STALE_PLY,
                    f"The game is at ply {game.ply}, not {ply}: your move is stale or repeated.",
                )
            if color != game.turn:
                raise GameError(ErrorCode.NOT_YOUR_TURN, "It is not your turn.")
            history = take_history(game)
            move = resolve_taken(history, **wanted)
            return publish_state(game, apply_move(game, history, move, now=now), answer=answer)
    # The forfeit is committed; the move it overtook is refused.
    raise GameError(ErrorCode.GAME_OVER, "The game is over: a player stayed away too long.")


def play_unlocked(
    *,
    game_id: str,
    actor: Actor,
    ply: int,
    text: str | None,
    path: list[str] | None,
    promotion: str | None,
    now: datetime | None,
    answer: bool = True,
) -> dict[str, Any] | bool:
    """Plays an ordinary move without locking the game, and returns the new state (True without
    ``answer``); returns False, having changed nothing, for ``game_play``'s locked path to play
    or refuse the move instead.

    The move is validated by the engine against the game's record and the game's history kept
    in this process, and then written only if the record in the database still holds what it
    was validated against (``sql.update_if_and_insert``): on PostgreSQL one statement that
    checks and writes at once. It is the same check as the locked path's, made at the write
    instead of at the read: a move applied here was legal in the game as it was when it was
    written. No lock is held while the engine works.

    The record is the one this process's last move of the game wrote, kept with its history:
    the move is then one statement, which also counts who is at the table. If that record is
    not current (the write's guards fail: another process moved, a draw was offered) or there
    is none, the record is read first (with who is at the table): two statements. Where the
    move is not ordinary (``play_ordinary``), or the game changed even since that read, the
    locked path plays or refuses it and answers for what changed.
    """
    history = take_kept_history(game_id)
    if history is None:
        return False  # none kept: the locked path reads the moves
    since = table_since(now)
    wanted = {"actor": actor, "ply": ply, "text": text, "path": path, "promotion": promotion}
    if history.record is not None:
        record, history.record = history.record, None  # used once: the write keeps the next
        played = play_ordinary(record, history, table_since=since, answer=answer, **wanted)
        if played is not False:
            return played
        history = take_kept_history(game_id)  # given back: try again with the record read
        if history is None:
            return False
    game = sql.game_row(game_id, table_since=since)
    if game is None or game.revision != history.revision:
        keep_history(history)  # not this record's: the locked path reads what it needs
        return False
    return play_ordinary(game, history, answer=answer, **wanted)


def play_ordinary(
    game: Game,
    history: History,
    *,
    actor: Actor,
    ply: int,
    text: str | None,
    path: list[str] | None,
    promotion: str | None,
    table_since: datetime | None = None,
    answer: bool = True,
) -> dict[str, Any] | bool:
    """Plays an ordinary move on a game record and the game's history at the record's revision,
    taken (``take_history``), writing it only if the database's record still holds what this
    one says; returns the new state (True without ``answer``), or False having changed nothing
    and given the history back.
    ``table_since``: the write also counts who is at the table (for a record that was not just
    read with them).

    Ordinary: the actor's turn in a live game at ``ply``, no absence being counted, a legal move
    that does not end the game (an ending rates the game, under the lock)."""
    if (
        history.revision != game.revision
        or game.status != Game.Status.LIVE
        or game.absence_side
        or game.ply != ply
        or actor_color(game, actor) != game.turn
    ):
        keep_history(history)
        return False
    try:
        move = resolve_taken(history, text=text, path=path, promotion=promotion)
    except GameError:
        return False  # refused with the game locked, by the same rule
    read = {"revision": game.revision, "status": game.status, "absence_side": None}
    read["draw_offer"] = game.draw_offer
    eg = history.engine_game()
    row = record_move(game, eg, move)
    remember_legal_moves(eg.position, game.fen)  # first: the status reuses its move list
    ongoing = eg.status() is engine.Status.ONGOING
    if ongoing and sql.update_if_and_insert(game, MOVE_FIELDS, read, row, table_since=table_since):
        after = history.after(row, eg, record=game)
        transaction.on_commit(lambda: keep_history(after))
        state = publish_state(game, after, answer=answer)
        return state if answer else True
    eg.pop()  # nothing was written: the history goes back as it was taken
    keep_history(history)
    return False


def table_since(now: datetime | None) -> datetime:
    """Returns the time after which a connection's heartbeat is fresh."""
    return (now or timezone.now()) - CONNECTION_STALE_AFTER


def resolve_taken(
    history: History, *, text: str | None, path: list[str] | None, promotion: str | None
) -> engine.Move:
    """``resolve_move`` in a taken history's game, keeping the history back if refused (its
    engine game is unchanged)."""
    try:
        return resolve_move(history.engine_game(), text=text, path=path, promotion=promotion)
    except GameError:
        keep_history(history)
        raise


def absence_ran_out(game: Game, now: datetime | None = None) -> bool:
    """Settles a running absence clock on a locked game; returns whether it forfeited now."""
    if game.status != Game.Status.LIVE or not game.absence_side:
        return False
    now = now or timezone.now()
    settle_absence(game, presence_of(game, now), now)
    return game.status == Game.Status.FINISHED


# The game's fields a move changes (unless it ends the game).
MOVE_FIELDS = ["ply", "revision", "fen", "draw_offer", "updated_at"]


def record_move(game: Game, eg: engine.Game, move: engine.Move) -> GameMove:
    """Plays a validated move in the engine's game of the game record's history and on the
    record in memory; returns the move's record, unsaved."""
    mover = game.turn
    text = eg.move_text(move)
    removed = captured_pieces(eg.position, move)
    eg.push(move)
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
        game.draw_offer = None  # RULES page: a draw offer stands until the opponent moves instead
    return row


def apply_move(
    game: Game, history: History, move: engine.Move, now: datetime | None = None
) -> History:
    """Plays a validated move on a locked game: stores it, adjudicates, saves. No broadcast.

    ``history`` is the game's, taken (``take_history``). Returns the game's new history, kept
    for the next move once this one commits."""
    eg = history.engine_game()
    mover = game.turn
    row = record_move(game, eg, move)
    status = eg.status()
    if status is not engine.Status.ONGOING:
        sql.insert(row)
        if status is engine.Status.CHECKMATE:
            finish(game, result=win_for(mover), termination=Game.Termination.CHECKMATE, at=now)
        else:
            finish(game, result=Game.Result.DRAW, termination=status.value, at=now)
        game.save()
    else:
        remember_legal_moves(eg.position, game.fen)
        sql.insert_and_update(row, game, MOVE_FIELDS)
    after = history.after(row, eg)
    transaction.on_commit(lambda: keep_history(after))
    return after


# --- resign, draw, takeback ------------------------------------------------------------------
def game_resign(*, game_id: str, actor: Actor) -> dict[str, Any]:
    """Resigns for the actor (pass-and-play: the side to move resigns)."""
    with transaction.atomic():
        game = lock_game(game_id)
        color = require_player(game, actor)  # in a bot game, the human's side
        require_live(game)
        finish(game, result=win_for(opponent(color)), termination=Game.Termination.RESIGNATION)
        game.save()
        return publish_state(game)


def game_draw(*, game_id: str, actor: Actor, action: Any) -> dict[str, Any]:
    """Offers, accepts or declines a draw in an online game."""
    if action not in ("offer", "accept", "decline"):
        raise GameError(ErrorCode.BAD_REQUEST, "A draw action is offer, accept or decline.")
    with transaction.atomic():
        game = lock_game(game_id)
        color = require_player(game, actor)
        require_live(game)
        if game.mode != Game.Mode.ONLINE:
            raise GameError(ErrorCode.NOT_ALLOWED, "Draw offers are for online games.")
        theirs = opponent(color)
        if action == "offer":
            if game.draw_offer == color:
                raise GameError(ErrorCode.NOT_ALLOWED, "You have already offered a draw.")
            if game.draw_offer == theirs:  # both want it: agreed
                finish(game, result=Game.Result.DRAW, termination=Game.Termination.AGREEMENT)
            else:
                game.draw_offer = color
        elif game.draw_offer != theirs:
            raise GameError(ErrorCode.NOT_ALLOWED, f"There is no draw offer to {action}.")
        elif action == "accept":
            finish(game, result=Game.Result.DRAW, termination=Game.Termination.AGREEMENT)
        else:
            game.draw_offer = None
        game.save()
        return publish_state(game)


def game_takeback(*, game_id: str, actor: Actor) -> dict[str, Any]:
    """Takes back the last move (pass-and-play) or back to the human's last turn (bot)."""
    with transaction.atomic():
        game = lock_game(game_id)
        color = require_player(game, actor)
        if game.mode not in (Game.Mode.LOCAL, Game.Mode.BOT):
            raise GameError(ErrorCode.NOT_ALLOWED, "Takebacks are for pass-and-play and bot games.")
        if game.termination == Game.Termination.RESIGNATION:
            raise GameError(ErrorCode.GAME_OVER, "The game was resigned.")
        target = game.ply - 1
        # Pass-and-play takes back one ply; a bot game goes back to the human's last move.
        while game.mode == Game.Mode.BOT and target >= 0 and game.mover(target) != color:
            target -= 1
        if target < 0:
            raise GameError(ErrorCode.NOT_ALLOWED, "There is no move of yours to take back.")
        drop_history(game)
        game.moves.filter(ply__gte=target).delete()
        last = game.moves.filter(ply=target - 1).first()
        game.ply = target
        game.revision += 1
        game.fen = last.fen_after if last else game.initial_fen
        game.status = Game.Status.LIVE
        game.result = game.termination = game.finished_at = None
        game.draw_offer = None
        game.save()
        return publish_state(game)


# --- creating games ---------------------------------------------------------------------------
def validated_fen(fen: str | None) -> str:
    """Returns the FEN normalised by the engine, or raises ``bad_request`` saying what is wrong."""
    if fen is None or fen == "":
        return engine.STARTING_FEN
    if not isinstance(fen, str):
        raise GameError(ErrorCode.BAD_REQUEST, "A FEN is text.")
    try:
        eg = engine.Game(fen.strip())
    except engine.InvalidFenError as error:
        raise GameError(ErrorCode.BAD_REQUEST, f"Bad FEN: {sentence(error)}") from None
    if eg.is_over():
        raise GameError(
            ErrorCode.BAD_REQUEST, f"That position is already over ({eg.status().value})."
        )
    return eg.fen()


def bot_kick(game: Game) -> bool:
    """Asks the bot for its move if it is the bot's turn in a live bot game (idempotent in a
    process: one request per game and ply). Returns whether a request was started."""
    if not bot_to_move(game):
        return False
    from games import bot_runner

    history = [game.initial_fen, *(move["fen"] for move in history_of(game).moves)]
    return bot_runner.request_move(game.public_id, game.ply, game.fen, game.bot_level, history)


def game_play_bot(*, game_id: str, ply: int, move: str) -> dict[str, Any]:
    """Plays the bot's move, validated like any move; refused if the game moved on meanwhile."""
    with transaction.atomic():
        game = lock_game(game_id)
        require_live(game)
        if game.mode != Game.Mode.BOT or not bot_to_move(game):
            raise GameError(ErrorCode.NOT_YOUR_TURN, "It is not the bot's turn.")
        if ply != game.ply:
            raise GameError(ErrorCode.STALE_PLY, f"The game is at ply {game.ply}, not {ply}.")
        history = take_history(game)
        resolved = resolve_taken(history, text=move, path=None, promotion=None)
        return publish_state(game, apply_move(game, history, resolved))


def game_create_bot(*, actor: Actor, level: Any, color: Any = "random") -> Game:
    """Starts a game against the bot at ``level`` (1-8); ``color`` is the side the human plays.

    If the bot plays White it starts thinking at once."""
    if isinstance(level, bool) or not isinstance(level, int) or not 1 <= level <= 8:
        raise GameError(ErrorCode.BAD_REQUEST, "A bot level is a number from 1 to 8.")
    if color not in SeekColor.values:
        raise GameError(ErrorCode.BAD_REQUEST, "A colour is white, black or random.")
    if actor.user_id is None and not actor.session_key:
        raise GameError(ErrorCode.FORBIDDEN, "A bot game needs a session.")
    human = random.choice([Color.WHITE, Color.BLACK]) if color == SeekColor.RANDOM else color
    with transaction.atomic():
        game = Game.objects.create(
            mode=Game.Mode.BOT,
            rated=False,  # bot games are never rated
            bot_level=level,
            human_color=human,
            white_id=actor.user_id if human == Color.WHITE else None,
            black_id=actor.user_id if human == Color.BLACK else None,
            owner_session="" if actor.user_id else actor.session_key,
        )
        publish_state(game)
    return game


def game_create_local(*, actor: Actor, fen: str | None = None) -> Game:
    """Creates a pass-and-play game owned by the actor (a user, or a visitor's session)."""
    if actor.user_id is None and not actor.session_key:
        raise GameError(ErrorCode.FORBIDDEN, "A pass-and-play game needs a session.")
    start = validated_fen(fen)
    with transaction.atomic():
        game = Game.objects.create(
            mode=Game.Mode.LOCAL,
            rated=False,  # pass-and-play games are never rated
            white_id=actor.user_id,
            black_id=actor.user_id,
            owner_session="" if actor.user_id else actor.session_key,
            initial_fen=start,
            fen=start,
        )
    return game


def assign_colors(creator: User, other: User, color: str) -> tuple[User, User]:
    """Returns (white, black) for a seek or challenge whose creator asked for ``color``."""
    if color == SeekColor.RANDOM:
        color = random.choice([Color.WHITE, Color.BLACK])
    return (creator, other) if color == Color.WHITE else (other, creator)


def parse_rated(value: Any) -> bool:
    """Returns whether a seek or challenge is rated: absent means rated (the default)."""
    if value is None:
        return True
    if isinstance(value, bool):
        return value
    if isinstance(value, str) and value.strip().lower() in ("true", "1", "on", "yes"):
        return True
    if isinstance(value, str) and value.strip().lower() in ("false", "0", "off", "no", ""):
        return False
    raise GameError(ErrorCode.BAD_REQUEST, "`rated` is true or false.")


def start_online_game(white: User, black: User, *, rated: bool = True) -> Game:
    """Creates a live online game and tells both players (their ``user.<id>`` groups)."""
    game = Game.objects.create(mode=Game.Mode.ONLINE, white=white, black=black, rated=rated)
    for user in (white, black):
        broadcast.send_on_commit(
            broadcast.user_group(user.pk),
            {"type": "user.event", "event": {"type": "game_started", "game": game.public_id}},
        )
    broadcast.send_on_commit(broadcast.WATCH_GROUP, dict(broadcast.WATCH_CHANGED))
    return game


# --- seeks ----------------------------------------------------------------------------------
def seek_payload(seek: Seek) -> dict[str, Any]:
    standing = rating_of(seek.owner)
    return {
        "id": seek.public_id,
        "owner": seek.owner.username,
        "color": seek.color,
        "rated": seek.rated,
        "rating": round(standing.rating),
        "provisional": standing.provisional,
        "created_at": seek.created_at.isoformat(),
    }


# A seek lasts while its owner is in the lobby: a lobby page's heartbeat keeps the owner's
# ``last_seen`` fresh. A seek whose owner has not been seen for as long as a stale connection
# (``CONNECTION_STALE_AFTER``) is no longer listed or accepted, and the sweep withdraws it;
# closing the lobby withdraws it at once (``lobby_left``). Otherwise a player who posted a
# seek and went away would be put in a game they never see, and lose it by abandonment.
def lobby_fresh_since(now: datetime | None = None) -> datetime:
    """Returns the time since which the player of a seek or a lobby challenge must have been
    seen for it to stand."""
    return (now or timezone.now()) - CONNECTION_STALE_AFTER


def open_seeks(now: datetime | None = None) -> list[dict[str, Any]]:
    standing = Seek.objects.filter(owner__last_seen__gte=lobby_fresh_since(now))
    return [seek_payload(seek) for seek in standing.select_related("owner__rating")]


def publish_seeks() -> None:
    transaction.on_commit(
        lambda: broadcast.send_now(
            broadcast.LOBBY_GROUP, {"type": "lobby.seeks", "seeks": open_seeks()}
        )
    )


def seek_create(*, user: User, color: Any = SeekColor.RANDOM, rated: Any = True) -> Seek:
    """Opens a seek in the lobby (rated unless ``rated`` is false); a user has at most three."""
    if color not in SeekColor.values:
        raise GameError(ErrorCode.BAD_REQUEST, "A colour is white, black or random.")
    rated = parse_rated(rated)
    with transaction.atomic():
        User.objects.select_for_update().get(pk=user.pk)  # serialises one user's seeks
        if Seek.objects.filter(owner=user).count() >= MAX_OPEN_SEEKS:
            raise GameError(
                ErrorCode.TOO_MANY_SEEKS, f"You already have {MAX_OPEN_SEEKS} open seeks."
            )
        seek = Seek.objects.create(owner=user, color=color, rated=rated)
        # Posting is being here: a client of the API alone keeps its seek for as long as a
        # lobby page would after its last heartbeat.
        user_seen(user_id=user.pk, at=seek.created_at)
        publish_seeks()
    return seek


def lock_seek(seek_id: str) -> Seek:
    seek = Seek.objects.select_for_update().filter(public_id=seek_id).first()
    if seek is None:
        raise GameError(ErrorCode.GONE, "That seek is gone: accepted or cancelled.")
    return seek


def seek_cancel(*, user: User, seek_id: str) -> None:
    """Cancels one of the user's own seeks."""
    with transaction.atomic():
        seek = lock_seek(seek_id)
        if seek.owner_id != user.pk:
            raise GameError(ErrorCode.FORBIDDEN, "Only its owner can cancel a seek.")
        seek.delete()
        publish_seeks()


def seek_accept(*, user: User, seek_id: str, now: datetime | None = None) -> Game:
    """Accepts someone else's seek: the game starts and both players are sent to it. A seek
    whose owner has left the lobby is withdrawn instead, and refused as gone."""
    with transaction.atomic():
        seek = lock_seek(seek_id)
        if seek.owner_id == user.pk:
            raise GameError(ErrorCode.OWN_SEEK, "You cannot accept your own seek.")
        seen = seek.owner.last_seen
        owner_left = seen is None or seen < lobby_fresh_since(now)
        seek.delete()
        if not owner_left:
            white, black = assign_colors(seek.owner, user, seek.color)
            game = start_online_game(white, black, rated=seek.rated)
        publish_seeks()
    if owner_left:  # refused once the withdrawal has committed
        raise GameError(ErrorCode.GONE, "That seek is gone: its player left the lobby.")
    return game


def lobby_left(*, user_id: int, unless_seen_since: datetime | None = None) -> int:
    """Withdraws what a user who left the lobby offered there: their open seeks, and their open
    challenges and invite links (not rematch offers, made at a game's table); returns how many.
    ``unless_seen_since``: nothing is withdrawn if the user has been seen since that time (a
    lobby socket of theirs opened: they came back)."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            return 0
        if unless_seen_since and user.last_seen and user.last_seen >= unless_seen_since:
            return 0
        withdrawn, _ = Seek.objects.filter(owner_id=user_id).delete()
        if withdrawn:
            publish_seeks()
        cancelled = cancel_challenges(Challenge.objects.filter(challenger_id=user_id))
    return withdrawn + cancelled


def cancel_challenges(challenges: Any) -> int:
    """Cancels the open lobby challenges (not rematch offers) among ``challenges`` and tells
    both sides of each; returns how many. Call inside ``transaction.atomic()``."""
    lobby = challenges.filter(state=Challenge.State.OPEN, rematch_of__isnull=True)
    told = list(lobby.select_for_update(of=("self",)).values_list("pk", "challenger_id", "to_id"))
    Challenge.objects.filter(pk__in=[pk for pk, _, _ in told]).update(
        state=Challenge.State.CANCELLED
    )
    publish_challenges(*(uid for _, challenger, to in told for uid in (challenger, to)))
    return len(told)


# --- challenges -----------------------------------------------------------------------------
def challenge_payload(challenge: Challenge) -> dict[str, Any]:
    return {
        "id": challenge.public_id,
        "challenger": challenge.challenger.username,
        "to": challenge.to.username if challenge.to_id else None,
        "color": challenge.color,
        "rated": challenge.rated,
        "state": challenge.state,
        "game": challenge.game.public_id if challenge.game_id else None,
        "rematch_of": challenge.rematch_of.public_id if challenge.rematch_of_id else None,
        "created_at": challenge.created_at.isoformat(),
    }


def challenges_of(user_id: int) -> dict[str, list[dict[str, Any]]]:
    """Returns a user's open challenges, incoming and outgoing."""
    related = ("challenger", "to", "game", "rematch_of")
    open_ = Challenge.objects.filter(state=Challenge.State.OPEN).select_related(*related)
    return {
        "incoming": [challenge_payload(c) for c in open_.filter(to_id=user_id)],
        "outgoing": [challenge_payload(c) for c in open_.filter(challenger_id=user_id)],
    }


def publish_challenges(*user_ids: int | None) -> None:
    for user_id in {uid for uid in user_ids if uid is not None}:
        transaction.on_commit(
            lambda uid=user_id: broadcast.send_now(
                broadcast.user_group(uid), {"type": "user.challenges", **challenges_of(uid)}
            )
        )


def challenge_create(
    *,
    user: User,
    to: str | None,
    color: Any = SeekColor.RANDOM,
    rated: Any = True,
    rematch_of: Game | None = None,
) -> Challenge:
    """Challenges a user by name, or (``to`` empty) makes an invite link anyone may accept.

    The game will be rated unless ``rated`` is false.
    """
    if color not in SeekColor.values:
        raise GameError(ErrorCode.BAD_REQUEST, "A colour is white, black or random.")
    rated = parse_rated(rated)
    target = None
    if to:
        if not isinstance(to, str):
            raise GameError(ErrorCode.BAD_REQUEST, "A challenge is sent to a username.")
        target = User.objects.filter(username__iexact=to.strip(), is_active=True).first()
        if target is None:
            raise GameError(ErrorCode.NOT_FOUND, f"No user is called {to}.")
        if target.pk == user.pk:
            raise GameError(ErrorCode.NOT_ALLOWED, "You cannot challenge yourself.")
    with transaction.atomic():
        challenge = Challenge.objects.create(
            challenger=user, to=target, color=color, rated=rated, rematch_of=rematch_of
        )
        if rematch_of is None:  # made in the lobby, which it lasts as long as (as a seek)
            user_seen(user_id=user.pk, at=challenge.created_at)
        publish_challenges(user.pk, target.pk if target else None)
    return challenge


def lock_challenge(challenge_id: str) -> Challenge:
    challenge = Challenge.objects.select_for_update().filter(public_id=challenge_id).first()
    if challenge is None:
        raise GameError(ErrorCode.NOT_FOUND, f"There is no challenge {challenge_id}.")
    if challenge.state != Challenge.State.OPEN:
        raise GameError(ErrorCode.GONE, f"That challenge was already {challenge.state}.")
    return challenge


def challenge_accept(*, user: User, challenge_id: str, now: datetime | None = None) -> Game:
    """Accepts a challenge made to the user (or an invite link): the game starts. A challenge
    made in the lobby by a player who has left it since is cancelled instead, and refused."""
    with transaction.atomic():
        challenge = lock_challenge(challenge_id)
        if challenge.challenger_id == user.pk:
            raise GameError(ErrorCode.NOT_ALLOWED, "You cannot accept your own challenge.")
        if challenge.to_id is not None and challenge.to_id != user.pk:
            raise GameError(ErrorCode.FORBIDDEN, "That challenge is for someone else.")
        seen = challenge.challenger.last_seen
        challenger_left = challenge.rematch_of_id is None and (
            seen is None or seen < lobby_fresh_since(now)
        )
        if challenger_left:
            cancel_challenges(Challenge.objects.filter(pk=challenge.pk))
        else:
            white, black = assign_colors(challenge.challenger, user, challenge.color)
            game = start_online_game(white, black, rated=challenge.rated)
            challenge.state = Challenge.State.ACCEPTED
            challenge.to = user
            challenge.game = game
            challenge.save(update_fields=["state", "to", "game"])
            publish_challenges(challenge.challenger_id, user.pk)
            if challenge.rematch_of_id:
                publish_state(challenge.rematch_of)
    if challenger_left:  # refused once the cancellation has committed
        raise GameError(ErrorCode.GONE, "That challenge is gone: its player left the lobby.")
    return game


def challenge_decline(*, user: User, challenge_id: str) -> Challenge:
    """Declines a challenge made to the user, or cancels one the user made."""
    with transaction.atomic():
        challenge = lock_challenge(challenge_id)
        if challenge.challenger_id == user.pk:
            challenge.state = Challenge.State.CANCELLED
        elif challenge.to_id == user.pk:
            challenge.state = Challenge.State.DECLINED
        else:
            raise GameError(ErrorCode.FORBIDDEN, "That challenge is not yours to decline.")
        challenge.save(update_fields=["state"])
        publish_challenges(challenge.challenger_id, challenge.to_id)
        if challenge.rematch_of_id:
            publish_state(challenge.rematch_of)
    return challenge


def game_rematch(*, game_id: str, actor: Actor) -> Challenge:
    """Offers a rematch of a finished online game to the opponent, colours swapped, rated or
    unrated as the game was; or, if the opponent has offered one, accepts it (the rematch's
    game starts). Returns the offer, accepted or not."""
    with transaction.atomic():
        game = lock_game(game_id)  # one offer or acceptance at a time
        color = require_player(game, actor)
        if game.mode != Game.Mode.ONLINE:
            raise GameError(ErrorCode.NOT_ALLOWED, "Rematches are for online games.")
        if game.status != Game.Status.FINISHED:
            raise GameError(ErrorCode.NOT_ALLOWED, "The game is still being played.")
        me, other = game.player(color), game.player(opponent(color))
        if game.rematches.filter(state=Challenge.State.ACCEPTED).exists():
            raise GameError(ErrorCode.NOT_ALLOWED, "The rematch has already started.")
        offered = game.rematches.filter(state=Challenge.State.OPEN).first()
        if offered is not None:
            if offered.challenger_id == me.pk:
                raise GameError(ErrorCode.NOT_ALLOWED, "You already offered a rematch.")
            challenge_accept(user=me, challenge_id=offered.public_id)
            offered.refresh_from_db()
            return offered
        challenge = challenge_create(
            user=me, to=other.username, color=opponent(color), rated=game.rated, rematch_of=game
        )
        publish_state(game)
    return challenge


# --- presence and abandonment ---------------------------------------------------------------
def connection_open(
    *, game_id: str, channel_name: str, actor: Actor, now: datetime | None = None
) -> str | None:
    """Records a WebSocket to a game; returns the colour it sits at (None for a spectator)."""
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        color = None
        if game.mode == Game.Mode.ONLINE and game.status == Game.Status.LIVE:
            color = actor_color(game, actor)
        elif game.mode != Game.Mode.ONLINE and actor_color(game, actor) is not None:
            color = game.turn if game.mode == Game.Mode.LOCAL else bot_human_color(game)
        Connection.objects.update_or_create(
            channel_name=channel_name,
            defaults={"game": game, "user_id": actor.user_id, "color": color, "last_seen": now},
        )
        presence_changed(game, now)
    return color


def connection_close(*, channel_name: str, now: datetime | None = None) -> None:
    """Forgets a WebSocket; the absence clock starts if a player left an opponent waiting."""
    now = now or timezone.now()
    with transaction.atomic():
        connection = Connection.objects.filter(channel_name=channel_name).first()
        if connection is None:
            return
        game = lock_game(connection.game.public_id)
        connection.delete()
        presence_changed(game, now)


def connection_seen(*, channel_name: str, now: datetime | None = None) -> None:
    """Refreshes a connection's heartbeat."""
    connections_seen(channel_names=[channel_name], now=now)


def connections_seen(*, channel_names: list[str], now: datetime | None = None) -> int:
    """Refreshes the heartbeats of many connections at once (a process's heartbeats, written
    together); returns how many rows still open were refreshed."""
    return sql.update_in_chunks(
        Connection.objects, "channel_name", channel_names, last_seen=now or timezone.now()
    )


def presence_changed(game: Game, now: datetime) -> None:
    """Settles the absence clock of a locked game on the current presence and tells everyone."""
    presence, spectators = table_of(game, now)
    settle_absence(game, presence, now)
    broadcast.send_on_commit(
        broadcast.game_group(game.public_id),
        {
            "type": "game.presence",
            "presence": presence,
            "spectators": spectators,
            "absence": absence_payload(game),
        },
    )


def settle_absence(game: Game, presence: dict[str, bool], now: datetime) -> None:
    """Brings the absence bookkeeping of a locked live online game up to ``now``.

    Absence is counted only while the opponent is at the table; a player who comes back starts
    afresh. When a side's counted absence reaches ten minutes it forfeits (abandonment).
    """
    if game.mode != Game.Mode.ONLINE or game.status != Game.Status.LIVE:
        return
    bookkeeping = ["absence_side", "absence_since", "white_absent_seconds", "black_absent_seconds"]
    before = [getattr(game, name) for name in bookkeeping]
    counted_side = game.absence_side
    if counted_side and game.absence_since:
        field = f"{counted_side}_absent_seconds"
        elapsed = (now - game.absence_since).total_seconds()
        total = getattr(game, field) + max(0.0, elapsed)
        if total >= ABANDON_AFTER.total_seconds():
            at = now - timedelta(seconds=total - ABANDON_AFTER.total_seconds())
            finish(
                game,
                result=win_for(opponent(counted_side)),
                termination=Game.Termination.ABANDONMENT,
                at=at,
            )
            setattr(game, field, ABANDON_AFTER.total_seconds())
            game.save()
            publish_state(game)
            return
        setattr(game, field, total)
    new_side = None
    if presence[Color.WHITE] and not presence[Color.BLACK]:
        new_side = Color.BLACK
    elif presence[Color.BLACK] and not presence[Color.WHITE]:
        new_side = Color.WHITE
    for color in (Color.WHITE, Color.BLACK):
        if presence[color]:
            setattr(game, f"{color}_absent_seconds", 0.0)  # back at the table: starts afresh
    game.absence_side = new_side
    game.absence_since = now if new_side else None
    if [getattr(game, name) for name in bookkeeping] != before:  # else nothing to write
        game.save(update_fields=[*bookkeeping, "updated_at"])


def enforce_absence(*, game_id: str, now: datetime | None = None) -> bool:
    """Forfeits the game if a player's absence has run out; returns whether it did."""
    now = now or timezone.now()
    candidate = Game.objects.filter(
        public_id=game_id, status=Game.Status.LIVE, absence_side__isnull=False
    ).first()
    if candidate is None:
        return False
    with transaction.atomic():
        game = lock_game(game_id)
        settle_absence(game, presence_of(game, now), now)
        return game.status == Game.Status.FINISHED


def sweep(*, now: datetime | None = None) -> dict[str, int]:
    """Prunes connections of dead processes, enforces every running absence clock and
    withdraws the seeks and lobby challenges of players who left the lobby
    (``lobby_fresh_since``; ``withdrawn`` counts both).

    Called periodically by every server process and by ``manage.py sweep_games``; safe to run
    anywhere at any time, in several processes at once. A game whose connections this sweep
    pruned has its absence settled and its table told who is there now (``presence_changed``):
    a player whose process died is seen to have left, and the opponent sees the clock start. A
    game nobody is left at, with no clock running, has nothing to settle and no one to tell.
    Each pruned row is settled by the one sweep that deleted it (``sql.delete_stale_connections``),
    so processes sweeping together share the games out instead of each locking every one.
    """
    now = now or timezone.now()
    fresh_since = now - CONNECTION_STALE_AFTER
    left = Q(owner__last_seen__lt=fresh_since) | Q(owner__last_seen__isnull=True)
    with transaction.atomic():
        withdrawn, _ = Seek.objects.filter(left).delete()
        if withdrawn:
            publish_seeks()
        challenger_left = Q(challenger__last_seen__lt=fresh_since) | Q(
            challenger__last_seen__isnull=True
        )
        withdrawn += cancel_challenges(Challenge.objects.filter(challenger_left))
    pruned_games = sql.delete_stale_connections(fresh_since)
    # Of those games, the ones with someone still there to tell, or a clock to settle.
    heard = Q(connections__last_seen__gte=fresh_since) | Q(absence_side__isnull=False)
    pruned = Game.objects.filter(heard, pk__in=set(pruned_games))
    told = set(pruned.values_list("public_id", flat=True))
    counting = Game.objects.filter(status=Game.Status.LIVE, absence_side__isnull=False)
    clocked = set(counting.values_list("public_id", flat=True))
    forfeited = 0
    for public_id in sorted(told | clocked):
        with transaction.atomic():
            try:
                game = lock_game(public_id)
            except GameError:
                continue
            was_live = game.status == Game.Status.LIVE
            if public_id in told:
                presence_changed(game, now)
            else:
                settle_absence(game, presence_of(game, now), now)
            forfeited += was_live and game.status == Game.Status.FINISHED
    return {"pruned": len(pruned_games), "forfeited": forfeited, "withdrawn": withdrawn}


# --- the archive: annotations -----------------------------------------------------------------
MAX_COMMENT = 2000


def annotation_payload(annotation: Annotation) -> dict[str, Any]:
    return {
        "id": annotation.pk,
        "ply": annotation.ply,
        "glyph": annotation.glyph,
        "comment": annotation.comment,
        "author": annotation.author.username if annotation.author_id else None,
        "created_at": annotation.created_at.isoformat(),
        "updated_at": annotation.updated_at.isoformat(),
    }


def annotations_of(game: Game) -> list[dict[str, Any]]:
    """Returns a game's annotations in ply order, oldest first within a ply."""
    return [annotation_payload(a) for a in game.annotations.select_related("author")]


def may_annotate(game: Game, user_id: int | None) -> bool:
    """Returns whether a user may annotate the game: one of its two players (the importer of an
    imported game), once it is finished."""
    if user_id is None or game.status != Game.Status.FINISHED:
        return False
    if game.mode == Game.Mode.IMPORTED:
        return user_id == game.imported_by_id
    return user_id in (game.white_id, game.black_id)


def require_annotator(game: Game, actor: Actor) -> None:
    if actor.user_id is None or not may_annotate(game, actor.user_id):
        if game.status != Game.Status.FINISHED:
            raise GameError(ErrorCode.NOT_ALLOWED, "A game is annotated once it is finished.")
        raise GameError(ErrorCode.FORBIDDEN, "Only the game's two players may annotate it.")


def clean_note(glyph: Any, comment: Any) -> tuple[str, str]:
    """Returns the glyph and comment of a note, checked: a known glyph or none, a comment of
    at most 2000 characters without braces, and at least one of the two."""
    glyph = "" if glyph is None else glyph
    comment = "" if comment is None else comment
    if not isinstance(glyph, str) or glyph not in Annotation.Glyph.values:
        raise GameError(ErrorCode.BAD_REQUEST, "A glyph is one of ! ? !! ?? !? ?! or empty.")
    if not isinstance(comment, str):
        raise GameError(ErrorCode.BAD_REQUEST, "A comment is text.")
    comment = comment.strip()
    if len(comment) > MAX_COMMENT:
        raise GameError(ErrorCode.BAD_REQUEST, f"A comment has at most {MAX_COMMENT} characters.")
    if "{" in comment or "}" in comment:
        raise GameError(ErrorCode.BAD_REQUEST, "A comment may not contain { or }.")
    if not glyph and not comment:
        raise GameError(ErrorCode.BAD_REQUEST, "An annotation needs a glyph or a comment.")
    return glyph, comment


def publish_annotations(game: Game) -> None:
    transaction.on_commit(
        lambda: broadcast.send_now(
            broadcast.game_group(game.public_id),
            {"type": "game.annotations", "annotations": annotations_of(game)},
        )
    )


def annotation_create(
    *, game_id: str, actor: Actor, ply: Any, glyph: Any = "", comment: Any = ""
) -> Annotation:
    """Adds the actor's note to a ply of a finished game they played."""
    with transaction.atomic():
        game = lock_game(game_id)
        require_annotator(game, actor)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 0 <= ply < game.ply:
            raise GameError(
                ErrorCode.BAD_REQUEST, f"A ply is a number from 0 to {max(game.ply - 1, 0)}."
            )
        glyph, comment = clean_note(glyph, comment)
        annotation = Annotation.objects.create(
            game=game, ply=ply, author_id=actor.user_id, glyph=glyph, comment=comment
        )
        publish_annotations(game)
    return annotation


def lock_own_annotation(game: Game, actor: Actor, annotation_id: Any) -> Annotation:
    annotation = (
        Annotation.objects.select_for_update()
        .filter(game=game, pk=annotation_id if isinstance(annotation_id, int) else -1)
        .first()
    )
    if annotation is None:
        raise GameError(ErrorCode.NOT_FOUND, "There is no such annotation on this game.")
    require_annotator(game, actor)
    if annotation.author_id != actor.user_id:
        raise GameError(ErrorCode.FORBIDDEN, "You may change only your own annotations.")
    return annotation


def annotation_edit(
    *, game_id: str, actor: Actor, annotation_id: int, glyph: Any = None, comment: Any = None
) -> Annotation:
    """Changes the glyph and/or comment of one of the actor's annotations (None: unchanged)."""
    with transaction.atomic():
        game = lock_game(game_id)
        annotation = lock_own_annotation(game, actor, annotation_id)
        annotation.glyph, annotation.comment = clean_note(
            annotation.glyph if glyph is None else glyph,
            annotation.comment if comment is None else comment,
        )
        annotation.save(update_fields=["glyph", "comment", "updated_at"])
        publish_annotations(game)
    return annotation


def annotation_delete(*, game_id: str, actor: Actor, annotation_id: int) -> None:
    """Deletes one of the actor's annotations."""
    with transaction.atomic():
        game = lock_game(game_id)
        lock_own_annotation(game, actor, annotation_id).delete()
        publish_annotations(game)


# --- the archive: import ----------------------------------------------------------------------
MAX_IMPORT_GAMES = 200
MAX_IMPORT_CHARS = 2_000_000
TERMINATIONS_BY_RULE = {
    engine.Status.CHECKMATE: Game.Termination.CHECKMATE,
    engine.Status.STALEMATE: Game.Termination.STALEMATE,
    engine.Status.THREEFOLD: Game.Termination.THREEFOLD,
    engine.Status.FIFTY_MOVES: Game.Termination.FIFTY_MOVES,
    engine.Status.INSUFFICIENT_MATERIAL: Game.Termination.INSUFFICIENT,
}
CHOSEN_TERMINATIONS = {
    Game.Termination.RESIGNATION: (Game.Result.WHITE, Game.Result.BLACK),
    Game.Termination.ABANDONMENT: (Game.Result.WHITE, Game.Result.BLACK),
    Game.Termination.AGREEMENT: (Game.Result.DRAW,),
}


@dataclass
class ReplayedGame:
    """A parsed game replayed through the engine, ready to store."""

    parsed: pgn.ParsedGame
    initial_fen: str
    moves: list[dict[str, Any]]
    fen: str
    result: str
    termination: str


def import_error(parsed: pgn.ParsedGame, code: ErrorCode, message: str) -> GameError:
    return GameError(code, f"Game {parsed.number}: {message}")


def replay_parsed(parsed: pgn.ParsedGame) -> ReplayedGame:
    """Replays a parsed game through the engine; raises ``GameError`` naming the game and its
    first bad move, or what else is wrong (variant, position, result, termination)."""
    variant = parsed.tag("Variant")
    if variant is None or variant.lower() != "chesskers":
        raise import_error(parsed, ErrorCode.BAD_REQUEST, 'it needs the tag [Variant "Chesskers"].')
    fen = parsed.tag("FEN") or engine.STARTING_FEN
    try:
        eg = engine.Game(fen)
    except engine.InvalidFenError as error:
        raise import_error(parsed, ErrorCode.BAD_REQUEST, f"bad FEN: {sentence(error)}") from None
    initial_fen = eg.fen()
    moves = []
    for index, written in enumerate(parsed.moves):
        number, white = pgn.move_number(initial_fen, index)
        label = f"move {number}{'.' if white else '...'} {written}"
        if eg.is_over():
            raise import_error(
                parsed, ErrorCode.ILLEGAL_MOVE, f"{label}: the game was already over."
            )
        try:
            move = eg.parse_move(written)
        except engine.AmbiguousMoveError as error:
            raise import_error(parsed, ErrorCode.AMBIGUOUS_MOVE, f"{label}: {error}.") from None
        except engine.InvalidMoveTextError as error:
            raise import_error(parsed, ErrorCode.BAD_MOVE_TEXT, f"{label}: {error}.") from None
        except engine.IllegalMoveError as error:
            raise import_error(parsed, ErrorCode.ILLEGAL_MOVE, f"{label}: {error}.") from None
        before = eg.position
        moves.append(
            {
                "ply": index,
                "text": eg.move_text(move),
                "kind": kind_name(move),
                "path": move.path_names(),
                "captured": move.captured_names(),
                "captured_pieces": captured_pieces(before, move),
            }
        )
        eg.push(move)
        moves[-1]["fen_after"] = eg.fen()
    result, termination = imported_result(parsed, eg)
    return ReplayedGame(parsed, initial_fen, moves, eg.fen(), result, termination)


def imported_result(parsed: pgn.ParsedGame, eg: engine.Game) -> tuple[str, str]:
    """Returns the result and termination of a replayed game, checked against the rules."""
    tagged = parsed.tag("Result")
    written = parsed.result
    if tagged is not None and written is not None and tagged != written:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            f"the Result tag says {tagged} but the moves end with {written}.",
        )
    result = written or tagged
    if result not in Game.Result.values:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            "the archive keeps finished games: the result must be 1-0, 0-1 or 1/2-1/2"
            + (f", not {result}." if result else "."),
        )
    status = eg.status()
    termination = parsed.tag("Termination")
    if status is not engine.Status.ONGOING:
        rule = TERMINATIONS_BY_RULE[status]
        if status is engine.Status.CHECKMATE:
            expected = Game.Result.WHITE if eg.winner() is engine.Color.WHITE else Game.Result.BLACK
        else:
            expected = Game.Result.DRAW
        if result != expected:
            raise import_error(
                parsed,
                ErrorCode.BAD_REQUEST,
                f"the result {result} is wrong: the game ended by {rule} and the result is "
                f"{expected}.",
            )
        if termination is not None and termination != rule:
            raise import_error(
                parsed,
                ErrorCode.BAD_REQUEST,
                f"the termination {termination} is wrong: the game ended by {rule}.",
            )
        return result, rule
    if termination is None:
        termination = (
            Game.Termination.AGREEMENT
            if result == Game.Result.DRAW
            else Game.Termination.RESIGNATION
        )
    if termination not in CHOSEN_TERMINATIONS:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            f"the termination {termination} is wrong: the last position is not over, so the "
            "game ended by resignation, agreement or abandonment.",
        )
    if result not in CHOSEN_TERMINATIONS[termination]:
        raise import_error(
            parsed,
            ErrorCode.BAD_REQUEST,
            f"the result {result} is wrong for a game ended by {termination}.",
        )
    return result, termination


def game_import(*, actor: Actor, text: Any) -> list[Game]:
    """Stores every game of a text in the archive format as an imported game of the actor's,
    each replayed through the engine. All or nothing: if one game is wrong, the ``GameError``
    names it and its first bad move, and nothing is stored."""
    if actor.user_id is None:
        raise GameError(ErrorCode.FORBIDDEN, "Sign in to import games.")
    if not isinstance(text, str) or not text.strip():
        raise GameError(ErrorCode.BAD_REQUEST, "Give the games' text in `text`.")
    if len(text) > MAX_IMPORT_CHARS:
        raise GameError(ErrorCode.BAD_REQUEST, "That text is too long to import at once.")
    try:
        parsed_games = pgn.parse_games(text)
    except pgn.PgnError as error:
        raise GameError(ErrorCode.BAD_REQUEST, str(error)) from None
    if len(parsed_games) > MAX_IMPORT_GAMES:
        raise GameError(ErrorCode.BAD_REQUEST, f"Import at most {MAX_IMPORT_GAMES} games at once.")
    replayed = [replay_parsed(parsed) for parsed in parsed_games]
    now = timezone.now()
    stored = []
    with transaction.atomic():
        for item in replayed:
            game = Game.objects.create(
                mode=Game.Mode.IMPORTED,
                rated=False,  # imported games are never rated
                status=Game.Status.FINISHED,
                result=item.result,
                termination=item.termination,
                initial_fen=item.initial_fen,
                fen=item.fen,
                ply=len(item.moves),
                tags=[list(pair) for pair in item.parsed.tags],
                imported_by_id=actor.user_id,
                finished_at=now,
            )
            GameMove.objects.bulk_create(GameMove(game=game, **move) for move in item.moves)
            Annotation.objects.bulk_create(
                Annotation(game=game, ply=ply, glyph=note.glyph, comment=note.comment)
                for ply, notes in sorted(item.parsed.notes.items())
                for note in notes
            )
            stored.append(game)
    return stored


# --- the archive: analysis --------------------------------------------------------------------
ANALYSIS_STALE_AFTER = timedelta(minutes=2)


def game_analyse(*, game_id: str, actor: Actor, now: datetime | None = None) -> Analysis:
    """Starts the bot's analysis of a finished game in the background (one job per game) and
    returns its record; an analysis running or done is returned as it is. One left running by a
    process that died (no progress for two minutes) is resumed."""
    if actor.user_id is None:
        raise GameError(ErrorCode.FORBIDDEN, "Sign in to analyse games.")
    now = now or timezone.now()
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.FINISHED:
            raise GameError(ErrorCode.NOT_ALLOWED, "A game is analysed once it is finished.")
        analysis = Analysis.objects.filter(game=game).first()
        if analysis is not None and (
            analysis.state == Analysis.State.DONE
            or (
                analysis.state == Analysis.State.RUNNING
                and analysis.updated_at > now - ANALYSIS_STALE_AFTER
            )
        ):
            return analysis
        if analysis is None:
            analysis = Analysis(game=game, requested_by_id=actor.user_id)
        analysis.state = Analysis.State.RUNNING
        analysis.total = game.ply + 1
        analysis.done = game.evaluations.count()
        analysis.save()
        from games import analysis_runner

        transaction.on_commit(lambda: analysis_runner.start(game.public_id))
        publish_analysis(game)
    return analysis


def publish_analysis(game: Game) -> None:
    """Sends the game's analysis as it is after commit to the game's group."""
    from games.selectors import analysis_payload

    transaction.on_commit(
        lambda: broadcast.send_now(
            broadcast.game_group(game.public_id),
            {"type": "game.analysis", "analysis": analysis_payload(game)},
        )
    )


def analysis_record(
    *, game_id: str, index: int, score: int, best: str, depth: int
) -> Analysis | None:
    """Stores the evaluation of one position of a game being analysed and counts it; when the
    last is in, the analysis is done. Returns the analysis (None if it was dropped meanwhile)."""
    with transaction.atomic():
        game = lock_game(game_id)
        analysis = Analysis.objects.select_for_update().filter(game=game).first()
        if analysis is None or analysis.state != Analysis.State.RUNNING:
            return None
        Evaluation.objects.update_or_create(
            game=game, index=index, defaults={"score": score, "best": best, "depth": depth}
        )
        analysis.done = game.evaluations.count()
        if analysis.done >= analysis.total:
            analysis.state = Analysis.State.DONE
        analysis.save(update_fields=["done", "state", "updated_at"])
        publish_analysis(game)
    return analysis


def analysis_fail(*, game_id: str) -> None:
    """Marks a game's analysis failed (it may be asked for again)."""
    with transaction.atomic():
        game = lock_game(game_id)
        Analysis.objects.filter(game=game, state=Analysis.State.RUNNING).update(
            state=Analysis.State.FAILED, updated_at=timezone.now()
        )
        publish_analysis(game)
