"""The tournaments' pages: the list (starting soon, running, finished) with the form that makes
one, and a tournament's page, whose script keeps it live over its socket."""

from datetime import datetime
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.formats import date_format
from django.utils.translation import gettext
from django.views.decorators.csrf import ensure_csrf_cookie

from catalogue.descriptors import variant_descriptor, variant_groups
from games.domain.clock import speed_name
from games.domain.errors import GameError
from games.domain.schemas import MAX_FEN_CHARS
from games.edges.analysis_pages import analysis_url
from games.edges.api import spend_form_budget
from teams.reads import teams_of
from teams.services import is_member
from tournaments.models import Tournament
from tournaments.policy import ARENA_MINUTES, SOCKET_STANDINGS, SWISS_ROUNDS
from tournaments.reads import (
    member_tournaments,
    own_line,
    payload,
    snapshot_cached,
    socket_path,
    tournament_list,
)
from tournaments.schemas import TournamentRequest
from tournaments.services.entries import tournament_create


def starts_text(starts_at: str) -> str:
    """Returns how the list writes a start, in the page's language: the site's times are UTC."""
    when = date_format(datetime.fromisoformat(starts_at), "SHORT_DATETIME_FORMAT")
    # Translators: a tournament's start (a date and time in the language's short form).
    return gettext("%(time)s UTC") % {"time": when}


def shown(row: dict[str, Any]) -> dict[str, Any]:
    """A list's row with its start and speed as the page writes them."""
    return {
        **row,
        "starts_text": starts_text(row["starts_at"]),
        "speed_name": speed_name(row["speed"]),
    }


def tournaments(request: HttpRequest) -> HttpResponse:
    """The list of tournaments, and (signed in) the form that makes one: posted, it takes the
    maker to the new tournament's page, or shows why it was refused."""
    error = None
    if request.method == "POST" and request.user.is_authenticated:
        try:
            spend_form_budget(request, "tournament")
            asked = TournamentRequest.from_form(request.POST)
            made = tournament_create(user=request.user, asked=asked)
        except GameError as refusal:
            error = refusal.message
        else:
            return redirect("tournament", tournament_id=made.public_id)
    listed = [shown(row) for row in tournament_list()]
    by_status = {
        status: [t for t in listed if t["status"] == status] for status in Tournament.Status
    }
    context = {
        "starting": by_status[Tournament.Status.CREATED],
        "running": by_status[Tournament.Status.STARTED],
        "finished": by_status[Tournament.Status.FINISHED],
        "error": error,
        "form": request.POST if error else {},
        "variant_groups": variant_groups(),
        "selected": request.POST.get("variant", "") if error else "",
        "arena_minutes": ARENA_MINUTES,
        "swiss_rounds": SWISS_ROUNDS,
        "max_fen_chars": MAX_FEN_CHARS,
        "led_teams": led_teams(request),
        # The tournaments of the viewer's teams, which the public lists leave out.
        "teams_tournaments": [shown(row) for row in member_tournaments(request.user.pk)]
        if request.user.is_authenticated
        else [],
        "chosen_team": request.POST.get("team") if error else request.GET.get("team"),
    }
    return render(request, "tournaments/list.html", context)


def led_teams(request: HttpRequest) -> list[dict[str, Any]]:
    """The teams the viewer leads, whose members' tournaments they may make."""
    if not request.user.is_authenticated:
        return []
    return [team for team in teams_of(request.user.pk) if team["leader"]]


@ensure_csrf_cookie
def tournament_page(request: HttpRequest, tournament_id: str) -> HttpResponse:
    """A tournament's page: its standings, its games in progress as boards, the player's own
    next game (they are taken to it), the podium once it has finished."""
    try:
        snap = snapshot_cached(tournament_id)
    except GameError:
        raise Http404(gettext("No such tournament.")) from None
    user_id = request.user.pk if request.user.is_authenticated else None
    tournament: dict[str, Any] = {
        **payload(snap, SOCKET_STANDINGS),
        "me": own_line(snap, user_id),
    }
    team = tournament["team"]
    page_data = {
        "tournament": tournament,
        "viewer": request.user.username if user_id is not None else None,
        "outsider": team is not None and (team["id"] is None or not is_member(team["id"], user_id)),
        "ws_url": socket_path(tournament_id),
        "api_url": f"/api/tournaments/{tournament_id}/",
        "variant": variant_descriptor(tournament["variant"]),
    }
    position_url = (
        analysis_url(tournament["variant"], tournament["fen"]) if tournament["fen"] else None
    )
    return render(
        request,
        "tournaments/tournament.html",
        {"tournament": tournament, "page_data": page_data, "position_url": position_url},
    )
