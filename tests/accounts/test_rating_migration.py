"""The data migration to ratings by category: every rating kept before becomes the player's
Chesskers classical rating, with its history."""

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("accounts", "0002_ratings")]
AFTER = [("accounts", "0003_ratings_by_category")]


@pytest.mark.django_db(transaction=True)
def test_existing_ratings_become_chesskers_classical() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    old = executor.loader.project_state(BEFORE).apps
    user_model = old.get_model("accounts", "User")
    alice = user_model.objects.create(username="alice")
    bob = user_model.objects.create(username="bob")
    rating = old.get_model("accounts", "Rating")
    rating.objects.create(user=alice, rating=1712.5, deviation=61.0, volatility=0.059, games=31)
    rating.objects.create(user=bob, rating=1388.0, deviation=120.0, volatility=0.06, games=4)

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    new = executor.loader.project_state(AFTER).apps.get_model("accounts", "Rating")
    rows = {
        (row.user_id, row.category, row.rating, row.deviation, row.volatility, row.games)
        for row in new.objects.all()
    }
    assert rows == {
        (alice.pk, "classical", 1712.5, 61.0, 0.059, 31),
        (bob.pk, "classical", 1388.0, 120.0, 0.06, 4),
    }
    # Back to the latest schema: the tests after this one (and the Daphne processes they start
    # on this database) need the accounts migrations that came after these.
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
