"""Account reads: a player's public profile and statistics."""

from dataclasses import asdict, dataclass
from typing import Any

from accounts.models import User


@dataclass(frozen=True)
class PlayerStats:
    games_played: int = 0
    wins: int = 0
    draws: int = 0
    losses: int = 0


def player_stats(user: User) -> PlayerStats:
    """Returns the user's counts of finished games; zeros until they have played."""
    from games.selectors import finished_game_counts

    return PlayerStats(**finished_game_counts(user))


def profile_data(user: User) -> dict[str, Any]:
    """Returns the public profile of a user, as the API and the profile page show it."""
    return {
        "username": user.username,
        "joined": user.date_joined.isoformat(),
        **asdict(player_stats(user)),
        # Ratings arrive with issue 8; until then every player is unrated.
        "rating": None,
    }
