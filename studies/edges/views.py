"""The study pages: ``/study/`` lists the latest public studies and the player's own, with the
form that makes one (a game from a position, or a PGN/PDN text's games as chapters);
``/study/<id>/`` (``/study/<id>/<chapter>/``) shows a study's chapter on the board, whose script
changes it through the API and follows every change over the study's socket."""

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import ensure_csrf_cookie

from catalogue.descriptors import variant_descriptor, variant_groups
from games.domain.errors import GameError
from games.domain.schemas import MAX_FEN_CHARS
from games.services.variations import MAX_COMMENT
from studies.importing import MAX_CHAPTERS
from studies.models import Study
from studies.services import (
    chapter_of,
    chapter_payload,
    public_studies,
    studies_of,
    study_create,
    study_payload,
    viewable,
)
from studies.tree import GLYPHS


def studies(request: HttpRequest) -> HttpResponse:
    """The studies list (``?owner=<name>``: that player's public studies), and (signed in) the
    form that makes one: posted, it takes the maker to the new study, or shows why it was
    refused."""
    error = None
    if request.method == "POST" and request.user.is_authenticated:
        asked = {key: request.POST.get(key, "") for key in ("name", "visibility", "variant")}
        asked.update(
            {key: request.POST.get(key, "").strip() or None for key in ("fen", "text", "game")}
        )
        try:
            made = study_create(request.user.pk, asked)
        except GameError as refusal:
            error = refusal.message
        else:
            return redirect("study", study_id=made.public_id)
    owner = request.GET.get("owner", "")[:150]
    context = {
        "owner": owner,
        "public": public_studies(owner),
        "mine": studies_of(request.user.pk) if request.user.is_authenticated else [],
        "error": error,
        "form": request.POST if error else {},
        "variant_groups": variant_groups(),
        "selected": request.POST.get("variant", "") if error else "",
        "visibilities": Study.Visibility.choices,
        "max_fen_chars": MAX_FEN_CHARS,
        "max_chapters": MAX_CHAPTERS,
    }
    return render(request, "studies/list.html", context)


@ensure_csrf_cookie
def study_page(request: HttpRequest, study_id: str, chapter_id: str = "") -> HttpResponse:
    """A study at one chapter (its first when none is named)."""
    user_id = request.user.pk if request.user.is_authenticated else None
    try:
        study = viewable(study_id, user_id)
        chapter = chapter_of(study, chapter_id) if chapter_id else study.chapters.first()
    except GameError:
        raise Http404(_("No such study.")) from None
    if chapter is None:
        raise Http404(_("No such study."))
    page_data: dict[str, Any] = {
        "study": study_payload(study, user_id),
        "chapter": chapter_payload(chapter),
        "variant": variant_descriptor(chapter.variant),
        "ws_url": f"/ws/studies/{study.public_id}/",
        "me": request.user.username if user_id else None,
        "glyphs": [glyph for glyph in GLYPHS if glyph],
        "max_comment": MAX_COMMENT,
    }
    context = {
        "study": page_data["study"],
        "chapter": page_data["chapter"],
        "page_data": page_data,
        "variant_groups": variant_groups(),
        "visibilities": Study.Visibility.choices,
        "max_fen_chars": MAX_FEN_CHARS,
    }
    return render(request, "studies/study.html", context)
