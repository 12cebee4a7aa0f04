"""The home page: what the site is, where to play, and the gallery of every game it plays.

The gallery groups every game of the registry by family — Chesskers; the hybrids; the checkers
family — each with a small board of its start position (drawn in the browser by board.js from the
game's descriptor), its name, one line about it and a link to its rules page. The lines are the
rules pages' own (``catalogue.rules``); this module only orders and groups them.
"""

from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from catalogue.descriptors import game_name, variant_descriptor
from catalogue.rules import rules_of
from engine import variants

CHESSKERS_LINE = _("Chess whose pieces also jump in chains, checkers-style, and knights sweep.")

# The gallery's groups, in the order the home page shows them: (id, title, engine family).
FAMILIES = (
    ("chesskers", _("Chesskers"), "chesskers"),
    ("hybrids", _("Chess meets draughts"), "hybrid"),
    ("draughts", _("The checkers family"), "draughts"),
)


def gallery_entry(variant_id: str) -> dict[str, Any]:
    """Returns a game's card: its id, name, one line, rules page and descriptor (for its board)."""
    descriptor = variant_descriptor(variant_id)
    if variant_id == variants.DEFAULT.id:
        line, rules_url = CHESSKERS_LINE, reverse("rules")
    else:
        line, rules_url = rules_of(variant_id).line, reverse("game-rules", args=[variant_id])
    return {
        "id": variant_id,
        "name": game_name(variants.get(variant_id)),
        "line": line,
        "rules_url": rules_url,
        "descriptor": descriptor,
    }


def gallery() -> list[dict[str, Any]]:
    """Returns the gallery's groups, each ``{id, title, games}``, the games in the registry's
    order."""
    return [
        {
            "id": group,
            "title": title,
            "games": [
                gallery_entry(variant.id)
                for variant in variants.VARIANTS.values()
                if variant.family == family
            ],
        }
        for group, title, family in FAMILIES
    ]


def home(request: HttpRequest) -> HttpResponse:
    """The home page, with the gallery of every game."""
    groups = gallery()
    boards = [
        {"id": game["id"], "variant": game["descriptor"]}
        for group in groups
        for game in group["games"]
    ]
    # The games besides Chesskers, as the registry has them (the gallery's sentence counts them).
    other_games = len(variants.VARIANTS) - 1
    context = {"groups": groups, "gallery_data": boards, "other_games": other_games}
    return render(request, "home.html", context)
