"""The game state every client sees (API.md "State"), built from the records and the engine.

Reads only. The legal-move list of a position depends on the position alone, so it is cached by
FEN: a state is rebuilt for every change and every connection, the engine work is done once.
"""

import threading
from collections import OrderedDict
from datetime import datetime, timedelta
from functools import lru_cache
from typing import Any

from django.db.models import Count
from django.utils import timezone

import engine
from games.models import Color, Connection, Game, GameMove

ABANDON_AFTER = timedelta(minutes=10)
CONNECTION_STALE_AFTER = timedelta(seconds=90)


def kind_name(move: engine.Move) -> str:
    """Returns the move's kind as the API writes it (``en_passant``, ``jump``, …)."""
    return move.kind.value.replace("-", "_")


def captured_pieces(position: engine.Position, move: engine.Move) -> list[str]:
    """Returns the letters of the pieces ``move`` removes, in capture order, before it is played."""
    letters = []
    for square in move.captured:
        piece = position.piece_at(square)
        letters.append(piece[1].symbol if piece else "p")
    return letters


@lru_cache(maxsize=4096)
def _legal_moves_of_fen(fen: str) -> tuple[dict[str, Any], ...]:
    described = engine.Game(fen).describe_legal_moves()
    return tuple(
        {
            "text": text,
            "path": move.path_names(),
            "captured": move.captured_names(),
            "promotion": move.promotion.symbol if move.promotion else None,
            "kind": kind_name(move),
        }
        for move, text in described
    )


def legal_moves_payload(game: engine.Game) -> list[dict[str, Any]]:
    """Returns the legal moves of the game's position as the API lists them (empty once over)."""
    return [] if game.is_over() else legal_moves_of_fen(game.fen())


def legal_moves_of_fen(fen: str) -> list[dict[str, Any]]:
    """Returns the legal moves of a position as the API lists them (fresh dicts, from the cache)."""
    return [dict(entry) for entry in _legal_moves_of_fen(fen)]


@lru_cache(maxsize=4096)
def check_square(fen: str) -> str | None:
    """Returns the square of the king in check in the position, or None."""
    position = engine.Position.from_fen(fen)
    if not position.is_check():
        return None
    return engine.square_name(position.king_square(position.turn))


def engine_game(game: Game, fens: list[str] | None = None) -> engine.Game:
    """Returns the engine's game for a record, rebuilt from its stored FENs (no move search)."""
    if fens is None:
        fens = list(game.moves.order_by("ply").values_list("fen_after", flat=True))
    return engine.Game.from_fens(game.initial_fen, fens)


# Engine games kept between moves, keyed by (game, ply, id of the last move row): the key names
# one exact history (a takeback and a new move make a new row id), so a cached game is never
# stale. An entry is taken out while a move is being made and put back only after commit.
_engine_games: OrderedDict[tuple[str, int, int | None], engine.Game] = OrderedDict()
_engine_games_lock = threading.Lock()
ENGINE_GAME_CACHE_SIZE = 1024


def take_engine_game(game: Game) -> engine.Game:
    """Returns the engine's game for a locked record, from the cache when its history is there."""
    last = game.moves.order_by("-ply").values_list("id", flat=True).first()
    with _engine_games_lock:
        cached = _engine_games.pop((game.public_id, game.ply, last), None)
    return cached if cached is not None else engine_game(game)


def keep_engine_game(game: Game, last_move_id: int | None, eg: engine.Game) -> None:
    """Caches the engine's game of a record whose last move row is ``last_move_id``."""
    with _engine_games_lock:
        _engine_games[(game.public_id, game.ply, last_move_id)] = eg
        while len(_engine_games) > ENGINE_GAME_CACHE_SIZE:
            _engine_games.popitem(last=False)


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
    watch, in one query."""
    now = now or timezone.now()
    fresh = Connection.objects.filter(game=game, last_seen__gte=now - CONNECTION_STALE_AFTER)
    counts = dict(fresh.values_list("color").annotate(n=Count("id")).order_by())
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


def move_payload(move: GameMove) -> dict[str, Any]:
    return {
        "ply": move.ply,
        "text": move.text,
        "path": move.path,
        "captured": move.captured,
        "captured_pieces": move.captured_pieces,
        "kind": move.kind,
        "fen": move.fen_after,
    }


def game_state(game: Game, now: datetime | None = None) -> dict[str, Any]:
    """Returns the full state of API.md for a game record."""
    moves = list(game.moves.order_by("ply"))
    presence, spectators = table_of(game, now)
    # The record's status already says whether the game is over; the legal moves depend on the
    # position alone, cached by FEN.
    live = game.status == Game.Status.LIVE
    legal = legal_moves_of_fen(game.fen) if live else []
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
        "turn": game.turn,
        "status": game.status,
        "result": game.result,
        "termination": game.termination,
        "draw_offer": game.draw_offer,
        "check": check_square(game.fen),
        "moves": [move_payload(move) for move in moves],
        "legal_moves": legal,
        "presence": presence,
        "spectators": spectators,
        "absence": absence_payload(game),
        "takeback": live_takeback_allowed(game),
        "bot_thinking": bot_to_move(game),
        "rematch": rematch,
        "rated": game.is_rated,
        "rating_changes": rating_changes(game),
        "created_at": game.created_at.isoformat() if game.created_at else None,
        "finished_at": game.finished_at.isoformat() if game.finished_at else None,
    }


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
