"""The lobby: seeks anyone may accept, challenges to a user by name, invite links, rematches.
Two players in a block (``community``), either way, are never paired: neither may challenge the
other, nor accept the other's seek, invite link or rematch offer.

A seek, a challenge or an invite link made in the lobby stands while its player is in the
lobby: a lobby page's heartbeat keeps the player's ``last_seen`` fresh. One whose player has not
been seen within ``CONNECTION_STALE_AFTER`` is no longer listed or accepted, and the sweep
withdraws it (``withdraw_left``); closing the lobby withdraws it at once (``lobby_left``).
Otherwise a player who posted a seek and went away would be put in a game they never see, and
lose it by abandonment. A rematch offer is made at a game's table and stands until answered.
"""

import random
from datetime import datetime

from django.db import transaction
from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.selectors import active_user
from accounts.services import user_seen
from community.selectors import blocked_between, lets_in
from games.domain.clock import UNLIMITED, TimeControl
from games.domain.errors import ErrorCode, GameError
from games.domain.policy import MAX_OPEN_CHALLENGES, MAX_OPEN_SEEKS, fresh_since
from games.domain.schemas import ChallengeRequest
from games.models import DEFAULT_VARIANT, Challenge, Color, Game, Seek, SeekColor
from games.reads.lobby import RELATED, challenge_payload, seek_payload
from games.services.core import Actor, lock_game, opponent, publish_state, require_player
from games.services.play import game_create_online, position_start
from games.storage import broadcast


def already(state: str) -> str:
    """Returns the refusal of a challenge that is no longer open, by its state."""
    if state == "accepted":
        return _("That challenge was already accepted.")
    if state == "declined":
        return _("That challenge was already declined.")
    if state == "cancelled":
        return _("That challenge was already cancelled.")
    return _("That challenge was already %(state)s.") % {"state": state}


def assign_colors(creator: User, other: User, color: str) -> tuple[User, User]:
    """Returns (white, black) for a seek or challenge whose creator asked for ``color``."""
    if color == SeekColor.RANDOM:
        color = random.choice([Color.WHITE, Color.BLACK])
    return (creator, other) if color == Color.WHITE else (other, creator)


def left_lobby(seen: datetime | None, now: datetime | None = None) -> bool:
    """Returns whether a player last seen at ``seen`` has left the lobby."""
    return seen is None or seen < fresh_since(now)


# --- seeks ----------------------------------------------------------------------------------
def publish_seeks(*, added: Seek | None = None, removed: list[str] | None = None) -> None:
    """Tells the lobby, after commit, of a seek added and of seeks removed (their ids): what
    changed, never the whole list (``open_seeks``, sent on connect)."""

    def send() -> None:
        change = {"added": [seek_payload(added)] if added else [], "removed": removed or []}
        broadcast.send_now(broadcast.LOBBY_GROUP, {"type": "lobby.seeks_changed", **change})

    transaction.on_commit(send)


def seek_create(
    *,
    user: User,
    color: str = SeekColor.RANDOM,
    rated: bool = True,
    variant: str = DEFAULT_VARIANT,
    clock: TimeControl = UNLIMITED,
) -> Seek:
    """Opens a seek for a game of ``variant`` in the lobby, with its time control; a user has at
    most ``MAX_OPEN_SEEKS``. The same seek asked twice (a second click) is the one already
    open; a player whose game is starting seeks nothing until it has (``starting_game``)."""
    with transaction.atomic():
        User.objects.select_for_update().get(pk=user.pk)  # serialises one user's seeks
        offered = clock.as_json()
        same = Seek.objects.filter(owner=user, color=color, rated=rated, variant=variant)
        same = same.filter(clock__isnull=True) if offered is None else same.filter(clock=offered)
        same = same.first()
        if same is not None:
            return same
        refuse_while_starting(user)
        if Seek.objects.filter(owner=user).count() >= MAX_OPEN_SEEKS:
            raise GameError(
                ErrorCode.TOO_MANY_SEEKS,
                _("You already have %(max_open_seeks)s open seeks.")
                % {"max_open_seeks": MAX_OPEN_SEEKS},
            )
        seek = Seek.objects.create(
            owner=user, color=color, rated=rated, variant=variant, clock=clock.as_json()
        )
        # Posting is being here: a client of the API alone keeps its seek for as long as a
        # lobby page would after its last heartbeat.
        user_seen(user_id=user.pk, at=seek.created_at)
        publish_seeks(added=seek)
    return seek


def starting_game(user: User) -> Game | None:
    """Returns the user's online game that is starting, if any: live, real-time or unlimited,
    and a side has yet to make its first move (it is played or aborted before another
    starts)."""
    return (
        Game.objects.filter(
            Q(white=user) | Q(black=user),
            mode=Game.Mode.ONLINE,
            status=Game.Status.LIVE,
            ply__lt=2,
            clock_days__isnull=True,
        )
        .order_by("-created_at")
        .first()
    )


def refuse_while_starting(user: User) -> None:
    """Refuses to start another game for a user whose game is starting."""
    if starting_game(user) is not None:
        raise GameError(
            ErrorCode.NOT_ALLOWED, _("You have a game starting: play it or abort it first.")
        )


def lock_seek(seek_id: str) -> Seek:
    seek = Seek.objects.select_for_update().filter(public_id=seek_id).first()
    if seek is None:
        raise GameError(ErrorCode.GONE, _("That seek is gone: accepted or cancelled."))
    return seek


def seek_cancel(*, user: User, seek_id: str) -> None:
    """Cancels one of the user's own seeks."""
    with transaction.atomic():
        seek = lock_seek(seek_id)
        if seek.owner_id != user.pk:
            raise GameError(ErrorCode.FORBIDDEN, _("Only its owner can cancel a seek."))
        seek.delete()
        publish_seeks(removed=[seek_id])


def seek_accept(*, user: User, seek_id: str, now: datetime | None = None) -> Game:
    """Accepts someone else's seek: the game starts and both players are sent to it. A seek
    whose owner has left the lobby is withdrawn instead, and refused as gone."""
    with transaction.atomic():
        seek = lock_seek(seek_id)
        if seek.owner_id == user.pk:
            raise GameError(ErrorCode.OWN_SEEK, _("You cannot accept your own seek."))
        refuse_while_starting(user)
        if blocked_between(seek.owner_id, user.pk):
            raise GameError(
                ErrorCode.FORBIDDEN, _("You cannot accept this seek: one of you blocked the other.")
            )
        owner_left = left_lobby(seek.owner.last_seen, now)
        seek.delete()
        if not owner_left:
            white, black = assign_colors(seek.owner, user, seek.color)
            control = TimeControl.from_json(seek.clock)
            game = game_create_online(
                white, black, rated=seek.rated, variant=seek.variant, clock=control, now=now
            )
            withdraw_seeks(Seek.objects.filter(owner_id__in=[white.pk, black.pk]))
        publish_seeks(removed=[seek_id])
    if owner_left:  # refused once the withdrawal has committed
        raise GameError(ErrorCode.GONE, _("That seek is gone: its player left the lobby."))
    return game


# --- leaving the lobby ------------------------------------------------------------------------
def lobby_left(*, user_id: int, unless_seen_since: datetime | None = None) -> int:
    """Withdraws what a user who left the lobby offered there: their open seeks, and their open
    challenges and invite links (not rematch offers, made at a game's table); returns how many.
    ``unless_seen_since``: nothing is withdrawn if the user has been seen since that time (a
    lobby socket of theirs opened: they came back)."""
    with transaction.atomic():
        user = User.objects.select_for_update().filter(pk=user_id).first()
        if user is None:
            return 0
        if unless_seen_since and user.last_seen and user.last_seen >= unless_seen_since:
            return 0
        withdrawn = withdraw_seeks(Seek.objects.filter(owner_id=user_id))
        cancelled = cancel_challenges(Challenge.objects.filter(challenger_id=user_id))
    return withdrawn + cancelled


def withdraw_everything(*, user_id: int) -> int:
    """Withdraws everything a user offered or was offered that still stands: their seeks, and
    every open challenge, invite link and rematch offer they made or were sent (an account
    closing); returns how many."""
    with transaction.atomic():
        withdrawn = withdraw_seeks(Seek.objects.filter(owner_id=user_id))
        mine = Challenge.objects.filter(
            Q(challenger_id=user_id) | Q(to_id=user_id), state=Challenge.State.OPEN
        )
        told = list(mine.select_for_update(of=("self",)).values_list("pk", flat=True))
        Challenge.objects.filter(pk__in=told).update(state=Challenge.State.CANCELLED)
        publish_challenges(*told)
    return withdrawn + len(told)


def withdraw_between(*, user_id: int, other_id: int) -> int:
    """Cancels the open challenges (rematch offers included) between two users, either way,
    and tells both sides (a block between them); returns how many."""
    with transaction.atomic():
        between = Challenge.objects.filter(
            Q(challenger_id=user_id, to_id=other_id) | Q(challenger_id=other_id, to_id=user_id),
            state=Challenge.State.OPEN,
        )
        told = list(between.select_for_update(of=("self",)).values_list("pk", flat=True))
        Challenge.objects.filter(pk__in=told).update(state=Challenge.State.CANCELLED)
        publish_challenges(*told)
    return len(told)


def withdraw_left(now: datetime | None = None) -> int:
    """Withdraws the seeks and lobby challenges of every player who left the lobby without
    closing it (their heartbeat stale); returns how many. For the periodic sweep."""
    fresh = fresh_since(now)
    left = Q(owner__last_seen__lt=fresh) | Q(owner__last_seen__isnull=True)
    with transaction.atomic():
        withdrawn = withdraw_seeks(Seek.objects.filter(left))
        challenger_left = Q(challenger__last_seen__lt=fresh) | Q(challenger__last_seen__isnull=True)
        withdrawn += cancel_challenges(Challenge.objects.filter(challenger_left))
    return withdrawn


def withdraw_seeks(seeks: QuerySet[Seek]) -> int:
    """Deletes ``seeks`` and tells the lobby which went; returns how many. Call inside
    ``transaction.atomic()``."""
    ids = list(seeks.values_list("public_id", flat=True))
    if ids:
        Seek.objects.filter(public_id__in=ids).delete()
        publish_seeks(removed=ids)
    return len(ids)


def cancel_challenges(challenges: QuerySet[Challenge]) -> int:
    """Cancels the open lobby challenges (not rematch offers) among ``challenges`` and tells
    both sides of each; returns how many. Call inside ``transaction.atomic()``."""
    lobby = challenges.filter(state=Challenge.State.OPEN, rematch_of__isnull=True)
    told = list(lobby.select_for_update(of=("self",)).values_list("pk", "challenger_id", "to_id"))
    Challenge.objects.filter(pk__in=[pk for pk, _, _ in told]).update(
        state=Challenge.State.CANCELLED
    )
    publish_challenges(*(pk for pk, _, _ in told))
    return len(told)


# --- challenges -----------------------------------------------------------------------------
def publish_challenges(*challenge_ids: int) -> None:
    """Tells both sides of each challenge (by primary key), after commit, what it now is: the
    challenge alone, never a user's whole list (``challenges_of``, sent on connect)."""
    ids = [pk for pk in challenge_ids if pk is not None]

    def send() -> None:
        for challenge in Challenge.objects.filter(pk__in=ids).select_related(*RELATED):
            event = {"type": "user.challenge", "challenge": challenge_payload(challenge)}
            for user_id in {challenge.challenger_id, challenge.to_id} - {None}:
                broadcast.send_now(broadcast.user_group(user_id), event)

    if ids:
        transaction.on_commit(send)


def challenge_create(
    *,
    user: User,
    to: str | None,
    color: str = SeekColor.RANDOM,
    rated: bool | None = True,
    rematch_of: Game | None = None,
    variant: str = DEFAULT_VARIANT,
    clock: TimeControl = UNLIMITED,
    fen: str | None = None,
) -> Challenge:
    """Challenges a user by name to a game of ``variant``, or (``to`` empty) makes an invite
    link anyone may accept, with its time control; a user has at most ``MAX_OPEN_CHALLENGES``
    open (rematch offers included).

    ``fen`` is the position the game starts from, in the game's own FEN (none: its usual
    start). The engine checks it before anything is written, as for the bot and pass-and-play;
    a game from another position than the usual start is casual, and asking for it rated is
    refused (``rated`` None: rated unless it is from another position)."""
    initial_fen, rated = position_start(fen, variant, rated)
    target = None
    if to:
        target = active_user(to)
        if target is None:
            raise GameError(ErrorCode.NOT_FOUND, _("No user is called %(to)s.") % {"to": to})
        if target.pk == user.pk:
            raise GameError(ErrorCode.NOT_ALLOWED, _("You cannot challenge yourself."))
        if blocked_between(user.pk, target.pk):
            raise GameError(
                ErrorCode.FORBIDDEN,
                _("You cannot challenge %(username)s: one of you blocked the other.")
                % {"username": target.username},
            )
        if rematch_of is None and not lets_in(target.pk, user.pk, "challenges_from"):
            raise GameError(
                ErrorCode.FORBIDDEN,
                _("%(username)s takes no challenge from you: their settings say so.")
                % {"username": target.username},
            )
    with transaction.atomic():
        User.objects.select_for_update().get(pk=user.pk)  # serialises one user's challenges
        made = Challenge.objects.filter(challenger=user, state=Challenge.State.OPEN).count()
        if made >= MAX_OPEN_CHALLENGES:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("You already have %(max_open_challenges)s open challenges: cancel one first.")
                % {"max_open_challenges": MAX_OPEN_CHALLENGES},
            )
        challenge = Challenge.objects.create(
            challenger=user,
            to=target,
            color=color,
            rated=rated,
            rematch_of=rematch_of,
            variant=variant,
            clock=clock.as_json(),
            initial_fen=initial_fen,
        )
        if rematch_of is None:  # made in the lobby, which it lasts as long as (as a seek)
            user_seen(user_id=user.pk, at=challenge.created_at)
        publish_challenges(challenge.pk)
    return challenge


def challenge_asked(*, user: User, asked: ChallengeRequest) -> Challenge:
    """``challenge_create`` of a challenge as a request asked it (the API's, a page's form)."""
    return challenge_create(
        user=user,
        to=asked.to,
        color=asked.color,
        rated=asked.rated,
        variant=asked.variant,
        clock=asked.clock,
        fen=asked.fen,
    )


def lock_challenge(challenge_id: str) -> Challenge:
    challenge = Challenge.objects.select_for_update().filter(public_id=challenge_id).first()
    if challenge is None:
        raise GameError(
            ErrorCode.NOT_FOUND,
            _("There is no challenge %(challenge_id)s.") % {"challenge_id": challenge_id},
        )
    if challenge.state != Challenge.State.OPEN:
        raise GameError(ErrorCode.GONE, already(challenge.state))
    return challenge


def challenge_accept(*, user: User, challenge_id: str, now: datetime | None = None) -> Game:
    """Accepts a challenge made to the user (or an invite link): the game starts. A challenge
    made in the lobby by a player who has left it since is cancelled instead, and refused."""
    with transaction.atomic():
        challenge = lock_challenge(challenge_id)
        if challenge.challenger_id == user.pk:
            raise GameError(ErrorCode.NOT_ALLOWED, _("You cannot accept your own challenge."))
        if challenge.to_id is not None and challenge.to_id != user.pk:
            raise GameError(ErrorCode.FORBIDDEN, _("That challenge is for someone else."))
        if blocked_between(challenge.challenger_id, user.pk):
            raise GameError(
                ErrorCode.FORBIDDEN,
                _("You cannot accept this challenge: one of you blocked the other."),
            )
        challenger_left = challenge.rematch_of_id is None and left_lobby(
            challenge.challenger.last_seen, now
        )
        if challenger_left:
            cancel_challenges(Challenge.objects.filter(pk=challenge.pk))
        else:
            white, black = assign_colors(challenge.challenger, user, challenge.color)
            control = TimeControl.from_json(challenge.clock)
            game = game_create_online(
                white,
                black,
                rated=challenge.rated,
                variant=challenge.variant,
                clock=control,
                now=now,
                fen=challenge.initial_fen or None,
            )
            challenge.state = Challenge.State.ACCEPTED
            challenge.to = user
            challenge.game = game
            challenge.save(update_fields=["state", "to", "game"])
            withdraw_seeks(Seek.objects.filter(owner_id__in=[white.pk, black.pk]))
            publish_challenges(challenge.pk)
            if challenge.rematch_of_id:
                publish_state(challenge.rematch_of)
    if challenger_left:  # refused once the cancellation has committed
        raise GameError(ErrorCode.GONE, _("That challenge is gone: its player left the lobby."))
    return game


def challenge_decline(*, user: User, challenge_id: str) -> Challenge:
    """Declines a challenge made to the user, or cancels one the user made."""
    with transaction.atomic():
        challenge = lock_challenge(challenge_id)
        if challenge.challenger_id == user.pk:
            challenge.state = Challenge.State.CANCELLED
        elif challenge.to_id == user.pk:
            challenge.state = Challenge.State.DECLINED
        else:
            raise GameError(ErrorCode.FORBIDDEN, _("That challenge is not yours to decline."))
        challenge.save(update_fields=["state"])
        publish_challenges(challenge.pk)
        if challenge.rematch_of_id:
            publish_state(challenge.rematch_of)
    return challenge


def game_rematch(*, game_id: str, actor: Actor) -> Challenge:
    """Offers a rematch of a finished online game to the opponent, colours swapped, rated or
    unrated as the game was, from the position it started from; or, if the opponent has offered
    one, accepts it (the rematch's game starts). Returns the offer, accepted or not."""
    with transaction.atomic():
        game = lock_game(game_id)  # one offer or acceptance at a time
        color = require_player(game, actor)
        if game.mode != Game.Mode.ONLINE:
            raise GameError(ErrorCode.NOT_ALLOWED, _("Rematches are for online games."))
        if game.status != Game.Status.FINISHED:
            raise GameError(ErrorCode.NOT_ALLOWED, _("The game is still being played."))
        me, other = game.player(color), game.player(opponent(color))
        if game.rematches.filter(state=Challenge.State.ACCEPTED).exists():
            raise GameError(ErrorCode.NOT_ALLOWED, _("The rematch has already started."))
        offered = game.rematches.filter(state=Challenge.State.OPEN).first()
        if offered is not None:
            if offered.challenger_id == me.pk:
                raise GameError(ErrorCode.NOT_ALLOWED, _("You already offered a rematch."))
            challenge_accept(user=me, challenge_id=offered.public_id)
            offered.refresh_from_db()
            return offered
        challenge = challenge_create(
            user=me,
            to=other.username,
            color=opponent(color),
            rated=game.rated,
            rematch_of=game,
            variant=game.variant,  # a rematch is of the same game, from the same position
            clock=TimeControl.of_game(game),
            fen=game.initial_fen,
        )
        publish_state(game)
    return challenge
