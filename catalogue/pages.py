"""The rules pages: Chesskers' at ``/rules/``, every other game's at ``/rules/<id>/``, each rule
with a live mini-board.

This module owns Chesskers' examples (their positions and captions; its rules text is its own
template) and the pages' views. The other games' pages are declared in ``catalogue.rules`` and drawn
by one template. Each mini-board's data — the legal moves of its position and the position after
each — is computed by the engine on the server (``catalogue.rules.boards``). No rule lives here.
"""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.templatetags.static import static
from django.utils.translation import gettext_lazy as _

from catalogue.descriptors import english_descriptor, game_name, piece_name, variant_descriptor
from catalogue.rules import rules_of
from catalogue.rules.boards import example_board
from catalogue.rules.model import GameRules
from engine import variants

# The examples of the Chesskers page, each a FEN with the side to move that shows it. Kings are
# added where the rules' own diagrams leave them out: a position needs one a side.
EXAMPLES: list[dict[str, Any]] = [
    {
        "id": "replacement",
        "fen": "7k/8/3P4/8/1n1R4/8/8/K7 w - - 0 1",
        "caption": _("Tap the rook: it captures the knight on b4 by replacement (or jumps it)."),
    },
    {
        "id": "jumps",
        "fen": "7k/3p4/8/8/1n1R2b1/8/3r4/K7 w - - 0 1",
        "caption": _("Tap the rook: it can jump each of the four black pieces around it."),
    },
    {
        "id": "chain",
        "fen": "7k/8/8/2p5/1p6/p7/8/R6K w - - 0 1",
        "caption": _("Tap the rook, then a4, c4 and c6: a chain of three jumps."),
    },
    {
        "id": "sweep",
        "fen": "7k/8/8/8/8/b7/p7/N6K w - - 0 1",
        "caption": _("Tap the knight, then b3: it sweeps both pieces on its leg."),
    },
    {
        "id": "check",
        "fen": "8/8/8/2k5/1p6/p7/8/R6K b - - 0 1",
        "caption": _(
            "Black is in check: the rook could jump a3, b4 and then the king. "
            "Tap the king to see where it is safe."
        ),
    },
    {
        "id": "knight-mate",
        "fen": "7k/5K2/8/8/6N1/8/8/8 w - - 0 1",
        "caption": _("Tap the knight, then h6: its leg covers h7 and h8, and that is mate."),
    },
]


def rules(request: HttpRequest) -> HttpResponse:
    """The Chesskers rules page, with a live mini-board for each example."""
    boards = [{**example, **example_board("chesskers", example["fen"])} for example in EXAMPLES]
    context = {
        "boards": boards,
        "page_data": {"variant": None, "boards": boards},
        "games_count": len(variants.VARIANTS),  # the registry's, as the page says it
    }
    return render(request, "games/rules.html", context)


def piece_pictures(descriptor: dict[str, Any]) -> dict[str, tuple[str, str]]:
    """Returns each piece's pictures (White's, Black's) by its name, from the descriptor's art."""
    pictures = {}
    for piece in descriptor["pieces"].values():
        folder, name = piece["art"].rsplit("/", 1)
        pictures[piece["name"]] = (
            static(f"pieces/{folder}/w{name}.svg"),
            static(f"pieces/{folder}/b{name}.svg"),
        )
    return pictures


def page_context(page: GameRules) -> dict[str, Any]:
    """Returns what the template of a game's rules page draws: the game, its pieces with their
    pictures, its rules with their live boards, and the page data for rules.js."""
    descriptor = variant_descriptor(page.id)
    pictures = piece_pictures(english_descriptor(page.id))
    # The page shows each piece's name in its language; the catalogue keys them by the engine's.
    shown = {kind.name: piece_name(kind) for kind in variants.get(page.id).pieces}
    pieces = [
        {
            "id": name,
            "name": shown.get(name, name),
            "moves": moves,
            "white": pictures[name][0],
            "black": pictures[name][1],
        }
        for name, moves in page.pieces.items()
    ]
    boards = [
        {
            "id": rule.id,
            "caption": rule.example.caption,
            **example_board(page.id, rule.example.fen),
        }
        for rule in page.rules
        if rule.example is not None
    ]
    return {
        "game": page,
        "name": game_name(variants.get(page.id)),
        "family": descriptor["family"],
        "pieces": pieces,
        "boards": boards,
        "chess_art": any(p["art"].startswith("cburnett/") for p in descriptor["pieces"].values()),
        "page_data": {"variant": descriptor, "boards": boards},
    }


def game_rules(request: HttpRequest, variant_id: str) -> HttpResponse:
    """The rules page of a game other than Chesskers; Chesskers' own is at ``/rules/``."""
    if variant_id == variants.DEFAULT.id:
        return redirect("rules", permanent=True)
    if variant_id not in variants.VARIANTS:
        raise Http404("No such game.")
    page = rules_of(variant_id)
    return render(request, "games/game_rules.html", page_context(page))
