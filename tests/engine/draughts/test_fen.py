"""FEN of the draughts family in and out, and every refusal of docs/rules/draughts.md §1.11."""

import pytest

from engine.errors import InvalidFenError
from engine.variants import VARIANTS

from .helpers import variant

DRAUGHTS = sorted(v.id for v in VARIANTS.values() if v.family == "draughts")


@pytest.mark.parametrize("variant_id", DRAUGHTS)
def test_the_start_fen_reads_and_writes_back_unchanged(variant_id):
    game = variant(variant_id)
    assert game.position(game.start_fen).fen() == game.start_fen
    assert game.position("start").fen() == game.start_fen


def test_numbered_games_accept_ranges_and_write_every_number():
    game = variant("international")
    assert game.position("W:W31-50:B1-20").fen() == game.start_fen


def test_lists_and_counters_come_in_either_order_with_spaces_around_them():
    game = variant("russian")
    fen = " B : Bb6 , Kd8 : H7 : Wa1,c1 : F12 "
    assert game.position(fen).fen() == "B:Wa1,c1:Bb6,Kd8:H7:F12"


def test_counters_default_to_no_progress_and_move_one():
    assert variant("checkers").position("W:W22:B18").fen() == "W:W22:B18:H0:F1"


def test_the_canonical_form_lists_white_then_black_in_square_order_with_prefixes():
    game = variant("checkers")
    assert game.position("W:B3,K1:W32,K22,5").fen() == "W:W5,K22,32:BK1,3:H0:F1"
    game = variant("thai")
    assert game.position("W:WKh8,Ka1,c1,b2:Bc7").fen() == "W:WKa1,c1,b2,Kh8:Bc7:H0:F1"


def test_an_empty_list_is_syntactically_fine():
    position = variant("checkers").position("W:W:B18")
    assert position.fen() == "W:W:B18:H0:F1"


@pytest.mark.parametrize(
    ("variant_id", "fen", "why"),
    [
        ("checkers", "X:W22:B18", "side to move"),
        ("checkers", "w:W22:B18", "side to move"),
        ("checkers", "W:W22:W18", "given twice"),
        ("checkers", "W:W22", "W list and a B list"),
        ("checkers", "W:W22:B18:H1:H2", "given twice"),
        ("checkers", "W:W22:B18:Hx", "bad H counter"),
        ("checkers", "W:W22:B18:H-1", "bad H counter"),
        ("checkers", "W:W22:B18:H05", "bad H counter"),
        ("checkers", "W:W22:B18:F0", "at least 1"),
        ("checkers", "W:W22:B18:X3", "unknown field"),
        ("checkers", "W:W22::B18", "empty field"),
        ("checkers", "W:W33:B18", "not a square"),
        ("checkers", "W:W022:B18", "not a square"),
        ("checkers", "W:Wc3:B18", "not a square"),
        ("checkers", "W:W22,22:B18", "given twice"),
        ("checkers", "W:W22:B22", "given twice"),
        ("checkers", "W:W22:Bk18", "not a square"),
        ("russian", "W:Wa2:Bd4", "not a square of the game"),
        ("russian", "W:W22:Bd4", "not a square"),
        ("russian", "W:WC3:Bd4", "not a square"),
        ("alquerque", "W:WKc3:Ba5", "no kings"),
        ("hawaiian", "W:WKa1:Bb1", "no kings"),
        ("czech", "W:WPb8:Bd6", "no parachutists"),
        ("parachute", "W:WPb6:Bd6", "opponent's first row"),
        ("parachute", "W:WPa1:Bd6", "opponent's first row"),
        ("checkers", "W:W2:B18", "crowned"),
        ("russian", "W:Wb8:Bd6", "crowned"),
        ("russian", "W:Wa3:Bc1", "crowned"),
        ("corner", "W:Wa7:Bd6", "crowned"),
        ("corner", "W:Wb2:Bh2", "crowned"),
        ("one-way", "W:Wb2:Bd8", "crowned"),
        ("thai", "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3:Bc7", "more than it starts with"),
        ("checkers", "W:W22:B", "no piece left"),
        ("checkers", "B:W:B18", "no piece left"),
    ],
)
def test_a_fen_the_rules_refuse_is_refused_naming_why(variant_id, fen, why):
    with pytest.raises(InvalidFenError, match=why):
        variant(variant_id).position(fen)


def test_the_side_to_move_may_have_no_piece_left():
    # §1.13: the position is legal; that side has lost (or won, in Anti Checkers).
    position = variant("checkers").position("W:W:B18")
    assert position.legal_moves() == []


def test_a_man_on_the_opponents_promotion_row_is_fine():
    # Rank 1 is Black's promotion row only: a White man there is at home, and so on rank 8.
    assert variant("russian").position("W:Wc1:Bd8").fen() == "W:Wc1:Bd8:H0:F1"


def test_a_corner_man_on_its_last_row_outside_the_corner_squares_is_fine():
    assert variant("corner").position("W:Wd8:Bd6").fen() == "W:Wd8:Bd6:H0:F1"


def test_parachutists_are_written_with_their_prefix_and_count_among_the_pieces():
    game = variant("parachute")
    assert "Pb8" in game.position("start").fen()
    with pytest.raises(InvalidFenError, match="more than it starts with"):
        game.position("W:Wb2:BPa1,Pc1,Pe1,Pg1,b6,d6,f6,h6,a7,c7,e7,g7,b4")
