"""``manage.py sweep_games``: prune dead connections and forfeit players whose absence ran out.

Every Daphne process already sweeps every 30 seconds; this command is for cron or a systemd
timer where one wants a sweep that does not depend on any server process being up.
"""

from django.core.management.base import BaseCommand

from games.services import sweep


class Command(BaseCommand):
    help = "Prunes dead game connections and enforces the abandonment clock once."

    def handle(self, *args: object, **options: object) -> None:
        result = sweep()
        self.stdout.write(
            f"pruned {result['pruned']} dead connections, forfeited {result['forfeited']} games"
        )
