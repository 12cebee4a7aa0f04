"""The moderators' pages (staff only): the open reports, each with its context — the reported
player's earlier reports and what moderators did to them, the game it is about and that game's
whole chat — and the actions on it: warn, mute the chat for some hours, close the account, or
dismiss the report. Every action is logged (``community.services``); the log has its page."""

from collections.abc import Callable, Mapping
from functools import wraps
from typing import Any

from django.contrib import messages
from django.contrib.auth.views import redirect_to_login
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from common.edge import refusal_response
from community import services
from community.errors import CommunityError
from community.inbox import written_to
from community.models import MAX_MUTE_HOURS, Report
from community.selectors import moderation_log, muted_until, open_reports, reports_of
from games.models import Game
from games.reads.chat import whole_chat
from players.closing import close_account


def moderators_only(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """Lets staff through; asks a visitor to log in and refuses anyone else (403)."""

    @wraps(view)
    def wrapped(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        user = request.user
        if not user.is_authenticated:
            return redirect_to_login(request.get_full_path())
        if not user.is_staff:
            return refusal_response(request, 403, _("Only moderators may see this page."))
        return view(request, *args, **kwargs)

    return wrapped


@moderators_only
def reports(request: HttpRequest) -> HttpResponse:
    """The reports, newest first: the open ones, or with ``?state=closed`` the closed."""
    state = Report.State.CLOSED if request.GET.get("state") == "closed" else Report.State.OPEN
    return render(
        request,
        "players/moderation.html",
        {"reports": open_reports(state=state), "state": state},
    )


@moderators_only
def log(request: HttpRequest) -> HttpResponse:
    """Everything moderators did, newest first."""
    return render(request, "players/moderation_log.html", {"actions": moderation_log(limit=200)})


def act(moderator: Any, report: Report, asked: Mapping[str, Any]) -> str:
    """Does what a moderator asks of a report (``action``: warn, mute with ``hours``, unmute,
    close with ``confirm`` "on", dismiss; an optional ``note``), from the report page's form or
    the API, and returns what to tell the moderator; raises ``CommunityError`` saying what is
    wrong."""
    action = asked.get("action")
    note = asked.get("note", "")
    note = note.strip() if isinstance(note, str) else ""
    user = report.user
    if action == "warn":
        services.warn(moderator=moderator, user=user, note=note, report=report)
        return _("%(name)s is warned: they see it on their next page.") % {"name": user}
    if action == "mute":
        try:
            hours = int(str(asked.get("hours", "")))
        except ValueError:
            raise CommunityError(
                _("A mute lasts 1 to %(hours)s hours.") % {"hours": MAX_MUTE_HOURS}
            ) from None
        services.mute(moderator=moderator, user=user, hours=hours, note=note, report=report)
        return ngettext(
            "%(name)s's chat is muted for %(hours)s hour.",
            "%(name)s's chat is muted for %(hours)s hours.",
            hours,
        ) % {"name": user, "hours": hours}
    if action == "unmute":
        services.unmute(moderator=moderator, user=user, note=note)
        return _("%(name)s's chat is no longer muted.") % {"name": user}
    if action == "close":
        if asked.get("confirm") not in ("on", True):
            raise CommunityError(_("Tick the box to close the account: it cannot be undone."))
        name = close_account(user=user, moderator=moderator, note=note, report=report)
        return _("The account is closed: its games are now under the name %(name)s.") % {
            "name": name
        }
    if action == "dismiss":
        services.dismiss(moderator=moderator, report=report, note=note)
        return _("The report is dismissed.")
    raise CommunityError(_("Choose an action: warn, mute, unmute, close or dismiss."))


@moderators_only
def report(request: HttpRequest, report_id: int) -> HttpResponse:
    """A report with its context, and the moderator's actions on it."""
    found = Report.objects.select_related("reporter", "user").filter(pk=report_id).first()
    if found is None:
        raise Http404(_("No such report."))
    if request.method == "POST":
        try:
            messages.success(request, act(request.user, found, request.POST))
        except CommunityError as refusal:
            messages.error(request, refusal.message)
        return redirect("moderation-report", report_id=found.pk)
    return render(request, "players/moderation_report.html", report_context(found))


def report_context(found: Report) -> dict[str, Any]:
    """A report with what a moderator weighs it by: its game, that game's whole chat, the
    player's latest private messages to the reporter (reporting them shows them), the player's
    earlier reports, what moderators did to them, and how long they are muted."""
    game = None
    if found.game:
        game = Game.objects.select_related("white", "black").filter(public_id=found.game).first()
    return {
        "report": found,
        "game": game,
        "chat": whole_chat(game) if game is not None else [],
        "private_messages": (
            written_to(found.user_id, found.reporter_id) if found.reporter_id is not None else []
        ),
        "earlier": [r for r in reports_of(found.user_id) if r.pk != found.pk],
        "actions": moderation_log(user_id=found.user_id, limit=50),
        "muted_until": muted_until(found.user_id),
        "max_hours": MAX_MUTE_HOURS,
    }
