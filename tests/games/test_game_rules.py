"""Every game's rules page: it renders with the game's name and pieces, every rule has a live
example, and each is held to the engine — the position is accepted (one a game could reach), the
move the caption invites is legal there, it takes exactly the squares declared, a move said to
crown does crown, and a move ends the game exactly when, and as, it is said to."""

import json

import pytest

from catalogue.rules import RULES, rules_of
from catalogue.rules.boards import example_board
from catalogue.rules.generated import generated_rules
from catalogue.rules.model import Example, GameRules
from engine import variants

# What an example's ``ends`` may say, as the engine's outcome's winner (None: a draw).
ENDS = {"White wins": "WHITE", "Black wins": "BLACK", "draw": None}

OTHER_GAMES = [vid for vid in variants.VARIANTS if vid != variants.DEFAULT.id]
# Every page a game may have: the one written for it, and the one made from its declaration
# (the page of a game added with no page written).
GENERATED = [generated_rules(variants.get(vid)) for vid in OTHER_GAMES]
PAGES = [
    *(pytest.param(page, id=page.id) for page in RULES.values()),
    *(pytest.param(page, id=f"{page.id}(made)") for page in GENERATED),
]
EXAMPLES = [
    pytest.param(page, rule.example, id=f"{page.id}{made}:{rule.id}")
    for pages, made in ((RULES.values(), ""), (GENERATED, "(made)"))
    for page in pages
    for rule in page.rules
    if rule.example is not None
]


def page_data(content: str) -> dict:
    start = content.index('<script id="rules-data" type="application/json">')
    payload = content[start:].split(">", 1)[1].split("</script>", 1)[0]
    return json.loads(payload)


def test_every_game_but_chesskers_has_a_rules_page_written_or_made_from_its_declaration() -> None:
    assert set(RULES) <= set(OTHER_GAMES)
    for variant_id in OTHER_GAMES:
        page = rules_of(variant_id)
        assert page.id == variant_id
        assert page is RULES[variant_id] if variant_id in RULES else page.source


@pytest.mark.parametrize("page", PAGES)
def test_each_page_says_how_every_piece_of_its_game_moves(page: GameRules) -> None:
    names = {kind.name for kind in variants.get(page.id).pieces}
    assert set(page.pieces) == names
    assert all(page.pieces.values())
    assert page.line and page.source
    assert any(rule.example for rule in page.rules)


def test_every_rule_of_every_game_has_a_live_example() -> None:
    missing = [
        f"{page.id}:{rule.id}" for page in RULES.values() for rule in page.rules if not rule.example
    ]
    assert missing == []


@pytest.mark.parametrize(("page", "example"), EXAMPLES)
def test_each_example_move_is_legal_and_takes_what_it_says(
    page: GameRules, example: Example
) -> None:
    variant = variants.get(page.id)
    standing = variant.playable_position(example.fen).pieces()
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


ENDING = [param for param in EXAMPLES if param.values[1].ends]


@pytest.mark.parametrize(("page", "example"), ENDING)
def test_each_example_said_to_end_the_game_ends_it_as_it_says(
    page: GameRules, example: Example
) -> None:
    assert example.ends in ENDS
    variant = variants.get(page.id)
    position = variant.position(example.fen)
    outcome = variant.outcome(position.play(variant.parse_move(position, example.move)), 1)
    assert outcome.is_over
    assert (outcome.winner.name if outcome.winner else None) == ENDS[example.ends]
    shown = result_of(page.id, example)
    assert shown.startswith("The game is drawn" if example.ends == "draw" else example.ends)


GOING_ON = [param for param in EXAMPLES if not param.values[1].ends]


@pytest.mark.parametrize(("page", "example"), GOING_ON)
def test_each_example_not_said_to_end_the_game_leaves_it_going(
    page: GameRules, example: Example
) -> None:
    variant = variants.get(page.id)
    position = variant.position(example.fen)
    assert not variant.outcome(position.play(variant.parse_move(position, example.move)), 1).is_over


def test_an_examples_result_says_why_the_game_ended() -> None:
    checkers = RULES["checkers"].rules
    blocked = next(rule.example for rule in checkers if rule.id == "end")
    taken = next(rule.example for rule in RULES["international"].rules if rule.id == "end")
    aim = next(rule.example for rule in RULES["anti-checkers"].rules if rule.id == "aim")
    assert result_of("checkers", blocked) == "Black wins: White cannot move."
    assert result_of("international", taken) == "White wins: Black has no piece left."
    assert result_of("anti-checkers", aim) == "White wins: it has no piece left."


def result_of(variant_id: str, example: Example) -> str:
    board = example_board(variant_id, example.fen)
    index = [move["text"] for move in board["legal_moves"]].index(example.move)
    return board["outcome_after"][index]


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
    examples = [rule.id for rule in rules_of(variant_id).rules if rule.example]
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
