"""Move text of the draughts family (docs/rules/draughts.md §1.10, §1.7): square numbers and
names, the forms ``play`` accepts and refuses, and the machine form the site sends."""

import pytest

from engine.errors import AmbiguousMoveError, IllegalMoveError, InvalidMoveTextError

from .helpers import fen_of, texts, variant


def test_numbered_games_write_numbers_and_their_moves_name_squares_algebraically():
    game = variant("international")
    start = game.start_position()
    move = game.parse_move(start, "32-28")
    assert move.machine() == "d4-e5"
    assert move.path_names() == ["d4", "e5"]
    assert game.parse_move(start, "d4-e5") == move
    assert game.move_text(start, move) == "32-28"


@pytest.mark.parametrize(
    ("variant_id", "numbers"),
    [
        ("checkers", {1: "b8", 4: "h8", 5: "a7", 29: "a1", 32: "g1"}),
        ("international", {1: "b10", 5: "j10", 46: "a1", 50: "i1"}),
        ("portuguese", {1: "h1", 4: "b1", 32: "a8"}),
        ("italian", {1: "a8", 4: "g8", 32: "h1"}),
    ],
)
def test_each_numbered_game_numbers_its_squares_its_own_way(variant_id, numbers):
    tables = variant(variant_id).tables
    assert {n: tables.board.names[tables.square_of[n]] for n in numbers} == numbers


def test_steps_are_written_with_a_dash_and_captures_with_every_landing():
    assert texts("checkers", fen_of("checkers", "W", "c3,h2", "d4,f6,g3")) == {
        "22x15x8", "28x19",
    }  # fmt: skip
    assert texts("russian", fen_of("russian", "W", "Ka1", "c3,f4")) == {"a1xe5xg3", "a1xe5xh2"}
    assert texts("russian", "start") >= {"c3-d4", "g3-h4"}


def test_a_flying_kings_text_names_the_squares_it_chose_to_land_on():
    assert texts("czech", fen_of("czech", "W", "Ka1", "c3,h8")) == {
        "a1xd4", "a1xe5", "a1xf6", "a1xg7",
    }  # fmt: skip


def test_a_capture_by_another_path_to_the_same_result_is_written_with_its_smallest_path():
    # §1.7: round four men and back to 38; 27 comes before 29.
    game = variant("international")
    position = game.position("W:W38:B22,23,32,33")
    move = game.parse_notation(position, "38x29x18x27x38")
    assert game.move_text(position, move) == "38x27x18x29x38"
    assert game.parse_notation(position, "38x27x18x29x38") == move


def test_the_smallest_path_compares_names_as_strings_in_algebraic_games():
    # Brazilian (International rules, algebraic): the man on e3 goes round d4, d6, f6, f4.
    game = variant("brazilian")
    position = game.position(fen_of("brazilian", "W", "e3", "d4,d6,f6,f4"))
    assert [text for _, text in game.describe_moves(position)] == ["e3xc5xe7xg5xe3"]
    assert game.parse_notation(position, "e3xg5xe7xc5xe3").path_names()[1] == "c5"


def test_the_short_form_names_a_capture_by_its_origin_and_destination():
    game = variant("russian")
    position = game.position(fen_of("russian", "W", "Ka1", "c3,f4"))
    assert game.parse_notation(position, "a1xg3").machine() == "a1-e5-g3"
    with pytest.raises(IllegalMoveError, match="no such legal capture"):
        game.parse_notation(position, "a1xe5")  # no capture ends on e5


def test_a_short_form_fitting_two_captures_is_ambiguous():
    # Checkers: c1 reaches c5 over d2 and d4, or over b2 and b4: two moves.
    game = variant("checkers")
    position = game.position(fen_of("checkers", "W", "c1", "d2,d4,b2,b4"))
    assert {text for _, text in game.describe_moves(position)} == {"30x23x14", "30x21x14"}
    with pytest.raises(AmbiguousMoveError, match="30x21x14 or 30x23x14"):
        game.parse_notation(position, "30x14")
    assert game.parse_notation(position, "30x21x14").path_names() == ["c1", "a3", "c5"]


def test_a_step_written_with_x_or_a_capture_written_with_a_dash_is_refused():
    game = variant("russian")
    start = game.start_position()
    with pytest.raises(IllegalMoveError, match="written with -"):
        game.parse_notation(start, "c3xd4")
    position = game.position(fen_of("russian", "W", "c3", "d4,h8"))
    with pytest.raises(IllegalMoveError, match="written with x"):
        game.parse_notation(position, "c3-e5")
    checkers = variant("checkers")
    with pytest.raises(IllegalMoveError, match="written with x"):
        checkers.parse_notation(checkers.position(fen_of("checkers", "W", "c3", "d4")), "22-15")


def test_the_machine_form_is_the_algebraic_path_whatever_the_notation():
    # The site sends paths joined by "-": accepted for captures too, and in numbered games.
    game = variant("russian")
    position = game.position(fen_of("russian", "W", "c3", "d4,h8"))
    assert game.parse_move(position, "c3-e5").machine() == "c3-e5"
    checkers = variant("checkers")
    position = checkers.position(fen_of("checkers", "W", "c1", "d2,d4,b2,b4"))
    assert checkers.move_text(position, checkers.parse_move(position, "c1-a3-c5")) == "30x21x14"


def test_the_machine_form_takes_any_path_of_a_capture():
    game = variant("international")
    position = game.position("W:W38:B22,23,32,33")
    # 38x29x18x27x38 is e3-g5-e7-c5-e3; its move is written 38x27x18x29x38, e3-c5-e7-g5-e3.
    assert game.parse_move(position, "e3-g5-e7-c5-e3").machine() == "e3-c5-e7-g5-e3"


def test_a_promotion_letter_is_refused_in_draughts():
    game = variant("russian")
    position = game.position(fen_of("russian", "W", "c7", "h2"))
    assert game.parse_move(position, "c7-d8").machine() == "c7-d8"
    with pytest.raises(IllegalMoveError, match="nothing to choose"):
        game.parse_move(position, "c7-d8-k")


@pytest.mark.parametrize("text", ["", "x", "c3-", "33-28x", "c3-d4-e5", "zz", "0-5"])
def test_unreadable_text_is_refused(text):
    game = variant("international")
    with pytest.raises((InvalidMoveTextError, IllegalMoveError)):
        game.parse_notation(game.start_position(), text)


def test_a_square_outside_the_games_notation_is_unreadable():
    game = variant("checkers")
    with pytest.raises(InvalidMoveTextError, match="no square"):
        game.parse_notation(game.start_position(), "33-29")
    with pytest.raises(InvalidMoveTextError, match="no square"):
        game.parse_notation(game.start_position(), "c3-d4")


def test_hawaiian_removals_are_written_as_their_square():
    game = variant("hawaiian")
    start = game.start_position()
    move = game.parse_notation(start, "d5")
    assert (move.kind.value, move.path_names(), move.captured_names()) == (
        "removal",
        ["d5"],
        ["d5"],
    )
    assert game.parse_move(start, "d5") == move
    with pytest.raises(IllegalMoveError):
        game.parse_notation(start, "d4")  # a White piece: Black removes its own
