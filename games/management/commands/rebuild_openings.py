"""``manage.py rebuild_openings``: count the opening explorer afresh from the archive.

The explorer is counted as each game ends, and the migration that introduced it counted the
games finished before it; this command is for after restoring games from a backup, or after
a change to what the explorer counts. It replaces every row in one transaction, so readers
see the old counts until the new ones are whole.
"""

from django.core.management.base import BaseCommand

from games.storage.openings import rebuild_openings


class Command(BaseCommand):
    help = "Counts the opening explorer afresh from every finished online game."

    def handle(self, *args: object, **options: object) -> None:
        rows = rebuild_openings()
        self.stdout.write(f"counted {rows} explorer rows")
