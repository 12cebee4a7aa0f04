"""Helpers of the draughts tests: positions from algebraic piece lists, and their moves."""

from engine.draughts.position import DraughtsPosition
from engine.draughts.variant import DraughtsVariant
from engine.variants import VARIANTS


def variant(variant_id: str) -> DraughtsVariant:
    """Returns the draughts variant ``variant_id``."""
    found = VARIANTS[variant_id]
    assert isinstance(found, DraughtsVariant)
    return found


def fen_of(variant_id: str, side: str, white: str, black: str, plies: int = 0) -> str:
    """Returns the FEN of the game ``variant_id`` (in its own notation) with the pieces of
    ``white`` and ``black`` given by algebraic names ("Kh6,g1": a king on h6, a man on g1)."""
    tables = variant(variant_id).tables

    def items(text: str) -> str:
        out = []
        for item in filter(None, (part.strip() for part in text.split(","))):
            prefix = item[0] if item[0] in "KP" else ""
            out.append(prefix + tables.text[tables.board.parse_square(item[len(prefix) :])])
        return ",".join(out)

    return f"{side}:W{items(white)}:B{items(black)}:H{plies}:F1"


def position(variant_id: str, side: str, white: str, black: str) -> DraughtsPosition:
    """Returns the position of ``fen_of``."""
    return variant(variant_id).position(fen_of(variant_id, side, white, black))


def paths(variant_id: str, side: str, white: str, black: str) -> set[str]:
    """Returns the legal moves of the position as machine forms (algebraic paths, "c3-e5-g7")."""
    return {move.machine() for move in position(variant_id, side, white, black).legal_moves()}


def texts(variant_id: str, fen: str) -> set[str]:
    """Returns the canonical texts of the legal moves of ``fen``."""
    game = variant(variant_id)
    return {text for _, text in game.describe_moves(game.position(fen))}
