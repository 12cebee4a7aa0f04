"""Each request body of the games API is declared once (games/domain/bodies.py): the OpenAPI
schema documents exactly the fields its parser reads, and a required field left out is refused."""

from collections.abc import Callable
from typing import Any

import pytest

from games.domain import bodies, schemas
from games.domain.errors import GameError
from games.edges import serializers

# Each body, the parser the API gives it, and a body with every field given.
PARSED: dict[str, tuple[bodies.Body, Callable[[Any], Any], dict[str, Any]]] = {
    "seek": (
        bodies.SEEK,
        schemas.SeekRequest.from_body,
        {"color": "white", "rated": False, "variant": "russian", "clock": {"days": 3}},
    ),
    "challenge": (
        bodies.CHALLENGE,
        schemas.ChallengeRequest.from_body,
        {
            "to": "bob",
            "color": "random",
            "rated": False,
            "variant": "chesskers",
            "clock": None,
            "fen": "",
        },
    ),
    "local game": (
        bodies.LOCAL_GAME,
        schemas.LocalGameRequest.from_body,
        {"variant": "dameo", "fen": ""},
    ),
    "bot game": (
        bodies.BOT_GAME,
        schemas.BotGameRequest.from_body,
        {"level": 3, "color": "black", "variant": "chesskers", "fen": ""},
    ),
    "move by path": (
        bodies.MOVE,
        schemas.MoveRequest.from_body,
        {"ply": 0, "move": None, "path": ["e7", "e8"], "promotion": "q"},
    ),
    "draw": (bodies.DRAW, schemas.draw_action, {"action": "offer"}),
    "import": (bodies.IMPORT, schemas.import_body, {"text": "1. e4 *"}),
    "annotation": (
        bodies.ANNOTATION,
        schemas.AnnotationRequest.from_body,
        {"ply": 0, "glyph": "!", "comment": "good", "moves": None, "parent": None},
    ),
    "side line": (
        bodies.ANNOTATION,
        schemas.AnnotationRequest.from_body,
        {"ply": 0, "glyph": None, "comment": None, "moves": ["e4", {"move": "e5"}], "parent": 3},
    ),
    "chat": (bodies.CHAT, schemas.chat_body, {"text": "Good game"}),
    "annotation edit": (
        bodies.ANNOTATION_EDIT,
        schemas.AnnotationRequest.edit_from_body,
        {"glyph": "?", "comment": ""},
    ),
}


class Read(dict):
    """A body that remembers which of its fields were read."""

    def __init__(self, *args: Any) -> None:
        super().__init__(*args)
        self.read: set[str] = set()

    def get(self, key: str, default: Any = None) -> Any:
        self.read.add(key)
        return super().get(key, default)

    def __getitem__(self, key: str) -> Any:
        self.read.add(key)
        return super().__getitem__(key)

    def __contains__(self, key: object) -> bool:
        self.read.add(str(key))
        return super().__contains__(key)


@pytest.mark.parametrize("kind", PARSED)
def test_the_parser_reads_exactly_the_declared_fields(kind: str) -> None:
    body, parse, example = PARSED[kind]
    assert set(example) == body.names()
    read = Read(example)
    parse(read)
    assert read.read == body.names()


# A note's ply left out is parsed as no ply, which the service refuses naming the game's range
# of plies (tests/games/test_archive.py).
LEFT_FOR_THE_SERVICE = {
    "annotation": lambda note: note.ply is None,
    "side line": lambda note: note.ply is None,
}


@pytest.mark.parametrize("kind", PARSED)
def test_a_required_field_left_out_is_refused(kind: str) -> None:
    body, parse, example = PARSED[kind]
    required = [field.name for field in body.fields if field.required]
    for name in required:
        without = {key: value for key, value in example.items() if key != name}
        if kind in LEFT_FOR_THE_SERVICE:
            assert LEFT_FOR_THE_SERVICE[kind](parse(without))
        else:
            with pytest.raises(GameError):
                parse(without)


@pytest.mark.parametrize("kind", PARSED)
def test_the_schema_documents_exactly_the_declared_fields(kind: str) -> None:
    body, _, _ = PARSED[kind]
    documented = serializers.request_serializer(body)
    assert set(documented.fields) == body.names()
    assert {name for name, field in documented.fields.items() if field.required} == {
        field.name for field in body.fields if field.required
    }
