"""The capture core used as a hybrid uses it: draughts pieces among chess pieces on a full board.

A hybrid declares the capture rules of its draughts pieces (here Russian ones, on all 64
squares, as Byelorussian Cheskers has them), takes the core's ``CaptureSpec`` from them, and asks
for the sequences of its pieces on its own board of codes. The positions are the examples of
Byelorussian Cheskers' rules (draughtsman ``M``, damka ``D``, chess pieces K Q R B N P).
"""

from dataclasses import replace

from engine.board import CHESSBOARD
from engine.draughts.captures import capture_sequences
from engine.draughts.rules import DIAGONAL, MidCapture, Power, Rules
from engine.draughts.tables import Tables

# Codes of a hybrid's own board: chess pieces 1-6, a draughtsman 7, a damka 8 (+ White).
CODES = {"P": 1, "N": 2, "B": 3, "R": 4, "Q": 5, "K": 6, "M": 7, "D": 8}
POWERS = {7: Power.MAN, 8: Power.KING}

BYELORUSSIAN_DRAUGHTS = Rules(
    id="byelorussian-draughtsmen",
    name="Russian draughtsmen on a chessboard",
    board=CHESSBOARD,
    start_fen="W:Wa1:Bh8",
    man_captures=DIAGONAL,
    flying=True,
    mid_capture=MidCapture.CROWN,
)
SPEC = Tables(BYELORUSSIAN_DRAUGHTS).spec
SAME_LINE_ONCE = replace(SPEC, straight_from_first_landing=True)


def board_of(placement: str) -> list[int]:
    """Returns a board of codes from a chess FEN placement (upper case White)."""
    board = [0] * 64
    for row, text in enumerate(placement.split("/")):
        file = 0
        for ch in text:
            if ch.isdigit():
                file += int(ch)
                continue
            board[(7 - row) * 8 + file] = CODES[ch.upper()] * (1 if ch.isupper() else -1)
            file += 1
    return board


def captures(placement: str, spec=SAME_LINE_ONCE) -> set[str]:
    board = board_of(placement)
    pieces = [(sq, POWERS[code]) for sq, code in enumerate(board) if code in POWERS]
    before = list(board)
    found = capture_sequences(board, 1, pieces, spec)
    assert board == before, "the core gives the board back unchanged"
    return {"-".join(CHESSBOARD.names[sq] for sq in path) for path, _, _ in found}


def test_a_damka_takes_a_chess_pawn_and_a_draughtsman_in_one_flight():
    # The damka on h2 takes the pawn on f4, then (on in the same line) the man on c7.
    assert captures("4k3/2m5/8/8/5p2/8/7D/4K3") == {"h2-e5-b8"}


def test_without_the_same_line_option_each_landing_square_is_its_own_sequence():
    assert captures("4k3/2m5/8/8/5p2/8/7D/4K3", SPEC) == {"h2-e5-b8", "h2-d6-b8"}


def test_a_draughtsman_crowned_on_the_way_goes_on_as_a_damka():
    assert captures("k7/2p5/1M3p2/8/8/8/8/4K3") == {"b6-d8-g5", "b6-d8-h4"}


def test_a_taken_piece_stays_until_the_end_and_blocks_a_third_capture():
    # c5 is taken first, so the damka cannot fly back over it after d6 and b8.
    assert captures("4k3/2m5/8/2p5/1DK5/6m1/1m6/8") == {"b4-d6-b8", "b4-d6-h2"}


def test_own_chess_pieces_block_and_enemy_kings_can_be_jumped():
    assert captures("8/8/8/8/3k4/2M5/8/4K3") == {"c3-e5"}
    assert captures("8/8/4P3/8/3k4/2M5/8/4K3") == {"c3-e5"}
    assert captures("8/8/8/4P3/3k4/2M5/8/4K3") == set()
