"""Making a team, joining it (or asking to), leaving it, and its leaders' choices.

Each change runs in one transaction that locks the team's row first, so that joins, leaves and
the leaders' choices of one team happen one after another, whichever process does them; a
refusal raises ``GameError`` (with the sentence a player reads) and changes nothing. A team's
``members`` count moves in the same transaction as its members.
"""

from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils.translation import gettext as _

from accounts.models import User
from accounts.selectors import kid_mode
from community.models import Notice
from community.notices import notify
from games.domain.errors import ErrorCode, GameError
from games.storage import broadcast
from teams.models import Ask, Member, Team
from teams.policy import MAX_ASKS, MAX_MADE, MAX_TEAM_ASKS, MAX_TEAMS
from teams.schemas import TeamRequest

USERNAME_CHARS = 150  # Django's bound on a username: a longer one names nobody
JOINED, ASKED = "joined", "asked"


def not_found(public_id: str) -> GameError:
    return GameError(
        ErrorCode.NOT_FOUND, _("There is no team %(public_id)s.") % {"public_id": public_id}
    )


def refuse(sentence: str) -> GameError:
    return GameError(ErrorCode.NOT_ALLOWED, sentence)


def team_by_id(public_id: str) -> Team:
    found = Team.objects.filter(public_id=public_id).first()
    if found is None:
        raise not_found(public_id)
    return found


def lock_team(public_id: str) -> Team:
    """Returns the team's row locked for update (inside the caller's transaction)."""
    found = Team.objects.select_for_update().filter(public_id=public_id).first()
    if found is None:
        raise not_found(public_id)
    return found


def is_member(public_id: str, user_id: int | None) -> bool:
    """Returns whether the player is in the team (a leader or a member)."""
    if user_id is None:
        return False
    return Member.objects.filter(team__public_id=public_id, user_id=user_id).exists()


def leads(public_id: str, user_id: int | None) -> bool:
    """Returns whether the player is one of the team's leaders."""
    if user_id is None:
        return False
    return Member.objects.filter(team__public_id=public_id, user_id=user_id, leader=True).exists()


def led(public_id: str, leader: User) -> Team:
    """Returns the team locked, refusing anyone but one of its leaders."""
    team = lock_team(public_id)
    if not Member.objects.filter(team=team, user=leader, leader=True).exists():
        raise GameError(ErrorCode.FORBIDDEN, _("Only the team's leaders may do that."))
    return team


def not_in_team(team: Team, username: str) -> GameError:
    return GameError(
        ErrorCode.NOT_FOUND,
        _("No player called %(username)s is in or asking to join %(team)s.")
        % {"username": str(username)[:USERNAME_CHARS], "team": team.name},
    )


def player_named(team: Team, username: str) -> User:
    """Returns the player called ``username``, or refuses the name."""
    found = None
    if isinstance(username, str) and 0 < len(username) <= USERNAME_CHARS:
        found = User.objects.filter(username=username, is_active=True).first()
    if found is None:
        raise not_in_team(team, username)
    return found


def led_member(public_id: str, leader: User, username: str) -> tuple[Team, Member]:
    """Returns the team locked for one of its leaders, and its member called ``username``."""
    team = led(public_id, leader)
    user = player_named(team, username)
    member = Member.objects.filter(team=team, user=user).select_related("user").first()
    if member is None:
        raise not_in_team(team, username)
    return team, member


def room_for(user: User) -> None:
    """Refuses a player who is in ``MAX_TEAMS`` teams already."""
    if Member.objects.filter(user=user).count() >= MAX_TEAMS:
        raise refuse(
            _("%(username)s is in %(max_teams)s teams already: that is as many as one may be in.")
            % {"username": user.username, "max_teams": MAX_TEAMS}
        )


def add_member(team: Team, user: User, leader: bool = False) -> None:
    Member.objects.create(team=team, user=user, leader=leader)
    Team.objects.filter(pk=team.pk).update(members=F("members") + 1)


def drop_member(team: Team, member: Member) -> None:
    """Takes ``member`` out of ``team``; a team left with no one ends. Their open sockets are
    told once it commits, so a team topic's page of theirs is closed at once."""
    member.delete()
    broadcast.tell_team_left(member.user_id, team.public_id)
    Team.objects.filter(pk=team.pk).update(members=F("members") - 1)
    if not Member.objects.filter(team=team).exists():
        team.delete()


def team_create(*, user: User, asked: TeamRequest) -> Team:
    """Makes a team as asked, its maker its first leader: at most ``MAX_MADE`` made by one
    player, and a name no other team has in any case."""
    with transaction.atomic():
        User.objects.select_for_update().filter(pk=user.pk).first()  # one count at a time
        if Team.objects.filter(created_by=user).count() >= MAX_MADE:
            raise refuse(
                _("You have made %(max_made)s teams: that is as many as one player may make.")
                % {"max_made": MAX_MADE}
            )
        room_for(user)
        if Team.objects.filter(name__iexact=asked.name).exists():
            raise taken(asked.name)
        try:
            with transaction.atomic():
                team = Team.objects.create(
                    name=asked.name, text=asked.text or "", open=asked.open, created_by=user
                )
        except IntegrityError:  # the same name made at the same moment
            raise taken(asked.name) from None
        add_member(team, user, leader=True)
        team.refresh_from_db()
        return team


def taken(name: str) -> GameError:
    return refuse(_("A team is called %(name)s already.") % {"name": name})


def team_edit(*, public_id: str, leader: User, asked: TeamRequest) -> Team:
    """A leader's change to what the team says and whether it is open. Opening a closed team
    does not let in who asked: a leader answers them."""
    with transaction.atomic():
        team = led(public_id, leader)
        if asked.text is not None:
            team.text = asked.text
        if asked.open is not None:
            team.open = asked.open
        team.save(update_fields=["text", "open"])
        return team


def team_join(*, public_id: str, user: User, text: str = "") -> str:
    """Joins the player to an open team (``JOINED``), or asks a closed one's leaders
    (``ASKED``; asking again replaces what the ask says). A player in kid mode asks without a
    line: the leaders are people they may not write to."""
    if text and kid_mode(user):
        raise refuse(_("Kid mode is on: ask to join without a line for the leaders."))
    with transaction.atomic():
        team = lock_team(public_id)
        if Member.objects.filter(team=team, user=user).exists():
            raise refuse(_("You are in %(team)s already.") % {"team": team.name})
        if team.open:
            room_for(user)
            add_member(team, user)
            Ask.objects.filter(team=team, user=user).delete()
            return JOINED
        if Ask.objects.filter(team=team, user=user).update(text=text):
            return ASKED
        if Ask.objects.filter(user=user).count() >= MAX_ASKS:
            raise refuse(
                _("You have asked to join %(max_asks)s teams that have not answered yet.")
                % {"max_asks": MAX_ASKS}
            )
        if Ask.objects.filter(team=team).count() >= MAX_TEAM_ASKS:
            raise refuse(
                _("%(team)s has too many asks waiting: try again once its leaders answer them.")
                % {"team": team.name}
            )
        Ask.objects.create(team=team, user=user, text=text)
        return ASKED


def team_leave(*, public_id: str, user: User) -> None:
    """Takes the player out of the team, or takes back their ask to join it. The last leader
    names another before leaving anyone behind; the last member's leaving ends the team."""
    with transaction.atomic():
        team = lock_team(public_id)
        member = Member.objects.filter(team=team, user=user).first()
        if member is None:
            if not Ask.objects.filter(team=team, user=user).delete()[0]:
                raise refuse(_("You are not in %(team)s.") % {"team": team.name})
            return
        others = Member.objects.filter(team=team).exclude(pk=member.pk)
        if member.leader and others.exists() and not others.filter(leader=True).exists():
            raise refuse(
                _("You are the team's only leader: make another member a leader before you go.")
            )
        drop_member(team, member)


def team_answer(*, public_id: str, leader: User, username: str, accept: bool) -> None:
    """A leader's answer to a player's ask: they join, or the ask is dropped. The player is told
    either way: a notice they keep, and their open pages once it commits (``team_answer`` on
    ``/ws/me/``)."""
    with transaction.atomic():
        team = led(public_id, leader)
        user = player_named(team, username)
        ask = Ask.objects.filter(team=team, user=user).first()
        if ask is None:
            raise not_in_team(team, username)
        if accept:
            room_for(user)
            add_member(team, user)
        ask.delete()
        said = {"team": team.public_id, "name": team.name, "accepted": accept}
        notify(user.pk, Notice.Kind.TEAM_ANSWER, said)
        told = {"type": "team_answer", **said}
        broadcast.send_on_commit(
            broadcast.user_group(user.pk), {"type": "user.event", "event": told}
        )


def team_set_leader(*, public_id: str, leader: User, username: str, leads: bool) -> None:
    """A leader makes a member a leader, or a leader (themselves included) a member again; the
    team always keeps one leader."""
    with transaction.atomic():
        team, member = led_member(public_id, leader, username)
        others = Member.objects.filter(team=team, leader=True).exclude(pk=member.pk)
        if not leads and member.leader and not others.exists():
            raise refuse(_("A team keeps one leader at least: make another one first."))
        member.leader = leads
        member.save(update_fields=["leader"])


def team_remove(*, public_id: str, leader: User, username: str) -> None:
    """A leader takes a member out of the team; a leader is removed only once a member again."""
    with transaction.atomic():
        team, member = led_member(public_id, leader, username)
        if member.leader:
            raise refuse(
                _("%(username)s leads the team: make them a member first.")
                % {"username": member.user.username}
            )
        drop_member(team, member)


def forget_teams(*, user_id: int) -> None:
    """A closing account's part in teams: its asks are dropped and it leaves every team. A team
    it alone led passes to its longest-standing member; a team it alone was in ends."""
    Ask.objects.filter(user_id=user_id).delete()
    for public_id in Team.objects.filter(memberships__user_id=user_id).values_list(
        "public_id", flat=True
    ):
        with transaction.atomic():
            team = Team.objects.select_for_update().filter(public_id=public_id).first()
            member = Member.objects.filter(team=team, user_id=user_id).first()
            if team is None or member is None:
                continue
            others = Member.objects.filter(team=team).exclude(pk=member.pk)
            if member.leader and not others.filter(leader=True).exists():
                heir = others.order_by("joined_at", "pk").first()
                if heir is not None:
                    heir.leader = True
                    heir.save(update_fields=["leader"])
            drop_member(team, member)
