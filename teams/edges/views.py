"""The teams' pages: the list (the largest first, a search by name, the viewer's teams) with the
form that makes one, and a team's page, with the forms its members and leaders act by. Each form
posts to its own address, which acts through the services and takes the player back to the
team's page, or shows it again with the sentence that refused them."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_POST

from games.domain.errors import ErrorCode, GameError
from games.domain.schemas import yes_or_no
from games.edges.api import spend_form_budget
from teams.events import tournaments_of
from teams.models import Team
from teams.policy import NAME_CHARS, REQUEST_CHARS, TEXT_CHARS
from teams.reads import team_list, team_object, teams_of
from teams.schemas import TeamRequest, ask_text, page_asked
from teams.services import (
    team_answer,
    team_by_id,
    team_create,
    team_edit,
    team_join,
    team_leave,
    team_remove,
    team_set_leader,
)

LIMITS = {"name_chars": NAME_CHARS, "text_chars": TEXT_CHARS, "request_chars": REQUEST_CHARS}


def teams(request: HttpRequest) -> HttpResponse:
    """The list of teams (``?q=``: those whose name holds it), the viewer's own, and (signed
    in) the form that makes one: posted, it takes the maker to the new team's page."""
    error = None
    if request.method == "POST" and request.user.is_authenticated:
        try:
            spend_form_budget(request, "team")
            made = team_create(user=request.user, asked=TeamRequest.from_body(form_of(request)))
        except GameError as refusal:
            error = refusal.message
        else:
            return redirect("team", team_id=made.public_id)
    listed = team_list(request.GET.get("q", ""), page_asked(request.GET.get("page")))
    context = {
        **listed,
        **LIMITS,
        "own": teams_of(request.user.pk) if request.user.is_authenticated else [],
        "error": error,
        "form": request.POST if error else {},
    }
    return render(request, "teams/list.html", context)


def form_of(request: HttpRequest) -> dict:
    """A team's form as the schemas read it: an unticked box is absent, so false."""
    return {
        "name": request.POST.get("name"),
        "text": request.POST.get("text", ""),
        "open": request.POST.get("open", "false"),
    }


def found(team_id: str) -> Team:
    try:
        return team_by_id(team_id)
    except GameError:
        raise Http404(gettext("No such team.")) from None


def team_page(request: HttpRequest, team_id: str, error: str | None = None) -> HttpResponse:
    """A team's page: what it says, its leaders and members, its tournaments, and the forms
    the viewer may use (join or ask, leave; a leader's: the asks, who leads, what it says)."""
    team = found(team_id)
    viewer = request.user.pk if request.user.is_authenticated else None
    shown = team_object(team, viewer, page_asked(request.GET.get("page")))
    context = {
        "team": shown,
        "tournaments": tournaments_of(team.public_id),
        "error": error,
        **LIMITS,
    }
    return render(request, "teams/team.html", context)


def acted(request: HttpRequest, team_id: str, act) -> HttpResponse:
    """Runs ``act`` (a call of a service); back to the team's page, or (refused) the page
    again with the reason. A team its last member left is gone: back to the list."""
    found(team_id)
    try:
        spend_form_budget(request, "team")
        act()
    except GameError as refusal:
        return team_page(request, team_id, error=refusal.message)
    if not Team.objects.filter(public_id=team_id).exists():
        return redirect("teams")
    return redirect("team", team_id=team_id)


@require_POST
@login_required
def team_join_form(request: HttpRequest, team_id: str) -> HttpResponse:
    return acted(
        request,
        team_id,
        lambda: team_join(
            public_id=team_id, user=request.user, text=ask_text(request.POST.get("text", ""))
        ),
    )


@require_POST
@login_required
def team_leave_form(request: HttpRequest, team_id: str) -> HttpResponse:
    return acted(request, team_id, lambda: team_leave(public_id=team_id, user=request.user))


@require_POST
@login_required
def team_edit_form(request: HttpRequest, team_id: str) -> HttpResponse:
    def act() -> None:
        asked = TeamRequest.edit_from_body(
            {"text": request.POST.get("text", ""), "open": request.POST.get("open", "false")}
        )
        team_edit(public_id=team_id, leader=request.user, asked=asked)

    return acted(request, team_id, act)


@require_POST
@login_required
def team_ask_form(request: HttpRequest, team_id: str, username: str) -> HttpResponse:
    return acted(
        request,
        team_id,
        lambda: team_answer(
            public_id=team_id,
            leader=request.user,
            username=username,
            accept=yes_or_no(request.POST.get("accept", "false"), "accept"),
        ),
    )


@require_POST
@login_required
def team_member_form(request: HttpRequest, team_id: str, username: str) -> HttpResponse:
    """A leader's choice about one member: ``action`` is ``lead``, ``follow`` (a member
    again) or ``remove``."""
    action = request.POST.get("action")

    def act() -> None:
        if action not in ("lead", "follow", "remove"):
            raise GameError(ErrorCode.BAD_REQUEST, gettext("Choose lead, follow or remove."))
        if action == "remove":
            team_remove(public_id=team_id, leader=request.user, username=username)
        else:
            team_set_leader(
                public_id=team_id, leader=request.user, username=username, leads=action == "lead"
            )

    return acted(request, team_id, act)
