"""Performance contract of heartbeats: a process writes the heartbeats of all the sockets it
holds in one statement, however many they are (``games.edges.realtime.Heartbeats``)."""

import pytest
from django.utils import timezone

from games.models import Connection
from games.services.core import Actor
from games.services.presence import connection_open, connections_seen
from tests.games.test_heartbeats import LONG_AGO

pytestmark = pytest.mark.django_db(transaction=True)


def test_many_connections_are_refreshed_in_one_statement(
    online_game, alice, django_assert_num_queries
) -> None:
    for n in range(3):
        connection_open(game_id=online_game.public_id, channel_name=f"c{n}", actor=Actor.of(alice))
    Connection.objects.update(last_seen=LONG_AGO)
    now = timezone.now()
    with django_assert_num_queries(1):
        refreshed = connections_seen(channel_names=["c0", "c1", "c2", "gone"], now=now)
    assert refreshed == 3
    assert set(Connection.objects.values_list("last_seen", flat=True)) == {now}
