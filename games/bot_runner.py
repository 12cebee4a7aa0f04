"""Asks the bot for its move in a worker process and hands the answer to the function given.

The bot plays every game: the request names the game's variant (``Game.variant``), which the
search takes (``engine.bot.choose_move``).

The bot's search runs in a worker process (``games.workers``); its move is handed, on an applier
thread, to ``play`` (``games.moves.game_play_bot``), which validates it like any other move (ply
included, so a move for a position that a takeback has since changed is refused and dropped).
"""

import logging
from collections.abc import Callable
from functools import partial

from engine import variants
from engine.bot import choose_move
from games import workers
from games.errors import GameError

log = logging.getLogger(__name__)

# The (game, ply) pairs whose move this process is waiting for.
_in_flight: set[tuple[str, int]] = set()

BotPlay = Callable[..., object]


def request_move(
    game_id: str,
    ply: int,
    fen: str,
    level: int,
    history: list[str],
    *,
    play: BotPlay,
    variant: str = variants.DEFAULT.id,
) -> bool:
    """Starts the bot thinking on a game of ``variant``'s position, once per (game, ply) in
    this process; its move is played by ``play(game_id=, ply=, move=)``. Returns whether a
    request was started."""
    key = (game_id, ply)
    if key in _in_flight:
        return False
    _in_flight.add(key)
    then = partial(_apply, play, game_id, ply)
    think = partial(choose_move, variant=variant)  # a partial of a module function pickles
    future = workers.compute(think, fen, level, history, then=then)
    # A search that failed frees the slot, so the next look at the game asks again.
    future.add_done_callback(lambda done: done.exception() and _in_flight.discard(key))
    return True


def thinking(game_id: str, ply: int) -> bool:
    """Returns whether this process still waits for the bot's move at a game's ply (its search
    running, or its answer not yet played or dropped)."""
    return (game_id, ply) in _in_flight


def _apply(play: BotPlay, game_id: str, ply: int, machine_move: str) -> None:
    try:
        play(game_id=game_id, ply=ply, move=machine_move)
    except GameError as refusal:  # taken back, resigned or already played meanwhile
        log.info("bot move %s for %s ply %s dropped: %s", machine_move, game_id, ply, refusal)
    finally:
        _in_flight.discard((game_id, ply))
