"""Every game's rules page: it renders with the game's name and pieces, and each live example is
held to the engine — the position is accepted, the move the caption invites is legal there, it
takes exactly the squares declared, and a move said to crown does crown."""

import json

import pytest

from engine import variants
from games.rules import RULES
from games.rules.boards import example_board
from games.rules.model import Example, GameRules

OTHER_GAMES = [vid for vid in variants.VARIANTS if vid != "chesskers"]
EXAMPLES = [
    pytest.param(page, rule.example, id=f"{page.id}:{rule.id}")
    for page in RULES.values()
    for rule in page.rules
    if rule.example is not None
]


def page_data(content: str) -> dict:
    start = content.index('<script id="rules-data" type="application/json">')
    payload = content[start:].split(">", 1)[1].split("</script>", 1)[0]
    return json.loads(payload)


def test_every_game_but_chesskers_has_a_rules_page() -> None:
    assert sorted(RULES) == sorted(OTHER_GAMES)
    assert len(RULES) == 22


@pytest.mark.parametrize("page", RULES.values(), ids=list(RULES))
def test_each_page_says_how_every_piece_of_its_game_moves(page: GameRules) -> None:
    names = {kind.name for kind in variants.get(page.id).pieces}
    assert set(page.pieces) == names
    assert all(page.pieces.values())
    assert page.line and page.source
    assert any(rule.example for rule in page.rules)


@pytest.mark.parametrize(("page", "example"), EXAMPLES)
def test_each_example_move_is_legal_and_takes_what_it_says(
    page: GameRules, example: Example
) -> None:
    variant = variants.get(page.id)
    standing = variant.position(example.fen).pieces()
    assert all(variant.board.is_used(square) for square in standing), "a piece off the board"
    board = example_board(page.id, example.fen)
    moves = {move["text"]: move for move in board["legal_moves"]}
    assert example.move in moves, sorted(moves)
    move = moves[example.move]
    assert sorted(move["captured"]) == sorted(example.captures)
    after = variant.position(board["after"][board["legal_moves"].index(move)])
    landing = variant.board.parse_square(move["path"][-1])
    if move["kind"] == "removal":
        assert after.piece_at(landing) is None
        return
    color, piece = after.piece_at(landing)
    assert color == board_turn(variant, example.fen)
    moved = variant.position(example.fen).piece_at(variant.board.parse_square(move["path"][0]))
    assert piece_name(variant, piece) == (example.becomes or piece_name(variant, moved[1]))


def piece_name(variant, piece) -> str:
    return next(kind.name for kind in variant.pieces if kind.piece == piece)


def board_turn(variant, fen: str):
    return variant.position(fen).turn


@pytest.mark.django_db
@pytest.mark.parametrize("variant_id", OTHER_GAMES)
def test_each_rules_page_renders_the_game_its_pieces_and_its_boards(client, variant_id) -> None:
    response = client.get(f"/rules/{variant_id}/")
    assert response.status_code == 200
    content = response.content.decode()
    variant = variants.get(variant_id)
    assert f"The rules of {variant.name}</h1>" in content
    for kind in variant.pieces:
        assert f'data-piece-name="{kind.name}"' in content
        assert f"White {kind.name}" in content
    data = page_data(content)
    assert data["variant"]["id"] == variant_id
    examples = [rule.id for rule in RULES[variant_id].rules if rule.example]
    assert [board["id"] for board in data["boards"]] == examples
    for example in examples:
        assert f'data-example="{example}"' in content


@pytest.mark.django_db
def test_chesskers_rules_redirect_to_the_rules_page_and_unknown_games_are_not_found(
    client,
) -> None:
    response = client.get("/rules/chesskers/")
    assert response.status_code == 301
    assert response["Location"] == "/rules/"
    missing = client.get("/rules/no-such-game/")
    assert missing.status_code == 404
    assert "Not found" in missing.content.decode()
