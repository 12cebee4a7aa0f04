"""The studies API's documented shapes (drf-spectacular): what each request and answer holds."""

from drf_spectacular.utils import OpenApiResponse
from rest_framework import serializers

from games.edges.serializers import BoardMovePlayedSerializer, ErrorSerializer

STUDY_ERRORS = {
    400: OpenApiResponse(ErrorSerializer, description="A bad name, position, text or change."),
    403: OpenApiResponse(ErrorSerializer, description="Not the study's owner or a contributor."),
    404: OpenApiResponse(
        ErrorSerializer, description="No such study (or a private one), chapter or move."
    ),
}


class ChapterLineSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    variant = serializers.CharField(help_text="The game's id")
    variant_name = serializers.CharField()


class StudySerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    visibility = serializers.ChoiceField(choices=["public", "unlisted", "private"])
    owner = serializers.CharField()
    members = serializers.ListField(
        child=serializers.CharField(), help_text="The contributors: they edit it too"
    )
    chapters = ChapterLineSerializer(many=True)
    can_edit = serializers.BooleanField(help_text="Whether the caller may change it")
    is_owner = serializers.BooleanField()
    updated_at = serializers.DateTimeField()


class StudyLineSerializer(serializers.Serializer):
    id = serializers.CharField()
    name = serializers.CharField()
    owner = serializers.CharField()
    visibility = serializers.CharField()
    updated_at = serializers.DateTimeField()


class StudyListSerializer(serializers.Serializer):
    public = StudyLineSerializer(many=True, help_text="The latest public studies (30)")
    mine = StudyLineSerializer(
        many=True, help_text="The caller's own and those they contribute to (30); [] signed out"
    )


class NewChaptersRequest(serializers.Serializer):
    name = serializers.CharField(required=False, help_text="The chapter's name")
    variant = serializers.CharField(required=False, help_text="The game's id; absent: Chesskers")
    fen = serializers.CharField(required=False, help_text="Its start; absent: the usual one")
    text = serializers.CharField(
        required=False, help_text="... or PGN/PDN text: a chapter for each game, with its lines"
    )
    game = serializers.CharField(required=False, help_text="... or a finished game's id")


class NewStudyRequest(NewChaptersRequest):
    visibility = serializers.ChoiceField(
        choices=["public", "unlisted", "private"], required=False, help_text="Absent: public"
    )
    chapter = serializers.CharField(required=False, help_text="The first chapter's name")


class StudyUpdateRequest(serializers.Serializer):
    name = serializers.CharField(required=False)
    visibility = serializers.ChoiceField(choices=["public", "unlisted", "private"], required=False)


class NodeSerializer(serializers.Serializer):
    id = serializers.CharField(help_text="Never reused: names one position of the tree")
    parent = serializers.CharField(allow_null=True)
    ply = serializers.IntegerField()
    fen = serializers.CharField()
    text = serializers.CharField(help_text="The move that reached it; empty at the start")
    move = BoardMovePlayedSerializer(allow_null=True)
    children = serializers.ListField(
        child=serializers.CharField(), help_text="The moves from it, the main continuation first"
    )
    glyph = serializers.CharField()
    comment = serializers.CharField()
    shapes = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="Circles and arrows on its position: Ge4 (a colour, G R B or Y, and a square), "
        "Ge2e4 (an arrow)",
    )


class TreeSerializer(serializers.Serializer):
    next = serializers.IntegerField()
    nodes = serializers.DictField(child=NodeSerializer(), help_text="By id; the start is 0")


class ChapterSerializer(ChapterLineSerializer):
    initial_fen = serializers.CharField()
    revision = serializers.IntegerField(help_text="Counts the tree's changes")
    tree = TreeSerializer()


class NewChaptersSerializer(serializers.Serializer):
    added = ChapterLineSerializer(many=True)
    chapters = ChapterLineSerializer(many=True, help_text="Every chapter, in order")


class ChapterUpdateRequest(serializers.Serializer):
    name = serializers.CharField()


class ChangeRequest(serializers.Serializer):
    op = serializers.ChoiceField(choices=["play", "delete", "promote", "note", "shapes"])
    node = serializers.CharField(help_text="The node it acts on (play: the one played from)")
    move = serializers.CharField(required=False, help_text="play: the move, as text")
    path = serializers.ListField(
        child=serializers.CharField(), required=False, help_text="play: ... or its squares"
    )
    promotion = serializers.CharField(required=False)
    glyph = serializers.CharField(required=False, help_text="note: ! ? !! ?? !? ?! or empty")
    comment = serializers.CharField(required=False, help_text="note: text, or empty")
    shapes = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="shapes: every circle and arrow on the position (Ge4, Re2e4), at most 32",
    )


class ChangeSerializer(serializers.Serializer):
    revision = serializers.IntegerField(help_text="The chapter's revision after the change")
    change = serializers.DictField(
        allow_null=True,
        help_text="What changed, as every open page hears it (docs/api.md); null: nothing",
    )


class MembersRequest(serializers.Serializer):
    username = serializers.CharField()


class MembersSerializer(serializers.Serializer):
    members = serializers.ListField(child=serializers.CharField())
