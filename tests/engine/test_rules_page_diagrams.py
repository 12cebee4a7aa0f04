"""Every diagram of the site's rules page (``/rules/``), as positions.

The page's diagrams have no kings (or only some); kings are added where they change nothing
for the highlighted piece, because a FEN needs exactly one king a side (docs/rules/chesskers.md §7).
"""

from engine import Color, Game, Position, Status
from engine.attacks import is_attacked
from engine.chesskers import CHESSKERS

from .helpers import fen_from_board, texts_from

# Replacement captures: the rook on d4 replaces the knight on b4; stars mark the other squares.
REPLACEMENT = fen_from_board("""
    . . . . . . . k
    . . . . . . . .
    . . . P . . . .
    . . . . . . . .
    . n . R . . . .
    . . . . . . . .
    . . . . . . . .
    K . . . . . . .
""")


def test_replacement_diagram_rook_moves_and_also_jumps_the_knight():
    # §7 last bullet: the page stars only replacement targets; Rd4:a4 is also legal.
    assert texts_from(REPLACEMENT, "d4") == {
        "Rd5", "Rd3", "Rd2", "Rd1", "Rc4", "Re4", "Rf4", "Rg4", "Rh4+",
        "Rxb4", "Rd4:a4",
    }  # fmt: skip


# Jump captures: the rook on d4 jumps the first enemy on each line and lands just beyond it.
JUMPS = fen_from_board("""
    . . . . . . . k
    . . . p . . . .
    . . . . . . . .
    . . . . . . . .
    . n . R . . b .
    . . . . . . . .
    . . . r . . . .
    K . . . . . . .
""")


def test_jump_diagram_rook_lands_just_beyond_the_first_enemy_on_each_line():
    moves = texts_from(JUMPS, "d4")
    assert {m for m in moves if ":" in m} == {"Rd4:d8+", "Rd4:a4", "Rd4:h4+", "Rd4:d1"}
    assert moves == {
        "Rd5", "Rd6", "Rxd7", "Rc4", "Rxb4", "Re4", "Rf4", "Rxg4", "Rd3", "Rxd2",
        "Rd4:d8+", "Rd4:a4", "Rd4:h4+", "Rd4:d1",
    }  # fmt: skip


# Chains: the rook on a1 jumps a3, b4 and c5, landing on a4, c4, c6 in turn.
CHAIN = fen_from_board("""
    . . . . . . . k
    . . . . . . . .
    . . . . . . . .
    . . p . . . . .
    . p . . . . . .
    p . . . . . . .
    . . . . . . . K
    R . . . . . . .
""")


def test_chain_diagram_rook_turns_corners_and_every_prefix_is_a_move():
    moves = texts_from(CHAIN, "a1")
    assert {m for m in moves if ":" in m} == {"Ra1:a4", "Ra1:a4:c4", "Ra1:a4:c4:c6"}
    assert moves == {
        "Ra2", "Rxa3", "Ra1:a4", "Ra1:a4:c4", "Ra1:a4:c4:c6",
        "Rb1", "Rc1", "Rd1", "Re1", "Rf1", "Rg1", "Rh1",
    }  # fmt: skip


def test_chain_diagram_move_reports_each_jumped_piece_in_order():
    game = Game(CHESSKERS, CHAIN)
    move = game.parse_move("Ra1:a4:c4:c6")
    assert move.captured_names() == ["a3", "b4", "c5"]
    assert move.path_names() == ["a1", "a4", "c4", "c6"]


# Sweep captures: the knight on a1 lands on the empty b3 and removes a2 and a3 from its leg.
SWEEP = fen_from_board("""
    . . . . . . . k
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    b . . . . . . .
    p . . . . . . .
    N . . . . . . K
""")


def test_sweep_diagram_knight_removes_both_enemies_on_its_leg():
    # The page stars b3 (the sweep); c2 is the knight's other, quiet, move.
    assert texts_from(SWEEP, "a1") == {"N~b3", "Nc2"}
    move = Game(CHESSKERS, SWEEP).parse_move("N~b3")
    assert move.captured_names() == ["a2", "a3"]


# Check: the black king on c5 is the third piece of the rook's chain a1-a4-c4-c6.
CHECK_BY_CHAIN = fen_from_board(
    """
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . k . . . . .
    . p . . . . . .
    p . . . . . . .
    . . . . . . . K
    R . . . . . . .
""",
    side="b",
)


def test_check_diagram_king_jumped_at_the_end_of_a_chain_is_in_check():
    position = Position.from_fen(CHECK_BY_CHAIN)
    assert position.is_check()


def test_check_diagram_every_legal_reply_breaks_the_chain():
    position = Position.from_fen(CHECK_BY_CHAIN)
    replies = position.legal_moves()
    assert replies
    for move in replies:
        child = position.play(move)
        king = child.king_square(Color.BLACK)
        assert not is_attacked(list(child.board), king, Color.WHITE.value)


# The knight mate: Kf7 and Nh6 mate the king on h8 (the knight's leg h7-h8 toward g8).
KNIGHT_MATE = fen_from_board(
    """
    . . . . . . . k
    . . . . . K . .
    . . . . . . . N
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
""",
    side="b",
)


def test_king_and_knight_mate_a_lone_king():
    game = Game(CHESSKERS, KNIGHT_MATE)
    assert game.position.is_check()
    assert game.legal_moves() == []
    assert game.status() is Status.CHECKMATE
    assert game.winner().name_lower == "white"


def test_knight_mate_is_reached_by_a_move_written_with_hash():
    before = fen_from_board("""
        . . . . . . . k
        . . . . . K . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . N .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
    """)
    game = Game(CHESSKERS, before)
    assert "Nh6#" in {text for _, text in game.describe_legal_moves()}
    game.push(game.parse_move("Nh6#"))
    assert game.status() is Status.CHECKMATE
