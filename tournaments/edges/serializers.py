"""The shapes of the tournaments API's bodies and answers, for the OpenAPI schema
(``/api/schema/``). Answers are built by ``tournaments.reads``; a test holds real ones against
these. The request body is declared once (``tournaments.schemas.TOURNAMENT``)."""

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

from games.domain.bodies import CLOCK
from games.edges.serializers import ErrorSerializer, request_field
from tournaments.schemas import TOURNAMENT


class TournamentClockSerializer(serializers.Serializer):
    initial = serializers.IntegerField(help_text="Seconds each side starts with (15 to 10800)")
    increment = serializers.IntegerField(help_text="Seconds added a move (0 to 180)")


def tournament_request() -> serializers.Serializer:
    """The schema of a new tournament's body, from its declaration (a tournament's clock is
    Fischer's: minutes and an increment)."""
    fields = {
        field.name: (
            TournamentClockSerializer(help_text=field.help)
            if field.kind == CLOCK
            else request_field(field)
        )
        for field in TOURNAMENT.fields
    }
    return inline_serializer(TOURNAMENT.name, fields)


TournamentCreate = tournament_request()


class StandingSerializer(serializers.Serializer):
    rank = serializers.IntegerField()
    user = serializers.CharField()
    score = serializers.FloatField(help_text="An arena's points; a Swiss's (½ a draw)")
    games = serializers.IntegerField(help_text="Games scored (a bye is none)")
    tiebreak = serializers.FloatField(
        allow_null=True,
        help_text="An arena's performance (null before a game); a Swiss's Buchholz",
    )
    sonneborn_berger = serializers.FloatField(
        allow_null=True, help_text="A Swiss's second tie-break; null in an arena"
    )
    fire = serializers.BooleanField(
        help_text="In an arena, two wins in a row: the next counts double (a Swiss: false)"
    )
    rating = serializers.IntegerField(help_text="The rating the player joined with")
    withdrawn = serializers.BooleanField(help_text="Withdrawn: paired no more")


class OwnLineSerializer(StandingSerializer):
    game = serializers.CharField(allow_null=True, help_text="Your game being played, or null")


class BoardSerializer(serializers.Serializer):
    id = serializers.CharField()
    white = serializers.CharField(allow_null=True)
    black = serializers.CharField(allow_null=True)
    fen = serializers.CharField()
    variant = serializers.CharField()
    ply = serializers.IntegerField()


class TournamentTeamSerializer(serializers.Serializer):
    id = serializers.CharField(allow_null=True, help_text="null once the team has ended")
    name = serializers.CharField()
    url = serializers.CharField(allow_null=True, help_text="The team's page")


class TournamentSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    variant = serializers.CharField(help_text="The game's id (`GET /api/variants/`)")
    variant_name = serializers.CharField()
    clock = TournamentClockSerializer()
    control = serializers.CharField(help_text="As players write it: 3+2")
    speed = serializers.CharField()
    system = serializers.CharField(help_text="arena or swiss")
    status = serializers.CharField(help_text="created, started or finished")
    starts_at = serializers.DateTimeField()
    ends_at = serializers.DateTimeField(
        allow_null=True, help_text="An arena's end; a Swiss's once it has finished"
    )
    minutes = serializers.IntegerField(allow_null=True, help_text="An arena's length")
    rounds = serializers.IntegerField(allow_null=True, help_text="A Swiss's rounds")
    round = serializers.IntegerField(
        help_text="Pairings made so far: a Swiss's round, an arena's wave of games"
    )
    rated = serializers.BooleanField()
    berserk = serializers.BooleanField(help_text="Whether its players may go berserk")
    fen = serializers.CharField(
        allow_null=True,
        help_text="A thematic tournament's start, in the game's own FEN; null: the usual start",
    )
    players = serializers.IntegerField(help_text="Players who joined (withdrawn ones too)")
    created_by = serializers.CharField(allow_null=True, help_text="null: the site's schedule")
    team = TournamentTeamSerializer(
        allow_null=True,
        help_text="A team tournament's team (only its members join); null: open to every player",
    )


class TournamentSerializer(TournamentSummarySerializer):
    standings = StandingSerializer(many=True)
    games = serializers.ListField(
        child=serializers.CharField(),
        help_text="The ids of its games, newest first (at most 100; `GET "
        "/api/games/?tournament=<id>` lists every one)",
    )
    playing = BoardSerializer(
        many=True, help_text="Games being played by the best placed players, with their position"
    )
    me = OwnLineSerializer(
        allow_null=True,
        help_text="Your line of the standings with your game being played; null signed out "
        "or not joined",
    )


TOURNAMENT_ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Bad request, or not allowed now."),
    401: OpenApiResponse(ErrorSerializer, description="Signed out."),
    404: OpenApiResponse(ErrorSerializer, description="No such tournament."),
}
