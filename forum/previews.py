"""The games a post links to, shown under it as a picture of their position with their players,
game and result, as lichess's forum shows the games its posts link to: a reader of *Game
analysis* sees the position talked about without leaving the topic.

A link is a game's address on this site: ``/game/<id>/``, written alone (after a space or at the
start of a line) or after ``http(s)://`` and a host the site answers to (``ALLOWED_HOSTS``); an
address on another site is not this site's game. At most ``MAX_GAMES`` a post, every post of a
page read in one query."""

import re
from typing import Any

from django.conf import settings
from django.http.request import validate_host

from games.reads.picture import game_previews

MAX_GAMES = 2  # games shown under one post
GAME_LINK = re.compile(
    r"(?:https?://(?P<host>[^/\s]+)|(?<![^\s(]))/game/(?P<id>[a-z2-9]{8})(?![a-z0-9])"
)


def linked_games(text: str) -> list[str]:
    """The ids of the games of this site ``text`` links to, in order, each once, at most
    ``MAX_GAMES``."""
    found: list[str] = []
    for match in GAME_LINK.finditer(text):
        host = match.group("host")
        if host is not None and not validate_host(host.lower(), settings.ALLOWED_HOSTS):
            continue
        if match.group("id") not in found:
            found.append(match.group("id"))
        if len(found) == MAX_GAMES:
            break
    return found


def with_games(posts: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Gives each post (``forum.reads.post_object``) the games it links to that exist
    (``games``: ``games.reads.picture.game_previews``' previews); a removed post shows none."""
    linked = {post["number"]: linked_games(post["text"]) for post in posts if not post["removed"]}
    previews = game_previews({game for ids in linked.values() for game in ids})
    for post in posts:
        ids = linked.get(post["number"], [])
        post["games"] = [previews[game] for game in ids if game in previews]
    return posts
