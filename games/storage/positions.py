"""What a position of a game is, to the state and the move path: its legal moves as clients list
them (the list, its JSON and its compact tree) and the square of a king in check, each cached by
position in the process. Every game takes the same path: its variant describes the moves, reads
the FEN and names the king in check.

A position's legal moves depend on the position and its game alone, so they are kept by game and
FEN whichever game record reached it; these caches are per process and never the truth.
"""

from collections.abc import Callable, Hashable, Iterable
from typing import Any

import engine
from engine import variants
from games.domain.wire import json_text
from games.models import DEFAULT_VARIANT
from games.storage.lru import LRU


def kind_name(move: engine.Move) -> str:
    """Returns the move's kind as the API writes it (``en_passant``, ``jump``, …)."""
    return move.kind.value.replace("-", "_")


# The legal-move list of a position depends on the position and its game alone: cached by game
# and FEN (``position_key``, as two games may write the same FEN), bounded by the size of the
# lists' JSON text (what a state sends; the objects behind it take a few times more): a
# position's list holds up to ``engine.variant.MOVE_BUDGET`` moves, about 1.2 MB.
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
    """Returns the key of a position of a game in the per-position caches: the game and the
    FEN."""
    return (variant_id, fen)


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
        json_text(described),
        json_text(legal_tree(described)),
    )


def position_of(fen: str, variant_id: str = DEFAULT_VARIANT) -> Any:
    """Returns the engine's position of ``fen`` in the game ``variant_id``."""
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
    variant = variants.get(variant_id)
    square = variant.checked_king(position)
    return "" if square is None else variant.board.names[square]


def check_square(fen: str, variant_id: str = DEFAULT_VARIANT) -> str | None:
    """Returns the square of the king in check in the position, or None."""
    key = position_key(fen, variant_id)
    square = _check_by_fen.get(key)
    if square is None:
        square = _check_of(position_of(fen, variant_id), variant_id)
        _check_by_fen.put(key, square)
    return square or None


def forget_positions() -> None:
    """Empties this process's caches of legal-move lists and checks."""
    _legal_by_fen.clear()
    _check_by_fen.clear()
