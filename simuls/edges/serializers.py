"""The shapes of the simuls API's bodies and answers, for the OpenAPI schema (``/api/schema/``).
Answers are built by ``simuls.reads``; a test holds real ones against these. The new simul's
body is declared once (``simuls.schemas.SIMUL``)."""

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

from games.domain.bodies import CLOCK
from games.edges.serializers import ErrorSerializer, request_field
from simuls.models import HostColor, Simul
from simuls.schemas import SIMUL

SIMUL_ERRORS = {
    400: OpenApiResponse(
        ErrorSerializer, description="A bad name, clock or size, or a step the simul is past."
    ),
    403: OpenApiResponse(ErrorSerializer, description="Not the simul's host."),
    404: OpenApiResponse(ErrorSerializer, description="No such simul, or no such player in it."),
}


class SimulClockSerializer(serializers.Serializer):
    initial = serializers.IntegerField(help_text="Seconds each side starts with (15 to 10800)")
    increment = serializers.IntegerField(help_text="Seconds added a move (0 to 180)")


SimulCreate = inline_serializer(
    SIMUL.name,
    {
        field.name: (
            SimulClockSerializer(help_text=field.help)
            if field.kind == CLOCK
            else request_field(field)
        )
        for field in SIMUL.fields
    },
)


class SimulSummarySerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    host = serializers.CharField(help_text="The host's username")
    variant = serializers.CharField(help_text="The game's id")
    variant_name = serializers.CharField()
    clock = SimulClockSerializer()
    host_extra = serializers.IntegerField(help_text="Minutes more on the host's clocks")
    host_color = serializers.ChoiceField(choices=HostColor.values)
    max_players = serializers.IntegerField(help_text="The boards the host plays at most")
    status = serializers.ChoiceField(choices=Simul.Status.values)
    created_at = serializers.DateTimeField()
    url = serializers.CharField(help_text="Its page")


class SimulListSerializer(serializers.Serializer):
    created = SimulSummarySerializer(many=True, help_text="Taking players (30, newest first)")
    started = SimulSummarySerializer(many=True, help_text="Being played")
    finished = SimulSummarySerializer(many=True, help_text="Finished (the latest 30)")


class ApplicantSerializer(serializers.Serializer):
    user = serializers.CharField()
    accepted = serializers.BooleanField(help_text="Accepted by the host: plays a board")
    rating = serializers.IntegerField(help_text="In the simul's game and speed")
    provisional = serializers.BooleanField()


class SimulBoardSerializer(serializers.Serializer):
    board = serializers.IntegerField(help_text="1, 2, …: the order the host plays them in")
    user = serializers.CharField(help_text="The player of this board")
    rating = serializers.IntegerField()
    provisional = serializers.BooleanField()
    color = serializers.CharField(help_text="The player's side: white or black")
    game = serializers.CharField(help_text="The game's id")
    fen = serializers.CharField(help_text="Its position now")
    ply = serializers.IntegerField()
    turn = serializers.CharField(help_text="The side to move: white or black")
    host_to_move = serializers.BooleanField(help_text="The board waits for the host's move")
    status = serializers.CharField(help_text="live, finished or aborted")
    result = serializers.CharField(allow_null=True)
    outcome = serializers.ChoiceField(
        choices=["win", "draw", "loss", "aborted"],
        allow_null=True,
        help_text="What the game was to the host; null while it is played",
    )


class ScoreSerializer(serializers.Serializer):
    win = serializers.IntegerField(help_text="The host's wins")
    draw = serializers.IntegerField()
    loss = serializers.IntegerField()
    aborted = serializers.IntegerField()
    playing = serializers.IntegerField(help_text="Games still being played")


class SimulSerializer(SimulSummarySerializer):
    text = serializers.CharField(help_text="What the host says of it")
    started_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    players = ApplicantSerializer(many=True, help_text="Who asked to play (until it starts)")
    accepted = serializers.IntegerField(help_text="Players accepted so far")
    boards = SimulBoardSerializer(many=True, help_text="Once started: every board")
    score = ScoreSerializer()


class AcceptRequest(serializers.Serializer):
    user = serializers.CharField(help_text="The player who asked")
    accepted = serializers.BooleanField(
        required=False, default=True, help_text="false takes an acceptance back"
    )


class PlayerRequest(serializers.Serializer):
    user = serializers.CharField(help_text="The player who asked")


class NextBoardSerializer(serializers.Serializer):
    game = serializers.CharField(
        allow_null=True, help_text="The host's next board waiting for their move, or null"
    )
