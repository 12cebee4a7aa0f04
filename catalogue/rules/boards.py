"""A live example's board data, from the engine: a position of any game, its legal moves as the
board takes them, and the position after each, so the page plays a move with no rule of its own.
"""

from typing import Any

from django.utils.translation import gettext

from engine import variants
from engine.i18n import N_
from engine.variant import Variant, VariantPosition


def move_entry(move: Any, text: str) -> dict[str, Any]:
    """Returns a legal move as the board takes it: ``{text, path, captured, promotion, kind}``."""
    return {
        "text": text,
        "path": move.path_names(),
        "captured": move.captured_names(),
        "promotion": move.promotion.symbol if move.promotion else None,
        "kind": move.kind.value.replace("-", "_"),
    }


def check_square(variant: Variant, position: VariantPosition) -> str | None:
    """Returns the square of the side to move's king when it is in check (the variant says:
    ``checked_king``), else None."""
    square = variant.checked_king(position)
    return None if square is None else variant.board.square_name(square)


# How an example's game ends, as the engine's outcome says: (winner, reason, whether the winner
# is the side to move: in Anti Checkers running out wins). Whole sentences, one a case.
ENDINGS = {
    ("white", "no-pieces", False): N_("White wins: Black has no piece left."),
    ("black", "no-pieces", False): N_("Black wins: White has no piece left."),
    ("white", "no-pieces", True): N_("White wins: it has no piece left."),
    ("black", "no-pieces", True): N_("Black wins: it has no piece left."),
    ("white", "no-moves", False): N_("White wins: Black cannot move."),
    ("black", "no-moves", False): N_("Black wins: White cannot move."),
    ("white", "no-moves", True): N_("White wins: it cannot move."),
    ("black", "no-moves", True): N_("Black wins: it cannot move."),
}


def outcome_text(variant: Variant, position: VariantPosition) -> str:
    """Returns how the game stands after an example's move, in a few words of the active
    language ("" while it goes on): the reader sees that taking the last piece or blocking the
    rest wins ("White wins: Black cannot move.")."""
    outcome = variant.outcome(position, 1)
    if not outcome.is_over:
        return ""
    if outcome.winner is None:
        return gettext("The game is drawn.")
    winner = outcome.winner.name.lower()
    ending = ENDINGS.get((winner, outcome.reason or "", outcome.winner == position.turn))
    if ending is not None:
        return gettext(ending)
    return gettext("White wins.") if winner == "white" else gettext("Black wins.")


def example_board(variant_id: str, fen: str) -> dict[str, Any]:
    """Returns a mini-board's data: the position, its check, its legal moves, and for each (same
    order) the FEN after it, the check after it and how the game stands then."""
    variant = variants.get(variant_id)
    position = variant.position(fen)
    legal, after, check_after, outcome_after = [], [], [], []
    for move, text in variant.describe_moves(position):
        child = position.play(move)
        legal.append(move_entry(move, text))
        after.append(child.fen())
        check_after.append(check_square(variant, child))
        outcome_after.append(outcome_text(variant, child))
    return {
        "fen": fen,
        "turn": position.turn.name.lower(),
        "check": check_square(variant, position),
        "legal_moves": legal,
        "after": after,
        "check_after": check_after,
        "outcome_after": outcome_after,
    }
