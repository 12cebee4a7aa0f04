"""``manage.py find_puzzles``: searches the site's finished games for puzzles (each game once),
and with ``--self-play N`` has the bot play N games against itself first, for a site with too
few games of its own. Run it from cron, away from the requests (docs/deployment.md)."""

from django.core.management.base import BaseCommand, CommandError, CommandParser

from engine import variants
from puzzles.finding import games_to_scan, scan_game, self_play


def found(count: int) -> str:
    return f"{count} new puzzle" if count == 1 else f"{count} new puzzles"


class Command(BaseCommand):
    help = "Searches finished games (and, with --self-play, the bot's own games) for puzzles."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--games", type=int, default=20, help="finished games to search (latest first)"
        )
        parser.add_argument(
            "--self-play", type=int, default=0, help="games the bot plays against itself first"
        )
        parser.add_argument(
            "--variant",
            action="append",
            choices=list(variants.VARIANTS),
            help="the game of the self-played games (repeat for several; default: every game)",
        )
        parser.add_argument("--seed", type=int, default=0, help="the first self-played game's seed")

    def handle(self, *args, **options) -> None:
        if options["games"] < 0 or options["self_play"] < 0:
            raise CommandError("--games and --self-play count games: 0 or more")
        for variant in options["variant"] or list(variants.VARIANTS):
            if options["self_play"]:
                new = self_play(variant, options["self_play"], options["seed"])
                self.stdout.write(f"{variant}: {found(new)} from the bot's own games")
        for game in games_to_scan(options["games"]):
            new = scan_game(game)
            self.stdout.write(f"game {game.public_id} ({game.variant}): {found(new)}")
