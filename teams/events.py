"""What the teams app asks of the apps above it, which it does not import: a Django signal.

- ``team_tournaments``: asked for by a team's page, with ``team`` (a public id); a receiver
  answers a list of the team's tournaments (each ``{"id", "name", "status", "url", …}``: the
  tournaments app's summaries), those not finished first.
"""

from typing import Any

from django.dispatch import Signal

team_tournaments = Signal()


def tournaments_of(team: str) -> list[dict[str, Any]]:
    """Returns the team's tournaments as the apps above answer (none when none answers)."""
    found: list[dict[str, Any]] = []
    for _receiver, answer in team_tournaments.send_robust(sender=None, team=team):
        if isinstance(answer, list):
            found += answer
    return found
