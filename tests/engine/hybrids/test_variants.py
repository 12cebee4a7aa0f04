"""The four hybrids in the registry (docs/engine.md): their place, and their descriptors as the
board's contract (tests/js/fixtures/variants) gives them."""

import json
from pathlib import Path

import pytest

from engine import variants

DESCRIPTORS = Path(__file__).resolve().parents[2] / "js" / "fixtures" / "variants"
HYBRIDS = [v.id for v in variants.VARIANTS.values() if v.family == "hybrid"]


def test_the_registry_lists_the_hybrids_after_the_draughts_family():
    ids = list(variants.VARIANTS)
    assert HYBRIDS and ids[-len(HYBRIDS) :] == HYBRIDS
    families = [variants.get(i).family for i in ids[-len(HYBRIDS) - 1 :]]
    assert families == ["draughts", *["hybrid"] * len(HYBRIDS)]


@pytest.mark.parametrize("variant_id", HYBRIDS)
def test_each_hybrid_describes_itself_as_the_boards_contract_says(variant_id):
    described = variants.get(variant_id).describe()
    contract = json.loads((DESCRIPTORS / f"{variant_id}.json").read_text())
    assert (described["id"], described["name"], described["family"]) == (
        contract["id"],
        contract["name"],
        contract["family"],
    )
    assert described["start_fen"] == contract["start_fen"]
    board = described["board"]
    assert (board["files"], board["ranks"], board["pattern"]) == (
        contract["board"]["files"],
        contract["board"]["ranks"],
        contract["board"]["playable"],
    )
    pieces = [(piece["letter"], piece["name"]) for piece in described["pieces"]]
    assert pieces == [(letter, piece["name"]) for letter, piece in contract["pieces"].items()]
