"""FEN in and out, and its validation (docs/rules/chesskers.md §5 and §7)."""

import pytest

from engine import STARTING_FEN, InvalidFenError, Position

from .helpers import fen_from_board


def test_start_position_round_trips():
    assert Position.from_fen(STARTING_FEN).fen() == STARTING_FEN


def test_four_fields_are_accepted_with_default_counters():
    assert Position.from_fen("4k3/8/8/8/8/8/8/4K3 w - -").fen() == "4k3/8/8/8/8/8/8/4K3 w - - 0 1"


@pytest.mark.parametrize(
    ("fen", "why"),
    [
        ("4k3/8/8/8/8/8/8/4K3 w - - 0", "fields"),
        ("4k3/8/8/8/8/8/8/4K3", "fields"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 1 extra", "fields"),
        ("4k3/8/8/8/8/8/8/4X3 w - - 0 1", "piece letter"),
        ("4k3/8/8/8/8/8/8/4K2 w - - 0 1", "8 squares"),
        ("4k3/8/8/8/8/8/8/4K4 w - - 0 1", "8 squares"),
        ("4k3/8/8/8/8/8/4K3 w - - 0 1", "8 ranks"),
        ("8/8/8/8/8/8/8/4K3 w - - 0 1", "exactly one king"),
        ("4k3/8/8/8/8/8/8/3KK3 w - - 0 1", "exactly one king"),
        ("4k3/8/8/8/8/8/8/P3K3 w - - 0 1", "rank 1 or 8"),
        ("p3k3/8/8/8/8/8/8/4K3 w - - 0 1", "rank 1 or 8"),
        ("4k3/8/8/8/8/8/8/4K3 x - - 0 1", "side to move"),
        ("4k3/8/8/8/8/8/8/4K3 w KK - 0 1", "castling"),
        ("4k3/8/8/8/8/8/8/4K3 w X - 0 1", "castling"),
        ("4k3/8/8/8/8/8/8/4K3 w - z9 0 1", "en-passant"),
        ("4k3/8/8/8/8/8/8/4K3 w - - -1 1", "half-move"),
        ("4k3/8/8/8/8/8/8/4K3 w - - 0 0", "move number"),
        ("4k3/8/8/8/8/8/8/4R3 b - - 0 1", "one king"),
        ("4k3/8/8/8/8/8/8/4R2K w - - 0 1", "in check"),
        ("", "fields"),
    ],
)
def test_malformed_or_impossible_fens_are_refused_with_a_reason(fen, why):
    with pytest.raises(InvalidFenError, match=why):
        Position.from_fen(fen)


def test_side_not_to_move_in_check_by_a_chain_is_refused():
    # The rules page's check diagram with White to move: Black's king stands jumped.
    fen = fen_from_board("""
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . k . . . . .
        . p . . . . . .
        p . . . . . . .
        . . . . . . . K
        R . . . . . . .
    """)
    with pytest.raises(InvalidFenError, match="in check"):
        Position.from_fen(fen)


def test_castling_rights_without_king_and_rook_at_home_are_dropped():
    position = Position.from_fen("r3k3/8/8/8/8/8/8/4K2R w KQkq - 0 1")
    assert position.fen().split()[2] == "Kq"


def test_en_passant_square_is_accepted_but_written_only_when_a_capture_is_legal():
    no_capture = Position.from_fen("4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1")
    assert no_capture.fen().split()[3] == "-"
    capture = Position.from_fen("4k3/8/8/8/2pP4/8/8/4K3 b - d3 0 1")
    assert capture.fen().split()[3] == "d3"


def test_en_passant_square_that_is_not_a_double_step_is_ignored():
    position = Position.from_fen("4k3/8/8/8/2pP4/8/8/4K3 b - e3 0 1")
    assert position.fen().split()[3] == "-"
    assert not any(m.kind.value == "en-passant" for m in position.legal_moves())


def test_en_passant_square_is_dropped_when_the_capture_would_be_illegal():
    # The capturing pawn is pinned to its king along the fourth rank by the rook.
    position = Position.from_fen("8/8/8/8/k1pP3R/8/8/4K3 b - d3 0 1")
    assert position.fen().split()[3] == "-"


def test_piece_at_and_turn():
    position = Position.from_fen(STARTING_FEN)
    assert position.turn.name_lower == "white"
    color, piece = position.piece_at(4)
    assert (color.name_lower, piece.symbol) == ("white", "k")
    assert position.piece_at(28) is None
