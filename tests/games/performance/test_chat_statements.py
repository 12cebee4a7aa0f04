"""Performance contracts of the chat: a line is four statements whatever the crowd at the table
(the game, its writer's name, mute and setting, the insert, the blocks among those at the
table), and a socket's opening reads the chat in at most two more than the state (the reader's
setting, their room's lines; a visitor's, one). ``bench/community_bench.py`` measures what
they cost."""

import pytest
from django.utils import timezone

from games.edges.consumers import load_opening, open_game
from games.models import ChatLine, Connection
from games.services.chat import chat_send
from games.services.core import Actor
from tests.factories import make_user
from tests.games.performance.test_move_statements import CountQueries

pytestmark = pytest.mark.django_db


def statements(function) -> list[str]:
    with CountQueries() as queries:
        function()
    return [q for q in queries.sql if "SAVEPOINT" not in q]


@pytest.mark.parametrize("crowd", [0, 30])
def test_a_chat_line_is_four_statements_whatever_the_crowd(online_game, alice, crowd) -> None:
    watchers = [make_user(f"watcher{n}") for n in range(crowd)]
    Connection.objects.bulk_create(
        Connection(game=online_game, channel_name=f"c{u.pk}", user=u, last_seen=timezone.now())
        for u in watchers
    )
    sent = statements(
        lambda: chat_send(game_id=online_game.public_id, actor=Actor.of(alice), text="hi")
    )
    assert len(sent) == 4, sent
    assert sent[2].startswith("INSERT INTO")
    assert "community_block" in sent[3] and "games_connection" in sent[3]  # one query for all


@pytest.mark.parametrize(("reader", "more"), [("player", 2), ("spectator", 2), ("visitor", 1)])
def test_a_sockets_opening_reads_the_chat_in_a_statement_or_two(
    online_game, alice, carol, reader, more
) -> None:
    ChatLine.objects.bulk_create(
        ChatLine(game=online_game, user=alice, room=room, text=f"{room} {n}")
        for n in range(150)
        for room in ("players", "spectators")
    )
    user_id = {"player": alice.pk, "spectator": carol.pk, "visitor": None}[reader]
    gid = online_game.public_id
    open_game(gid)  # the game's moves kept, as after the table's first socket
    state = statements(lambda: open_game(gid))
    opening = statements(lambda: load_opening(gid, False, user_id))
    assert len(opening) == len(state) + more, opening
