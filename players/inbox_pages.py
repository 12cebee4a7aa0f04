"""The inbox's pages: ``/inbox/`` (the signed-in player's conversations, the latest first, and
a form to write to a player by name) and ``/inbox/<username>/`` (one conversation: its latest
messages, older ones on demand, the box to write in; ``static/js/inbox.js`` sends, receives
live through ``/ws/me/`` and marks read). Everything they change goes through the inbox's API
(``players.api_inbox``)."""

from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from accounts.selectors import active_user, any_user
from community import inbox
from community.errors import CommunityError
from community.models import MAX_MESSAGE_CHARS
from players.api_inbox import before_moment


@login_required
def inbox_page(request: HttpRequest) -> HttpResponse:
    """The conversations; ``?to=<name>`` opens the one with that player (a new one if need be)."""
    error = None
    asked = request.GET.get("to", "").strip()
    if asked:
        other = active_user(asked) if len(asked) <= 150 else None
        if other is not None and other.pk != request.user.pk:
            return redirect("conversation", username=other.username)
        error = (
            _("You cannot write to yourself.")
            if other is not None
            else _("No user is called %(username)s.") % {"username": asked}
        )
    try:
        page = inbox.inbox(request.user, before_moment(request.GET.get("before")))
    except CommunityError as refusal:
        return render(request, "refused.html", {"message": refusal.message}, status=400)
    older = page["older"].isoformat() if page["older"] else None
    context = {**page, "older": older, "asked": asked, "error": error}
    return render(request, "players/inbox.html", context)


@login_required
def conversation_page(request: HttpRequest, username: str) -> HttpResponse:
    """One conversation, as its API gives it, and why the viewer may not write (or None)."""
    other = any_user(username) if len(username) <= 150 else None
    if other is None or other.pk == request.user.pk:
        raise Http404(_("No such conversation."))
    if other.username != username:
        return redirect("conversation", username=other.username)
    refusal = None
    try:
        if not other.is_active:
            raise CommunityError(_("This account is closed: it reads no message."))
        inbox.may_write(request.user, other)
    except CommunityError as error:
        refusal = error.message
    data = {
        **inbox.messages(request.user, other),
        "me": request.user.username,
        "refusal": refusal,
        "max_chars": MAX_MESSAGE_CHARS,
    }
    return render(request, "players/conversation.html", {"other": other, "page_data": data})
