"""Kid mode closes the forum: every forum page and forum API call of a signed-in player with
kid mode on is refused before its view runs (403, saying why), the site's forums' index, search
and a player's posts included. A topic's socket is refused by ``forum.places.place``, which
every forum read goes through."""

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render

from accounts.selectors import kid_mode
from forum.places import kid_refusal

FORUM_PATHS = ("/forum/", "/api/forum/")


class KidModeForumMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.path.startswith(FORUM_PATHS) and kid_mode(request.user):
            message = kid_refusal().message
            if request.path.startswith("/api/"):
                return JsonResponse({"error": message}, status=403)
            return render(request, "forum/closed.html", {"message": message}, status=403)
        return self.get_response(request)
