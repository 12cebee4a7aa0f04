"""Starting and ending games, and what players do besides moving: resign, offer or answer a
draw, take back, give time, claim a win, go berserk. Each change is made under the game's lock
and its state published after commit; the edges ask them through a game's round
(``games.services.round``), which also plays the moves.
"""

import random
from datetime import datetime
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

import engine
from accounts.models import User
from common.db import release_connection
from engine import variants
from games.domain.clock import CLOCK_FIELDS, UNLIMITED, TimeControl, first_moves, give
from games.domain.clock import start as start_clock
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import ABANDON_AFTER
from games.domain.schemas import DrawAction
from games.models import DEFAULT_VARIANT, Color, Game, SeekColor
from games.services.core import (
    FINISH_FIELDS,
    Actor,
    abort,
    finish,
    lock_game,
    opponent,
    publish_state,
    require_live,
    require_player,
    sentence,
    win_for,
)
from games.services.presence import absence_claimable
from games.services.timeout import end_on_time
from games.storage import broadcast


# --- abort, resign, draw, takeback ------------------------------------------------------------
def game_abort(*, game_id: str, actor: Actor) -> dict[str, Any]:
    """Aborts an online game before both sides have made their first move: it ends with no
    result and is never rated (the API's "Abort")."""
    with transaction.atomic():
        game = lock_game(game_id)
        require_player(game, actor)
        require_live(game)
        if game.mode != Game.Mode.ONLINE:
            raise GameError(ErrorCode.NOT_ALLOWED, _("Only online games are aborted."))
        if not first_moves(game):
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("Both sides have moved: the game can no longer be aborted (resign instead)."),
            )
        abort(game)
        game.save(update_fields=FINISH_FIELDS)
        return publish_state(game)


def game_resign(*, game_id: str, actor: Actor) -> dict[str, Any]:
    """Resigns for the actor (pass-and-play: the side to move resigns)."""
    with transaction.atomic():
        game = lock_game(game_id)
        color = require_player(game, actor)  # in a bot game, the human's side
        require_live(game)
        finish(game, result=win_for(opponent(color)), termination=Game.Termination.RESIGNATION)
        game.save(update_fields=FINISH_FIELDS)
        return publish_state(game)


def game_draw(*, game_id: str, actor: Actor, action: DrawAction) -> dict[str, Any]:
    """Offers, accepts or declines a draw in an online game."""
    with transaction.atomic():
        game = lock_game(game_id)
        color = require_player(game, actor)
        require_live(game)
        if game.mode != Game.Mode.ONLINE:
            raise GameError(ErrorCode.NOT_ALLOWED, _("Draw offers are for online games."))
        theirs = opponent(color)
        if action == "offer":
            if game.draw_offer == color:
                raise GameError(ErrorCode.NOT_ALLOWED, _("You have already offered a draw."))
            if game.draw_offer == theirs:  # both want it: agreed
                finish(game, result=Game.Result.DRAW, termination=Game.Termination.AGREEMENT)
            else:
                game.draw_offer = color
        elif game.draw_offer != theirs:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("There is no draw offer to accept.")
                if action == "accept"
                else _("There is no draw offer to decline."),
            )
        elif action == "accept":
            finish(game, result=Game.Result.DRAW, termination=Game.Termination.AGREEMENT)
        else:
            game.draw_offer = None
            tell_draw_declined(game, by=color)
        game.save(update_fields=FINISH_FIELDS)
        return publish_state(game)


def lock_real_time_player(game_id: str, actor: Actor, refusal: str) -> tuple[Game, str]:
    """Locks a live real-time online game for one of its players (inside the caller's
    transaction) and returns it with the player's colour; any other game is refused with
    ``refusal``."""
    game = lock_game(game_id)
    color = require_player(game, actor)
    require_live(game)
    if game.mode != Game.Mode.ONLINE or game.clock_initial is None:
        raise GameError(ErrorCode.NOT_ALLOWED, refusal)
    return game, color


def game_give_time(*, game_id: str, actor: Actor, now: datetime | None = None) -> dict[str, Any]:
    """Gives the opponent 15 seconds in a live real-time online game (the "give 15 s"
    button). A side that has run out by ``now`` is not saved by it: the game ends on time."""
    now = now or timezone.now()
    with transaction.atomic():
        game, color = lock_real_time_player(
            game_id, actor, _("Time can be given in real-time games only.")
        )
        if end_on_time(game, now):
            return publish_state(game)
        give(game, opponent(color), now)
        game.save(update_fields=CLOCK_FIELDS)
        return publish_state(game)


def game_claim_win(*, game_id: str, actor: Actor, now: datetime | None = None) -> dict[str, Any]:
    """Ends a live real-time online game as a win for the player who claims it, whose opponent
    has been away from the table ``ABANDON_AFTER`` (counted as the leave rule counts it, only
    while the claimant waited there) and is still away. An unlimited game ends by itself when
    that time runs out; a clocked one would only run on, so the player who stayed claims it.
    A clock already run out ends the game on time instead."""
    now = now or timezone.now()
    with transaction.atomic():
        game, color = lock_real_time_player(
            game_id,
            actor,
            "A win is claimed in real-time games only: in an unlimited game a player who "
            "stays away forfeits by themselves, in correspondence the days decide.",
        )
        if end_on_time(game, now):
            return publish_state(game)
        if not absence_claimable(game, opponent(color), now):
            minutes = round(ABANDON_AFTER.total_seconds() / 60)
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _(
                    "You may claim the win once your opponent has been away from the table for "
                    "%(minutes)s minutes while you waited there."
                )
                % {"minutes": minutes},
            )
        finish(game, result=win_for(color), termination=Game.Termination.ABANDONMENT, at=now)
        game.save(update_fields=[*FINISH_FIELDS, "white_absent_seconds", "black_absent_seconds"])
        return publish_state(game)


def game_berserk(*, game_id: str, actor: Actor) -> dict[str, Any]:
    """Halves the actor's time in a live clocked game that allows berserk (an arena's), before
    their first move and once: the tournament gives a win played so an extra point. The
    increment stays."""
    with transaction.atomic():
        game, color = lock_real_time_player(
            game_id, actor, _("Berserk is for clocked games of tournaments that allow it.")
        )
        if not game.berserk_allowed:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("Berserk is for clocked games of tournaments that allow it."),
            )
        if getattr(game, f"{color}_berserk"):
            raise GameError(ErrorCode.NOT_ALLOWED, _("You have gone berserk in this game already."))
        if has_moved(game, color):
            raise GameError(ErrorCode.NOT_ALLOWED, _("Berserk is only before your first move."))
        setattr(game, f"{color}_berserk", True)
        setattr(game, f"{color}_ms", getattr(game, f"{color}_ms") // 2)
        game.save(update_fields=[f"{color}_berserk", f"{color}_ms", "updated_at"])
        return publish_state(game)


def has_moved(game: Game, color: str) -> bool:
    """Returns whether ``color`` has made a move in the game."""
    return game.ply >= (1 if game.mover(0) == color else 2)


def tell_draw_declined(game: Game, *, by: str) -> None:
    """Tells the game's sockets, after commit, that ``by`` declined the draw offer: the state
    alone shows only that the offer is gone, and the offerer is owed the word."""
    broadcast.send_on_commit(
        broadcast.game_group(game.public_id),
        {"type": "game.notice", "message": {"type": "draw_declined", "by": by}},
    )


def game_takeback(*, game_id: str, actor: Actor) -> dict[str, Any]:
    """Takes back the last move (pass-and-play) or back to the human's last turn (bot)."""
    with transaction.atomic():
        game = lock_game(game_id)
        color = require_player(game, actor)
        if game.mode not in (Game.Mode.LOCAL, Game.Mode.BOT):
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _(
                    "In an online game a takeback is asked of the opponent: offer, accept or "
                    "decline."
                ),
            )
        if game.termination == Game.Termination.RESIGNATION:
            raise GameError(ErrorCode.GAME_OVER, _("The game was resigned."))
        target = game.ply - 1
        # Pass-and-play takes back one ply; a bot game goes back to the human's last move.
        while game.mode == Game.Mode.BOT and target >= 0 and game.mover(target) != color:
            target -= 1
        if target < 0:
            raise GameError(ErrorCode.NOT_ALLOWED, _("There is no move of yours to take back."))
        game.moves.filter(ply__gte=target).delete()
        last = game.moves.filter(ply=target - 1).first()
        game.ply = target
        game.revision += 1
        game.fen = last.fen_after if last else game.initial_fen
        game.status = Game.Status.LIVE
        game.result = game.termination = game.finished_at = None
        game.draw_offer = None
        game.save(
            update_fields=[
                "ply",
                "revision",
                "fen",
                "status",
                "result",
                "termination",
                "finished_at",
                "draw_offer",
                "updated_at",
            ]
        )
        return publish_state(game)


# --- creating games ---------------------------------------------------------------------------
def validated_fen(fen: str | None, variant_id: str = DEFAULT_VARIANT) -> str:
    """Returns the FEN, in the game ``variant_id``'s own form, normalised by the engine (none:
    the game's start), or raises ``bad_request`` saying what is wrong."""
    variant = variants.get(variant_id)
    if not fen:
        return variant.start_fen
    release_connection()  # the engine's work holds no pooled connection (a session's save took one)
    try:
        variant.playable_position(fen.strip())  # a game reaches it; its moves within budget
        eg = variant.new_game(fen.strip())
    except engine.InvalidFenError as error:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("Bad FEN: %(error)s") % {"error": sentence(error)}
        ) from None
    if eg.is_over():
        raise GameError(
            ErrorCode.BAD_REQUEST,
            _("That position is already over (%(status)s).") % {"status": eg.status().value},
        )
    return eg.fen()


def position_start(fen: str | None, variant_id: str, rated: bool | None) -> tuple[str, bool]:
    """Returns where an online game (a challenge's, a tournament's) starts and whether it is
    rated: the position as the engine wrote it (``validated_fen``; empty for the game's usual
    start, written out or not) and ``rated``. A game from another position is casual: ``rated``
    None (not said) is then false, and true is refused."""
    start = validated_fen(fen, variant_id)
    from_position = start != variants.get(variant_id).start_fen
    if rated is None:
        rated = not from_position
    elif from_position and rated:
        raise GameError(
            ErrorCode.BAD_REQUEST, _("A game from a position is casual: it cannot be rated.")
        )
    return (start if from_position else ""), rated


def game_create_bot(
    *,
    actor: Actor,
    level: int,
    color: str = SeekColor.RANDOM,
    variant: str = DEFAULT_VARIANT,
    fen: str | None = None,
) -> Game:
    """Starts a game of ``variant`` against the bot at ``level`` (``policy.BOT_LEVELS``; checked
    at the edge, ``schemas.BotGameRequest``), from ``fen`` (the game's start by default);
    ``color`` is the side the human plays, or random. If the bot is to move first, its round
    asks it for its move (``round.start_bot_game``)."""
    if actor.user_id is None and not actor.session_key:
        raise GameError(ErrorCode.FORBIDDEN, _("A bot game needs a session."))
    start = validated_fen(fen, variant)
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
            variant=variant,
            initial_fen=start,
            fen=start,
        )
    return game


def game_create_local(
    *, actor: Actor, fen: str | None = None, variant: str = DEFAULT_VARIANT
) -> Game:
    """Creates a pass-and-play game of ``variant`` owned by the actor (a user, or a visitor's
    session), from ``fen`` in the game's own form (its start by default)."""
    if actor.user_id is None and not actor.session_key:
        raise GameError(ErrorCode.FORBIDDEN, _("A pass-and-play game needs a session."))
    start = validated_fen(fen, variant)
    with transaction.atomic():
        game = Game.objects.create(
            mode=Game.Mode.LOCAL,
            variant=variant,
            rated=False,  # pass-and-play games are never rated
            white_id=actor.user_id,
            black_id=actor.user_id,
            owner_session="" if actor.user_id else actor.session_key,
            initial_fen=start,
            fen=start,
        )
    return game


def game_create_online(
    white: User,
    black: User,
    *,
    rated: bool = True,
    variant: str = DEFAULT_VARIANT,
    clock: TimeControl = UNLIMITED,
    now: datetime | None = None,
    tournament: str | None = None,
    tournament_round: int | None = None,
    berserk_allowed: bool = False,
    fen: str | None = None,
) -> Game:
    """Creates a live online game of ``variant`` from its start (or ``fen``, a position the
    engine has accepted: ``validated_fen``) with its clock (the first
    move's allowance running from ``now``) and tells both players (their ``user.<id>`` groups).
    Call inside the transaction that accepted the seek or challenge, or that paired the players.

    A tournament's game names the tournament (its public id) and the round it was paired in,
    and says whether its players may berserk (``game_berserk``); its ending is told to the
    tournament through ``events.game_ended``."""
    (game,) = games_create_online(
        [(white, black)],
        rated=rated,
        variant=variant,
        clock=clock,
        now=now,
        tournament=tournament,
        tournament_round=tournament_round,
        berserk_allowed=berserk_allowed,
        fen=fen,
    )
    return game


def games_create_online(
    pairs: list[tuple[User, User]],
    *,
    rated: bool = True,
    variant: str = DEFAULT_VARIANT,
    clock: TimeControl = UNLIMITED,
    now: datetime | None = None,
    tournament: str | None = None,
    tournament_round: int | None = None,
    berserk_allowed: bool = False,
    fen: str | None = None,
    simul: str | None = None,
    extra_ms: tuple[int, int] | None = None,
) -> list[Game]:
    """``game_create_online`` for each pair (white, black), the games written in one statement:
    a tournament's wave of pairings starts hundreds at once. A simul's games name the simul;
    ``extra_ms`` (a user's id, milliseconds) gives that player more time on a clock than the
    control's (a simul's host)."""
    start = fen or variants.get(variant).start_fen
    now = now or timezone.now()
    games = []
    for white, black in pairs:
        game = Game(
            mode=Game.Mode.ONLINE,
            white=white,
            black=black,
            rated=rated,
            variant=variant,
            initial_fen=start,
            fen=start,
            tournament=tournament,
            tournament_round=tournament_round,
            berserk_allowed=berserk_allowed,
            simul=simul,
        )
        start_clock(game, clock, now)
        if extra_ms is not None and clock.kind == "fischer" and extra_ms[0] in (white.pk, black.pk):
            give(game, Color.WHITE if white.pk == extra_ms[0] else Color.BLACK, now, extra_ms[1])
        games.append(game)
    if len(games) == 1:
        games[0].save()
    else:
        Game.objects.bulk_create(games)
    for game in games:
        if game.clock_deadline is not None:  # this process's flag timer learns the deadline
            deadline = {"game": game.public_id, "at": game.clock_deadline.timestamp()}
            broadcast.send_on_commit(broadcast.DEADLINES, deadline)
        for user in (game.white, game.black):
            broadcast.send_on_commit(
                broadcast.user_group(user.pk),
                {"type": "user.event", "event": {"type": "game_started", "game": game.public_id}},
            )
            # Whoever follows a player hears of the game on their other pages (``/ws/me/``).
            following = {
                "type": "following_game",
                "game": game.public_id,
                "user": user.username,
                "white": game.white.username,
                "black": game.black.username,
                "variant": variant,
            }
            broadcast.send_on_commit(
                broadcast.follows_group(user.pk), {"type": "user.event", "event": following}
            )
    if games:
        broadcast.send_on_commit(broadcast.WATCH_GROUP, dict(broadcast.WATCH_CHANGED))
    return games
