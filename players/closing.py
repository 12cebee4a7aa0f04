"""Closing an account, by its player or by a moderator: what every app holds of it is ended in
turn, from the top down. Its live online games are resigned, what it offered in the lobby is
withdrawn (and the simuls it hosts called off, its asks to play in others taken back), it
leaves its teams (a team it alone led passes to its longest-standing member), its
bookmarks, notes, blocks, follows and mute are forgotten, and the account itself
is renamed to a neutral name and switched off (``accounts.services.account_close``): its
finished games stay in the archive under that name."""

from accounts.models import User
from accounts.services import account_close
from community.models import Report
from community.services import forget_user, log_closing
from games.domain.errors import GameError
from games.reads.live import live_games_of
from games.services.bookmarks import forget_bookmarks
from games.services.core import Actor
from games.services.lobby import withdraw_everything
from games.services.notes import forget_notes
from games.services.round import Round
from simuls.services import forget_simuls
from teams.services import forget_teams


def close_account(
    *,
    user: User,
    moderator: User | None = None,
    note: str = "",
    report: Report | None = None,
) -> str:
    """Closes ``user``'s account (a moderator's closing is logged, with the report it answers);
    returns the account's new name."""
    if moderator is not None:
        log_closing(moderator=moderator, user=user, note=note, report=report)
    actor = Actor.of(user)
    for game in live_games_of([user.pk]):
        try:
            Round(game.public_id).resign(actor=actor)
        except GameError:  # it ended meanwhile
            continue
    # A live game of another mode (the bot's, pass-and-play) is left as it is: nobody waits.
    withdraw_everything(user_id=user.pk)
    forget_simuls(user_id=user.pk)
    forget_teams(user_id=user.pk)
    forget_bookmarks(user_id=user.pk)
    forget_notes(user_id=user.pk)
    forget_user(user=user)
    return account_close(user=user)
