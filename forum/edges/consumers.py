"""A topic's socket (``/ws/forum/<topic id>/``): its open pages hear each change to it as it
commits — ``post`` (a reply, by its number), ``edited`` and ``removed`` (a post, by its number),
``title`` (the new title), ``closed`` (closed or opened again), ``pinned`` (pinned or
unpinned) and ``deleted`` — and ``topic``
(its title and how many posts it holds) once the socket hears them, and again on ``sync``, so
that a page that reconnects reads what it missed.

A page reads a post it hears of from the topic's page (``forum.edges.views.topic_posts``), drawn
for its reader: the socket carries numbers, never a post's words. Built on the games app's
``BaseConsumer``: the same budgets, caps, error messages and message size. Whoever may read the
topic may connect (a team's: its members and the moderators); anyone else is told why and the
socket closes (4403; no such topic: 4404), as a ``sync`` that finds them no longer allowed does.
A member who leaves the team, or is taken out of it, is checked again at once (``on_team_left``,
told by ``games.edges.session_feed``): their page of its topic is told why and closed.
"""

from typing import Any

from accounts.models import User
from common.i18n import hold_language
from forum.services import topic_by_id
from forum.tells import topic_group
from games.domain.errors import ErrorCode, GameError
from games.domain.protocol import error_message
from games.edges.consumers import CLOSE_NOT_FOUND, BaseConsumer, signed_in_id
from games.edges.realtime import db

CLOSE_FORBIDDEN = 4403


def topic_now(topic_id: str, user_id: int | None) -> tuple[dict[str, Any], str | None]:
    """The topic as its socket tells it (``topic``) and its team's public id (None: one of the
    site's forums); refuses a topic the user may not read."""
    viewer = User.objects.filter(pk=user_id, is_active=True).first() if user_id else None
    topic, where = topic_by_id(topic_id, viewer)
    said = {"type": "topic", "topic": topic.public_id, "title": topic.title}
    return {**said, "posts": topic.post_count}, where.team_id


class TopicConsumer(BaseConsumer):
    """A topic's open pages: each change to it as it commits."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}

    async def connect(self) -> None:
        self.joined = False
        self.team: str | None = None
        self.topic_id = self.scope["url_route"]["kwargs"]["topic_id"]
        self.budget = self.shared_budget("other")
        await self.accept()
        if not await self.admit():
            return
        heard = await self.read()
        if heard is None:
            return
        # The group is joined once the topic is known to exist and be the reader's (its public
        # id, not the address's text, names it); the topic is read again after joining, so a
        # reply committed in between is counted.
        self.group = topic_group(heard["topic"])
        await self.channel_layer.group_add(self.group, self.channel_name)
        self.joined = True
        await self.on_sync({})

    async def read(self) -> dict[str, Any] | None:
        """The topic now, or None once the socket is told why it may not have it and closed."""
        try:
            heard, self.team = await db(topic_now)(self.topic_id, signed_in_id(self.scope))
            return heard
        except GameError as refusal:
            await self.send_json(error_message(refusal))
            await self.disconnect(CLOSE_NOT_FOUND)
            forbidden = refusal.code == ErrorCode.FORBIDDEN
            await self.close(code=CLOSE_FORBIDDEN if forbidden else CLOSE_NOT_FOUND)
            return None

    async def disconnect(self, code: int) -> None:
        if getattr(self, "joined", False):
            self.joined = False
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def on_sync(self, message: dict[str, Any]) -> None:
        heard = await self.read()
        if heard is not None:
            await self.send_json(heard)

    async def on_team_left(self, team: str | None) -> None:
        """The reader left a team: if this topic is the team's, they may read it no longer (a
        moderator still may), and the socket is told why and closed."""
        if self.joined and team is not None and team == self.team:
            hold_language(self.language)  # this task's own: told in the socket's language
            await self.read()

    async def forum_event(self, event: dict[str, Any]) -> None:
        await self.send_json(event["event"])
