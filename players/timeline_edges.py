"""The timeline's edges: each entry said as a sentence with its links, the page ``/timeline/``,
the home page's *Timeline* (``{% timeline %}``, in ``players/templatetags``) and ``GET
/api/timeline/``. The reads are ``players.timeline``'s."""

from datetime import timedelta
from typing import Any

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils import timezone
from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import serializers, status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.api import ErrorSerializer, error
from players.timeline import TIMELINE_DAYS, TIMELINE_SIZE, timeline_of

HOME_ENTRIES = 8  # the home page's share of the timeline


def link(url: str, text: str) -> SafeString:
    return format_html('<a href="{}">{}</a>', url, text)


def player_link(name: str | None) -> SafeString:
    return link(reverse("profile", args=[name]), name) if name else conditional_escape(_("someone"))


def said(sentence: str, **parts: Any) -> SafeString:
    """The translated ``sentence`` (escaped) with its ``%(name)s`` parts put in (each escaped
    unless it is already safe: the links)."""
    return mark_safe(
        conditional_escape(sentence) % {key: conditional_escape(v) for key, v in parts.items()}
    )


def entry_html(entry: dict[str, Any]) -> SafeString:
    """A timeline entry as one sentence, in the active language, with a link to each player
    and to what was done: "alice beat bob in International Checkers."."""
    user = player_link(entry["user"])
    kind = entry["kind"]
    if kind == "game":
        game = link(reverse("game", args=[entry["game"]]), entry["game_name"])
        sentences = {
            "win": _("%(user)s beat %(opponent)s in %(game)s."),
            "draw": _("%(user)s drew with %(opponent)s in %(game)s."),
            "loss": _("%(user)s lost to %(opponent)s in %(game)s."),
        }
        return said(
            sentences[entry["outcome"]], user=user, opponent=player_link(entry["opponent"]),
            game=game,
        )  # fmt: skip
    if kind == "tournament":
        tournament = link(reverse("tournament", args=[entry["tournament"]]), entry["name"])
        sentence = ngettext(
            "%(user)s played %(tournament)s to the end: %(points)s point.",
            "%(user)s played %(tournament)s to the end: %(points)s points.",
            entry["points"],
        )
        return said(sentence, user=user, tournament=tournament, points=entry["points"])
    if kind == "study":
        study = link(reverse("study", args=[entry["study"]]), entry["name"])
        return said(_("%(user)s made the study %(study)s."), user=user, study=study)
    if kind == "team":
        team = link(reverse("team", args=[entry["team"]]), entry["name"])
        return said(_("%(user)s joined the team %(team)s."), user=user, team=team)
    if kind == "topic":
        topic = link(reverse("forum-topic", args=[entry["forum"], entry["topic"]]), entry["title"])
        return said(_("%(user)s started the topic %(topic)s."), user=user, topic=topic)
    return said(_("%(user)s followed %(other)s."), user=user, other=player_link(entry["followed"]))


def shown(entries: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The entries as the pages show them: each with its sentence (``html``) and whether it
    happened in the last minute (``just_now``: said so, not "0 minutes ago")."""
    minute_ago = timezone.now() - timedelta(minutes=1)
    return [
        {**entry, "html": entry_html(entry), "just_now": entry["at"] > minute_ago}
        for entry in entries
    ]


@login_required
def timeline_page(request: HttpRequest) -> HttpResponse:
    """What the players you follow did in the last two weeks, the latest first."""
    return render(
        request,
        "players/timeline.html",
        {"entries": shown(timeline_of(request.user.pk)), "days": TIMELINE_DAYS},
    )


class EntrySerializer(serializers.Serializer):
    at = serializers.DateTimeField()
    user = serializers.CharField(help_text="The followed player who did it")


class GameEntrySerializer(EntrySerializer):
    kind = serializers.ChoiceField(["game"])
    game = serializers.CharField()
    opponent = serializers.CharField(allow_null=True)
    outcome = serializers.ChoiceField(["win", "draw", "loss"], help_text="For ``user``")
    rated = serializers.BooleanField()
    variant = serializers.CharField()
    game_name = serializers.CharField()


class TournamentEntrySerializer(EntrySerializer):
    kind = serializers.ChoiceField(["tournament"])
    tournament = serializers.CharField()
    name = serializers.CharField()
    points = serializers.IntegerField()


class StudyEntrySerializer(EntrySerializer):
    kind = serializers.ChoiceField(["study"])
    study = serializers.CharField()
    name = serializers.CharField()


class TeamEntrySerializer(EntrySerializer):
    kind = serializers.ChoiceField(["team"])
    team = serializers.CharField()
    name = serializers.CharField()


class TopicEntrySerializer(EntrySerializer):
    kind = serializers.ChoiceField(["topic"])
    topic = serializers.CharField()
    title = serializers.CharField()
    forum = serializers.CharField(help_text="The forum's slug")


class FollowEntrySerializer(EntrySerializer):
    kind = serializers.ChoiceField(["follow"])
    followed = serializers.CharField()


# Each kind of entry's fields, by its ``kind``.
ENTRY_SERIALIZERS = {
    "game": GameEntrySerializer,
    "tournament": TournamentEntrySerializer,
    "study": StudyEntrySerializer,
    "team": TeamEntrySerializer,
    "topic": TopicEntrySerializer,
    "follow": FollowEntrySerializer,
}
TimelineEntry = PolymorphicProxySerializer(
    component_name="TimelineEntry",
    serializers={kind: serializer for kind, serializer in ENTRY_SERIALIZERS.items()},
    resource_type_field_name="kind",
    many=True,
)


class TimelineView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "limit", int, description=f"1 to {TIMELINE_SIZE} entries ({TIMELINE_SIZE})"
            )
        ],
        responses={
            200: TimelineEntry,
            400: OpenApiResponse(ErrorSerializer, description="A limit out of range."),
        },
        summary="What the players you follow did lately",
        description=f"The last {TIMELINE_DAYS} days, the latest first: the online games they "
        "finished (once each), the tournaments they played to the end, the public studies they "
        "made, the teams they joined, the topics they started in the site's forums and the "
        "players they followed; what `/timeline/` shows.",
    )
    def get(self, request: Request) -> Response:
        asked = request.query_params.get("limit", str(TIMELINE_SIZE))
        if not asked.isdigit() or not 1 <= int(asked) <= TIMELINE_SIZE:
            return error(
                _("The limit is a whole number from 1 to %(most)s.") % {"most": TIMELINE_SIZE},
                status.HTTP_400_BAD_REQUEST,
            )
        entries = timeline_of(request.user.pk, limit=int(asked))
        return Response([ENTRY_SERIALIZERS[entry["kind"]](entry).data for entry in entries])
