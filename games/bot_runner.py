"""Asks the bot for its move in a bot game and plays it through the services.

The bot's search runs in a worker process (``games.workers``); the move comes back to
``services.game_play_bot``, which validates it like any other move (ply included, so a move for
a position that a takeback has since changed is refused and dropped).
"""

import logging
from functools import partial

from engine.bot import choose_move
from games import workers

log = logging.getLogger(__name__)

_in_flight: set[tuple[str, int]] = set()


def request_move(game_id: str, ply: int, fen: str, level: int, history: list[str]) -> bool:
    """Starts the bot thinking on a game's position, once per (game, ply) in this process.

    Returns whether a request was started."""
    key = (game_id, ply)
    if key in _in_flight:
        return False
    _in_flight.add(key)
    future = workers.compute(choose_move, fen, level, history, then=partial(_apply, game_id, ply))
    # A search that failed frees the slot, so the next look at the game asks again.
    future.add_done_callback(lambda done: done.exception() and _in_flight.discard(key))
    return True


def _apply(game_id: str, ply: int, machine_move: str) -> None:
    from games.errors import GameError
    from games.services import game_play_bot

    try:
        game_play_bot(game_id=game_id, ply=ply, move=machine_move)
    except GameError as refusal:  # taken back, resigned or already played meanwhile
        log.info("bot move %s for %s ply %s dropped: %s", machine_move, game_id, ply, refusal)
    finally:
        _in_flight.discard((game_id, ply))
