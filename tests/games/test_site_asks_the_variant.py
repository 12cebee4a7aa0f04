"""The site asks each game's variant what the rules of that game decide (docs/engine.md, "What
the site asks"), and keeps no table or branch of its own for it: change what a variant answers
and the site follows. Each test changes one answer of one game of the registry for its length."""

from dataclasses import replace

import pytest

from accounts.models import rating_category
from catalogue.descriptors import variant_descriptor
from engine import variants
from engine.pieces import Color
from games.domain import clock, pgn
from games.models import export_format
from games.reads.archive import variant_tags
from games.services.archive import imported_variant
from games.storage import positions
from games.storage.history import History

BY_SPEED = next(v for v in variants.VARIANTS.values() if v.rated_by_speed)
BY_GAME = next(v for v in variants.VARIANTS.values() if not v.rated_by_speed)
UNNUMBERED = next(v for v in variants.VARIANTS.values() if v.pdn_game_type is None)


@pytest.fixture(autouse=True)
def _fresh_caches():
    positions.forget_positions()
    variant_descriptor.cache_clear()
    yield
    positions.forget_positions()
    variant_descriptor.cache_clear()


def test_a_game_is_rated_by_speed_or_by_game_as_its_variant_says(monkeypatch) -> None:
    assert rating_category(BY_SPEED.id, "blitz") == "blitz"
    assert rating_category(BY_GAME.id, "blitz") == BY_GAME.id
    monkeypatch.setattr(BY_SPEED, "rated_by_speed", False)
    monkeypatch.setattr(BY_GAME, "rated_by_speed", True)
    assert rating_category(BY_SPEED.id, "blitz") == BY_SPEED.id
    assert rating_category(BY_GAME.id, "ultrabullet") == "bullet"


@pytest.mark.parametrize("variant_id", list(variants.VARIANTS))
def test_who_can_win_on_time_is_the_variants_answer(monkeypatch, variant_id) -> None:
    variant = variants.get(variant_id)
    asked = []

    def can_win(position, color):
        asked.append((position.fen(), color))
        return False

    monkeypatch.setattr(variant, "can_win", can_win)
    assert clock.can_win(variant_id, variant.start_fen, "black") is False
    assert asked == [(variant.start_position().fen(), Color.BLACK)]


def test_the_king_in_check_is_the_square_the_variant_names(monkeypatch) -> None:
    variant = variants.DEFAULT
    fen = variant.start_fen
    assert positions.check_square(fen, variant.id) is None
    positions.forget_positions()
    monkeypatch.setattr(variant, "checked_king", lambda position: variant.board.size - 1)
    assert positions.check_square(fen, variant.id) == variant.board.names[-1]


@pytest.mark.parametrize("variant_id", list(variants.VARIANTS))
def test_every_games_legal_moves_and_engine_game_come_from_its_variant(
    monkeypatch, variant_id
) -> None:
    variant = variants.get(variant_id)
    count = len(variant.start_position().legal_moves())
    described, rebuilt, read = [], [], []
    describe, from_fens, position = (
        variant.describe_moves,
        variant.game_from_fens,
        variant.position,
    )
    monkeypatch.setattr(variant, "describe_moves", lambda p: described.append(1) or describe(p))
    monkeypatch.setattr(
        variant, "game_from_fens", lambda i, f: rebuilt.append(1) or from_fens(i, f)
    )
    monkeypatch.setattr(variant, "position", lambda fen: read.append(fen) or position(fen))
    listed = positions.legal_moves_of_fen(variant.start_fen, variant_id)
    assert len(listed) == count
    assert (len(described), read) == (1, [variant.start_fen])
    History("g", 0, variant.start_fen, [], variant=variant_id).engine_game()
    assert len(rebuilt) == 1


def test_two_games_writing_the_same_fen_keep_their_own_legal_moves(monkeypatch) -> None:
    # The caches key a position by its game and FEN, whichever game it is.
    first, second = (
        BY_SPEED,
        next(
            v
            for v in variants.VARIANTS.values()
            if v.fen_style == BY_SPEED.fen_style and v != BY_SPEED
        ),
    )
    fen = first.start_fen
    assert positions.legal_moves_of_fen(fen, first.id) != []
    monkeypatch.setattr(second, "position", lambda text: first.position(text))
    monkeypatch.setattr(second, "describe_moves", lambda position: [])
    assert positions.legal_moves_of_fen(fen, second.id) == []
    assert positions.legal_moves_of_fen(fen, first.id) != []


def test_the_pdn_game_type_is_the_variants_in_exports_and_imports(monkeypatch) -> None:
    assert [name for name, _ in variant_tags(UNNUMBERED.id)] == ["Variant"]
    monkeypatch.setattr(UNNUMBERED, "pdn_game_type", "99")
    assert variant_tags(UNNUMBERED.id) == [("Variant", UNNUMBERED.name), ("GameType", "99")]
    [parsed] = pgn.parse_games('[GameType "99"]\n\n*\n')
    assert imported_variant(parsed) is UNNUMBERED


@pytest.mark.parametrize("variant_id", list(variants.VARIANTS))
def test_the_descriptor_draws_each_piece_by_its_look_and_reads_the_fen_style(
    monkeypatch, variant_id
) -> None:
    variant = variants.get(variant_id)
    other_style = "chess" if variant.fen_style == "pdn" else "pdn"
    monkeypatch.setattr(variant, "fen_style", other_style)
    camels = tuple(replace(kind, look="camel") for kind in variant.pieces)
    monkeypatch.setattr(variant, "pieces", camels)
    descriptor = variant_descriptor(variant_id)
    assert descriptor["fen"] == other_style
    assert {piece["art"] for piece in descriptor["pieces"].values()} == {"chesskers/Camel"}
    assert export_format(variant_id) == ("PDN" if other_style == "pdn" else "PGN")
