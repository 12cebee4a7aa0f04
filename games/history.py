"""A game's moves as clients list them, and what each process keeps of them between changes.

A state is built after every change, so what it needs is kept in each process: the legal-move
list of a position depends on the position alone and is cached by FEN; a game's moves (and the
engine's game of them) are cached by the game's revision (``History``). A move then reads and
writes only the game's row and its new move. These caches are per process and never the truth:
the database is (``Game.revision`` says whether a kept history is current).
"""

import json
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass
from typing import Any

import engine
from engine import notation, variants
from games.models import DEFAULT_VARIANT, Game, GameMove


def kind_name(move: engine.Move) -> str:
    """Returns the move's kind as the API writes it (``en_passant``, ``jump``, …)."""
    return move.kind.value.replace("-", "_")


def captured_pieces(position: Any, move: engine.Move) -> list[str]:
    """Returns the letters of the pieces ``move`` removes, in capture order, before it is played."""
    letters = []
    for square in move.captured:
        piece = position.piece_at(square)
        letters.append(piece[1].symbol if piece else "p")
    return letters


class LRU:
    """A small thread-safe least-recently-used map (shared by a process's worker threads),
    bounded by its number of entries and, with ``cost``, by the sum of their costs: a cache of
    things whose size varies (a legal-move list: 20 moves or 5,000) is bounded by what it holds,
    not only by how many. An entry costing more than ``max_cost`` alone is not kept."""

    def __init__(
        self, size: int, cost: Callable[[Any], int] | None = None, max_cost: int | None = None
    ) -> None:
        self.size = size
        self.max_cost = max_cost
        self._cost_of = cost
        self._costs: dict[Any, int] = {}
        self.total_cost = 0
        self._items: OrderedDict[Any, Any] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: Any) -> Any:
        with self._lock:
            value = self._items.get(key)
            if value is not None:
                self._items.move_to_end(key)
            return value

    def pop(self, key: Any, if_: Callable[[Any], bool] | None = None) -> Any:
        """Removes and returns the value of ``key`` (with ``if_``, only a value it is true for)."""
        with self._lock:
            value = self._items.get(key)
            if value is None or (if_ is not None and not if_(value)):
                return None
            self.total_cost -= self._costs.pop(key, 0)
            return self._items.pop(key)

    def put(self, key: Any, value: Any, keep_if: Callable[[Any], bool] | None = None) -> None:
        """Stores ``value``; with ``keep_if``, keeps an existing entry for which it is true."""
        cost = self._cost_of(value) if self._cost_of is not None else 0
        with self._lock:
            current = self._items.get(key)
            if current is not None and keep_if is not None and keep_if(current):
                return
            self.total_cost -= self._costs.pop(key, 0)
            self._items.pop(key, None)
            if self.max_cost is not None and cost > self.max_cost:
                return  # alone over the bound: used once by its caller, never kept
            self._items[key] = value
            self._costs[key] = cost
            self.total_cost += cost
            while len(self._items) > self.size or (
                self.max_cost is not None and self.total_cost > self.max_cost
            ):
                oldest, _ = self._items.popitem(last=False)
                self.total_cost -= self._costs.pop(oldest, 0)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._costs.clear()
            self.total_cost = 0


# The legal-move list of a position depends on the position and its game alone: cached by FEN
# (``position_key``: a Chesskers position by its FEN, another game's by its id and FEN, as two
# games may write the same FEN), bounded by the size of the lists' JSON text (what a state
# sends; the objects behind it take a few times more): a position's list holds up to
# ``engine.variant.MOVE_BUDGET`` moves, about 1.2 MB.
#
# What the caches keep is built of strings and tuples, and handed out as fresh dicts and lists
# (``listed``): the garbage collector stops tracking tuples and dicts of such things after one
# look, so a full cache does not lengthen every full collection, which stops the whole server.
#
# Next to each list the cache keeps its compact form (``legal_tree``), counted in the same bound.
LEGAL_MOVES_CACHE_BYTES = 32_000_000
_legal_by_fen = LRU(
    4096,
    cost=lambda described: len(described[1]) + len(described[2]),
    max_cost=LEGAL_MOVES_CACHE_BYTES,
)


def position_key(fen: str, variant_id: str = DEFAULT_VARIANT) -> Hashable:
    """Returns the key of a position of a game in the per-position caches."""
    return fen if variant_id == DEFAULT_VARIANT else (variant_id, fen)


def listed(entry: dict[str, Any]) -> dict[str, Any]:
    """Returns a fresh copy of a cached move entry, its tuples as lists."""
    return {key: list(value) if type(value) is tuple else value for key, value in entry.items()}


def legal_tree(moves: Iterable[dict[str, Any]]) -> dict[str, Any]:
    """Returns the compact form of a legal-move list: a tree keyed by the squares along the
    moves' paths, each node ``{"moves": [...], "next": {...}}`` holding the moves that stop at
    its square (``text``, ``kind``, and ``captured`` and ``promotion`` when they are not empty)
    and the squares a path goes on to. Every prefix of a chain is a move, so the list repeats
    each chain's prefix once per move; the tree names each square of it once (docs/api.md)."""
    root: dict[str, Any] = {}
    for move in moves:
        *through, last = move["path"]
        children = root
        for square in through:
            children = children.setdefault(square, {}).setdefault("next", {})
        stop: dict[str, Any] = {"text": move["text"], "kind": move["kind"]}
        if move["captured"]:
            stop["captured"] = list(move["captured"])
        if move["promotion"] is not None:
            stop["promotion"] = move["promotion"]
        children.setdefault(last, {}).setdefault("moves", []).append(stop)
    return root


def _describe(position: Any, variant_id: str) -> tuple[tuple[dict[str, Any], ...], str, str]:
    if variant_id == DEFAULT_VARIANT:
        pairs = notation.describe_moves(position)  # the fast path, as before every game
    else:
        pairs = variants.get(variant_id).describe_moves(position)
    described = tuple(
        {
            "text": text,
            "path": tuple(move.path_names()),
            "captured": tuple(move.captured_names()),
            "promotion": move.promotion.symbol if move.promotion else None,
            "kind": kind_name(move),
        }
        for move, text in pairs
    )
    return (
        described,
        json.dumps(described),
        json.dumps(legal_tree(described), separators=(",", ":")),
    )


def position_of(fen: str, variant_id: str = DEFAULT_VARIANT) -> Any:
    """Returns the engine's position of ``fen`` in the game ``variant_id``."""
    if variant_id == DEFAULT_VARIANT:
        return engine.Position.from_fen(fen)
    return variants.get(variant_id).position(fen)


def _described(
    fen: str, position_of: Callable[[], Any], variant_id: str
) -> tuple[tuple[dict, ...], str, str]:
    """Returns the cached description of ``fen``'s legal moves, its JSON text and the JSON text
    of its tree (``legal_tree``), describing
    ``position_of()`` only when it is not cached."""
    key = position_key(fen, variant_id)
    described = _legal_by_fen.get(key)
    if described is None:
        described = _describe(position_of(), variant_id)
        _legal_by_fen.put(key, described)
    return described


def _legal_moves(fen: str, position_of: Callable[[], Any], variant_id: str) -> list[dict[str, Any]]:
    """Returns the legal-move list of ``fen`` (fresh dicts, from the cache)."""
    return [listed(entry) for entry in _described(fen, position_of, variant_id)[0]]


def legal_moves_json(fen: str, variant_id: str = DEFAULT_VARIANT) -> str:
    """Returns the legal-move list of ``fen`` as JSON text (from the cache)."""
    return _described(fen, lambda: position_of(fen, variant_id), variant_id)[1]


def legal_tree_json(fen: str, variant_id: str = DEFAULT_VARIANT) -> str:
    """Returns the compact form of ``fen``'s legal moves (``legal_tree``) as JSON text (from the
    cache)."""
    return _described(fen, lambda: position_of(fen, variant_id), variant_id)[2]


def remember_legal_moves(position: Any, fen: str, variant_id: str = DEFAULT_VARIANT) -> None:
    """Caches the legal moves of the position the engine just played to, and whether it is
    check, for the state that follows."""
    _described(fen, lambda: position, variant_id)
    _check_by_fen.put(position_key(fen, variant_id), _check_of(position, variant_id))


def legal_moves_of_position(
    position: Any, fen: str | None = None, variant_id: str = DEFAULT_VARIANT
) -> list[dict]:
    """Returns the legal moves of a position as the API lists them (fresh dicts, from the cache)."""
    return _legal_moves(fen or position.fen(), lambda: position, variant_id)


def legal_moves_of_fen(fen: str, variant_id: str = DEFAULT_VARIANT) -> list[dict[str, Any]]:
    """Returns the legal moves of a position given by FEN, as the API lists them."""
    return _legal_moves(fen, lambda: position_of(fen, variant_id), variant_id)


def legal_moves_payload(game: engine.Game) -> list[dict[str, Any]]:
    """Returns the legal moves of the game's position as the API lists them (empty once over)."""
    if game.is_over():
        return []
    return legal_moves_of_position(game.position, variant_id=game.variant.id)


# The square of the king in check by FEN ("" for none).
_check_by_fen = LRU(4096)


def _check_of(position: Any, variant_id: str) -> str:
    if variant_id == DEFAULT_VARIANT:
        if not position.is_check():
            return ""
        return engine.square_name(position.king_square(position.turn))
    # The draughts family has no check; a hybrid names the checked side's (first) king.
    if not hasattr(position, "is_check") or not position.is_check():
        return ""
    names = variants.get(variant_id).board.names
    for square, (color, piece) in sorted(position.pieces().items()):
        if color == position.turn and piece.symbol == "k":
            return names[square]
    return ""


def check_square(fen: str, variant_id: str = DEFAULT_VARIANT) -> str | None:
    """Returns the square of the king in check in the position, or None."""
    key = position_key(fen, variant_id)
    square = _check_by_fen.get(key)
    if square is None:
        square = _check_of(position_of(fen, variant_id), variant_id)
        _check_by_fen.put(key, square)
    return square or None


def move_payload(move: GameMove) -> dict[str, Any]:
    return {
        "ply": move.ply,
        "text": move.text,
        "path": tuple(move.path),
        "captured": tuple(move.captured),
        "captured_pieces": tuple(move.captured_pieces),
        "kind": move.kind,
        "fen": move.fen_after,
    }


@dataclass
class History:
    """A game's moves as the state lists them, at one revision of the game record, with the
    engine's game of that history built on first use.

    Kept between changes (``keep_history``), so a move neither reads the game's moves back nor
    rebuilds the engine's positions. ``Game.revision`` changes with every change to the moves
    (a move, a takeback), so a history whose revision matches the record's is its history,
    whichever process made the change. A kept history is never changed: a move makes a new one.
    """

    game_id: str
    revision: int
    initial_fen: str
    moves: list[dict[str, Any]]
    _engine: engine.Game | None = None
    # The game's record as the move that made this history wrote it, if this process made it
    # without the game's lock, or as a socket's state was just read from (``keep_record``): the
    # next such move starts from it (``games.moves.game_play``).
    record: Game | None = None
    variant: str = DEFAULT_VARIANT

    @property
    def fen(self) -> str:
        return self.moves[-1]["fen"] if self.moves else self.initial_fen

    def engine_game(self) -> engine.Game:
        """Returns the engine's game (built from the stored FENs once, without a move search).

        Only the writer that took the history (``take_history``) may play moves on it."""
        if self._engine is None:
            fens = [move["fen"] for move in self.moves]
            if self.variant == DEFAULT_VARIANT:
                self._engine = engine.Game.from_fens(self.initial_fen, fens)
            else:
                variant = variants.get(self.variant)
                self._engine = variant.game_from_fens(self.initial_fen, fens)
        return self._engine

    def after(self, row: GameMove, eg: engine.Game, record: Game | None = None) -> "History":
        """Returns the history one move later (``eg`` has played it, ``record`` is the game's
        record as the move wrote it); this one is left as is."""
        payload = move_payload(row)
        moves = [*self.moves, payload]
        return History(
            self.game_id, self.revision + 1, self.initial_fen, moves, eg, record, self.variant
        )


# One history per game, the latest a process has seen, bounded by the plies they hold together
# (each ply keeps its move and the engine's position after it).
HISTORY_CACHE_PLIES = 200_000
_histories = LRU(2048, cost=lambda history: len(history.moves) + 1, max_cost=HISTORY_CACHE_PLIES)


def history_of(game: Game) -> History:
    """Returns the history of a game record at its revision, from the cache when it is there.

    For reading: a writer, who plays moves on its engine game, takes it (``take_history``)."""
    history = _histories.get(game.public_id)
    if history is not None and history.revision == game.revision:
        return history
    history = _read_history(game)
    # Kept only if it is the record's history: a reader that did not lock the game may have read
    # the moves of a change made after it read the record.
    if len(history.moves) == game.ply and history.fen == game.fen:
        keep_history(history)
    return history


def _read_history(game: Game) -> History:
    rows = list(game.moves.order_by("ply"))
    return History(
        game.public_id,
        game.revision,
        game.initial_fen,
        [move_payload(row) for row in rows],
        variant=game.variant,
    )


def take_history(game: Game) -> History:
    """Returns the history of a game record for a writer, who may play moves on its engine game:
    taken out of the cache, so no one else finds it (or changes it) until the writer keeps it
    back or keeps the next one; read from the database (call with the game locked) when none
    is kept for the record's revision."""
    history = _histories.pop(game.public_id, if_=lambda kept: kept.revision == game.revision)
    return history if history is not None else _read_history(game)


def take_kept_history(public_id: str) -> History | None:
    """Takes whatever history of the game this process keeps, of any revision, out of the cache
    (see ``take_history``); None if it keeps none."""
    return _histories.pop(public_id)


def drop_history(game: Game) -> None:
    """Forgets a game's kept history: call when changing the game's moves other than by playing
    one (nothing stale is found if the change rolls back)."""
    _histories.pop(game.public_id)


def keep_history(history: History) -> None:
    """Keeps a game's history unless a later revision is already kept."""
    _histories.put(history.game_id, history, keep_if=lambda kept: kept.revision > history.revision)


def keep_record(game: Game) -> None:
    """Keeps a live game's record, just read, with the history this process keeps at its
    revision (unless a record is kept with it already), so that the game's next move here is
    one statement instead of a read and a write: the first move after a page loads or a socket
    reconnects, as every later one. The move's write checks that the game still is as this
    record says (``sql.update_if_and_insert``), so an old record costs a read, never a wrong
    move. The record is then the next move's: the caller must not change it."""
    if game.status != Game.Status.LIVE:
        return
    history = _histories.get(game.public_id)
    if history is not None and history.revision == game.revision and history.record is None:
        history.record = game


def forget_histories() -> None:
    """Empties this process's caches of histories and legal-move lists."""
    _histories.clear()
    _legal_by_fen.clear()
    _check_by_fen.clear()
