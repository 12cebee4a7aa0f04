"""Helpers of the hybrid tests: a game's variant, the texts and paths of a position's moves."""

from engine.game import Game
from engine.hybrids.position import HybridPosition
from engine.hybrids.variant import HybridVariant
from engine.variants import VARIANTS


def variant(variant_id: str) -> HybridVariant:
    """Returns the hybrid variant ``variant_id``."""
    found = VARIANTS[variant_id]
    assert isinstance(found, HybridVariant)
    return found


def position(variant_id: str, fen: str) -> HybridPosition:
    """Returns the position of ``fen`` in the game ``variant_id``."""
    return variant(variant_id).position(fen)


def texts(variant_id: str, fen: str) -> set[str]:
    """Returns the canonical texts of the legal moves of ``fen``."""
    game = variant(variant_id)
    return {text for _, text in game.describe_moves(game.position(fen))}


def paths(variant_id: str, fen: str) -> set[str]:
    """Returns the legal moves of ``fen`` as machine forms ("c3-e5-g7", "b7-b8-q")."""
    return {move.machine() for move in position(variant_id, fen).legal_moves()}


def play(variant_id: str, fen: str, *moves: str) -> Game:
    """Returns the game of ``variant_id`` from ``fen`` after ``moves`` (any accepted text)."""
    game = variant(variant_id).new_game(fen)
    for text in moves:
        game.push_text(text)
    return game
