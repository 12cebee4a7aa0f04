"""Asks the bot for its move in a worker process and hands the answer to the function given.

The bot plays every game: the request names the game's variant (``Game.variant``), which the
search takes (``engine.bot.choose_move``).

The bot's search runs in a worker process (``games.services.workers``); its move is handed, on an
applier thread, to ``play`` (``games.services.moves.game_play_bot``), which validates it like any
other move (ply included, so a move for a position that a takeback has since changed is refused and
dropped).

Each owner (a user, or a visitor's session) has at most ``MAX_THINKING_PER_OWNER`` searches
submitted at a time in a process; their other games' requests wait their turn here, so one
visitor starting thirty bot games delays their own games, not everyone's.
"""

import logging
import threading
from collections import Counter, deque
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from engine import variants
from engine.bot import choose_move
from games.domain.errors import GameError
from games.services import workers

log = logging.getLogger(__name__)

BotPlay = Callable[..., object]

MAX_THINKING_PER_OWNER = 2


@dataclass(frozen=True)
class Request:
    """One request for the bot's move: the game and ply, the position, who owns the game,
    and which game it is."""

    game_id: str
    ply: int
    fen: str
    level: int
    history: tuple[str, ...]
    play: BotPlay
    owner: str
    variant: str


# The (game, ply) pairs whose move this process is waiting for (submitted or waiting their
# turn), the searches submitted per owner, and the requests waiting per owner. Requests come
# from worker threads and finish on pool threads: the lock guards all three.
_in_flight: set[tuple[str, int]] = set()
_submitted: Counter[str] = Counter()
_waiting: dict[str, deque[Request]] = {}
_guard = threading.Lock()


def request_move(
    game_id: str,
    ply: int,
    fen: str,
    level: int,
    history: list[str],
    *,
    play: BotPlay,
    owner: str = "",
    variant: str = variants.DEFAULT.id,
) -> bool:
    """Starts the bot thinking on a game of ``variant``'s position, once per (game, ply) in
    this process; its move is played by ``play(game_id=, ply=, move=)``. An ``owner`` with
    ``MAX_THINKING_PER_OWNER`` searches submitted waits for one of them to finish. Returns
    whether a request was made (submitted or waiting)."""
    request = Request(game_id, ply, fen, level, tuple(history), play, owner, variant)
    with _guard:
        if (game_id, ply) in _in_flight:
            return False
        _in_flight.add((game_id, ply))
        if owner and _submitted[owner] >= MAX_THINKING_PER_OWNER:
            _waiting.setdefault(owner, deque()).append(request)
            return True
        _submitted[owner] += 1
    _submit(request)
    return True


def _submit(request: Request) -> None:
    then = partial(_apply, request)
    think = partial(choose_move, variant=request.variant)  # a module function's partial pickles
    future = workers.compute(think, request.fen, request.level, list(request.history), then=then)
    # A search that failed frees the slot, so the next look at the game asks again.
    future.add_done_callback(lambda done: done.exception() and _finished(request))


def _finished(request: Request) -> None:
    """Forgets a request whose move was played or dropped, and submits the owner's next."""
    with _guard:
        _in_flight.discard((request.game_id, request.ply))
        _submitted[request.owner] -= 1
        if _submitted[request.owner] <= 0:
            del _submitted[request.owner]
        waiting = _waiting.get(request.owner)
        following = waiting.popleft() if waiting else None
        if waiting is not None and not waiting:
            del _waiting[request.owner]
        if following is not None:
            _submitted[request.owner] += 1
    if following is not None:
        _submit(following)


def thinking(game_id: str, ply: int) -> bool:
    """Returns whether this process still waits for the bot's move at a game's ply (its search
    running, or its answer not yet played or dropped)."""
    return (game_id, ply) in _in_flight


def _apply(request: Request, machine_move: str) -> None:
    try:
        request.play(game_id=request.game_id, ply=request.ply, move=machine_move)
    except GameError as refusal:  # taken back, resigned or already played meanwhile
        log.info(
            "bot move %s for %s ply %s dropped: %s",
            machine_move,
            request.game_id,
            request.ply,
            refusal,
        )
    finally:
        _finished(request)
