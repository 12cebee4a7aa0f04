"""Making a simul, asking to play in it, the host's choices, its start and its end.

Each change runs in one transaction that locks the simul's row first, so that asking, accepting,
starting and finishing one simul happen one after another, whichever process does them; a
refusal raises ``GameError`` (with the sentence a player reads) and changes nothing. Each change
tells the simul's sockets once it commits (group ``simul.<id>``).
"""

import random

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts.models import User
from community.selectors import blocked_among, blocked_between
from games.domain.errors import ErrorCode, GameError
from games.models import Color, Game
from games.services.play import games_create_online
from games.storage import broadcast
from simuls.models import Entry, HostColor, Simul
from simuls.policy import MAX_APPLICANTS, MAX_APPLICATIONS, MAX_OPEN_PER_HOST
from simuls.schemas import SimulRequest

CHANGED = {"type": "simul.changed"}
USERNAME_CHARS = 150  # Django's bound on a username: a longer one names nobody
GONE = {"type": "simul.gone"}


def simul_group(public_id: str) -> str:
    return f"simul.{public_id}"


def page_url(public_id: str) -> str:
    return f"/simul/{public_id}/"


def tell(public_id: str, message: dict = CHANGED) -> None:
    """Tells the simul's sockets, once the change commits, that it changed (or is gone)."""
    broadcast.send_on_commit(simul_group(public_id), dict(message))


def not_found(public_id: str) -> GameError:
    return GameError(
        ErrorCode.NOT_FOUND, _("There is no simul %(public_id)s.") % {"public_id": public_id}
    )


def simul_by_id(public_id: str) -> Simul:
    found = Simul.objects.select_related("host").filter(public_id=public_id).first()
    if found is None:
        raise not_found(public_id)
    return found


def lock_simul(public_id: str) -> Simul:
    """Returns the simul's row locked for update (inside the caller's transaction)."""
    found = Simul.objects.select_for_update().filter(public_id=public_id).first()
    if found is None:
        raise not_found(public_id)
    return found


def refuse(sentence: str) -> GameError:
    return GameError(ErrorCode.NOT_ALLOWED, sentence)


def hosted(public_id: str, host: User) -> Simul:
    """Returns the simul locked, refusing anyone but its host and a simul already started."""
    simul = lock_simul(public_id)
    if simul.host_id != host.pk:
        raise GameError(ErrorCode.FORBIDDEN, _("Only the simul's host may do that."))
    if simul.status != Simul.Status.CREATED:
        raise refuse(_("The simul has started: its players are chosen."))
    return simul


def simul_create(*, host: User, asked: SimulRequest) -> Simul:
    """Makes a simul as asked, its host ``host``: one at a time (``MAX_OPEN_PER_HOST``)."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=host.pk).first()  # one count at a time
        open_ones = Simul.objects.filter(host=host).exclude(status=Simul.Status.FINISHED)
        if open_ones.count() >= MAX_OPEN_PER_HOST:
            raise refuse(_("You are hosting a simul already: finish it before making another."))
        return Simul.objects.create(
            host=host,
            name=asked.name,
            text=asked.text,
            variant=asked.variant,
            clock_initial=asked.clock.initial,
            clock_increment=asked.clock.increment,
            host_extra=asked.host_extra * 60,
            host_color=asked.host_color,
            max_players=asked.max_players,
        )


def simul_join(*, public_id: str, user: User) -> Simul:
    """Asks to play in the simul (the host then accepts or not). Asking twice is asking once."""
    with transaction.atomic():
        simul = lock_simul(public_id)
        if simul.status != Simul.Status.CREATED:
            raise refuse(_("The simul has started: it takes no more players."))
        if simul.host_id == user.pk:
            raise refuse(_("You are the simul's host: you play every board."))
        if Entry.objects.filter(simul=simul, user=user).exists():
            return simul
        if blocked_between(simul.host_id, user.pk):
            raise refuse(_("You cannot play in this simul."))
        if Entry.objects.filter(simul=simul).count() >= MAX_APPLICANTS:
            raise refuse(
                _("%(max_applicants)s players have asked to play already.")
                % {"max_applicants": MAX_APPLICANTS}
            )
        waiting = Entry.objects.filter(user=user, simul__status=Simul.Status.CREATED).count()
        if waiting >= MAX_APPLICATIONS:
            raise refuse(
                _("You are waiting for %(max_applications)s simuls to start already.")
                % {"max_applications": MAX_APPLICATIONS}
            )
        Entry.objects.create(simul=simul, user=user)
        tell(public_id)
        return simul


def simul_withdraw(*, public_id: str, user: User) -> Simul:
    """Takes back a player's wish to play, before the simul starts."""
    with transaction.atomic():
        simul = lock_simul(public_id)
        if simul.status != Simul.Status.CREATED:
            raise refuse(_("The simul has started: resign your game to leave it."))
        if Entry.objects.filter(simul=simul, user=user).delete()[0]:
            tell(public_id)
        return simul


def entry_of(simul: Simul, username: object) -> Entry:
    """Returns the entry of the player named ``username``, or refuses."""
    if not isinstance(username, str) or not 0 < len(username) <= USERNAME_CHARS:
        raise GameError(ErrorCode.BAD_REQUEST, _("Name the player by their username."))
    entry = (
        Entry.objects.select_related("user")
        .filter(simul=simul, user__username__iexact=username)
        .first()
    )
    if entry is None:
        raise GameError(
            ErrorCode.NOT_FOUND,
            _("%(username)s has not asked to play in this simul.") % {"username": username},
        )
    return entry


def simul_accept(*, public_id: str, host: User, username: object, accepted: bool = True) -> Simul:
    """The host accepts a player who asked (or takes the acceptance back), up to the simul's
    size."""
    with transaction.atomic():
        simul = hosted(public_id, host)
        entry = entry_of(simul, username)
        taken = Entry.objects.filter(simul=simul, accepted=True).count()
        if accepted and not entry.accepted and taken >= simul.max_players:
            raise refuse(
                _("The simul is full: you play %(max_players)s boards at most.")
                % {"max_players": simul.max_players}
            )
        if entry.accepted != accepted:
            entry.accepted = accepted
            entry.save(update_fields=["accepted"])
            tell(public_id)
        return simul


def simul_remove(*, public_id: str, host: User, username: object) -> Simul:
    """The host turns down a player who asked."""
    with transaction.atomic():
        simul = hosted(public_id, host)
        entry_of(simul, username).delete()
        tell(public_id)
        return simul


def simul_cancel(*, public_id: str, host: User) -> None:
    """The host calls off a simul that has not started: it is gone."""
    with transaction.atomic():
        hosted(public_id, host).delete()
        tell(public_id, GONE)


def simul_start(*, public_id: str, host: User) -> Simul:
    """Starts the simul: a game against the host for each accepted player (in the order they
    asked), all at once; those not accepted are let go."""
    with transaction.atomic():
        simul = hosted(public_id, host)
        entries = list(
            Entry.objects.select_related("user")
            .filter(simul=simul, accepted=True)
            .order_by("created_at", "pk")
        )
        blocked = set(blocked_among(host.pk, [entry.user_id for entry in entries]))
        entries = [entry for entry in entries if entry.user_id not in blocked]
        if not entries:
            raise refuse(_("Accept at least one player to start the simul."))
        Entry.objects.filter(simul=simul).exclude(pk__in=[e.pk for e in entries]).delete()
        pairs = []
        for entry in entries:
            host_color = simul.host_color
            if host_color == HostColor.RANDOM:
                host_color = random.choice([Color.WHITE, Color.BLACK])
            entry.color = Color.BLACK if host_color == Color.WHITE else Color.WHITE
            pairs.append((host, entry.user) if host_color == Color.WHITE else (entry.user, host))
        games = games_create_online(
            pairs,
            rated=False,
            variant=simul.variant,
            clock=simul.time_control,
            simul=simul.public_id,
            extra_ms=(host.pk, simul.host_extra * 1000) if simul.host_extra else None,
        )
        for board, (entry, game) in enumerate(zip(entries, games, strict=True), start=1):
            entry.board, entry.game = board, game.public_id
        Entry.objects.bulk_update(entries, ["board", "game", "color"])
        simul.status = Simul.Status.STARTED
        simul.started_at = timezone.now()
        simul.save(update_fields=["status", "started_at"])
        tell(public_id)
        return simul


def forget_simuls(*, user_id: int) -> None:
    """A closing account's part in simuls: those it hosts that have not started are called
    off, and it stops asking to play in others (its games, being played, are resigned by the
    closing like any other)."""
    for public_id in Simul.objects.filter(host_id=user_id, status=Simul.Status.CREATED).values_list(
        "public_id", flat=True
    ):
        with transaction.atomic():
            simul = Simul.objects.select_for_update().filter(public_id=public_id).first()
            if simul is not None and simul.status == Simul.Status.CREATED:
                simul.delete()
                tell(public_id, GONE)
    for public_id in Simul.objects.filter(
        entries__user_id=user_id, status=Simul.Status.CREATED
    ).values_list("public_id", flat=True):
        with transaction.atomic():
            lock_simul(public_id)
            if Entry.objects.filter(simul__public_id=public_id, user_id=user_id).delete()[0]:
                tell(public_id)


def game_ended(sender: object = None, *, game_id: str, simul: str | None = None, **kwargs) -> None:
    """The receiver of ``games.domain.events.game_ended``: a simul's game ended, so its score
    changed, and the simul finishes with its last game."""
    if simul is None:
        return
    with transaction.atomic():
        found = Simul.objects.select_for_update().filter(public_id=simul).first()
        if found is None:
            return
        live = Game.objects.filter(simul=simul, status=Game.Status.LIVE).exists()
        if found.status == Simul.Status.STARTED and not live:
            found.status = Simul.Status.FINISHED
            found.finished_at = timezone.now()
            found.save(update_fields=["status", "finished_at"])
        tell(simul)


def next_board(*, public_id: str, user_id: int | None, after: str | None = None) -> str | None:
    """Returns the host's next board waiting for their move: the first after the board of game
    ``after`` (in the boards' order, round and back), or None when no board waits (or the
    asker is not the host)."""
    simul = Simul.objects.filter(public_id=public_id).only("host_id").first()
    if simul is None or user_id is None or simul.host_id != user_id:
        return None
    boards = dict(
        Entry.objects.filter(simul__public_id=public_id, game__isnull=False).values_list(
            "game", "board"
        )
    )
    games = Game.objects.filter(simul=public_id, status=Game.Status.LIVE).only(
        "public_id", "ply", "initial_fen", "white_id", "black_id"
    )
    waiting = sorted(
        (boards.get(game.public_id, 0), game.public_id)
        for game in games
        if (game.white_id if game.turn == Color.WHITE else game.black_id) == user_id
    )
    if not waiting:
        return None
    current = boards.get(after or "", 0)
    later = [pair for pair in waiting if pair[0] > current]
    return (later or waiting)[0][1]


def label(sender: object = None, *, simul: str, **kwargs) -> dict[str, str] | None:
    """The receiver of ``games.domain.events.simul_label``: how the game page names a simul's
    game."""
    found = Simul.objects.select_related("host").filter(public_id=simul).first()
    if found is None:
        return None
    return {"name": found.name, "url": page_url(simul), "host": found.host.username}
