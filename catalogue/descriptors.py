"""The games the site plays, as the API lists them and as the browser's board is told about one.

Reads only, from the engine's registry (``engine.variants``): ``variant_summaries`` is the list of
``GET /api/variants/``; ``variant_descriptor`` is what a page gives its board to draw a game's
position and pieces (the contract of ``tests/js/fixtures/variants/``). The engine knows the rules,
the pieces and which look each piece has; which picture draws each look is the site's, and lives
here.
"""

from functools import cache
from typing import Any

from engine import variants

# The picture of each look a piece may have (``engine.variant.LOOKS``: the engine says which look
# each piece of each game has): the cburnett set for the chess pieces, the site's own set for the
# rest.
ART = {
    "king": "cburnett/K",
    "queen": "cburnett/Q",
    "rook": "cburnett/R",
    "bishop": "cburnett/B",
    "knight": "cburnett/N",
    "pawn": "cburnett/P",
    "man": "chesskers/Man",
    "draughts-king": "chesskers/King",
    "parachutist": "chesskers/Parachutist",
    "camel": "chesskers/Camel",
    "liner": "chesskers/Liner",
    "silver": "chesskers/Silver",
}
# In the draughts family's FEN a man has no letter; the board calls it M.
MAN_LETTER = "M"


def variant_ids() -> list[str]:
    """Returns the id of every game the site plays, in the order the site lists them."""
    return list(variants.VARIANTS)


# The families as the pages group the games: Chesskers, then the hybrids, then the checkers family.
FAMILY_GROUPS = (
    ("chesskers", "Chesskers"),
    ("hybrid", "Chess and draughts hybrids"),
    ("draughts", "The checkers family"),
)


def variant_names() -> dict[str, str]:
    """Returns every game's name by its id (the pages write a game's name where the API
    writes its id)."""
    return {variant.id: variant.name for variant in variants.VARIANTS.values()}


def variant_groups(only: frozenset[str] | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """Returns the games grouped by family as a page's game picker lists them: (the family's
    label, [(id, name), …]); with ``only``, just those games (empty groups left out)."""
    groups = []
    for family, label in FAMILY_GROUPS:
        games = [
            (variant.id, variant.name)
            for variant in variants.VARIANTS.values()
            if variant.family == family and (only is None or variant.id in only)
        ]
        if games:
            groups.append((label, games))
    return groups


def variant_summaries() -> list[dict[str, Any]]:
    """Returns every game as ``GET /api/variants/`` lists it: ``{id, name, family, board: {files,
    ranks}, start_fen}``."""
    return variants.summaries()


@cache
def variant_descriptor(variant_id: str) -> dict[str, Any]:
    """Returns what the browser's board needs to draw and play a game: its board (size, the
    squares used, Alquerque's lines, the squares' numbers for games written with numbers), the
    style of its FEN, its start position and its pieces with their names and pictures. Raises
    ``engine.errors.UnknownVariantError`` for an unknown id. Callers must not change the answer
    (it is cached)."""
    variant = variants.get(variant_id)
    described = variant.describe()
    board = described["board"]
    return {
        "id": variant.id,
        "name": variant.name,
        "family": variant.family,
        "board": {
            "files": board["files"],
            "ranks": board["ranks"],
            "playable": board["pattern"],
            "lines": board.get("lines"),
            "labels": board.get("labels"),
        },
        "fen": variant.fen_style,
        "start_fen": variant.start_fen,
        "pieces": {
            (kind.letter or MAN_LETTER): {"name": kind.name, "art": ART[kind.look]}
            for kind in variant.pieces
        },
    }
