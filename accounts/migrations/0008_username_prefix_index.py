# The player search (players.selectors.players_starting) asks for the names starting with a few
# letters: LOWER(username) LIKE 'al%'. PostgreSQL serves such a prefix from a btree index only
# under the C collation, or from an index built with text_pattern_ops under any collation; this
# one is the latter, on PostgreSQL only (SQLite, the development default, scans its few users).

from django.db import migrations

INDEX = "accounts_user_name_prefix"


def create(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        table = schema_editor.quote_name(apps.get_model("accounts", "User")._meta.db_table)
        schema_editor.execute(
            f"CREATE INDEX IF NOT EXISTS {INDEX} ON {table} (LOWER(username) text_pattern_ops)"
        )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("accounts", "0007_confirm_moves")]

    operations = [migrations.RunPython(create, drop)]
