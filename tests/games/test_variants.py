"""The games the site plays: the board's descriptor of each, held to the browser's contract
(``tests/js/fixtures/variants/``), and the list the API gives."""

import json
from pathlib import Path

import pytest

from catalogue.descriptors import variant_descriptor, variant_ids, variant_summaries
from engine.errors import UnknownVariantError

CONTRACT = Path(__file__).resolve().parents[1] / "js" / "fixtures" / "variants"


def test_the_site_plays_every_game_the_browser_has_a_contract_for() -> None:
    assert sorted(variant_ids()) == sorted(path.stem for path in CONTRACT.glob("*.json"))
    assert variant_ids()[0] == "chesskers"


@pytest.mark.parametrize("variant_id", sorted(path.stem for path in CONTRACT.glob("*.json")))
def test_each_games_descriptor_is_what_the_board_was_built_against(variant_id: str) -> None:
    contract = json.loads((CONTRACT / f"{variant_id}.json").read_text())
    assert unordered_lines(variant_descriptor(variant_id)) == unordered_lines(contract)


def unordered_lines(descriptor: dict) -> dict:
    # Alquerque's lines join two points: neither their order nor a line's direction matters.
    lines = descriptor["board"]["lines"]
    if lines is None:
        return descriptor
    board = {**descriptor["board"], "lines": {frozenset(line) for line in lines}}
    return {**descriptor, "board": board}


def test_the_list_names_each_game_with_its_board_and_start() -> None:
    summaries = {summary["id"]: summary for summary in variant_summaries()}
    assert summaries["international"] == {
        "id": "international",
        "name": "International Checkers",
        "family": "draughts",
        "board": {"files": 10, "ranks": 10},
        "start_fen": variant_descriptor("international")["start_fen"],
    }
    assert {summary["family"] for summary in summaries.values()} == {
        "chesskers",
        "draughts",
        "hybrid",
    }


def test_an_unknown_game_is_refused_naming_the_known_ones() -> None:
    with pytest.raises(UnknownVariantError, match="chesskers"):
        variant_descriptor("chess960")
