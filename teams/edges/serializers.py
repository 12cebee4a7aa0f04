"""The shapes of the teams API's bodies and answers, for the OpenAPI schema (``/api/schema/``).
Answers are built by ``teams.reads``; a test holds real ones against these. The bodies are
declared once (``teams.schemas``)."""

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from games.edges.serializers import ErrorSerializer, request_serializer
from teams.schemas import TEAM, TEAM_ANSWER, TEAM_ASK, TEAM_EDIT, TEAM_LEADER

TEAM_ERRORS = {
    400: OpenApiResponse(
        ErrorSerializer, description="A bad name or text, or a step the team refuses."
    ),
    403: OpenApiResponse(ErrorSerializer, description="Not one of the team's leaders."),
    404: OpenApiResponse(ErrorSerializer, description="No such team, or no such player in it."),
}

TeamCreate = request_serializer(TEAM)
TeamEdit = request_serializer(TEAM_EDIT)
TeamJoin = request_serializer(TEAM_ASK)
TeamAnswer = request_serializer(TEAM_ANSWER)
TeamLeader = request_serializer(TEAM_LEADER)


class TeamSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    text = serializers.CharField(help_text="What the team says it is")
    open = serializers.BooleanField(help_text="Whether a player joins at once, or asks first")
    members = serializers.IntegerField(help_text="Its members, leaders included")
    created_at = serializers.DateTimeField()
    url = serializers.CharField(help_text="Its page")


class PlayersTeamSerializer(TeamSummarySerializer):
    leader = serializers.BooleanField(help_text="Whether the player leads it")


class TeamListSerializer(serializers.Serializer):
    teams = TeamSummarySerializer(many=True, help_text="30 a page, the largest first")
    page = serializers.IntegerField()
    more = serializers.BooleanField(help_text="Whether another page follows")
    query = serializers.CharField(help_text="The part of a name asked for (empty: every team)")


class PlayersTeamsSerializer(serializers.Serializer):
    teams = PlayersTeamSerializer(many=True, help_text="The player's teams, the largest first")


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    leader = serializers.BooleanField()
    joined_at = serializers.DateTimeField()


class AskSerializer(serializers.Serializer):
    username = serializers.CharField()
    text = serializers.CharField(help_text="What the player told the leaders")
    created_at = serializers.DateTimeField()


class ViewerSerializer(serializers.Serializer):
    member = serializers.BooleanField()
    leader = serializers.BooleanField()
    asked = serializers.BooleanField(help_text="Whether the viewer's ask to join waits")


class TeamSerializer(TeamSummarySerializer):
    leaders = serializers.ListField(child=serializers.CharField(), help_text="Usernames")
    member_list = MemberSerializer(
        many=True, help_text="50 a page: the leaders first, then by when they joined"
    )
    page = serializers.IntegerField()
    more = serializers.BooleanField(help_text="Whether another page of members follows")
    viewer = ViewerSerializer(help_text="What the one asking is to the team")
    asks = AskSerializer(
        many=True,
        help_text="The oldest 50 asks to join, oldest first: for its leaders (empty for others)",
    )
    asks_waiting = serializers.IntegerField(
        help_text="How many asks wait in all: for its leaders (0 for others)"
    )


class JoinedSerializer(serializers.Serializer):
    result = serializers.ChoiceField(
        choices=["joined", "asked"], help_text="joined: an open team; asked: a closed team's"
    )
    team = TeamSerializer()
