"""What the tournaments app hears from the games app below it (``games.domain.events``): a game
ended (score it, if it is a tournament's), and how the game page names a tournament."""

from games.domain.events import game_ended, tournament_label
from tournaments import reads
from tournaments.services import results


def connect() -> None:
    """Connects the app's receivers (once, however often it is called)."""
    game_ended.connect(results.game_ended, dispatch_uid="tournaments.game_ended")
    tournament_label.connect(reads.label, dispatch_uid="tournaments.label")
