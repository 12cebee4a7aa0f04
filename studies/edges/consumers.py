"""A study's socket (``/ws/studies/<id>/``): ``joined`` once it hears the study, then every change
to the study, as it commits — a chapter's
tree changed (``change``), the chapters (``chapters``), its name and visibility (``study``), its
contributors (``members``), the study deleted (``gone``).

Built on the games app's ``BaseConsumer``: the same budgets, caps, error messages and message
size. Anyone who may see the study may connect; when it turns private, or a contributor is taken
off a private study, the sockets that may no longer see it are told ``gone`` and closed.
"""

from typing import Any

from django.utils.translation import gettext as _

from games.domain.errors import GameError
from games.domain.protocol import error_message
from games.edges.consumers import CLOSE_NOT_FOUND, BaseConsumer, signed_in_id
from games.edges.realtime import db
from studies.models import Study
from studies.services import is_member, study_group, viewable


def standing(study_id: str, user_id: int | None) -> tuple[bool, bool]:
    """Returns whether the user edits the study and whether it is private; refuses a study they
    may not see."""
    study = viewable(study_id, user_id)
    return is_member(study, user_id), study.visibility == Study.Visibility.PRIVATE


class StudyConsumer(BaseConsumer):
    """Anyone who may see a study: its changes, as they commit."""

    handlers = {"ping": "on_ping"}

    async def connect(self) -> None:
        self.joined = False
        self.study_id = self.scope["url_route"]["kwargs"]["study_id"]
        self.budget = self.shared_budget("other")
        await self.accept()
        if not await self.admit():
            return
        user = self.scope.get("user")
        self.name = user.username if user is not None and user.is_authenticated else ""
        try:
            self.member, self.private = await db(standing)(self.study_id, signed_in_id(self.scope))
        except GameError as refusal:
            await self.send_json(error_message(refusal))
            await self.close(code=CLOSE_NOT_FOUND)
            return
        await self.channel_layer.group_add(study_group(self.study_id), self.channel_name)
        self.joined = True
        # From here on every change reaches this socket: what the page reads now is up to date.
        await self.send_json({"type": "joined"})

    async def disconnect(self, code: int) -> None:
        if getattr(self, "joined", False):
            self.joined = False
            await self.channel_layer.group_discard(study_group(self.study_id), self.channel_name)

    async def study_event(self, event: dict[str, Any]) -> None:
        message = {key: value for key, value in event.items() if key not in ("type", "event")}
        message["type"] = event["event"]
        if message["type"] == "study":
            self.private = message["visibility"] == Study.Visibility.PRIVATE
        if message["type"] == "members" and self.name and message.get("removed") == self.name:
            self.member = False
        await self.send_json(message)
        if message["type"] == "gone" or (self.private and not self.member):
            if message["type"] != "gone":
                await self.send_json({"type": "gone", "reason": str(_("This study is private."))})
            await self.disconnect(CLOSE_NOT_FOUND)
            await self.close(code=CLOSE_NOT_FOUND)
