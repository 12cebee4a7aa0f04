"""Making a tournament, joining it and withdrawing from it.

Each change runs in one transaction that locks the tournament's row first (then an entry), so
that joining, withdrawing, starting and pairing one tournament happen one after another,
whichever process does them; a refusal raises ``GameError`` and changes nothing.
"""

from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from accounts import glicko2
from accounts.models import Rating, User, rating_category
from community.models import Notice
from community.notices import notify_selected
from games.domain.errors import ErrorCode, GameError
from games.services.play import position_start
from teams.models import Member, Team
from teams.services import is_member, leads, team_by_id
from tournaments.models import Entry, Schedule, System, Tournament
from tournaments.policy import (
    MAX_OPEN_PER_PLAYER,
    MAX_PLAYERS,
    SWISS_JOIN_UNTIL_ROUND,
    TEAM_TOURNAMENTS_A_DAY,
)
from tournaments.reads import page_url
from tournaments.schemas import TournamentRequest
from tournaments.services import tell


def tournament_create(*, user: User | None, asked: TournamentRequest) -> Tournament:
    """Makes a tournament as asked (``user``: its maker, None for the operator's schedule). A
    player may have at most ``MAX_OPEN_PER_PLAYER`` that have not finished. A thematic
    tournament's position is checked by the engine first, and its games are casual
    (``position_start``). A team's tournament is made by one of its leaders only."""
    initial_fen, rated = position_start(asked.fen, asked.variant, asked.rated)
    with transaction.atomic():
        team = team_for(asked.team, user)
        if team is not None:
            room_in_team(team)
        if user is not None:
            User.objects.select_for_update().filter(pk=user.pk).first()  # one count at a time
            open_ones = Tournament.objects.filter(created_by=user).exclude(
                status=Tournament.Status.FINISHED
            )
            if open_ones.count() >= MAX_OPEN_PER_PLAYER:
                raise GameError(
                    ErrorCode.NOT_ALLOWED,
                    _(
                        "You already have %(max_open_per_player)s tournaments that have not "
                        "finished."
                    )
                    % {"max_open_per_player": MAX_OPEN_PER_PLAYER},
                )
        made = Tournament.objects.create(
            name=asked.name,
            variant=asked.variant,
            clock_initial=asked.clock.initial,
            clock_increment=asked.clock.increment,
            system=asked.system,
            minutes=asked.minutes,
            rounds=asked.rounds,
            rated=rated,
            berserk=asked.berserk,
            initial_fen=initial_fen,
            starts_at=asked.starts_at,
            ends_at=arena_end(asked.system, asked.starts_at, asked.minutes),
            created_by=user,
            team=team,
            team_name=team.name if team is not None else "",
        )
        if team is not None:
            tell_members(made, team, user)
        return made


def room_in_team(team: Team) -> None:
    """Refuses a team's tournament past ``TEAM_TOURNAMENTS_A_DAY`` made for it in the last
    day (the team's row locked: one count at a time)."""
    Team.objects.select_for_update().filter(pk=team.pk).first()
    since = timezone.now() - timedelta(days=1)
    if Tournament.objects.filter(team=team, created_at__gt=since).count() >= TEAM_TOURNAMENTS_A_DAY:
        raise GameError(
            ErrorCode.NOT_ALLOWED,
            _(
                "%(team)s has had %(count)s tournaments made for it in the last day: that is as "
                "many as a day holds."
            )
            % {"team": team.name, "count": TEAM_TOURNAMENTS_A_DAY},
        )


def tell_members(tournament: Tournament, team: Team, maker: User | None) -> int:
    """Keeps a notice of a team's new tournament for each of its members but its maker (in
    the transaction that makes it, in one statement however many they are); returns how many
    were told."""
    members = Member.objects.filter(team=team).exclude(user=maker).values("user_id")
    said = {
        "tournament": tournament.public_id,
        "name": tournament.name,
        "team": team.public_id,
        "team_name": team.name,
        "starts_at": tournament.starts_at.isoformat(),
        "url": page_url(tournament.public_id),
    }
    return notify_selected(members, Notice.Kind.TEAM_TOURNAMENT, said)


def team_for(public_id: str | None, user: User | None) -> Team | None:
    """Returns the team a new tournament is for (None: every player's), refusing anyone but
    one of its leaders."""
    if public_id is None:
        return None
    team = team_by_id(public_id)
    if user is None or not leads(public_id, user.pk):
        raise GameError(
            ErrorCode.FORBIDDEN,
            _("Only the leaders of %(team)s make its tournaments.") % {"team": team.name},
        )
    return team


def arena_end(system: str, starts_at: datetime, minutes: int | None) -> datetime | None:
    """Returns when an arena ends (a Swiss's end is when its last round does)."""
    return starts_at + timedelta(minutes=minutes) if system == System.ARENA else None


def lock_tournament(public_id: str) -> Tournament:
    """Returns the tournament's row locked for update (inside the caller's transaction), or
    raises ``not_found``."""
    found = Tournament.objects.select_for_update().filter(public_id=public_id).first()
    if found is None:
        raise GameError(
            ErrorCode.NOT_FOUND,
            _("There is no tournament %(public_id)s.") % {"public_id": public_id},
        )
    return found


def rating_for(user_id: int, tournament: Tournament) -> float:
    """Returns the player's rating in the tournament's rating category (the starting rating
    before their first rated game in it)."""
    category = rating_category(tournament.variant, tournament.time_control.speed)
    rating = Rating.objects.filter(user_id=user_id, category=category).first()
    return rating.rating if rating is not None else glicko2.START_RATING


def tournament_join(*, public_id: str, user: User) -> Tournament:
    """Joins the player to the tournament, or back to it after withdrawing: paired from now on.
    Refused once it has finished, past ``MAX_PLAYERS``, for a newcomer to a Swiss once its
    second round is paired, and for anyone outside a team tournament's team."""
    with transaction.atomic():
        tournament = lock_tournament(public_id)
        if tournament.status == Tournament.Status.FINISHED:
            raise GameError(ErrorCode.NOT_ALLOWED, _("The tournament has finished."))
        entry = Entry.objects.filter(tournament=tournament, user=user).first()
        if entry is not None:
            if not entry.active:
                entry.active = True
                entry.save(update_fields=["active"])
                tell.changed(public_id)
                tell.wake(public_id)
            return tournament
        if tournament.team_name and (
            tournament.team_id is None or not is_member(tournament.team.public_id, user.pk)
        ):
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("Only the members of %(team)s may join this tournament.")
                % {"team": tournament.team_name},
            )
        late = tournament.system == System.SWISS and tournament.round >= SWISS_JOIN_UNTIL_ROUND
        if late:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("This Swiss has played its first round: it takes no new players now."),
            )
        if Entry.objects.filter(tournament=tournament).count() >= MAX_PLAYERS:
            raise GameError(
                ErrorCode.NOT_ALLOWED,
                _("The tournament is full: %(max_players)s players.")
                % {"max_players": MAX_PLAYERS},
            )
        Entry.objects.create(
            tournament=tournament, user=user, rating=rating_for(user.pk, tournament)
        )
        tell.changed(public_id)
        tell.wake(public_id)
        return tournament


def tournament_withdraw(*, public_id: str, user: User) -> Tournament:
    """Withdraws the player: they are paired no more (a game of theirs being played goes on
    and counts); their results stay, and they may join again."""
    with transaction.atomic():
        tournament = lock_tournament(public_id)
        if tournament.status == Tournament.Status.FINISHED:
            raise GameError(ErrorCode.NOT_ALLOWED, _("The tournament has finished."))
        entry = Entry.objects.filter(tournament=tournament, user=user, active=True).first()
        if entry is None:
            raise GameError(ErrorCode.NOT_ALLOWED, _("You are not playing in this tournament."))
        entry.active = False
        entry.save(update_fields=["active"])
        tell.changed(public_id)
        return tournament


def schedule_due(now: datetime | None = None) -> list[Tournament]:
    """Makes the next tournament of every active schedule once it is ``announce_minutes`` from
    its start; returns those made. Safe in every process at once: one tournament per schedule
    and start (a unique constraint), the others' attempts changing nothing."""
    now = now or timezone.now()
    made = []
    for schedule in Schedule.objects.filter(active=True):
        every = timedelta(minutes=max(1, schedule.every_minutes))
        passed = max(0, -(-(now - schedule.first_at) // every))  # periods to the next start
        starts_at = schedule.first_at + passed * every
        if starts_at - now > timedelta(minutes=schedule.announce_minutes):
            continue
        if Tournament.objects.filter(schedule=schedule, starts_at=starts_at).exists():
            continue
        try:
            with transaction.atomic():
                made.append(
                    Tournament.objects.create(
                        schedule=schedule,
                        name=schedule.name,
                        variant=schedule.variant,
                        clock_initial=schedule.clock_initial,
                        clock_increment=schedule.clock_increment,
                        system=schedule.system,
                        minutes=schedule.minutes if schedule.system == System.ARENA else None,
                        rounds=schedule.rounds if schedule.system == System.SWISS else None,
                        rated=schedule.rated and not schedule.initial_fen,
                        berserk=schedule.berserk and schedule.system == System.ARENA,
                        initial_fen=schedule.initial_fen,
                        starts_at=starts_at,
                        ends_at=arena_end(schedule.system, starts_at, schedule.minutes),
                    )
                )
        except IntegrityError:  # another process made it first
            continue
    return made
