"""What the simuls app hears from the games app below it (``games.domain.events``): a game
ended (a simul's board: its score, perhaps its end), and how the game page names a simul."""

from games.domain.events import game_ended, simul_label
from simuls import services


def connect() -> None:
    """Connects the app's receivers (once, however often it is called)."""
    game_ended.connect(services.game_ended, dispatch_uid="simuls.game_ended")
    simul_label.connect(services.label, dispatch_uid="simuls.label")
