"""Writing in a game's chat: a signed-in user's line, in the players' room if they play the
game, else in the spectators'; stored with the game, then told to the game's sockets after
commit. Each socket shows it only to the room's readers (``games.edges.consumers``) and never to
a user in a block with its writer, either way (the line's event names those at the table).

Every line is counted against its writer's chat throttle before any work (``chat_user``); a
muted writer (a moderator's mute), one who turned chat off, and a visitor are refused.
"""

from datetime import datetime
from typing import Any

from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from common.throttle import charge
from community.selectors import blocked_among, chat_standing
from games.domain.errors import ErrorCode, GameError
from games.models import ChatLine, Connection, Game
from games.reads.chat import has_chat, line_payload, room_of
from games.services.core import Actor
from games.storage import broadcast

# What a line needs of its game: whose it is, its mode and whether it is over.
GAME_FIELDS = ("id", "public_id", "mode", "status", "white_id", "black_id")


def chat_send(
    *, game_id: str, actor: Actor, text: str, now: datetime | None = None
) -> dict[str, Any]:
    """Writes ``text`` (checked by ``schemas.chat_text``) in the game's chat for the actor and
    returns the line as clients get it (``{room, user, text, at}``)."""
    if actor.user_id is None:
        raise GameError(ErrorCode.UNAUTHENTICATED, _("Sign in to chat: visitors only read."))
    spent = charge([("chat_user", str(actor.user_id))])
    if spent.wait is not None:
        raise GameError(
            ErrorCode.RATE_LIMITED,
            _("Too many chat lines: wait %(wait)s seconds.") % {"wait": spent.wait},
        )
    game = Game.objects.filter(public_id=game_id).only(*GAME_FIELDS).first()
    if game is None:
        raise GameError(
            ErrorCode.NOT_FOUND, _("There is no game %(game_id)s.") % {"game_id": game_id}
        )
    if not has_chat(game):
        raise GameError(ErrorCode.NOT_ALLOWED, _("Only online games have a chat."))
    name, muted, chat_on = chat_standing(actor.user_id, now or timezone.now())
    if muted is not None:
        raise GameError(
            ErrorCode.FORBIDDEN,
            _("A moderator muted your chat until %(muted)s UTC.")
            % {"muted": date_format(muted, "d M Y, H:i")},
        )
    if not chat_on:
        raise GameError(ErrorCode.NOT_ALLOWED, _("Your chat is off: turn it on in your settings."))
    line = ChatLine.objects.create(
        game=game, user_id=actor.user_id, room=room_of(game, actor.user_id), text=text
    )
    payload = line_payload(line, name)
    at_table = Connection.objects.filter(game=game, user__isnull=False).values("user_id")
    event = {
        "type": "game.chat",
        "line": payload,
        # The users at the table who must not hear it: a block between them and its writer.
        "hidden": blocked_among(actor.user_id, at_table),
        "over": game.status != Game.Status.LIVE,
    }
    broadcast.send_on_commit(broadcast.game_group(game.public_id), event)
    return payload
