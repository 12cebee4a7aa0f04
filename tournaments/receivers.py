"""What the tournaments app hears from the apps below it: from the games app
(``games.domain.events``), a game ended (score it, if it is a tournament's) and how the game page
names a tournament; from the teams app (``teams.events``), a team's page asking for its
tournaments."""

from games.domain.events import game_ended, tournament_label
from teams.events import team_tournaments
from tournaments import reads
from tournaments.services import results


def connect() -> None:
    """Connects the app's receivers (once, however often it is called)."""
    game_ended.connect(results.game_ended, dispatch_uid="tournaments.game_ended")
    tournament_label.connect(reads.label, dispatch_uid="tournaments.label")
    team_tournaments.connect(reads.team_tournaments, dispatch_uid="tournaments.team_tournaments")
