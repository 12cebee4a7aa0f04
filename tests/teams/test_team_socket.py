"""A leader's answer reaches the player who asked on the real ASGI application: their open pages'
``/ws/me/`` hears ``team_answer`` once the answer commits, whether it let them in or not."""

import pytest
from channels.db import database_sync_to_async

from teams.services import team_answer, team_join
from tests.games.conftest import ws  # noqa: F401 (a fixture)
from tests.games.test_consumers import connect, next_of_type
from tests.teams.conftest import make_team


@pytest.mark.django_db(transaction=True)
async def test_the_player_who_asked_hears_the_answer_on_their_pages(ws, people) -> None:  # noqa: F811
    lead, ann, bob = await database_sync_to_async(people)(2)
    team = await database_sync_to_async(make_team)(lead, open=False)
    for player in (ann, bob):
        await database_sync_to_async(team_join)(public_id=team.public_id, user=player)
    anns, _ = await connect(ws, "/ws/me/", ann)
    bobs, _ = await connect(ws, "/ws/me/", bob)
    for username, accept in (("ann", True), ("bob", False)):
        await database_sync_to_async(team_answer)(
            public_id=team.public_id, leader=lead, username=username, accept=accept
        )
    told = {"type": "team_answer", "team": team.public_id, "name": "Knights of Kyiv"}
    assert await next_of_type(anns, "team_answer") == {**told, "accepted": True}
    assert await next_of_type(bobs, "team_answer") == {**told, "accepted": False}
