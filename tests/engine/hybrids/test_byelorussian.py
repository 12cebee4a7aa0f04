"""Byelorussian Cheskers (docs/rules/hybrids.md §2): the chess and draughts pieces as small
positions with their exact move sets, Russian capture sequences, the largest capture before king
safety and before lifting check, check by draughts jumps, castling, the end and the FEN."""

import pytest

from engine.errors import InvalidFenError
from engine.pieces import Color
from engine.variant import Outcome
from tests.engine.hybrids.helpers import play, position, texts, variant

GAME = "byelorussian-cheskers"
START = variant(GAME).start_fen
KING_E1 = {"Kd1", "Kd2", "Ke2", "Kf1", "Kf2"}


# --- §2.1 the start ------------------------------------------------------------------------------
def test_the_first_ply_is_seven_draughtsman_steps_and_eight_pawn_moves():
    assert START.split()[1:3] == ["w", "Kq"]
    assert texts(GAME, START) == {
        "Mab4",
        "Mcb4",
        "Mcd4",
        "Med4",
        "Mef4",
        "Mgf4",
        "Mh4",
        "b4",
        "b5",
        "d4",
        "d5",
        "f4",
        "f5",
        "h4",
        "h5",
    }


# --- §2.2 the chess pieces -----------------------------------------------------------------------
def test_a_knight_moves_as_in_chess():
    assert texts(GAME, "4k3/8/8/8/3N4/8/8/4K3 w - - 0 1") == KING_E1 | {
        "Nb3",
        "Nb5",
        "Nc2",
        "Nc6",
        "Ne2",
        "Ne6",
        "Nf3",
        "Nf5",
    }


def test_a_bishop_moves_as_in_chess_and_checks():
    assert texts(GAME, "4k3/8/8/8/8/8/8/4KB2 w - - 0 1") == {"Kd1", "Kd2", "Ke2", "Kf2"} | {
        "Be2",
        "Bd3",
        "Bc4",
        "Bb5+",
        "Ba6",
        "Bg2",
        "Bh3",
    }


def test_pawns_step_twice_only_from_the_eight_squares_where_they_start():
    # b3 and e2 are starting squares; c3 and f2 are not in this game.
    assert texts(GAME, "7k/8/8/8/8/1PP5/4PP2/7K w - - 0 1") == {
        "b4",
        "b5",
        "c4",
        "e3",
        "e4",
        "f3",
        "Kg1",
        "Kg2",
        "Kh2",
    }


def test_after_a_double_step_a_pawn_beside_it_takes_en_passant():
    game = play(GAME, "4k3/8/8/p7/8/1P6/8/4K3 w - - 0 1", "b5")
    assert game.fen() == "4k3/8/8/pP6/8/8/8/4K3 b - b4 0 1"
    assert "axb4" in {text for _, text in game.describe_legal_moves()}
    game.push_text("axb4")
    assert game.fen() == "4k3/8/8/8/1p6/8/8/4K3 w - - 0 2"


def test_the_en_passant_square_is_written_only_when_the_capture_is_legal():
    assert play(GAME, "4k3/8/8/8/8/1P6/8/4K3 w - - 0 1", "b5").fen().split()[3] == "-"
    # Read from a FEN, a square that describes no double step is ignored.
    assert position(GAME, "4k3/8/8/pP6/8/8/8/4K3 b - c3 0 1").fen().split()[3] == "-"
    assert position(GAME, "4k3/8/8/pP6/8/8/8/4K3 b - b4 0 1").fen().split()[3] == "b4"


def test_a_pawn_promotes_to_a_queen_rook_bishop_or_knight_of_its_choice():
    assert texts(GAME, "2r1k3/1P6/8/8/8/8/8/4K3 w - - 0 1") == KING_E1 | {
        "b8=Q",
        "b8=R",
        "b8=B",
        "b8=N",
        "bxc8=Q+",
        "bxc8=R+",
        "bxc8=B",
        "bxc8=N",
    }


def test_castling_needs_the_right_an_empty_path_and_an_unattacked_passage():
    assert texts(GAME, "4k3/8/8/8/8/8/8/R3K3 w Q - 0 1") == KING_E1 | {
        "Ra2",
        "Ra3",
        "Ra4",
        "Ra5",
        "Ra6",
        "Ra7",
        "Ra8+",
        "Rb1",
        "Rc1",
        "Rd1",
        "O-O-O",
    }
    # The rook on d8 watches d1, the square the king passes over.
    assert texts(GAME, "3rk3/8/8/8/8/8/8/R3K3 w Q - 0 1") == {
        "Ra2",
        "Ra3",
        "Ra4",
        "Ra5",
        "Ra6",
        "Ra7",
        "Ra8",
        "Rb1",
        "Rc1",
        "Rd1",
        "Ke2",
        "Kf1",
        "Kf2",
    }


def test_castling_moves_the_rook_and_ends_the_rights_of_that_side():
    game = play(GAME, "r3k3/8/8/8/8/8/8/4K2R w Kq - 0 1", "O-O", "e8-c8")
    assert game.fen() == "2kr4/8/8/8/8/8/8/5RK1 w - - 2 2"


def test_a_castling_right_without_its_king_and_rook_at_home_is_dropped():
    assert position(GAME, "4k3/8/8/8/8/8/8/4K3 w KQkq - 0 1").fen().split()[2] == "-"


# --- §2.3 the draughts pieces --------------------------------------------------------------------
def test_a_draughtsman_steps_diagonally_forward():
    assert texts(GAME, "4k3/8/8/8/3M4/8/8/4K3 w - - 0 1") == KING_E1 | {"Mc5", "Me5"}


def test_a_draughtsman_takes_backwards_and_takes_chess_pieces():
    assert texts(GAME, "4k3/8/8/8/3M4/2n5/8/4K3 w - - 0 1") == {"Md4:b2"}


def test_a_draughtsman_on_its_last_rank_becomes_a_damka_without_a_word():
    assert texts(GAME, "4k3/1M6/8/8/8/8/8/4K3 w - - 0 1") == KING_E1 | {"Ma8", "Mc8"}
    assert play(GAME, "4k3/1M6/8/8/8/8/8/4K3 w - - 0 1", "Mc8").fen().startswith("2D1k3/")


def test_a_damka_slides_like_a_bishop():
    assert texts(GAME, "4k3/8/8/8/8/8/8/D3K3 w - - 0 1") == KING_E1 | {
        "Db2",
        "Dc3",
        "Dd4",
        "De5",
        "Df6",
        "Dg7",
        "Dh8",
    }


def test_a_damka_never_takes_by_replacement_and_two_pieces_in_a_row_stop_it():
    # b2 and c3 stand in a row: no jump, and no taking b2 by moving onto it. (c3 watches d2.)
    assert texts(GAME, "4k3/8/8/8/8/2p5/1p6/D3K3 w - - 0 1") == {"Kd1", "Ke2", "Kf1", "Kf2"}


def test_a_damka_lands_on_any_empty_square_beyond_each_a_move():
    assert texts(GAME, "4k3/8/8/8/8/5p2/8/3DK3 w - - 0 1") == {"Dd1:g4", "Dd1:h5"}


def test_a_damka_lands_where_it_can_go_on_and_each_such_square_is_a_move():
    # After c3 it may land on d4 (then over c5) or on e5 (then over d6), not on f6, g7 or h8;
    # after its last jump it stops on any empty square beyond.
    assert texts(GAME, "4k3/8/3p4/2p5/8/2p5/8/D6K w - - 0 1") == {
        "Da1:d4:b6",
        "Da1:d4:a7",
        "Da1:e5:c7",
        "Da1:e5:b8",
    }


def test_a_damka_flying_on_in_the_same_direction_makes_one_move_through_the_first_square():
    assert texts(GAME, "4k3/2m5/8/8/5p2/8/7D/4K3 w - - 0 1") == {"Dh2:e5:b8"}


def test_a_draughtsman_crowned_during_a_capture_goes_on_as_a_damka():
    assert texts(GAME, "k7/2p5/1M3p2/8/8/8/8/4K3 w - - 0 1") == {"Mb6:d8:g5", "Mb6:d8:h4"}


def test_taken_pieces_stay_until_the_move_ends_and_block_the_damka():
    # c5, taken first, still stands when the damka could go on from d6 over b6 to a7.
    assert texts(GAME, "4k3/2m5/8/2p5/1DK5/6m1/1m6/8 w - - 0 1") == {"Db4:d6:b8", "Db4:d6:h2"}


# --- §2.5 compulsory capture, its precedence, legality -------------------------------------------
def test_the_draughts_capture_taking_the_most_pieces_is_compulsory():
    # a3 could take b4 alone; e3 takes f4 and f6.
    assert texts(GAME, "7k/8/5p2/8/1p3p2/M3M3/8/4K3 w - - 0 1") == {"Me3:g5:e7"}


def test_chess_captures_are_never_compulsory():
    assert texts(GAME, "4k3/8/8/8/3p4/8/8/3RK3 w - - 0 1") == {
        "Rd2",
        "Rd3",
        "Rxd4",
        "Rc1",
        "Rb1",
        "Ra1",
        "Kd2",
        "Ke2",
        "Kf1",
        "Kf2",
    }


def test_a_compulsory_capture_that_cannot_lift_check_is_checkmate_though_the_king_could_step():
    game = variant(GAME).new_game("4r2k/8/8/8/1p6/M7/8/4K3 w - - 0 1")
    assert game.position.is_check()
    assert game.legal_moves() == []
    assert game.outcome() == Outcome("checkmate", Color.BLACK, "checkmate")


def test_a_compulsory_capture_that_would_expose_the_king_leaves_no_move_stalemate():
    game = variant(GAME).new_game("4r2k/8/8/8/3p4/4M3/8/4K3 w - - 0 1")
    assert not game.position.is_check()
    assert game.legal_moves() == []
    assert game.outcome() == Outcome("stalemate", None, "stalemate")


def test_the_largest_number_is_counted_before_king_safety():
    # e3's capture of two would open the e-file; h2's capture of one is safe but too small.
    game = variant(GAME).new_game("4r2k/8/1p6/8/3p4/4M1p1/7M/4K3 w - - 0 1")
    assert game.legal_moves() == []
    assert game.outcome() == Outcome("stalemate", None, "stalemate")


# --- §2.6 check by draughts pieces ---------------------------------------------------------------
def test_a_jump_over_the_king_later_in_a_sequence_is_check():
    # a5 takes b4 and, from c3, could take the king on d2: only moves that stop it are legal.
    fen = "7k/8/8/m7/1P6/8/3K4/7N w - - 0 1"
    assert position(GAME, fen).is_check()
    assert texts(GAME, fen) == {
        "Kc1",
        "Kc2",
        "Kc3",
        "Kd1",
        "Kd3",
        "Ke1",
        "Ke2",
        "Ke3",
        "b5",
        "bxa5",
    }


def test_check_ignores_the_opponents_obligation_to_take_the_most():
    # Black would have to play h5:f3:d1, yet e5 could take the king: that is check.
    fen = "k7/8/8/4m2m/3K2P1/8/4P3/7N w - - 0 1"
    found = texts(GAME, fen)
    assert position(GAME, fen).is_check()
    assert "Kxe5" in found
    assert "Ng3" not in found


def test_a_king_on_the_edge_is_never_jumped():
    # The man on d2 stands next to the king on e1, but nothing lies beyond e1.
    assert not position(GAME, "4k3/8/8/8/8/8/3m4/4K3 w - - 0 1").is_check()


# --- §2.7 the end --------------------------------------------------------------------------------
def test_the_third_repetition_counts_castling_rights():
    # The kings come back to e1 and e8 after 4, 8 and 12 plies; the first time, before any move,
    # White could still castle.
    away = ["Kf1", "Kf8", "Ke1", "Ke8"]
    shuffle = ["Kd1", "Kd8", "Ke1", "Ke8"]
    game = play(GAME, "4k3/8/8/8/8/8/8/4K2R w K - 0 1", *away, *shuffle)
    assert game.outcome() == Outcome("ongoing")
    for text in shuffle:
        game.push_text(text)
    assert game.outcome() == Outcome("threefold", None, "threefold")


def test_the_fifty_move_clock_restarts_on_a_draughtsmans_step_but_not_a_damkas():
    fen = "4k3/8/8/8/8/8/M7/D3K3 w - - 99 50"
    assert play(GAME, fen, "Db2").outcome() == Outcome("fifty-moves", None, "fifty-moves")
    assert play(GAME, fen, "Mb3").fen().endswith(" 0 50")


@pytest.mark.parametrize(
    ("fen", "status"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1", "insufficient-material"),
        ("4k3/8/8/8/8/8/8/4KB2 w - - 0 1", "insufficient-material"),
        ("4k3/8/8/8/8/8/8/4KN2 w - - 0 1", "insufficient-material"),
        ("4k3/8/8/8/8/8/M7/4K3 w - - 0 1", "ongoing"),
        ("4k3/8/8/8/8/8/8/3BKB2 w - - 0 1", "ongoing"),
    ],
)
def test_kings_with_at_most_one_bishop_or_knight_cannot_win(fen, status):
    assert variant(GAME).new_game(fen).outcome().status == status


# --- §2.8 FEN ------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/3KK3 w - - 0 1",  # two White kings
        "8/8/8/8/8/8/8/4K3 w - - 0 1",  # no Black king
        "4k3/8/8/8/8/8/8/P3K3 w - - 0 1",  # a pawn on rank 1
        "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",  # a pawn on rank 8
        "M3k3/8/8/8/8/8/8/4K3 w - - 0 1",  # a White draughtsman on its last rank
        "4k3/8/8/8/8/8/8/m3K3 w - - 0 1",  # a Black draughtsman on its last rank
        "4k3/8/8/8/8/8/8/4RK2 w - - 0 1",  # the side not to move in check by a rook
        "8/8/8/4k3/3M4/8/8/K7 w - - 0 1",  # ... or by a draughtsman's jump
        "4k3/8/8/8/8/8/8/4K3 w KX - 0 1",  # a bad castling field
        "4k3/8/8/8/8/8/8/4K3 w - z9 0 1",  # a bad en-passant field
        "4k3/8/8/8/8/8/8/4K2L w - - 0 1",  # a letter of another game
    ],
)
def test_fens_the_rules_refuse(fen):
    with pytest.raises(InvalidFenError):
        position(GAME, fen)


def test_a_draughtsman_may_stand_on_its_own_first_rank():
    assert texts(GAME, "4k3/8/8/8/8/8/8/M3K3 w - - 0 1") == KING_E1 | {"Mb2"}
