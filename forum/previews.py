"""What a post links to, shown under it as a picture of the position, as lichess's forum shows
the games its posts link to: a reader of *Game analysis* sees the position talked about without
leaving the topic.

- **A game** of this site (``/game/<id>/``): its position now, its players, game and result.
- **An analysis board** (``/analysis/<game>/<FEN>``, the FEN's spaces written ``_``): that
  position, and its game's name. A FEN the engine cannot read shows nothing.

A link is an address on this site: written alone (after a space, an opening bracket or at the
start of a line) or after ``http(s)://`` and a host the site answers to (``ALLOWED_HOSTS``); an
address on another site is not this site's. At most ``MAX_PREVIEWS`` a post, each once; the
games of every post of a page are read in one query."""

import re
from typing import Any
from urllib.parse import unquote, urlencode

from django.conf import settings
from django.http.request import validate_host
from django.urls import reverse
from django.utils.translation import gettext as _

from catalogue.descriptors import game_name
from engine import variants
from games.domain.errors import GameError
from games.reads.picture import PictureError, checked_position, game_previews

MAX_PREVIEWS = 2  # pictures shown under one post
LINK = re.compile(
    r"(?:https?://(?P<host>[^/\s]+)|(?<![^\s(]))"
    r"(?:/game/(?P<game>[a-z2-9]{8})(?![a-z0-9])"
    r"|/analysis/(?P<variant>[a-z][a-z0-9-]{0,39})/(?P<fen>[^\s<>\"']+))"
)
TRAILING = ".,;:!?)"  # prose's punctuation after a link, not the FEN's


def linked(text: str) -> list[tuple[str, ...]]:
    """What ``text`` links to on this site, in order, each once, at most ``MAX_PREVIEWS``:
    ``("game", id)`` and ``("position", game, FEN)`` (a FEN as written, spaces for ``_``)."""
    found: list[tuple[str, ...]] = []
    for match in LINK.finditer(text):
        host = match.group("host")
        if host is not None and not validate_host(host.lower(), settings.ALLOWED_HOSTS):
            continue
        if match.group("game"):
            link: tuple[str, ...] = ("game", match.group("game"))
        else:
            fen = unquote(match.group("fen").rstrip(TRAILING)).replace("_", " ").strip()
            link = ("position", match.group("variant"), fen)
        if link not in found:
            found.append(link)
        if len(found) == MAX_PREVIEWS:
            break
    return found


def position_preview(variant_id: str, fen: str) -> dict[str, Any] | None:
    """An analysis board's position as a post shows it, or None if it is no position."""
    try:
        variant_id, fen = checked_position(variant_id, fen)
    except (GameError, PictureError):
        return None
    path = fen.replace(" ", "_")
    query = urlencode({"variant": variant_id, "fen": path})
    return {
        "kind": "position",
        "id": "",
        "url": reverse("analysis-fen", args=[variant_id, path]),
        "picture": f"{reverse('position-picture')}?{query}",
        "caption": _("%(game)s · analysis board") % {"game": game_name(variants.get(variant_id))},
    }


def with_games(posts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Gives each post (``forum.reads.post_object``) what it links to that exists, as
    ``previews`` (a game: ``games.reads.picture.game_previews``'; a position:
    ``position_preview``'s); a removed post shows none."""
    links = {post["number"]: linked(post["text"]) for post in posts if not post["removed"]}
    games = game_previews(
        link[1] for found in links.values() for link in found if link[0] == "game"
    )
    for post in posts:
        shown = (preview_of(link, games) for link in links.get(post["number"], []))
        post["previews"] = [preview for preview in shown if preview is not None]
    return posts


def preview_of(link: tuple[str, ...], games: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """What a post shows of one link (``linked``), or None: a game that does not exist, a
    position the engine cannot read."""
    if link[0] == "position":
        return position_preview(link[1], link[2])
    return {"kind": "game", **games[link[1]]} if link[1] in games else None
