"""The shapes of the games API's bodies and answers, for its OpenAPI schema (``/api/schema/``).

Answers are built by ``games.reads``; these serializers describe them, and a test holds a real
state against ``GameState``. Request bodies are checked by ``games.domain.schemas``; the request
serializers here document the same fields.
"""

from typing import Any

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

from games.domain import bodies
from games.domain.bodies import BodyField

ErrorSerializer = inline_serializer("GameErrorBody", {"error": serializers.CharField()})


class StateMoveSerializer(serializers.Serializer):
    ply = serializers.IntegerField(help_text="The move's index, 0 for the first")
    text = serializers.CharField(help_text="Canonical notation")
    path = serializers.ListField(child=serializers.CharField(), help_text="Squares stopped on")
    captured = serializers.ListField(child=serializers.CharField(), help_text="Squares emptied")
    captured_pieces = serializers.ListField(
        child=serializers.CharField(), help_text="The letters of the pieces taken, in order"
    )
    kind = serializers.CharField(help_text="quiet, castle, replacement, en_passant, jump, sweep")
    fen = serializers.CharField(help_text="The position after the move")


class LegalMoveSerializer(serializers.Serializer):
    text = serializers.CharField()
    path = serializers.ListField(child=serializers.CharField())
    captured = serializers.ListField(child=serializers.CharField())
    promotion = serializers.CharField(allow_null=True)
    kind = serializers.CharField()


class PresenceSerializer(serializers.Serializer):
    white = serializers.BooleanField()
    black = serializers.BooleanField()


class AbsenceSerializer(serializers.Serializer):
    side = serializers.CharField(help_text="The side whose absence is counted")
    deadline = serializers.DateTimeField(help_text="When it forfeits unless it comes back")


class ClockSerializer(serializers.Serializer):
    initial = serializers.IntegerField(allow_null=True, help_text="Seconds each side starts with")
    increment = serializers.IntegerField(allow_null=True, help_text="Seconds added a move")
    days = serializers.IntegerField(allow_null=True, help_text="Correspondence: days a move")
    white = serializers.IntegerField(help_text="White's time left, ms, as of when sent")
    black = serializers.IntegerField(help_text="Black's time left, ms, as of when sent")
    running = serializers.CharField(
        allow_null=True, help_text="The side whose clock runs (null before both first moves)"
    )
    deadline = serializers.DateTimeField(
        allow_null=True, help_text="Correspondence: when the side to move must move by"
    )
    first_move_deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="Before a side's first move: when the game is aborted if it has not moved",
    )


def time_control_field() -> serializers.DictField:
    """A seek's or challenge's ``clock``, as the API takes it (optional in a request)."""
    return serializers.DictField(
        child=serializers.IntegerField(),
        allow_null=True,
        required=False,
        help_text='{"initial": 15..10800 s, "increment": 0..180 s}, {"days": 1|2|3|5|7|14} '
        "(correspondence), or null (unlimited)",
    )


SPEED_HELP = "ultrabullet, bullet, blitz, rapid, classical, correspondence or unlimited"


class RematchSerializer(serializers.Serializer):
    by = serializers.CharField(help_text="The colour that offered it")
    challenge = serializers.CharField()
    state = serializers.CharField()
    game = serializers.CharField(allow_null=True)


class RatingChangesSerializer(serializers.Serializer):
    white = serializers.IntegerField()
    black = serializers.IntegerField()


class BerserkSerializer(serializers.Serializer):
    white = serializers.BooleanField()
    black = serializers.BooleanField()


class GameStateSerializer(serializers.Serializer):
    id = serializers.CharField()
    mode = serializers.CharField()
    variant = serializers.CharField()
    white = serializers.CharField(allow_null=True)
    black = serializers.CharField(allow_null=True)
    bot_level = serializers.IntegerField(allow_null=True)
    initial_fen = serializers.CharField()
    fen = serializers.CharField()
    ply = serializers.IntegerField()
    revision = serializers.IntegerField(
        help_text="Grows with every change to the moves (a move, a takeback): orders states"
    )
    turn = serializers.CharField()
    status = serializers.CharField()
    result = serializers.CharField(allow_null=True)
    termination = serializers.CharField(allow_null=True)
    draw_offer = serializers.CharField(allow_null=True)
    check = serializers.CharField(allow_null=True, help_text="The square of a king in check")
    presence = PresenceSerializer()
    spectators = serializers.IntegerField()
    absence = AbsenceSerializer(allow_null=True)
    clock = ClockSerializer(allow_null=True, help_text="null for an unlimited game")
    speed = serializers.CharField(help_text=SPEED_HELP)
    takeback = serializers.BooleanField(
        help_text="Whether a takeback is possible now (pass-and-play and bot games)"
    )
    takeback_offer = serializers.CharField(
        allow_null=True, help_text="An online game's takeback offer: the side that asked"
    )
    takeback_refused = serializers.CharField(
        allow_null=True,
        help_text="The side whose takeback offer was declined: it may not ask again until the"
        " next move",
    )
    abortable = serializers.BooleanField(
        help_text="Whether the game may be aborted now (REST: by the caller)"
    )
    first_move_deadline = serializers.DateTimeField(
        allow_null=True,
        help_text="While the side to move has not made its first move: when the game is aborted",
    )
    bot_thinking = serializers.BooleanField()
    rematch = RematchSerializer(allow_null=True)
    rated = serializers.BooleanField()
    rating_changes = RatingChangesSerializer(
        allow_null=True, help_text='Once a rated game ends: {"white": 8, "black": -8}; else null.'
    )
    tournament = serializers.CharField(
        allow_null=True, help_text="The id of the tournament the game belongs to, or null"
    )
    tournament_round = serializers.IntegerField(
        allow_null=True, help_text="The tournament's round the game was paired in, or null"
    )
    simul = serializers.CharField(
        allow_null=True, help_text="The id of the simul the game belongs to, or null"
    )
    berserk = BerserkSerializer(
        allow_null=True,
        help_text="In a game that allows berserk (an arena's): which players went berserk "
        "(halved their time before their first move); else null",
    )
    created_at = serializers.DateTimeField(allow_null=True)
    finished_at = serializers.DateTimeField(allow_null=True)
    moves_from = serializers.IntegerField(
        help_text="The ply of the first move in `moves`: 0 here (every move); on a game's socket "
        "a state after a change holds the moves from this ply on"
    )
    moves = StateMoveSerializer(many=True)
    legal_moves = LegalMoveSerializer(many=True)


StateSerializer = GameStateSerializer


VARIANT_HELP = "The game's id (`GET /api/variants/`); absent: chesskers"


def variant_field() -> serializers.CharField:
    return serializers.CharField(required=False, default="chesskers", help_text=VARIANT_HELP)


class SeekSerializer(serializers.Serializer):
    id = serializers.CharField()
    owner = serializers.CharField()
    color = serializers.CharField()
    rated = serializers.BooleanField()
    variant = serializers.CharField(help_text="The game's id")
    clock = time_control_field()
    speed = serializers.CharField(help_text=SPEED_HELP)
    control = serializers.CharField(help_text="As players write it: 3+2, 3 days, unlimited")
    rating_category = serializers.CharField(
        help_text="The rating the game would move: a Chesskers speed or another game's id"
    )
    rating = serializers.IntegerField(help_text="The owner's rating in that category")
    provisional = serializers.BooleanField(help_text="Deviation above 110: shown as 1500?")
    created_at = serializers.DateTimeField()


class ChallengeSerializer(serializers.Serializer):
    id = serializers.CharField()
    challenger = serializers.CharField()
    to = serializers.CharField(allow_null=True)
    color = serializers.CharField()
    rated = serializers.BooleanField()
    variant = serializers.CharField(help_text="The game's id")
    variant_name = serializers.CharField(help_text="The game's name, for people to read")
    clock = time_control_field()
    speed = serializers.CharField(help_text=SPEED_HELP)
    control = serializers.CharField(help_text="As players write it: 3+2, 3 days, unlimited")
    state = serializers.CharField()
    game = serializers.CharField(allow_null=True)
    rematch_of = serializers.CharField(allow_null=True, help_text="The game a rematch is of")
    fen = serializers.CharField(
        allow_null=True,
        help_text="The position the game starts from, in the game's own FEN; null: its usual start",
    )
    created_at = serializers.DateTimeField()


class ChallengeCreatedSerializer(ChallengeSerializer):
    url = serializers.CharField(help_text="The invite link's page")


class AnnotationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    ply = serializers.IntegerField(help_text="the move's index, 0 for the first")
    glyph = serializers.CharField(help_text="! ? !! ?? !? ?! or empty")
    comment = serializers.CharField()
    moves = serializers.ListField(
        child=inline_serializer(
            "SideLineMove",
            {
                "move": serializers.CharField(),
                "glyph": serializers.CharField(),
                "comment": serializers.CharField(),
                "fen": serializers.CharField(help_text="The position after the move"),
            },
        ),
        help_text="A side line's moves (canonical text), replacing the move at `ply`; empty "
        "for a note",
    )
    parent = serializers.IntegerField(
        allow_null=True, help_text="The side line this one branches from, or null"
    )
    author = serializers.CharField(allow_null=True)
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()


GameRef = inline_serializer("GameRef", {"game": serializers.CharField()})
ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="Bad request, illegal or unparsable move."),
    403: OpenApiResponse(ErrorSerializer, description="Not a player, or not your turn."),
    404: OpenApiResponse(ErrorSerializer, description="No such game."),
    409: OpenApiResponse(ErrorSerializer, description="`ply` is not the current ply."),
    410: OpenApiResponse(ErrorSerializer, description="The game is over, or the seek is gone."),
}


# --- request bodies: declared once (games.domain.bodies), parsed by games.domain.schemas -----
def request_field(field: BodyField) -> serializers.Field:
    """Returns the schema's field for one declared field of a body."""
    options: dict[str, Any] = {"required": field.required, "help_text": field.help}
    if field.kind == bodies.VARIANT:
        return variant_field()
    if field.kind == bodies.CLOCK:
        return time_control_field()
    if not field.required and field.default is not None:
        options["default"] = field.default
    if field.kind == bodies.INTEGER:
        return serializers.IntegerField(min_value=field.minimum, max_value=field.maximum, **options)
    if field.kind == bodies.BOOLEAN:
        return serializers.BooleanField(**options)
    if field.kind == bodies.SQUARES:
        return serializers.ListField(child=serializers.CharField(), **options)
    if field.kind == bodies.LINE:
        return serializers.ListField(child=serializers.JSONField(), **options)
    return serializers.CharField(**options)


def request_serializer(body: bodies.Body) -> serializers.Serializer:
    """Returns the schema of a request body, from its declaration."""
    return inline_serializer(body.name, {field.name: request_field(field) for field in body.fields})


SeekCreate = request_serializer(bodies.SEEK)
ChallengeCreate = request_serializer(bodies.CHALLENGE)
LocalCreate = request_serializer(bodies.LOCAL_GAME)
BotCreate = request_serializer(bodies.BOT_GAME)
MoveSubmit = request_serializer(bodies.MOVE)
DrawAction = request_serializer(bodies.DRAW)
TakebackAction = request_serializer(bodies.TAKEBACK)
GameImport = request_serializer(bodies.IMPORT)
AnnotationCreate = request_serializer(bodies.ANNOTATION)
AnnotationEdit = request_serializer(bodies.ANNOTATION_EDIT)
ChatSend = request_serializer(bodies.CHAT)


class ChatLineSerializer(serializers.Serializer):
    room = serializers.CharField(help_text="players or spectators")
    user = serializers.CharField(help_text="Who wrote it")
    text = serializers.CharField(help_text="1 to 140 characters, plain text (never HTML)")
    at = serializers.DateTimeField()


BoardMove = request_serializer(bodies.BOARD_MOVE)


class OutcomeSerializer(serializers.Serializer):
    result = serializers.CharField(help_text="1-0, 0-1 or 1/2-1/2")
    reason = serializers.CharField(help_text="Why the game ended there, as `termination` says")


class BoardPositionSerializer(serializers.Serializer):
    variant = serializers.CharField()
    fen = serializers.CharField(
        help_text="The position, in the game's own FEN as the engine writes it"
    )
    turn = serializers.CharField(help_text="white or black: the side to move")
    check = serializers.CharField(allow_null=True, help_text="The square of a king in check")
    outcome = OutcomeSerializer(allow_null=True, help_text="How the game ended here, or null")
    legal_tree = serializers.DictField(
        help_text="The legal moves in their compact form (WebSockets, `legal_tree`); {} once over"
    )


class BoardMovePlayedSerializer(serializers.Serializer):
    text = serializers.CharField(help_text="The move in the game's canonical notation")
    path = serializers.ListField(child=serializers.CharField())
    captured = serializers.ListField(child=serializers.CharField())
    kind = serializers.CharField()


class BoardPlaySerializer(serializers.Serializer):
    move = BoardMovePlayedSerializer()
    position = BoardPositionSerializer(help_text="The position the move reaches")


class BoardSizeSerializer(serializers.Serializer):
    files = serializers.IntegerField()
    ranks = serializers.IntegerField()


class VariantSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="What `variant` takes")
    name = serializers.CharField()
    family = serializers.CharField(help_text="chesskers, draughts or hybrid")
    board = BoardSizeSerializer()
    start_fen = serializers.CharField(help_text="The start position, in the game's own FEN")


class ExplorerCountsSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    white = serializers.IntegerField(help_text="Games White won")
    draws = serializers.IntegerField()
    black = serializers.IntegerField(help_text="Games Black won")


class ExplorerMoveSerializer(ExplorerCountsSerializer):
    move = serializers.CharField(help_text="The move's text, as the game's notation writes it")


class ExplorerGameSerializer(serializers.Serializer):
    id = serializers.CharField()
    move = serializers.CharField(help_text="The move it played in the position")
    white = serializers.CharField(allow_null=True)
    black = serializers.CharField(allow_null=True)
    result = serializers.CharField(help_text="1-0, 0-1 or 1/2-1/2")
    speed = serializers.CharField()
    finished_at = serializers.DateTimeField()


class ExplorerSerializer(ExplorerCountsSerializer):
    variant = serializers.CharField()
    fen = serializers.CharField(help_text="The position as the engine writes it")
    speeds = serializers.ListField(child=serializers.CharField(), help_text="The speeds counted")
    plies = serializers.IntegerField(help_text="The plies of each game counted, from its start")
    moves = ExplorerMoveSerializer(many=True, help_text="The moves played, most played first")
    latest = ExplorerGameSerializer(
        many=True, help_text="The newest game of each move, the newest first"
    )


# --- learning from an analysed game's mistakes (games.services.learn) -----------------------
class LearnMistakeSerializer(serializers.Serializer):
    ply = serializers.IntegerField(help_text="The mistake's ply (0: the game's first move)")
    judgement = serializers.ChoiceField(choices=["mistake", "blunder"])
    loss = serializers.IntegerField(help_text="Centipawns the game's move lost, as analysed")
    played = serializers.CharField(help_text="The move the game played there")
    best = serializers.CharField(help_text="The analysis' best move there (the solution)")
    position = BoardPositionSerializer(help_text="The position before it, to find a better move")


class LearnListSerializer(serializers.Serializer):
    side = serializers.ChoiceField(choices=["white", "black"])
    state = serializers.CharField(help_text="The analysis': none, running, done or failed")
    mistakes = LearnMistakeSerializer(many=True, help_text="In the order played")


class MoveAtPlyRequest(serializers.Serializer):
    """A move sent for a ply, by its text or by its path: a puzzle's, a try at a mistake."""

    ply = serializers.IntegerField(help_text="The ply the move is for")
    move = serializers.CharField(
        required=False, help_text="The move, in the game's notation or machine form"
    )
    path = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="... or its squares, in order"
    )
    promotion = serializers.CharField(required=False, help_text="With a path: what it promotes to")


class LearnTryRequest(MoveAtPlyRequest):
    ply = serializers.IntegerField(help_text="The mistake's ply")


class LearnTrySerializer(serializers.Serializer):
    verdict = serializers.ChoiceField(
        choices=["best", "good", "played", "worse"],
        help_text="best: the analysis' best move; good: within an inaccuracy of it; played: "
        "the game's own mistake again; worse: loses an inaccuracy or more against the best",
    )
    move = BoardMovePlayedSerializer(help_text="The move tried, as the board shows it")
    loss = serializers.IntegerField(
        allow_null=True, help_text="Centipawns lost against the best move; null for played"
    )
    best = serializers.CharField(help_text="The analysis' best move in the position")
    position = BoardPositionSerializer(help_text="The position the move tried reaches")
