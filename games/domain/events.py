"""What the games app tells the apps above it, which it does not import: Django signals.

- ``game_ended``: a game has ended (finished or aborted), sent once its ending has committed,
  with ``game_id`` (its public id), ``tournament`` and ``simul`` (its tournament's or simul's
  public id, or None). The apps that run tournaments and simuls score their games from it; a
  receiver that fails is logged and changes nothing here (``send_robust``), and the game's
  record is the truth it can read again.
- ``tournament_label``: asked for by the game page, with ``tournament`` (a public id); a
  receiver answers ``{"name", "url", "socket"}`` (the tournament's name, its page and its
  socket's path) or None.
- ``simul_label``: the same for a simul's game, with ``simul`` (a public id); a receiver
  answers ``{"name", "url", "host"}`` (the simul's name, its page and its host's username).
"""

import logging
from typing import Any

from django.dispatch import Signal

log = logging.getLogger(__name__)

game_ended = Signal()
tournament_label = Signal()
simul_label = Signal()


def send_game_ended(*, game_id: str, tournament: str | None, simul: str | None = None) -> None:
    """Sends ``game_ended`` to its receivers, logging (never raising) what any of them raised:
    the ending it announces has committed already."""
    for receiver, answer in game_ended.send_robust(
        sender=None, game_id=game_id, tournament=tournament, simul=simul
    ):
        if isinstance(answer, Exception):
            log.error("a receiver of game_ended failed: %r", receiver, exc_info=answer)


def first_label(signal: Signal, **asked: str) -> dict[str, Any] | None:
    """Returns the first receiver's answer to a label's ``signal`` that is one, or None."""
    for _receiver, answer in signal.send_robust(sender=None, **asked):
        if isinstance(answer, dict):
            return answer
    return None


def label_of_tournament(tournament: str | None) -> dict[str, Any] | None:
    """Returns how the app that runs tournaments names the tournament ``tournament`` (``{"name",
    "url", "socket"}``), or None (no such tournament, or no app answering)."""
    return first_label(tournament_label, tournament=tournament) if tournament else None


def label_of_simul(simul: str | None) -> dict[str, Any] | None:
    """Returns how the app that runs simuls names the simul ``simul`` (``{"name", "url",
    "host"}``), or None (no such simul, or no app answering)."""
    return first_label(simul_label, simul=simul) if simul else None
