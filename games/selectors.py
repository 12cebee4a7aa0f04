"""Game reads for other apps and pages."""

from django.contrib.auth.models import AbstractBaseUser


def finished_game_counts(user: AbstractBaseUser) -> dict[str, int]:
    """Returns the user's finished games as ``games_played``/``wins``/``draws``/``losses``.

    Game records arrive with online play (issue 4); until then every count is zero.
    """
    return {"games_played": 0, "wins": 0, "draws": 0, "losses": 0}
