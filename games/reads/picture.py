"""A position as a picture: an SVG of the board and its pieces, drawn by the server from the
engine's reading of a FEN, with the site's own piece art and the brown board's colours. It is
what a forum post shows of a game or an analysis board it links to, and what
``/game/<id>/position.svg`` and ``/position.svg`` serve to anyone who wants a position as an
image (lichess's position images, as SVG).

The board is drawn as the game page draws it (static/js/geometry.js): a1 dark; on a board that
uses only the dark squares (or, mirrored, the light ones) those are the dark ones; Alquerque's
points joined by their lines. The pieces are the pages' own art (static/pieces), each kind
written into the picture once and used on every square it stands on: a picture shown by
``<img>`` may load nothing from elsewhere."""

import re
from collections.abc import Iterable
from functools import cache
from typing import Any

from django.contrib.staticfiles import finders
from django.urls import reverse
from django.utils.translation import gettext as _

from catalogue.descriptors import ART, game_name
from common.i18n import say
from engine import variants
from engine.board import Pattern
from engine.errors import InvalidFenError
from engine.pieces import Color
from games.domain.schemas import fen_text
from games.models import Game, GameMove
from games.reads.state import player_name

# The brown board's colours (static/css/site.css): light and dark squares, Alquerque's ground
# and lines, the last move's squares.
LIGHT, DARK, GROUND, LINE = "#f0d9b5", "#b58863", "#ecd3a5", "#6b4a2b"
LAST = "#9bc700"
SQUARE_PX = 40  # the picture's size a square, in CSS pixels, unless it is scaled


OUTER = re.compile(r"^\s*<svg[^>]*>|</svg>\s*$")
PIECE_BOX = "0 0 45 45"  # every piece file's drawing, 45 by 45


def piece_file(look: str, color: Color) -> str:
    """The static file that draws a piece of ``look`` for ``color`` ("pieces/cburnett/wK.svg")."""
    art_set, name = ART[look].split("/")
    return f"pieces/{art_set}/{'w' if color is Color.WHITE else 'b'}{name}.svg"


@cache
def piece_symbol(path: str) -> str:
    """A piece file's drawing as a ``<symbol>`` named after its file (``piece-cburnett-wK``)."""
    with open(finders.find(path), encoding="utf-8") as drawing:
        inner = OUTER.sub("", drawing.read()).strip()
    return f'<symbol id="{symbol_id(path)}" viewBox="{PIECE_BOX}">{inner}</symbol>'


def symbol_id(path: str) -> str:
    return path.removesuffix(".svg").replace("/", "-")


def position_svg(
    variant_id: str, fen: str, orientation: str = "white", last: tuple[str, ...] = ()
) -> str:
    """The position ``fen`` of the game ``variant_id`` as an SVG document, White at the bottom
    (``orientation`` black: Black), the squares of ``last`` (the last move's, by name) marked.
    The FEN is read by the engine: a bad one raises its error."""
    variant = variants.get(variant_id)
    board = variant.board
    position = variant.position(fen)
    files, ranks = board.files, board.ranks
    flipped = orientation == "black"

    def xy(sq: int) -> tuple[int, int]:
        file, rank = board.file_of(sq), board.rank_of(sq)
        return (files - 1 - file, rank) if flipped else (file, ranks - 1 - rank)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {files} {ranks}" '
        f'width="{files * SQUARE_PX}" height="{ranks * SQUARE_PX}">'
    ]
    points = board.pattern is Pattern.POINTS
    parts.append(f'<rect width="{files}" height="{ranks}" fill="{GROUND if points else LIGHT}"/>')
    marked = {board.parse_square(name) for name in last if name in board.names}
    for sq in range(board.size):
        x, y = xy(sq)
        even = (board.file_of(sq) + board.rank_of(sq)) % 2 == 0
        dark = not points and (even if board.pattern is not Pattern.LIGHT else not even)
        if dark:
            parts.append(f'<rect x="{x}" y="{y}" width="1" height="1" fill="{DARK}"/>')
        if sq in marked:
            parts.append(
                f'<rect x="{x}" y="{y}" width="1" height="1" fill="{LAST}" fill-opacity="0.41"/>'
            )
    if points:
        for a, b in board.lines:
            (x1, y1), (x2, y2) = xy(a), xy(b)
            parts.append(
                f'<line x1="{x1 + 0.5}" y1="{y1 + 0.5}" x2="{x2 + 0.5}" y2="{y2 + 0.5}" '
                f'stroke="{LINE}" stroke-width="0.035"/>'
            )
        for sq in board.squares:
            x, y = xy(sq)
            parts.append(f'<circle cx="{x + 0.5}" cy="{y + 0.5}" r="0.07" fill="{LINE}"/>')
    looks = {kind.piece: kind.look for kind in variant.pieces}
    used: dict[str, None] = {}
    for sq, (color, piece) in sorted(position.pieces().items()):
        x, y = xy(sq)
        path = piece_file(looks[piece], color)
        used[path] = None
        parts.append(
            f'<use href="#{symbol_id(path)}" x="{x}" y="{y}" width="1" height="1" '
            f'data-square="{board.square_name(sq)}"/>'
        )
    parts.insert(1, "<defs>" + "".join(piece_symbol(path) for path in used) + "</defs>")
    parts.append("</svg>")
    return "".join(parts)


ID_SHOWN = 40  # characters of an unknown game's name said back


class PictureError(ValueError):
    """A position that cannot be drawn: no such game, or a FEN the engine cannot read."""


def checked_position(variant_id: Any, fen: Any) -> tuple[str, str]:
    """A game's id and a FEN of it as a page's address writes it (``_`` for spaces), checked:
    a game of the registry and a FEN the engine reads (``fen_text`` first, so that what the
    engine reads is short plain text; none: the game's start); raises ``GameError`` or
    ``PictureError`` saying why."""
    if not isinstance(variant_id, str) or variant_id not in variants.VARIANTS:
        raise PictureError(
            _("There is no game %(game_id)s.") % {"game_id": str(variant_id)[:ID_SHOWN]}
        )
    variant = variants.get(variant_id)
    text = fen_text(fen.replace("_", " ").strip() if isinstance(fen, str) else fen)
    if text is None:
        return variant_id, variant.start_fen  # none given: the game's usual start
    try:
        variant.position(text)
    except InvalidFenError as error:
        raise PictureError(_("Bad FEN: %(error)s") % {"error": say(error)}) from None
    return variant_id, text


def fen_picture(variant_id: Any, fen: Any, orientation: str = "white") -> str:
    """The position ``fen`` of the game ``variant_id`` (as ``checked_position`` takes them)
    drawn by ``position_svg``."""
    variant_id, text = checked_position(variant_id, fen)
    return position_svg(variant_id, text, orientation)


def game_picture(public_id: str, orientation: str = "white") -> tuple[str, bool] | None:
    """A game's position now as ``position_svg`` draws it, its last move marked, and whether
    the game is over (its picture then never changes); None for no such game."""
    row = (
        Game.objects.filter(public_id=public_id).values("pk", "variant", "fen", "status").first()
        if isinstance(public_id, str) and len(public_id) <= 12
        else None
    )
    if row is None:
        return None
    last = (
        GameMove.objects.filter(game_id=row["pk"])
        .order_by("-ply")
        .values_list("path", flat=True)
        .first()
    )
    picture = position_svg(row["variant"], row["fen"], orientation, tuple(last or ()))
    return picture, row["status"] == Game.Status.FINISHED


DASH = "\u2013"  # an en dash, between two players and in a result
RESULTS = {"1-0": f"1{DASH}0", "0-1": f"0{DASH}1", "1/2-1/2": f"½{DASH}½"}


def game_previews(public_ids: Iterable[str]) -> dict[str, dict[str, Any]]:
    """What a page shows of the games it links to, by id (one query; ids of no game left out):
    the game's address, its picture's and a line naming its players, game and result."""
    found = Game.objects.filter(public_id__in=set(public_ids)).select_related("white", "black")
    previews = {}
    for game in found:
        players = f" {DASH} ".join(player_name(game, side) or "?" for side in ("white", "black"))
        result = RESULTS.get(game.result or "", "") or _("in progress")
        url = reverse("game", args=[game.public_id])
        previews[game.public_id] = {
            "id": game.public_id,
            "url": url,
            "picture": reverse("game-picture", args=[game.public_id]),
            "caption": f"{players} · {game_name(variants.get(game.variant))} · {result}",
        }
    return previews
