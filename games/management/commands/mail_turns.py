"""``manage.py mail_turns``: mails each correspondence player whose turn has waited a while
(``games.services.turn_mails``); each turn once. Run it from cron, every few minutes."""

from django.core.management.base import BaseCommand

from games.services.turn_mails import mail_turns


class Command(BaseCommand):
    help = "Mails correspondence players whose turn it is (each turn once), once."

    def handle(self, *args: object, **options: object) -> None:
        self.stdout.write(f"sent {mail_turns()} turn mails")
