"""A game's chat as each viewer may read it: the room a viewer talks in, the rooms they see
(their own while the game is live, both once it is over), and the lines, leaving out those of
players in a block with the viewer, either way. Only online games have a chat."""

from dataclasses import dataclass
from typing import Any

from accounts.selectors import chat_on
from community.selectors import blocked_ids, blocker_ids
from games.domain import wire
from games.domain.policy import CHAT_HISTORY
from games.models import ChatLine, Game

PLAYERS, SPECTATORS = ChatLine.Room.PLAYERS.value, ChatLine.Room.SPECTATORS.value


def has_chat(game: Game) -> bool:
    """Returns whether the game has a chat: online games do."""
    return game.mode == Game.Mode.ONLINE


def room_of(game: Game, user_id: int | None) -> str:
    """Returns the room a viewer talks in: the players', for the game's two players; the
    spectators', for everyone else (visitors included, who only read)."""
    playing = user_id is not None and user_id in (game.white_id, game.black_id)
    return PLAYERS if playing else SPECTATORS


def rooms_seen(game: Game, user_id: int | None) -> tuple[str, ...]:
    """Returns the rooms a viewer reads: their own while the game is live, both once it is
    over (finished or aborted)."""
    if game.status != Game.Status.LIVE:
        return (PLAYERS, SPECTATORS)
    return (room_of(game, user_id),)


def line_payload(line: ChatLine, username: str) -> dict[str, Any]:
    """Returns a line as clients get it: ``{room, user, text, at}``."""
    return {"room": line.room, "user": username, "text": line.text, "at": line.at.isoformat()}


# What a line's payload reads: its room, its writer's name, its text, its time (no model is
# built: a socket's opening reads up to CHAT_HISTORY lines of each room).
LINE_FIELDS = ("id", "room", "user__username", "text", "at")


def payloads(rows: list[tuple]) -> list[dict[str, Any]]:
    """Returns rows of ``LINE_FIELDS`` as clients get them, oldest first."""
    rows.sort(key=lambda row: row[0])
    return [
        {"room": room, "user": user, "text": text, "at": at.isoformat()}
        for _, room, user, text, at in rows
    ]


def chat_lines(game: Game, user_id: int | None, limit: int = CHAT_HISTORY) -> list[dict[str, Any]]:
    """Returns the lines a viewer may read, oldest first: the latest ``limit`` of each room
    they see (one indexed read per room), without those of users in a block with them."""
    if not has_chat(game):
        return []
    found: list[tuple] = []
    for room in rooms_seen(game, user_id):
        lines = ChatLine.objects.filter(game=game, room=room)
        if user_id is not None:
            lines = lines.exclude(user_id__in=blocked_ids(user_id)).exclude(
                user_id__in=blocker_ids(user_id)
            )
        found += lines.order_by("-id").values_list(*LINE_FIELDS)[:limit]
    return payloads(found)


def whole_chat(game: Game, limit: int = 5 * CHAT_HISTORY) -> list[dict[str, Any]]:
    """Returns the latest ``limit`` lines of both rooms, oldest first, whoever reads: what a
    moderator sees of a game reported."""
    return payloads(
        list(ChatLine.objects.filter(game=game).order_by("-id").values_list(*LINE_FIELDS)[:limit])
    )


@dataclass(frozen=True)
class ChatSeat:
    """What a game socket does with the chat: its viewer's ``room``, and whether chat lines go
    to it at all (``on``: an online game, and the viewer has not turned chat off)."""

    room: str
    on: bool


def chat_opening(game: Game, user_id: int | None) -> tuple[ChatSeat, list[str]]:
    """Returns a game socket's chat seat and the messages of the lines it may read, as sent
    on connect when there are any: ``{"type": "chat_history", "lines"}``, then, for more than
    one message holds, ``{"type": "chat_history_more", "added", "removed": []}`` messages with
    the rest."""
    on = has_chat(game) and (user_id is None or chat_on(user_id))
    seat = ChatSeat(room=room_of(game, user_id), on=on)
    lines = chat_lines(game, user_id) if on else []
    if not lines:
        return seat, []
    return seat, wire.list_texts({"type": "chat_history"}, "lines", lines, "chat_history_more")
