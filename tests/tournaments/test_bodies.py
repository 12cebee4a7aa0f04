"""A new tournament's body is declared once (tournaments/schemas.py ``TOURNAMENT``): the OpenAPI
schema documents exactly the fields its parser reads, and a required field left out is
refused."""

from datetime import UTC, datetime

import pytest

from games.domain.errors import GameError
from tests.games.test_bodies import Read
from tournaments.edges.serializers import TournamentCreate
from tournaments.schemas import TOURNAMENT, TournamentRequest

EVERY_FIELD = {
    "name": "Tuesday Blitz Arena",
    "variant": "russian",
    "clock": {"initial": 180, "increment": 2},
    "system": "arena",
    "starts_at": "2030-01-01T18:00:00Z",
    "minutes": 60,
    "rounds": None,
    "rated": False,
    "berserk": True,
    "fen": None,
    "team": None,
}
NOW = datetime(2029, 12, 31, tzinfo=UTC)


def test_the_parser_reads_exactly_the_declared_fields() -> None:
    assert set(EVERY_FIELD) == TOURNAMENT.names()
    read = Read(EVERY_FIELD)
    asked = TournamentRequest.from_body(read, NOW)
    assert read.read == TOURNAMENT.names()
    assert (asked.variant, asked.minutes, asked.rated, asked.berserk) == (
        "russian",
        60,
        False,
        True,
    )


def test_a_required_field_left_out_is_refused() -> None:
    for field in TOURNAMENT.fields:
        if field.required:
            without = {k: v for k, v in EVERY_FIELD.items() if k != field.name}
            with pytest.raises(GameError):
                TournamentRequest.from_body(without, NOW)


def test_the_schema_documents_exactly_the_declared_fields() -> None:
    fields = TournamentCreate.fields
    assert set(fields) == TOURNAMENT.names()
    assert {name for name, field in fields.items() if field.required} == {
        field.name for field in TOURNAMENT.fields if field.required
    }
