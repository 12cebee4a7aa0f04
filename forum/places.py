"""Who may do what in a forum: a place is one forum as one viewer finds it.

The site's forums (``forum.categories``) are read by anyone and written by any signed-in
player whose chat no moderator muted; moderators (staff) close, pin, retitle and remove there. A
team's forum is read and written by the team's members only, and its leaders moderate it as
staff do everywhere. A topic's author may change its title while it is open and no one else has
replied (the replies answered the title they read). A refusal raises ``GameError`` with the
sentence a player reads.
"""

from dataclasses import dataclass

from django.utils.dateformat import format as date_format
from django.utils.translation import gettext as _

from accounts.selectors import kid_mode
from community.selectors import muted_until
from forum.categories import BY_SLUG, TEAM_PREFIX, team_slug
from forum.models import Forum, Post, Topic
from games.domain.errors import ErrorCode, GameError
from teams.models import Member, Team

SLUG_CHARS = 20  # a forum's address is at most this long: a longer one names none


@dataclass(frozen=True, slots=True)
class Place:
    """A forum as ``viewer`` finds it: its name, its team (None: one of the site's) and what
    the viewer may do there."""

    slug: str
    name: str
    text: str
    team: Team | None
    may_write: bool
    moderates: bool

    @property
    def team_id(self) -> str | None:
        return self.team.public_id if self.team is not None else None

    def row(self) -> Forum:
        """The forum's row (made the first time it is written to)."""
        row, _made = Forum.objects.get_or_create(slug=self.slug, defaults={"team": self.team})
        return row


def kid_refusal() -> GameError:
    return GameError(
        ErrorCode.FORBIDDEN,
        _("Kid mode is on: the forum is closed to you. Your settings turn it off."),
    )


def no_forum(slug: str) -> GameError:
    return GameError(
        ErrorCode.NOT_FOUND, _("There is no forum %(slug)s.") % {"slug": str(slug)[:SLUG_CHARS]}
    )


def is_moderator(user) -> bool:
    return bool(user is not None and user.is_authenticated and user.is_active and user.is_staff)


def place(slug: str, viewer) -> Place:
    """Returns the forum ``slug`` as ``viewer`` (a user, or anonymous) finds it; refuses a
    forum that does not exist, and a team's to anyone but its members and the moderators, and
    every forum to a player in kid mode."""
    signed_in = viewer is not None and viewer.is_authenticated
    if kid_mode(viewer):
        raise kid_refusal()
    staff = is_moderator(viewer)
    category = BY_SLUG.get(slug) if isinstance(slug, str) else None
    if category is not None:
        return Place(slug, str(category.name), str(category.text), None, signed_in, staff)
    if not isinstance(slug, str) or not slug.startswith(TEAM_PREFIX) or len(slug) > SLUG_CHARS:
        raise no_forum(slug)
    team = Team.objects.filter(public_id=slug.removeprefix(TEAM_PREFIX)).first()
    if team is None:
        raise no_forum(slug)
    member = Member.objects.filter(team=team, user_id=viewer.pk).first() if signed_in else None
    if member is None and not staff:
        raise GameError(ErrorCode.FORBIDDEN, _("Only the team's members read its forum."))
    return Place(
        team_slug(team.public_id),
        _("%(team)s's forum") % {"team": team.name},
        team.text,
        team,
        member is not None,
        staff or (member is not None and member.leader),
    )


def may_write(where: Place, user) -> None:
    """Refuses ``user`` writing in ``where``: a stranger to a team, or a muted player."""
    if not where.may_write:
        if where.team is not None:
            raise GameError(ErrorCode.FORBIDDEN, _("Only the team's members write in its forum."))
        raise GameError(ErrorCode.UNAUTHENTICATED, _("Log in to write in the forum."))
    muted = muted_until(user.pk)
    if muted is not None:
        raise GameError(
            ErrorCode.FORBIDDEN,
            _("A moderator muted your chat until %(muted)s UTC: the forum waits until then.")
            % {"muted": date_format(muted, "d M Y, H:i")},
        )


def may_moderate(where: Place) -> None:
    if not where.moderates:
        raise GameError(ErrorCode.FORBIDDEN, _("Only the forum's moderators may do that."))


def retitle_refusal(topic: Topic, where: Place, user_id: int | None) -> GameError | None:
    """Why the user may not change the topic's title (None: they may): a moderator always may;
    its author while it is open and no one else's reply stands in it."""
    if where.moderates:
        return None
    if user_id is None or topic.author_id != user_id:
        return GameError(
            ErrorCode.FORBIDDEN,
            _("Only the topic's author or the forum's moderators may change its title."),
        )
    if topic.closed:
        return GameError(ErrorCode.NOT_ALLOWED, _("The topic is closed: its title stays."))
    answered = Post.objects.filter(topic=topic, removed="").exclude(author_id=user_id)
    if answered.exists():
        return GameError(
            ErrorCode.NOT_ALLOWED,
            _("Others have replied to the topic: only a moderator may change its title now."),
        )
    return None
