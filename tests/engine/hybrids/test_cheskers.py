"""Cheskers (docs/rules/hybrids.md §1): each piece's moves as a small position with its exact move
set, chains, compulsory capture and its preferences, promotion, the end of the game and the FEN
refusals."""

import pytest

from engine.errors import InvalidFenError
from engine.pieces import Color
from engine.variant import Outcome
from tests.engine.hybrids.helpers import play, position, texts, variant

GAME = "cheskers"
START = variant(GAME).start_fen


# --- §1.1 the start ------------------------------------------------------------------------------
def test_black_moves_first_and_the_move_number_grows_after_whites_move():
    assert START.split()[1] == "b"
    assert texts(GAME, START) == {"Ca5", "Cc5", "a5", "bc5", "dc5", "de5", "fe5", "fg5", "hg5"}
    game = play(GAME, START, "a5")
    assert game.fen().endswith(" w - - 0 1")
    game.push_text("ab4")
    assert game.fen().endswith(" b - - 0 2")


# --- §1.2 the pieces -----------------------------------------------------------------------------
def test_a_pawn_steps_one_square_diagonally_forward_only():
    assert texts(GAME, "4k3/8/8/8/3P4/8/8/K7 w - - 0 1") == {"c5", "e5", "Kb2"}
    assert texts(GAME, "4k3/8/8/3p4/8/8/8/K7 b - - 0 1") == {"c4", "e4", "Kd7", "Kf7"}


def test_a_pawn_jumps_forward_over_any_kind_of_piece_but_never_backwards():
    # d4 jumps the bishop on c5; the camel on e3 stands behind it and cannot be taken.
    assert texts(GAME, "7k/8/8/2b5/3P4/4c3/8/K7 w - - 0 1") == {"d4:b6"}


def test_a_king_steps_one_square_in_the_four_diagonal_directions():
    assert texts(GAME, "7k/8/8/8/3K4/8/8/8 w - - 0 1") == {"Kc3", "Ke3", "Kc5", "Ke5"}


def test_a_king_jumps_backwards_too():
    assert texts(GAME, "7k/8/8/8/3K4/2p5/8/8 w - - 0 1") == {"Kd4:b2"}


def test_a_king_does_not_fly():
    # A flying king on a1 would take f6; this one only steps.
    assert texts(GAME, "7k/8/5p2/8/8/8/8/K7 w - - 0 1") == {"Kb2"}


def test_a_bishop_slides_and_takes_the_first_piece_by_replacement_never_jumping():
    assert texts(GAME, "7k/8/8/8/8/2p5/1B6/K7 w - - 0 1") == {"Ba3", "Bc1", "Bxc3"}


def test_a_camel_leaps_one_and_three_squares_over_anything_to_an_empty_or_enemy_square():
    # From d4: c7 e7 c1 e1 a5 g5 a3 g3; c1 holds its own king, e7 an enemy pawn.
    fen = "7k/4p3/8/3p4/3Cp3/8/8/2K5 w - - 0 1"
    assert texts(GAME, fen) == {
        "Kb2",
        "Kd2",
        "Cc7",
        "Cxe7",
        "Ce1",
        "Ca5",
        "Cg5",
        "Ca3",
        "Cg3",
    }


def test_nothing_stops_a_king_standing_where_it_can_be_taken():
    # c4 lies in front of the d5 pawn, which could jump it: the king may go there anyway.
    assert texts(GAME, "7k/8/8/3p4/8/1K6/8/8 w - - 0 1") == {"Ka2", "Kc2", "Ka4", "Kc4"}


# --- §1.3 chains ---------------------------------------------------------------------------------
def test_a_chain_goes_on_while_it_can_and_only_complete_chains_are_moves():
    assert texts(GAME, "k7/8/5p2/8/3p4/2P5/8/7K w - - 0 1") == {"c3:e5:g7"}


def test_a_piece_is_never_jumped_twice():
    # After c3:e5 the king could only go back over d4, already taken.
    assert texts(GAME, "7k/8/8/8/3p4/2K5/8/8 w - - 0 1") == {"Kc3:e5"}


def test_chains_over_the_same_pieces_in_another_order_are_two_moves():
    # The king on c3 goes round d4, f4, f2, d2 one way or the other and comes back to c3.
    fen = "7k/8/8/8/3p1p2/2K5/3p1p2/8 w - - 0 1"
    assert texts(GAME, fen) == {"Kc3:e5:g3:e1:c3", "Kc3:e1:g3:e5:c3"}


# --- §1.4 compulsory capture ---------------------------------------------------------------------
def test_when_a_pawn_can_jump_the_bishop_may_capture_instead_but_nothing_may_move_quietly():
    assert texts(GAME, "7k/8/8/8/3p3p/2P5/5B2/6K1 w - - 0 1") == {"Bxd4", "Bxh4", "c3:e5"}


def test_a_chain_of_two_or_more_rules_out_single_captures():
    assert texts(GAME, "k7/8/5p2/8/1p1p3p/P1P5/5B2/6K1 w - - 0 1") == {"c3:e5:g7"}


def test_among_chains_of_two_or_more_three_is_not_preferred_to_two():
    assert texts(GAME, "6k1/6p1/8/4p1p1/8/2p3p1/1P5P/K7 w - - 0 1") == {
        "b2:d4:f6:h8=B",
        "b2:d4:f6:h8=C",
        "b2:d4:f6:h8=K",
        "h2:f4:d6",
        "h2:f4:h6:f8=B",
        "h2:f4:h6:f8=C",
        "h2:f4:h6:f8=K",
    }


def test_without_a_jump_bishop_and_camel_captures_are_optional():
    fen = "7k/8/8/8/5p2/2p5/1B6/K5C1 w - - 0 1"
    assert texts(GAME, fen) == {"Ba3", "Bc1", "Bxc3", "Cxf4", "Ch4", "Cd2"}


# --- §1.5 promotion ------------------------------------------------------------------------------
def test_a_pawn_stepping_to_its_last_rank_becomes_a_king_bishop_or_camel_of_its_choice():
    assert texts(GAME, "7k/1P6/8/8/8/8/8/K7 w - - 0 1") == {
        "a8=K",
        "a8=B",
        "a8=C",
        "c8=K",
        "c8=B",
        "c8=C",
        "Kb2",
    }
    game = play(GAME, "7k/1P6/8/8/8/8/8/K7 w - - 0 1", "b7-c8-c")
    assert game.fen().split()[0] == "2C4k/8/8/8/8/8/8/K7"


def test_a_pawn_jumping_onto_its_last_rank_is_promoted_and_its_move_ends_there():
    # As a king on d8 it could take e7 next; the move ends on d8 instead.
    assert texts(GAME, "7k/2p1p3/1P6/8/8/8/8/K7 w - - 0 1") == {
        "b6:d8=B",
        "b6:d8=C",
        "b6:d8=K",
    }


# --- §1.6 the end of the game --------------------------------------------------------------------
def test_a_side_whose_last_king_is_taken_has_lost_and_has_no_moves():
    game = play(GAME, "8/8/8/4k3/3P4/8/8/K7 w - - 0 1", "d4:f6")
    assert game.outcome() == Outcome("kings-captured", Color.WHITE, "kings-captured")
    assert game.legal_moves() == []


def test_a_side_with_a_king_left_plays_on():
    game = play(GAME, "7k/8/8/4k3/3P4/8/8/K7 w - - 0 1", "d4:f6")
    assert game.outcome() == Outcome("ongoing")


def test_a_side_that_cannot_move_loses():
    game = variant(GAME).new_game("7k/8/8/8/8/2p5/1p6/K7 w - - 0 1")
    assert game.legal_moves() == []
    assert game.outcome() == Outcome("stalemate", Color.BLACK, "stalemate")


def test_the_third_repetition_is_a_draw():
    moves = ["Kb2", "Kg7", "Ka1", "Kh8"] * 2
    game = play(GAME, "7k/8/8/8/8/8/8/K7 w - - 0 1", *moves)
    assert game.outcome() == Outcome("threefold", None, "threefold")
    game.pop()
    assert game.outcome() == Outcome("ongoing")


def test_a_hundred_plies_without_a_capture_or_pawn_move_are_a_draw():
    fen = "7k/8/8/8/8/8/6P1/K7 w - - 99 60"
    assert play(GAME, fen, "Kb2").outcome() == Outcome("fifty-moves", None, "fifty-moves")
    assert play(GAME, fen, "f3").outcome() == Outcome("ongoing")
    assert play(GAME, fen, "f3").fen().endswith(" b - - 0 61")  # White moves second here


# --- §1.7 FEN ------------------------------------------------------------------------------------
def test_a_side_to_move_without_a_king_is_accepted_as_a_lost_game():
    assert position(GAME, "7k/8/8/8/8/8/8/8 w - - 0 1").legal_moves() == []


@pytest.mark.parametrize(
    "fen",
    [
        "8/8/8/8/8/8/8/K7 w - - 0 1",  # the side not to move has no king
        "7k/8/8/8/8/8/8/K7 w K - 0 1",  # no castling in Cheskers
        "7k/8/8/8/8/8/8/K7 w - e3 0 1",  # no en passant either
        "7k/8/8/8/8/8/8/Q6K w - - 0 1",  # no queen
        "P6k/8/8/8/8/8/8/K7 w - - 0 1",  # a White pawn on its last rank
        "7k/8/8/8/8/8/8/K6p w - - 0 1",  # a Black pawn on its last rank
    ],
)
def test_fens_the_rules_refuse(fen):
    with pytest.raises(InvalidFenError):
        position(GAME, fen)


def test_a_white_pawn_may_stand_on_the_first_rank():
    assert texts(GAME, "7k/8/8/8/8/8/8/K1P5 w - - 0 1") == {"Kb2", "b2", "d2"}
