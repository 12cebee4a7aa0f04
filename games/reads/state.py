"""The state of a game as every client sees it (the API's ``GameState``), built from the game's
record, its kept history and the legal-move cache: who plays, the position, the moves, who is at
the table, the absence clock, takebacks, rematches and rating changes.

Reads only. ``game_state`` is the whole state as a dict, for the REST API and the pages;
``state_texts`` the same as the messages a socket gets on connect; ``state_event`` what every
socket of the game gets after a change: the state with the last move alone (docs/api.md, "Live").
"""

import json
from datetime import datetime, timedelta
from typing import Any

from django.utils import timezone

from games.domain import wire
from games.domain.clock import clock_payload, first_moves, speed_of
from games.domain.policy import ABANDON_AFTER, fresh_since
from games.models import Color, Game
from games.storage import kept, sql
from games.storage.history import History, read_history
from games.storage.positions import (
    check_square,
    legal_moves_json,
    legal_moves_of_fen,
    legal_tree_json,
    listed,
)


def history_of(game: Game) -> History:
    """Returns the history of a game record: the one kept at its revision by the process's
    round of the game, or the moves read now (and kept by no one: a read writes nothing)."""
    return kept.peek(game) or read_history(game)


def player_name(game: Game, color: str) -> str | None:
    user = game.player(color)
    if user is not None:
        return user.username
    if game.mode == Game.Mode.BOT and game.bot_level and color != bot_human_color(game):
        return f"Bot (level {game.bot_level})"
    if game.mode == Game.Mode.IMPORTED:
        return game.tag("White" if color == Color.WHITE else "Black")
    return None


def bot_human_color(game: Game) -> str | None:
    """Returns the colour the human plays in a bot game (None in other games)."""
    return game.human_color if game.mode == Game.Mode.BOT else None


def bot_to_move(game: Game) -> bool:
    """Returns whether a live bot game waits for the bot's move."""
    return (
        game.mode == Game.Mode.BOT
        and game.status == Game.Status.LIVE
        and game.turn != game.human_color
    )


def table_of(game: Game, now: datetime | None = None) -> tuple[dict[str, bool], int]:
    """Returns who is at the table (players connected, heartbeat fresh) and how many spectators
    watch, in one query (none if the game's record was read with them: ``lock_game``'s
    ``with_table``)."""
    counts = getattr(game, "table_counts", None)
    if counts is None:
        counts = sql.table_counts(game.pk, fresh_since(now))
    presence = {
        Color.WHITE: bool(counts.get(Color.WHITE)),
        Color.BLACK: bool(counts.get(Color.BLACK)),
    }
    return presence, counts.get(None, 0)


def presence_of(game: Game, now: datetime | None = None) -> dict[str, bool]:
    """Returns which players are at the table: connected to the game, heartbeat still fresh."""
    return table_of(game, now)[0]


def absence_payload(game: Game) -> dict[str, Any] | None:
    """Returns the side whose absence is being counted and when it forfeits, or None."""
    if game.status != Game.Status.LIVE or not game.absence_side or not game.absence_since:
        return None
    counted = getattr(game, f"{game.absence_side}_absent_seconds")
    deadline = game.absence_since + ABANDON_AFTER - timedelta(seconds=counted)
    return {"side": game.absence_side, "deadline": deadline.isoformat()}


def game_state(
    game: Game, now: datetime | None = None, history: History | None = None, tree: bool = False
) -> dict[str, Any]:
    """Returns the full state of a game record (``history``: its history, if the caller has
    it), every move from the first (``moves_from`` 0); with ``tree``, its legal moves in their
    compact form (``legal_tree``) instead of the list (``legal_moves``), as the site's own game
    page asks for them."""
    return whole_state(game, state_fields(game, now), history or history_of(game), tree)


def whole_state(
    game: Game, fields: dict[str, Any], history: History, tree: bool = False
) -> dict[str, Any]:
    """Returns the full state of a game record from its fields as ``state_fields`` gave them
    and its history."""
    # The record's status already says whether the game is over; the legal moves depend on the
    # position alone, cached by FEN.
    live = game.status == Game.Status.LIVE
    state = {**fields, "moves_from": 0, "moves": [listed(move) for move in history.moves]}
    if tree:
        state["legal_tree"] = json.loads(legal_tree_json(game.fen, game.variant)) if live else {}
    else:
        state["legal_moves"] = legal_moves_of_fen(game.fen, game.variant) if live else []
    return state


def state_texts(
    game: Game, tree: bool = False, now: datetime | None = None, history: History | None = None
) -> list[str]:
    """Returns the messages that carry a game's whole state to one socket (on connect and on
    ``sync``): the ``state`` message alone when it fits in a message (``wire``), else ``moves``
    messages with the moves from the first on, each as large as a message may be, then the
    ``state`` with the moves that are left (its ``moves_from`` says from which ply). With
    ``tree``, the legal moves in their compact form."""
    history = history or history_of(game)
    head = wire.json_text({"type": "state", **state_fields(game, now)})
    key, legal = _legal_text(game, tree)
    moves = [wire.json_text(move) for move in history.moves]
    limit = wire.max_message_bytes()
    # The state keeps the last moves that fit beside its other fields; the rest go first.
    room = limit - wire.size_of(head) - wire.size_of(legal) - wire.ENVELOPE
    start, used = len(moves), 2
    while start > 0 and used + wire.size_of(moves[start - 1]) + 2 <= room:
        start -= 1
        used += wire.size_of(moves[start]) + 2
    texts = []
    at = 0
    for group in wire.pieces(moves[:start], limit - wire.ENVELOPE):
        texts.append(f'{{"type": "moves", "moves_from": {at}, "moves": [{", ".join(group)}]}}')
        at += len(group)
    tail = ", ".join(moves[start:])
    texts.append(f'{head[:-1]}, "moves_from": {start}, "moves": [{tail}], "{key}": {legal}}}')
    return texts


def _legal_text(game: Game, tree: bool) -> tuple[str, str]:
    # The state's legal moves as JSON text, from the cache: their key and their text.
    live = game.status == Game.Status.LIVE
    if tree:
        return "legal_tree", legal_tree_json(game.fen, game.variant) if live else "{}"
    return "legal_moves", legal_moves_json(game.fen, game.variant) if live else "[]"


def state_event(
    game: Game,
    now: datetime | None = None,
    history: History | None = None,
    fields: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """Returns the game group's ``game.state`` event, what every socket of the game hears after
    a change: the ``state`` message's text with the game's last move alone (``moves_from`` its
    ply: the move just played, or after a takeback the move the list now ends with), so that
    what is sent does not grow with the game; its legal moves last, with the JSON of their tree
    and where the list begins in the text, so that a socket that asked for the tree swaps one
    for the other by slicing (``with_legal_tree``), never parsing or encoding the state
    again. ``fields``: the state's own fields, if the caller has them (``state_fields``)."""
    history = history or history_of(game)
    head = wire.json_text({"type": "state", **(fields or state_fields(game, now))})
    start = max(len(history.moves) - 1, 0)
    last = wire.json_text(history.moves[start:])
    before = f'{head[:-1]}, "moves_from": {start}, "moves": {last}, '
    _, legal = _legal_text(game, tree=False)
    return {
        "type": "game.state",
        "text": f'{before}"legal_moves": {legal}}}',
        "tree": _legal_text(game, tree=True)[1],
        "legal_at": len(before),
    }


def with_legal_tree(event: dict[str, Any]) -> str:
    """Returns the ``state`` message of a ``game.state`` event with its legal moves as a tree
    (``legal_tree``) instead of a list."""
    return f'{event["text"][: event["legal_at"]]}"legal_tree": {event["tree"]}}}'


def state_fields(game: Game, now: datetime | None = None) -> dict[str, Any]:
    """Returns the state of a game record but its moves and legal moves."""
    presence, spectators = table_of(game, now)
    rematch = None
    if game.status == Game.Status.FINISHED:
        offer = game.rematches.order_by("-created_at").first()
        if offer is not None:
            rematch = {
                "by": Color.WHITE if offer.challenger_id == game.white_id else Color.BLACK,
                "challenge": offer.public_id,
                "state": offer.state,
                "game": offer.game.public_id if offer.game_id else None,
            }
    return {
        "id": game.public_id,
        "mode": game.mode,
        "variant": game.variant,
        "white": player_name(game, Color.WHITE),
        "black": player_name(game, Color.BLACK),
        "bot_level": game.bot_level,
        "initial_fen": game.initial_fen,
        "fen": game.fen,
        "ply": game.ply,
        "revision": game.revision,
        "turn": game.turn,
        "status": game.status,
        "result": game.result,
        "termination": game.termination,
        "draw_offer": game.draw_offer,
        "check": check_square(game.fen, game.variant),
        "presence": presence,
        "spectators": spectators,
        "absence": absence_payload(game),
        "clock": clock_payload(game, now or timezone.now()),
        "speed": speed_of(game),
        "takeback": live_takeback_allowed(game),
        "takeback_offer": game.takeback_offer,
        "takeback_refused": game.takeback_refused,
        "abortable": abortable(game),
        "first_move_deadline": first_move_deadline(game),
        "bot_thinking": bot_to_move(game),
        "rematch": rematch,
        "rated": game.is_rated,
        "rating_changes": rating_changes(game),
        "tournament": game.tournament,
        "tournament_round": game.tournament_round,
        "simul": game.simul,
        "berserk": berserk_of(game),
        "created_at": game.created_at.isoformat() if game.created_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


def abortable(game: Game) -> bool:
    """Returns whether a player may abort the game now: a live online game in which a side has
    yet to make its first move (the REST API answers it for the caller: ``False`` to anyone
    but a player)."""
    return game.mode == Game.Mode.ONLINE and game.status == Game.Status.LIVE and first_moves(game)


def first_move_deadline(game: Game) -> str | None:
    """Returns when a live clocked game is aborted if the side to move has not made its first
    move (ISO time), or None."""
    if game.status != Game.Status.LIVE or game.clock_deadline is None or not first_moves(game):
        return None
    return game.clock_deadline.isoformat()


def berserk_of(game: Game) -> dict[str, bool] | None:
    """Returns which players went berserk (``{"white": bool, "black": bool}``) in a game that
    allows it, else None."""
    if not game.berserk_allowed:
        return None
    return {Color.WHITE: game.white_berserk, Color.BLACK: game.black_berserk}


def rating_changes(game: Game) -> dict[str, int] | None:
    """Returns the players' rating changes once a rated game has ended (``{"white": 8,
    "black": -8}``), else None."""
    if not game.is_rated or game.status != Game.Status.FINISHED:
        return None
    changes = {change.color: change.change for change in game.rating_changes.all()}
    return changes or None


def live_takeback_allowed(game: Game) -> bool:
    """Returns whether a takeback is possible now (pass-and-play and bot games with a move)."""
    if game.mode == Game.Mode.LOCAL:
        return game.ply > 0 and game.termination != Game.Termination.RESIGNATION
    if game.mode == Game.Mode.BOT:
        human_has_moved = game.ply >= 2 or (
            game.ply == 1 and game.mover(0) == bot_human_color(game)
        )
        return human_has_moved and game.termination != Game.Termination.RESIGNATION
    return False
