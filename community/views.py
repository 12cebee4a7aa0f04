"""The community's own page action: a player says they have read a moderator's warning."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_POST

from community.services import warning_seen


@login_required
@require_POST
def warning_read(request: HttpRequest, warning_id: int) -> HttpResponse:
    """Marks the warning read and goes back to the page it was shown on."""
    warning_seen(user=request.user, warning_id=warning_id)
    back = request.POST.get("next", "")
    if not url_has_allowed_host_and_scheme(back, {request.get_host()}, request.is_secure()):
        back = "/"
    return redirect(back)
