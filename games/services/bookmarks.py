"""Bookmarks: a user marks a game to find it again (the game page's ☆, ``PUT``/``DELETE
/api/games/{id}/bookmark/``), and finds their bookmarks in the archive's *Bookmarked* filter.
Private: nobody else sees them. A user keeps at most ``MAX_BOOKMARKS``."""

from django.db import transaction
from django.utils.translation import gettext as _

from accounts.models import User
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_BOOKMARKS
from games.models import Bookmark, Color, Game
from games.reads.mine import clock_shown, variant_name
from games.reads.state import player_name


def game_pk_of(game_id: str) -> int:
    """The row id of the game ``game_id``; raises ``GameError`` (not_found) for none."""
    game_pk = Game.objects.filter(public_id=game_id).values_list("pk", flat=True).first()
    if game_pk is None:
        raise GameError(ErrorCode.NOT_FOUND, _("No such game."))
    return game_pk


def hold_user(user: User) -> None:
    """Locks the user's row until the transaction ends: one count of what they keep (their
    bookmarks, their notes) at a time, so that two requests together cannot pass a bound."""
    User.objects.select_for_update().filter(pk=user.pk).first()


def bookmark_set(*, user: User, game_id: str, on: bool) -> bool:
    """Bookmarks the game ``game_id`` for ``user`` (``on``) or takes the bookmark off; asking
    for what already is changes nothing. Returns whether the game is bookmarked now."""
    game_pk = game_pk_of(game_id)
    if not on:
        Bookmark.objects.filter(user_id=user.pk, game_id=game_pk).delete()
        return False
    with transaction.atomic():
        hold_user(user)
        mine = Bookmark.objects.filter(user_id=user.pk)
        if mine.filter(game_id=game_pk).exists():
            return True
        if mine.count() >= MAX_BOOKMARKS:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("You have %(max_bookmarks)s bookmarks already: take one off first.")
                % {"max_bookmarks": MAX_BOOKMARKS},
            )
        Bookmark.objects.create(user_id=user.pk, game_id=game_pk)
    return True


def forget_bookmarks(*, user_id: int) -> int:
    """Removes a closing account's bookmarks; returns how many there were."""
    deleted, _by_model = Bookmark.objects.filter(user_id=user_id).delete()
    return deleted


def bookmarked(user_id: int | None, game: Game) -> bool:
    """Returns whether the user (None: a visitor, who has none) bookmarked the game."""
    return user_id is not None and Bookmark.objects.filter(user_id=user_id, game=game).exists()


LIVE_BOOKMARKS_LISTED = 50  # the archive's list of bookmarked games still being played


def bookmarked_live(user_id: int) -> list[dict[str, str]]:
    """Returns the games the user bookmarked that are still being played, newest first (the
    archive lists finished games only; its *Bookmarked by me* shows these above them), each
    ``{"id", "white", "black", "game_name", "control"}`` as the page writes it."""
    games = (
        Game.objects.filter(status=Game.Status.LIVE, bookmarks__user_id=user_id)
        .select_related("white", "black")
        .order_by("-created_at", "-id")[:LIVE_BOOKMARKS_LISTED]
    )
    return [
        {
            "id": game.public_id,
            "white": player_name(game, Color.WHITE) or "?",
            "black": player_name(game, Color.BLACK) or "?",
            "game_name": variant_name(game.variant),
            "control": clock_shown(game),
        }
        for game in games
    ]
