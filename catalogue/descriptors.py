"""The games the site plays, as the API lists them and as the browser's board is told about one.

Reads only, from the engine's registry (``engine.variants``): ``variant_summaries`` is the list of
``GET /api/variants/``; ``variant_descriptor`` is what a page gives its board to draw a game's
position and pieces (the contract of ``tests/js/fixtures/variants/``). The engine knows the rules,
the pieces and which look each piece has; which picture draws each look is the site's, and lives
here.
"""

from functools import cache
from typing import Any

from django.utils.translation import get_language, gettext, pgettext
from django.utils.translation import gettext_lazy as _

from engine import variants
from engine.variant import PieceKind, Variant

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
    ("chesskers", _("Chesskers")),
    ("hybrid", _("Chess and draughts hybrids")),
    ("draughts", _("The checkers family")),
)


def game_name(variant: Variant) -> str:
    """Returns a game's name as a page shows it, in the page's language. The engine's English
    name (marked with ``N_``, so the catalogue has it) stays what the API, the archive's tags
    and the exports write."""
    return gettext(variant.name)


def piece_name(kind: PieceKind) -> str:
    """Returns a piece's name as a page shows it, in the page's language. A draughts king (a
    crowned man) is another piece than chess's king, and most languages name it otherwise."""
    if kind.look == "draughts-king" and kind.name == "king":
        # Translators: the crowned man of draughts (ru дамка, nl dam, fr dame), not chess's king.
        return pgettext("draughts piece", "king")
    return gettext(kind.name)


def variant_names() -> dict[str, str]:
    """Returns every game's name by its id, in the page's language (the pages write a game's
    name where the API writes its id)."""
    return {variant.id: game_name(variant) for variant in variants.VARIANTS.values()}


def variant_groups(only: frozenset[str] | None = None) -> list[tuple[str, list[tuple[str, str]]]]:
    """Returns the games grouped by family as a page's game picker lists them: (the family's
    label, [(id, name), …]); with ``only``, just those games (empty groups left out)."""
    groups = []
    for family, label in FAMILY_GROUPS:
        games = [
            (variant.id, game_name(variant))
            for variant in variants.VARIANTS.values()
            if variant.family == family and (only is None or variant.id in only)
        ]
        if games:
            groups.append((str(label), games))
    return groups


def variant_summaries() -> list[dict[str, Any]]:
    """Returns every game as ``GET /api/variants/`` lists it: ``{id, name, family, board: {files,
    ranks}, start_fen}``."""
    return variants.summaries()


def variant_descriptor(variant_id: str) -> dict[str, Any]:
    """Returns what the browser's board needs to draw and play a game: its board (size, the
    squares used, Alquerque's lines, the squares' numbers for games written with numbers), the
    style of its FEN, its start position and its pieces with their names and pictures, the
    game's and the pieces' names in the page's language. Raises
    ``engine.errors.UnknownVariantError`` for an unknown id. Callers must not change the answer
    (it is cached, per language)."""
    return shown_descriptor(variant_id, get_language())


@cache
def shown_descriptor(variant_id: str, language: str | None) -> dict[str, Any]:
    """``variant_descriptor`` in ``language`` (the active one: the cache's key)."""
    variant = variants.get(variant_id)
    described = english_descriptor(variant_id)
    pieces = {}
    for kind in variant.pieces:
        letter = kind.letter or MAN_LETTER
        pieces[letter] = {**described["pieces"][letter], "name": piece_name(kind)}
    return {**described, "name": game_name(variant), "pieces": pieces}


@cache
def english_descriptor(variant_id: str) -> dict[str, Any]:
    """``variant_descriptor`` with the engine's own (English) names, which the catalogue's
    rules pages key their pieces by."""
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


def forget_descriptors() -> None:
    """Forgets the cached descriptors (tests that change a game's declaration)."""
    shown_descriptor.cache_clear()
    english_descriptor.cache_clear()


# ``variant_descriptor`` was one cached function: its cache is still cleared by its name.
variant_descriptor.cache_clear = forget_descriptors  # type: ignore[attr-defined]
