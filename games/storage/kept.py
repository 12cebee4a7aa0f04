"""The histories this process keeps of the games whose moves it plays, one a game, the latest it
has seen: the owner of a live game (``games.services.round``) takes, keeps and drops them; any
reader may look at one (``peek``), never change it.

Bounded by the plies they hold together (each ply keeps its move and the engine's position after
it). Never the truth: a kept history is used only at its revision (``Game.revision``), and a
guarded write checks the database.
"""

from games.models import Game
from games.storage.history import History
from games.storage.lru import LRU

HISTORY_CACHE_PLIES = 200_000
_kept = LRU(2048, cost=lambda history: len(history.moves) + 1, max_cost=HISTORY_CACHE_PLIES)


def peek(game: Game) -> History | None:
    """Returns the history kept of a game record at its revision, or None. For reading only:
    a writer takes it (``take``)."""
    history = _kept.get(game.public_id)
    return history if history is not None and history.revision == game.revision else None


def take(game_id: str, revision: int | None = None) -> History | None:
    """Takes the history kept of a game (at ``revision``, if given) out of the cache, so that no
    one else finds it (or changes it) until the taker keeps it back or keeps the next one."""
    if revision is None:
        return _kept.pop(game_id)
    return _kept.pop(game_id, if_=lambda kept: kept.revision == revision)


def keep(history: History) -> None:
    """Keeps a game's history unless a later revision is already kept."""
    _kept.put(history.game_id, history, keep_if=lambda kept: kept.revision > history.revision)


def drop(game_id: str) -> None:
    """Forgets a game's kept history."""
    _kept.pop(game_id)


def forget() -> None:
    """Forgets every kept history."""
    _kept.clear()
