"""Template helpers of the archive: a small board of a position, a player's latest games."""

from functools import lru_cache

from django import template
from django.templatetags.static import static
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from games.reads.archive import ArchiveFilters, archive_games
from games.reads.state import player_name

register = template.Library()

LIGHT, DARK = "#f0d9b5", "#b58863"


# The dark squares never change: drawn once. (A page of the archive draws twenty boards; their
# escaping and static-file lookups were most of the page's time.)
DARK_SQUARES = "".join(
    f'<rect x="{file_index}" y="{rank_index}" width="1" height="1" fill="{DARK}"/>'
    for rank_index in range(8)
    for file_index in range(8)
    if (rank_index + file_index) % 2
)


@lru_cache(maxsize=32)
def piece_href(name: str) -> str:
    """Returns the escaped URL of a piece's picture (``wK``, ``bP``…), looked up once."""
    return escape(static(f"pieces/cburnett/{name}.svg"))


@register.simple_tag
def mini_board(fen: str, size: int = 96) -> SafeString:
    """Returns an SVG picture of the board of ``fen`` (White at the bottom) with the cburnett
    pieces, for lists of games."""
    rows = fen.split()[0].split("/")
    pieces = []
    for rank_index, row in enumerate(rows):
        file_index = 0
        for char in row:
            if char.isdigit():
                file_index += int(char)
                continue
            href = piece_href(("w" if char.isupper() else "b") + char.upper())
            pieces.append(
                f'<image href="{href}" x="{file_index}" y="{rank_index}" width="1" height="1"/>'
            )
            file_index += 1
    side = int(size)
    return mark_safe(  # numbers, constant colours and escaped URLs only
        f'<svg class="mini-board" viewBox="0 0 8 8" width="{side}" height="{side}" role="img" '
        'aria-label="Final position" xmlns="http://www.w3.org/2000/svg">'
        f'<rect width="8" height="8" fill="{LIGHT}"/>{DARK_SQUARES}{"".join(pieces)}</svg>'
    )


@register.simple_tag
def player_games(player, limit: int = 20):
    """Returns a player's latest finished games, as the archive lists them."""
    return archive_games(ArchiveFilters(player=player.username))[:limit]


@register.filter
def side_name(game, color: str) -> str:
    """Returns the name shown for a side of a game: a player, the bot, an imported tag, or
    the colour's name."""
    return player_name(game, color) or color.capitalize()
