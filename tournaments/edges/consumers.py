"""A tournament's socket (``/ws/tournaments/<id>/``): the tournament on connect and after each
change, at most once a second (its ``Feed``), and a player's own new games as they start.

Built on the games app's ``BaseConsumer``: the same budgets, caps, error messages and message
size. Anyone may connect; a signed-in player's socket also carries their own line of the
standings (``me``) and hears ``game_started`` for their games.
"""

from typing import Any

from django.utils.translation import gettext as _

from games.domain.errors import ErrorCode, GameError
from games.domain.protocol import error_message
from games.edges.consumers import CLOSE_NOT_FOUND, BaseConsumer, signed_in_id
from games.edges.realtime import db
from tournaments.edges.director import start_director
from tournaments.edges.feeds import FEEDS
from tournaments.models import Tournament


def tournament_exists(public_id: str) -> bool:
    return Tournament.objects.filter(public_id=public_id).exists()


class TournamentConsumer(BaseConsumer):
    """Anyone watching a tournament; its players hear their own line and games."""

    handlers = {"sync": "on_sync", "ping": "on_ping"}

    async def connect(self) -> None:
        self.joined = False
        self.tournament_id = self.scope["url_route"]["kwargs"]["tournament_id"]
        self.user_id = signed_in_id(self.scope)
        self.budget = self.shared_budget("other")
        await self.accept()
        if not await self.admit():
            return
        start_director()
        if not await db(tournament_exists)(self.tournament_id):
            missing = GameError(
                ErrorCode.NOT_FOUND,
                _("There is no tournament %(tournament_id)s.")
                % {"tournament_id": self.tournament_id},
            )
            await self.send_json(error_message(missing))
            await self.close(code=CLOSE_NOT_FOUND)
            return
        self.joined = True
        await FEEDS.of(self.tournament_id).join(self.send_text, self.user_id)

    async def disconnect(self, code: int) -> None:
        if getattr(self, "joined", False):
            self.joined = False
            FEEDS.of(self.tournament_id).leave(self.send_text)

    async def send_text(self, text: str) -> None:
        await self.send(text_data=text)

    async def on_sync(self, message: dict[str, Any]) -> None:
        await FEEDS.of(self.tournament_id).resend(self.send_text)
