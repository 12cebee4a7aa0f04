"""The rules page's live examples: their positions, moves and results come from the engine."""

import json

import pytest

import engine
from catalogue.pages import EXAMPLES
from catalogue.rules.boards import example_board
from engine import variants
from engine.chesskers import CHESSKERS


def board(example_id: str) -> dict:
    example = next(e for e in EXAMPLES if e["id"] == example_id)
    return example_board("chesskers", example["fen"])


def texts(data: dict) -> set[str]:
    return {move["text"] for move in data["legal_moves"]}


def test_every_example_lists_each_move_with_the_position_after_it() -> None:
    for example in EXAMPLES:
        data = example_board("chesskers", example["fen"])
        assert data["legal_moves"], example["id"]
        assert len(data["after"]) == len(data["legal_moves"])
        for move, fen in zip(data["legal_moves"], data["after"], strict=True):
            game = engine.Game(CHESSKERS, example["fen"])
            game.push_text(move["text"])
            assert game.fen() == fen


def test_the_examples_show_what_their_sections_teach() -> None:
    assert "Rxb4" in texts(board("replacement"))
    assert {"Rd4:d8+", "Rd4:a4", "Rd4:h4+", "Rd4:d1"} <= texts(board("jumps"))
    assert "Ra1:a4:c4:c6" in texts(board("chain"))
    sweep = next(m for m in board("sweep")["legal_moves"] if m["text"] == "N~b3")
    assert sorted(sweep["captured"]) == ["a2", "a3"]
    assert board("check")["check"] == "c5"
    mate = board("knight-mate")
    assert "Nh6#" in texts(mate)
    index = texts_in_order(mate).index("Nh6#")
    assert mate["check_after"][index] == "h8"
    assert mate["outcome_after"][index] == "White wins."


def texts_in_order(data: dict) -> list[str]:
    return [move["text"] for move in data["legal_moves"]]


@pytest.mark.django_db
def test_the_rules_page_embeds_every_example(client) -> None:
    response = client.get("/rules/")
    assert response.status_code == 200
    content = response.content.decode()
    start = content.index('<script id="rules-data" type="application/json">')
    payload = content[start:].split(">", 1)[1].split("</script>", 1)[0]
    data = json.loads(payload)["boards"]
    assert [example["id"] for example in data] == [example["id"] for example in EXAMPLES]
    for example in EXAMPLES:
        assert f'data-example="{example["id"]}"' in content
    assert 'href="/#games" data-testid="rules-all-games"' in content
    # How many games are played here is the registry's count, not the page's.
    assert f"Chesskers is one of the {len(variants.VARIANTS)} games played here" in content
