"""The simuls' pages: the list (taking players, being played, finished) with the form that makes
one, a simul's page, whose script keeps it live over its socket, and the host's way to their
next board."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext
from django.views.decorators.csrf import ensure_csrf_cookie

from catalogue.descriptors import variant_descriptor, variant_groups
from games.domain.clock import TimeControl, speed_name
from games.domain.errors import GameError
from games.edges.api import spend_form_budget
from simuls.models import HostColor, Simul
from simuls.policy import HOST_EXTRA_MINUTES, MAX_PLAYERS, NAME_CHARS, TEXT_CHARS
from simuls.reads import simul_list, simul_payload
from simuls.schemas import SimulRequest
from simuls.services import next_board, simul_by_id, simul_create


def control_text(row: dict) -> str:
    """Returns a simul's clock as the list writes it: ``10+5 · rapid``."""
    control = TimeControl(initial=row["clock"]["initial"], increment=row["clock"]["increment"])
    return f"{control.label_shown} · {speed_name(control.speed)}"


def simuls(request: HttpRequest) -> HttpResponse:
    """The list of simuls, and (signed in) the form that makes one: posted, it takes the host to
    the new simul's page, or shows why it was refused."""
    error = None
    if request.method == "POST" and request.user.is_authenticated:
        try:
            spend_form_budget(request, "simul")
            made = simul_create(host=request.user, asked=SimulRequest.from_form(request.POST))
        except GameError as refusal:
            error = refusal.message
        else:
            return redirect("simul", simul_id=made.public_id)
    listed = {
        status: [{**row, "control": control_text(row)} for row in rows]
        for status, rows in simul_list().items()
    }
    context = {
        "created": listed[Simul.Status.CREATED],
        "started": listed[Simul.Status.STARTED],
        "finished": listed[Simul.Status.FINISHED],
        "error": error,
        "form": request.POST if error else {},
        "variant_groups": variant_groups(),
        "selected": request.POST.get("variant", "") if error else "",
        "host_colors": HostColor.choices,
        "name_chars": NAME_CHARS,
        "text_chars": TEXT_CHARS,
        "max_players": MAX_PLAYERS,
        "host_extra": HOST_EXTRA_MINUTES,
    }
    return render(request, "simuls/list.html", context)


@ensure_csrf_cookie
def simul_page(request: HttpRequest, simul_id: str) -> HttpResponse:
    """A simul's page: who asked to play and the host's choices, then its boards and score."""
    try:
        simul = simul_by_id(simul_id)
    except GameError:
        raise Http404(gettext("No such simul.")) from None
    payload = simul_payload(simul)
    page_data = {
        "simul": payload,
        "viewer": request.user.username if request.user.is_authenticated else None,
        "ws_url": f"/ws/simuls/{simul_id}/",
        "api_url": f"/api/simuls/{simul_id}/",
        "variant": variant_descriptor(simul.variant),
    }
    context = {"simul": payload, "control": control_text(payload), "page_data": page_data}
    return render(request, "simuls/simul.html", context)


def simul_next(request: HttpRequest, simul_id: str) -> HttpResponse:
    """The host's next board waiting for their move (after ``?after=``'s), or the simul's page
    when none waits (and for anyone but the host)."""
    user_id = request.user.pk if request.user.is_authenticated else None
    game = next_board(public_id=simul_id, user_id=user_id, after=request.GET.get("after"))
    if game is not None:
        return redirect("game", game_id=game)
    return redirect("simul", simul_id=simul_id)
