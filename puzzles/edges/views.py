"""The puzzle pages: ``/training/puzzles/`` lists every game with its puzzles and the player's
puzzle rating in each; ``/training/puzzles/history/`` the player's rated rounds;
``/training/puzzles/<game>/`` plays that game's puzzles one after another (``?theme=``: only
those of one theme), ``/training/puzzles/<game>/<id>/`` one puzzle (a link to share) and
``/training/puzzles/<game>/storm/`` a puzzle storm. The page is given its first puzzle; the
next ones, and every move, go through the API (``puzzles.edges.api``)."""

from datetime import datetime
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.csrf import ensure_csrf_cookie

from catalogue.descriptors import game_name, variant_descriptor, variant_groups, variant_names
from engine import variants
from games.domain.errors import GameError
from puzzles.models import Puzzle, PuzzleRating
from puzzles.services import (
    next_puzzle,
    puzzle_counts,
    puzzle_payload,
    puzzle_ratings,
    round_history,
    theme_asked,
    theme_counts,
    theme_results,
)
from puzzles.storm import MISS_SECONDS, STORM_SECONDS, best_score, storm_leaders

# What each theme of a solution means (``engine.bot.puzzles.THEMES``), as the pages name it.
THEME_NAMES = {
    "win": gettext_lazy("Wins the game"),
    "advantage": gettext_lazy("Wins material"),
    "sacrifice": gettext_lazy("Sacrifice"),
    "chain": gettext_lazy("Chain capture"),
    "sweep": gettext_lazy("Knight sweep"),
    "promotion": gettext_lazy("Promotion"),
    "one-move": gettext_lazy("One move"),
    "long": gettext_lazy("Long"),
}


def puzzle_index(request: HttpRequest) -> HttpResponse:
    """Every game of the registry, by family, with its puzzles and the player's rating."""
    counts = puzzle_counts()
    mine: dict[str, Any] = {}
    if request.user.is_authenticated:
        mine = {r.variant: r for r in PuzzleRating.objects.filter(user=request.user)}
    groups = [
        (
            label,
            [
                {"id": vid, "name": name, "count": counts.get(vid, 0), "mine": mine.get(vid)}
                for vid, name in games
            ],
        )
        for label, games in variant_groups()
    ]
    return render(request, "puzzles/index.html", {"groups": groups})


@login_required
def puzzle_history(request: HttpRequest) -> HttpResponse:
    """The player's rated rounds, newest first, a page at a time (``?before=``)."""
    try:
        history = round_history(request.user, request.GET.get("before"))
    except GameError as refusal:
        return render(request, "refused.html", {"message": refusal.message}, status=400)
    names = variant_names()
    themes = [] if request.GET.get("before") else theme_results(request.user)
    for line in themes:
        line["name"] = THEME_NAMES[line["theme"]]
        line["game"] = names.get(line["variant"], line["variant"])
    for line in history["rounds"]:
        line["name"] = names.get(line["variant"], line["variant"])
        line["change"] = line["rating_after"] - line["rating_before"]
        line["when"] = datetime.fromisoformat(line["at"])
    context = {
        **history,
        "themes": themes,
        "ratings": [
            {**line, "name": names.get(line["variant"], line["variant"])}
            for line in puzzle_ratings(request.user)
        ],
    }
    return render(request, "puzzles/history.html", context)


@ensure_csrf_cookie
def puzzle_page(
    request: HttpRequest, variant: str, puzzle_id: str = "", streak: bool = False
) -> HttpResponse:
    """A game's puzzles, from the one asked or the next for the player; with ``streak``, a
    streak of them (the page asks for each, harder and harder, until a miss)."""
    if variant not in variants.VARIANTS:
        raise Http404(_("There is no game %(variant)s.") % {"variant": variant})
    try:
        theme = None if streak else theme_asked(request.GET.get("theme"))
    except GameError as refusal:
        raise Http404(refusal.message) from None
    if puzzle_id:
        puzzle = Puzzle.objects.filter(public_id=puzzle_id, variant=variant).first()
        if puzzle is None:
            raise Http404(_("There is no such puzzle."))
    elif streak:
        puzzle = None  # the page asks for the first, near the streak's first rating
        if not Puzzle.objects.filter(variant=variant).exists():
            streak = False  # nothing to ask for: the page says the game has no puzzles
    else:
        puzzle = next_puzzle(request.user, variant, theme=theme)
    counts = theme_counts(variant)
    page_data = {
        "variant": variant_descriptor(variant),
        "variant_id": variant,
        "puzzle": puzzle_payload(puzzle, request.user) if puzzle else None,
        "signed_in": request.user.is_authenticated,
        "start_fen": variants.get(variant).start_fen,
        "streak": streak,
        "theme": theme,
    }
    context = {
        "page_data": page_data,
        "variant_id": variant,
        "variant_name": game_name(variants.get(variant)),
        "groups": variant_groups(),
        "streak": streak,
        "theme": theme,
        "themes": [(id, THEME_NAMES[id], count) for id, count in counts.items()],
    }
    return render(request, "puzzles/puzzle.html", context)


@ensure_csrf_cookie
def storm_page(request: HttpRequest, variant: str) -> HttpResponse:
    """A puzzle storm of a game (``puzzles.storm``): the page starts a run through the API
    when it opens, and again at *New storm*."""
    if variant not in variants.VARIANTS:
        raise Http404(_("There is no game %(variant)s.") % {"variant": variant})
    page_data = {
        "variant": variant_descriptor(variant),
        "variant_id": variant,
        "start_fen": variants.get(variant).start_fen,
        "has_puzzles": Puzzle.objects.filter(variant=variant).exists(),
        "best": best_score(request.user, variant),
        "signed_in": request.user.is_authenticated,
        "storm_seconds": STORM_SECONDS,
        "leaders": storm_leaders(variant),
        "me": request.user.username if request.user.is_authenticated else None,
        "miss_seconds": MISS_SECONDS,
    }
    context = {
        "page_data": page_data,
        "variant_id": variant,
        "variant_name": game_name(variants.get(variant)),
        "groups": variant_groups(),
    }
    return render(request, "puzzles/storm.html", context)
