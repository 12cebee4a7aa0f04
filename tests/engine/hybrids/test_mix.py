"""Game Mix and Mix Chess (docs/rules/hybrids.md §3, §4): each piece's moves as a small position
with its exact move set, liner distances on crowded lines, the dama's captures of one, two and
three pieces, check by jumps, the connection rule, the ends of both games and their FENs."""

import pytest

from engine.errors import InvalidFenError
from engine.moves import MoveKind
from engine.pieces import Color
from engine.variant import Outcome
from tests.engine.hybrids.helpers import play, position, texts, variant

MIX = "game-mix"
CHESS = "mix-chess"
START = variant(MIX).start_fen
KING_H1 = {"Kg1", "Kg2", "Kh2"}
KING_A1 = {"Ka2", "Kb1", "Kb2"}


# --- §3.1 the start ------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [MIX, CHESS])
def test_the_first_ply_has_twenty_two_moves(game):
    assert variant(game).start_fen == START
    assert texts(game, START) == {
        "Ca3",
        "Cb3",
        "Cc3",
        "Cf3",
        "Cg3",
        "Ch3",
        "La5+",
        "Ld5",
        "Le5",
        "Lh5",
        "Na3",
        "Nc3",
        "Nf3",
        "Nh3",
        "c3",
        "c4",
        "d3",
        "d4",
        "e3",
        "e4",
        "f3",
        "f4",
    }


# --- §3.2 the pieces -----------------------------------------------------------------------------
def test_a_king_steps_one_square_any_way_and_takes_by_replacement():
    assert texts(MIX, "3k4/8/8/8/3K4/4p3/8/8 w - - 0 1") == {
        "Kc3",
        "Kc4",
        "Kc5",
        "Kd3",
        "Kd5",
        "Kxe3",
        "Ke4",
        "Ke5",
    }


def test_a_silver_steps_diagonally_or_straight_forward():
    assert texts(MIX, "3k4/8/8/8/3S4/8/8/K7 w - - 0 1") == KING_A1 | {
        "Sc3",
        "Se3",
        "Sc5",
        "Se5",
        "Sd5",
    }
    assert texts(MIX, "k7/8/8/3s4/8/8/8/K7 b - - 0 1") == {
        "Sc4",
        "Se4",
        "Sc6",
        "Se6",
        "Sd4",
        "Ka7",
        "Kb7",
        "Kb8",
    }


def test_a_knight_moves_as_in_chess():
    assert texts(MIX, "k7/8/8/8/3N4/8/8/7K w - - 0 1") == KING_H1 | {
        "Nb3",
        "Nb5",
        "Nc2",
        "Nc6",
        "Ne2",
        "Ne6",
        "Nf3",
        "Nf5",
    }


def test_a_pawn_steps_twice_from_its_second_rank():
    assert texts(MIX, "3k4/8/8/8/8/8/3P4/K7 w - - 0 1") == KING_A1 | {"d3", "d4"}


def test_a_pawn_promotes_to_a_liner_knight_or_silver_of_its_choice():
    # The liner on b8 counts two pieces on its rank: it reaches d8 and checks.
    assert texts(MIX, "3k4/1P6/8/8/8/8/8/K7 w - - 0 1") == KING_A1 | {"b8=L+", "b8=N", "b8=S"}


def test_only_a_pawn_takes_en_passant():
    game = play(MIX, "3k4/2p5/8/1P6/3C4/8/8/K7 b - - 0 1", "c5")
    assert game.fen() == "3k4/8/8/1Pp5/3C4/8/8/K7 w - c6 1 2"
    found = {text: move for move, text in game.describe_legal_moves()}
    assert "bxc6" in found
    assert [t for t, m in found.items() if m.kind is MoveKind.EN_PASSANT] == ["bxc6"]
    assert "Cd4:b6" in found  # the checker takes c5 by jumping it, as it would any piece


def test_a_checker_steps_diagonally_forward_and_jumps_one_piece_then_stops():
    # After taking e5 the checker could jump g7 from f6, but it takes one piece only.
    assert texts(MIX, "k7/6n1/8/4p3/3C4/8/8/7K w - - 0 1") == KING_H1 | {"Cc5", "Cd4:f6"}


def test_a_checker_jumps_backwards_too():
    assert texts(MIX, "k7/8/8/8/3C4/2p5/8/7K w - - 0 1") == KING_H1 | {
        "Cc5",
        "Ce5",
        "Cd4:b2",
    }


def test_a_checker_reaching_its_last_rank_becomes_a_dama_without_a_word():
    game = play(MIX, "k7/1C6/8/8/8/8/8/7K w - - 0 1", "Cc8")
    assert game.fen().split()[0] == "k1D5/8/8/8/8/8/8/7K"
    assert texts(MIX, "k7/2p5/1C6/8/8/8/8/7K w - - 0 1") == KING_H1 | {"Ca7", "Cb6:d8"}
    assert play(MIX, "k7/2p5/1C6/8/8/8/8/7K w - - 0 1", "Cb6:d8").fen().startswith("k2D4/")


def test_a_liner_counts_itself_at_the_start():
    # a1: four pieces on the a-file, eight on rank 1, four on the long diagonal.
    found = texts(MIX, START)
    assert {t for t in found if t.startswith("La")} == {"La5+"}
    assert "Le5" in found


def test_a_liner_goes_as_far_as_its_line_holds_pieces_leaping_and_taking_by_replacement():
    # From d4: rank 4 holds 3 (a4, g4), the d-file 3 (takes d7 and d1), the long diagonal 2
    # (f6, b2), the other diagonal 1 (c5, e3).
    fen = "k7/3s2p1/8/8/1p1L1P2/8/8/3n3K w - - 0 1"
    assert texts(MIX, fen) == KING_H1 | {
        "La4",
        "Lg4",
        "Lxd7",
        "Lxd1",
        "Lf6",
        "Lb2",
        "Lc5",
        "Le3",
        "f5",
    }


def test_a_liner_never_lands_on_its_own_piece_or_off_the_board():
    # From a1: the a-file holds 3 pieces, and a4 is its own pawn; rank 1 holds 2 (c1), the
    # diagonal 1 (b2); every other way leaves the board.
    assert texts(MIX, "k7/8/8/8/P7/8/8/L2K4 w - - 0 1") == {
        "Lc1",
        "Lb2",
        "Kc1",
        "Kc2",
        "Kd2",
        "Ke1",
        "Ke2",
        "a5",
    }


def test_a_dama_takes_one_two_or_three_pieces_each_a_move():
    assert texts(MIX, "6k1/6p1/8/4p3/8/2p5/8/D3K3 w - - 0 1") == {
        "Da1:d4",
        "Da1:d4:f6",
        "Da1:d4:f6:h8",
        "Db2",
        "Kd1",
        "Ke2",
        "Kf1",
        "Kf2",
    }


def test_a_dama_flies_over_empty_squares_between_captures_in_one_direction():
    assert texts(MIX, "k7/8/5p2/8/8/2p5/8/D6K w - - 0 1") == KING_H1 | {
        "Da1:d4",
        "Da1:d4:g7",
        "Db2",
    }


@pytest.mark.parametrize(
    "fen",
    [
        "k7/8/8/4p3/3p4/8/1p6/D6K w - - 0 1",  # d4 and e5 in a row
        "k7/8/8/4P3/3p4/8/1p6/D6K w - - 0 1",  # nothing empty beyond d4: its own pawn on e5
    ],
)
def test_two_pieces_in_a_row_or_its_own_piece_stop_a_dama(fen):
    assert {t for t in texts(MIX, fen) if t.startswith("D")} == {"Da1:c3"}


# --- §3.3 no compulsory capture, and check -------------------------------------------------------
def test_no_capture_is_compulsory():
    found = texts(MIX, "k7/8/8/8/3C4/2p5/8/7K w - - 0 1")
    assert "Cd4:b2" in found and "Cc5" in found and "Kg1" in found


def test_a_checker_next_to_the_king_with_an_empty_square_beyond_gives_check():
    # d4 could jump e3 to f2: the king steps away, or the knight fills f2.
    fen = "3k4/8/8/8/3c4/4K3/8/7N w - - 0 1"
    assert position(MIX, fen).is_check()
    assert texts(MIX, fen) == {
        "Kd2",
        "Kd3",
        "Kxd4",
        "Ke2",
        "Ke4",
        "Kf2",
        "Kf3",
        "Kf4",
        "Nf2",
    }


def test_a_dama_checks_by_its_second_capture():
    assert texts(MIX, "8/8/5k2/8/8/2p5/8/D3K3 b - - 0 1") == {
        "Ke6",
        "Ke7",
        "Kf5",
        "Kf7",
        "Kg5",
        "Kg6",
    }


def test_in_game_mix_a_dama_checks_only_a_king_it_can_jump_in_mix_chess_one_it_sees():
    fen = "7k/8/8/8/p7/8/P7/D3K3 b - - 0 1"
    assert texts(MIX, fen) == {"Kg8", "Kh7", "a3"}
    assert texts(CHESS, fen) == {"Kg8", "Kh7"}


# --- §3.5 the end of Game Mix --------------------------------------------------------------------
def test_connecting_every_piece_with_more_pieces_wins():
    game = play(MIX, "8/8/8/4k3/3p4/2L5/8/K1S5 w - - 0 1", "Sb2")
    assert game.outcome() == Outcome("connection", Color.WHITE, "connection")
    assert game.legal_moves() == []


def test_connecting_every_piece_with_equal_numbers_is_a_draw():
    game = play(MIX, START, "Le5", "d6", "Cc3", "Ld4")
    assert game.outcome() == Outcome("connection-draw", None, "connection")
    assert game.legal_moves() == []
    assert play(CHESS, START, "Le5", "d6", "Cc3", "Ld4").outcome() == Outcome("ongoing")


def test_a_connected_fen_is_judged_with_the_side_not_to_move_as_the_mover():
    # White moved last and has two pieces against three: a draw, and Black cannot move.
    fen = "8/8/8/4k3/3p4/2p5/1S6/K7 b - - 0 1"
    game = variant(MIX).new_game(fen)
    assert game.outcome() == Outcome("connection-draw", None, "connection")
    assert position(MIX, fen).legal_moves() == []
    assert variant(CHESS).new_game(fen).outcome() == Outcome("ongoing")


def test_checkmate_comes_before_connection():
    fen = "7k/6S1/6K1/8/8/8/8/8 b - - 0 1"
    for game in (MIX, CHESS):
        assert variant(game).new_game(fen).outcome() == Outcome(
            "checkmate", Color.WHITE, "checkmate"
        )


def test_the_side_that_cannot_move_loses_in_game_mix_and_draws_in_mix_chess():
    fen = "k7/2K5/1P6/8/8/8/8/8 b - - 0 1"
    assert variant(MIX).new_game(fen).outcome() == Outcome("stalemate", Color.WHITE, "stalemate")
    assert variant(CHESS).new_game(fen).outcome() == Outcome("stalemate", None, "stalemate")


def test_forty_plies_without_a_capture_or_promotion_are_a_draw_and_pawn_moves_count():
    fen = "3k2n1/8/8/8/8/8/3P4/3K2N1 w - - 39 30"
    assert play(MIX, fen, "Nf3").outcome() == Outcome("no-progress", None, "no-progress")
    assert play(MIX, fen, "d3").outcome() == Outcome("no-progress", None, "no-progress")


def test_a_capture_or_a_promotion_restarts_the_count():
    assert play(MIX, "3k4/1P6/6n1/8/8/8/8/K6N w - - 39 30", "b8=N").fen().endswith(" 0 30")
    assert play(MIX, "k7/1C6/6n1/8/8/8/8/7K w - - 39 30", "Cc8").fen().endswith(" 0 30")


def test_twenty_plies_suffice_when_a_side_has_only_its_king():
    fen = "3k4/8/8/8/8/8/8/3K2N1 w - - 18 30"
    assert play(MIX, fen, "Nf3").outcome() == Outcome("ongoing")
    assert play(MIX, fen, "Nf3", "Kd7").outcome() == Outcome("no-progress", None, "no-progress")


def test_only_the_two_kings_is_a_draw():
    assert variant(MIX).new_game("3k4/8/8/8/8/8/8/3K4 w - - 0 1").outcome() == Outcome(
        "insufficient-material", None, "insufficient-material"
    )
    assert variant(MIX).new_game("3k4/8/8/8/8/8/8/3KS3 w - - 0 1").outcome() == Outcome("ongoing")


def test_game_mix_has_no_repetition_rule():
    moves = ["Kc1", "Kc8", "Kd1", "Kd8"] * 3
    assert play(MIX, "3k3l/8/8/8/8/8/8/3K3L w - - 0 1", *moves).outcome() == Outcome("ongoing")


# --- §4 the end of Mix Chess ---------------------------------------------------------------------
def test_mix_chess_counts_a_hundred_plies_even_against_a_lone_king():
    fen = "3k4/8/8/8/8/8/8/L2K3L w - - 98 60"
    assert variant(MIX).new_game(fen).outcome().status == "no-progress"
    assert play(CHESS, fen, "Kd2").outcome() == Outcome("ongoing")
    assert play(CHESS, fen, "Kd2", "Kd7").outcome() == Outcome("no-progress", None, "no-progress")


@pytest.mark.parametrize(
    ("fen", "status"),
    [
        ("3k4/8/8/8/8/8/8/3K4 w - - 0 1", "insufficient-material"),
        ("3k4/8/8/8/8/8/8/3KS3 w - - 0 1", "insufficient-material"),
        ("3k4/8/8/8/8/8/8/3KD3 w - - 0 1", "insufficient-material"),
        ("3k4/8/8/8/8/8/8/2NKN3 w - - 0 1", "insufficient-material"),
        ("3k4/8/8/8/8/8/8/L2K3L w - - 0 1", "ongoing"),
        ("3kn3/8/8/8/8/8/8/3KN3 w - - 0 1", "ongoing"),
    ],
)
def test_mix_chess_material_draws(fen, status):
    assert variant(CHESS).new_game(fen).outcome().status == status


# --- §3.6 FEN ------------------------------------------------------------------------------------
@pytest.mark.parametrize("game", [MIX, CHESS])
@pytest.mark.parametrize(
    "fen",
    [
        "3k4/8/8/8/8/8/8/3K4 w K - 0 1",  # no castling
        "3k4/8/8/8/8/8/8/2KK4 w - - 0 1",  # two White kings
        "3k4/8/8/8/8/8/8/P2K4 w - - 0 1",  # a pawn on rank 1
        "2Ck4/8/8/8/8/8/8/3K4 w - - 0 1",  # a White checker on its last rank
        "3k4/8/8/8/8/8/8/2cK4 w - - 0 1",  # a Black checker on its last rank
        "8/3k4/4C3/8/8/8/8/3K4 w - - 0 1",  # the side not to move in check by a checker
        "3k4/8/8/8/8/8/8/3KB3 w - - 0 1",  # a letter of another game
    ],
)
def test_fens_the_rules_refuse(game, fen):
    with pytest.raises(InvalidFenError):
        position(game, fen)


def test_a_dama_that_only_sees_the_king_checks_in_mix_chess_only():
    fen = "7k/8/8/8/8/8/8/D3K3 w - - 0 1"
    assert position(MIX, fen).fen() == fen
    with pytest.raises(InvalidFenError):
        position(CHESS, fen)
