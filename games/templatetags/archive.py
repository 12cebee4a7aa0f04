"""Template helpers of the archive: a small board of a position, a player's latest games."""

from functools import lru_cache

from django import template
from django.templatetags.static import static
from django.utils.html import escape, format_html, format_html_join
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext, pgettext

from catalogue.descriptors import MAN_LETTER, variant_descriptor
from engine import variants
from games.domain.clock import TimeControl
from games.models import DEFAULT_VARIANT, Game
from games.reads.archive import ArchiveFilters, archive_games
from games.reads.state import bot_human_color, player_name

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


@lru_cache(maxsize=64)
def drawn_as_chess(variant_id: str) -> bool:
    """Returns whether a game's boards are drawn as a chess board straight from the FEN's
    letters (as is a game the engine does not know): a chess-style FEN on 8 by 8 squares, all
    of them used, each piece drawn as the chess piece of its letter."""
    if variant_id not in variants.VARIANTS:
        return True
    descriptor = variant_descriptor(variant_id)
    board = descriptor["board"]
    return (
        descriptor["fen"] == "chess"
        and (board["files"], board["ranks"], board["playable"]) == (8, 8, "all")
        and all(
            piece["art"] == f"cburnett/{letter}" for letter, piece in descriptor["pieces"].items()
        )
    )


@register.simple_tag
def mini_board(fen: str, size: int = 96, variant_id: str = DEFAULT_VARIANT) -> SafeString:
    """Returns an SVG picture of the board of ``fen`` (White at the bottom) of the game
    ``variant_id``, with its pieces' art, for lists of games."""
    if not drawn_as_chess(variant_id):
        return variant_mini_board(fen, size, variant_id)
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
        f'aria-label="{escape(gettext("Final position"))}" xmlns="http://www.w3.org/2000/svg">'
        f'<rect width="8" height="8" fill="{LIGHT}"/>{DARK_SQUARES}{"".join(pieces)}</svg>'
    )


def variant_mini_board(fen: str, size: int, variant_id: str) -> SafeString:
    """``mini_board`` of a game not ``drawn_as_chess``: its board's size, its dark (used)
    squares, its pieces as its descriptor draws them."""
    variant = variants.get(variant_id)
    board = variant.board
    drawn = variant_descriptor(variant_id)["pieces"]
    art_by_symbol = {
        kind.symbol: drawn[kind.letter or MAN_LETTER]["art"] for kind in variant.pieces
    }
    squares = [
        (board.file_of(sq), board.ranks - 1 - board.rank_of(sq), DARK)
        for sq in range(board.size)
        if board.is_used(sq) and board.pattern.value != "all"
    ]
    pieces = []
    for sq, (color, piece) in variant.position(fen).pieces().items():
        art = art_by_symbol[piece.symbol]
        slash = art.rfind("/")
        colour = "w" if color.name == "WHITE" else "b"
        href = static(f"pieces/{art[: slash + 1]}{colour}{art[slash + 1 :]}.svg")
        pieces.append((href, board.file_of(sq), board.ranks - 1 - board.rank_of(sq)))
    return format_html(
        '<svg class="mini-board" viewBox="0 0 {} {}" width="{}" height="{}" role="img" '
        'aria-label="{}" xmlns="http://www.w3.org/2000/svg">'
        '<rect width="{}" height="{}" fill="{}"/>{}{}</svg>',
        board.files,
        board.ranks,
        size,
        size,
        gettext("Final position"),
        board.files,
        board.ranks,
        LIGHT,
        format_html_join("", '<rect x="{}" y="{}" width="1" height="1" fill="{}"/>', squares),
        format_html_join("", '<image href="{}" x="{}" y="{}" width="1" height="1"/>', pieces),
    )


@register.simple_tag
def player_games(player, limit: int = 20):
    """Returns a player's latest finished games, as the archive lists them."""
    return archive_games(ArchiveFilters(player=player.username))[:limit]


@register.filter
def side_name(game, color: str) -> str:
    """Returns the name shown for a side of a game: a player, the bot, an imported tag, or
    the colour's name."""
    bot = game.mode == Game.Mode.BOT and game.player(color) is None and game.bot_level
    if bot and color != bot_human_color(game):
        return gettext("Bot (level %(level)s)") % {"level": game.bot_level}
    return player_name(game, color) or (
        pgettext("side", "White") if color == "white" else pgettext("side", "Black")
    )


@register.filter
def control(game) -> str:
    """Returns a game's time control and its speed (``TimeControl.shown``): ``3+2 · blitz``."""
    return TimeControl.of_game(game).shown
