"""``manage.py sweep_games``: prune dead connections, forfeit players whose absence ran out and
withdraw the seeks of players who left the lobby.

Every Daphne process already sweeps every 30 seconds; this command is for cron or a systemd
timer where one wants a sweep that does not depend on any server process being up.
"""

from django.core.management.base import BaseCommand

from games.services.sweep import sweep


class Command(BaseCommand):
    help = (
        "Prunes dead game connections, enforces the abandonment clock and withdraws the seeks"
        " of players who left the lobby, once."
    )

    def handle(self, *args: object, **options: object) -> None:
        result = sweep()
        self.stdout.write(
            f"pruned {result['pruned']} dead connections, forfeited {result['forfeited']} games,"
            f" withdrew {result['withdrawn']} seeks"
        )
