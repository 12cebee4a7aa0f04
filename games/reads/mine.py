"""The games a viewer has in progress, of every kind, so that a bot or pass-and-play game left
for another page can be found again from the lobby as an online one can."""

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext, pgettext

from engine import variants
from engine.errors import UnknownVariantError
from games.domain.clock import TimeControl
from games.models import Game

# How many unfinished games the lobby lists; the most recently played first.
IN_PROGRESS_SHOWN = 20

OFFLINE_MODES = (Game.Mode.BOT, Game.Mode.LOCAL)


@dataclass(frozen=True, slots=True)
class GameInProgress:
    """One line of "your games in progress": where it is and what it is."""

    public_id: str
    title: str  # "alice vs bob", "You vs the bot (level 3)", "Pass-and-play" (the page's language)
    kind: str  # the mode's name as the site says it
    game_name: str  # the variant's name, in the page's language
    ply: int
    control: str  # a clocked game's control and speed ("3+2 · blitz"); "" when unlimited


def games_in_progress(user_id: int | None, session_key: str) -> list[GameInProgress]:
    """Returns the viewer's live games, newest move first: a user's online, bot and
    pass-and-play games; a visitor's bot and pass-and-play games, kept by their session."""
    if user_id is not None:
        mine = Q(white_id=user_id) | Q(black_id=user_id)
    elif session_key:
        mine = Q(mode__in=OFFLINE_MODES, owner_session=session_key)
    else:
        return []
    games = (
        Game.objects.filter(mine, status=Game.Status.LIVE)
        .select_related("white", "black")
        .order_by("-updated_at", "-id")[:IN_PROGRESS_SHOWN]
    )
    return [
        GameInProgress(
            public_id=game.public_id,
            title=title(game),
            kind=game.get_mode_display(),
            game_name=variant_name(game.variant),
            ply=game.ply,
            control=clock_shown(game),
        )
        for game in games
    ]


def clock_shown(game: Game) -> str:
    """Returns a clocked game's control as the lists show it; "" for an unlimited one (most
    games in progress: bot and pass-and-play have no clock)."""
    control = TimeControl.of_game(game)
    return "" if control.kind == "unlimited" else control.shown


def title(game: Game) -> str:
    """Returns who sits at a game as its line says it, in the page's language."""
    if game.mode == Game.Mode.LOCAL:
        return gettext("Pass-and-play")
    if game.mode == Game.Mode.BOT:
        level = {"level": game.bot_level}
        if game.human_color == "white":
            return gettext("You vs the bot (level %(level)s)") % level
        return gettext("The bot (level %(level)s) vs you") % level
    white = game.white.username if game.white else "?"
    black = game.black.username if game.black else "?"
    # Translators: the two players of a game in progress, White first.
    return pgettext("players", "%(white)s vs %(black)s") % {"white": white, "black": black}


def variant_name(variant_id: str) -> str:
    """Returns a game's name from the engine's registry, in the page's language (its id if the
    registry lacks it)."""
    try:
        return gettext(variants.get(variant_id).name)
    except UnknownVariantError:
        return variant_id
