"""Board geometry for the bot's capture generator: the engine's own tables under the names the
bot uses (a1 = 0, 64 squares). It knows nothing of positions or rules beyond where lines and
legs run."""

from engine.tables import (
    BISHOP_RAYS,
    DIAGONAL,
    DIRECTIONS,
    JUMPS,
    KING_STEPS,
    KNIGHT_MOVES,
    ORTHOGONAL,
    PAWN_CAPTURES,
    QUEEN_RAYS,
    RAYS,
    ROOK_RAYS,
)

# SLIDER_RAYS[piece type][sq] for BISHOP = 3, ROOK = 4, QUEEN = 5 (None for the others).
SLIDER_RAYS = (None, None, None, BISHOP_RAYS, ROOK_RAYS, QUEEN_RAYS, None)

__all__ = [
    "DIAGONAL",
    "DIRECTIONS",
    "JUMPS",
    "KING_STEPS",
    "KNIGHT_MOVES",
    "ORTHOGONAL",
    "PAWN_CAPTURES",
    "RAYS",
    "SLIDER_RAYS",
]
