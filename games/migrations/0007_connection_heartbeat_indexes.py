# Every heartbeat a process writes (``games.edges.realtime.Heartbeats``, every 10 s) updates the
# last-seen time of its sockets' rows. PostgreSQL writes an updated row beside the old one on the
# same page (a heap-only tuple, no index entry) only when no indexed column changed and the page
# has room. So the last-seen time loses its index (only the sweep filters on it alone, every
# 30 s, over one row per open socket), the channel name's second index for ``LIKE`` lookups
# (which nothing makes) goes with ``unique=True`` for a unique constraint, and pages of sockets
# are kept half full: a batch of heartbeats can refresh every row of a page at once. One row per
# open socket, so the table stays small.

from django.db import migrations, models

CONNECTION_FILLFACTOR = 50


def alter_connections_table(change: str):
    """A migration step running ``ALTER TABLE <connections> <change>`` on PostgreSQL only."""

    def run(apps, schema_editor):
        if schema_editor.connection.vendor == "postgresql":
            model = apps.get_model("games", "Connection")
            table = schema_editor.quote_name(model._meta.db_table)
            schema_editor.execute(f"ALTER TABLE {table} {change}")

    return run


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0006_move_write_indexes"),
    ]

    operations = [
        migrations.RemoveIndex(
            model_name="connection",
            name="games_conne_last_se_6c6ca6_idx",
        ),
        migrations.AlterField(
            model_name="connection",
            name="channel_name",
            field=models.CharField(max_length=200),
        ),
        migrations.AddConstraint(
            model_name="connection",
            constraint=models.UniqueConstraint(
                fields=("channel_name",), name="connection_unique_channel"
            ),
        ),
        migrations.RunPython(
            alter_connections_table(f"SET (fillfactor = {CONNECTION_FILLFACTOR})"),
            alter_connections_table("RESET (fillfactor)"),
        ),
    ]
