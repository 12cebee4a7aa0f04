"""One test per corner of docs/rules/chesskers.md §1-§2: chains, prefixes, promotion, sweeps,
castling, en passant, pins along jump lines, and legality judged on the final position only."""

import pytest

from engine import STARTING_FEN, Game, IllegalMoveError, MoveKind, Position
from engine.chesskers import CHESSKERS

from .helpers import fen_from_board, machine_from, texts, texts_from

# Queen on c4 and four black pawns around b5-b7-d7-d5 (§7 example).
SQUARE_OF_PAWNS = fen_from_board("""
    . . . . k . . .
    . p . p . . . .
    . . . . . . . .
    . p . p . . . .
    . . Q . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
""")


def test_chain_may_revisit_its_origin_and_chains_are_identified_by_path():
    game = Game(CHESSKERS, SQUARE_OF_PAWNS)
    one = game.parse_move("Qc4:a6:c8:e6:c4")
    other = game.parse_move("Qc4:e6:c8:a6:c4")
    assert one != other
    assert one.path[-1] == other.path[-1] == one.path[0]
    assert set(one.captured) == set(other.captured)
    assert one.captured_names() == ["b5", "b7", "d7", "d5"]
    assert other.captured_names() == ["d5", "d7", "b7", "b5"]


def test_every_prefix_of_a_chain_is_a_separate_move():
    chains = {m for m in texts_from(SQUARE_OF_PAWNS, "c4") if ":" in m}
    assert chains == {
        "Qc4:e6+", "Qc4:e6:c8+", "Qc4:e6:c8:a6", "Qc4:e6:c8:a6:c4",
        "Qc4:a6", "Qc4:a6:c8#", "Qc4:a6:c8:e6+", "Qc4:a6:c8:e6:c4",
    }  # fmt: skip


def test_bishop_chain_zig_zags():
    zag = fen_from_board("""
        . . . . . . . k
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . . . . . . .
        . p . . . . . .
        B . . . . . . K
    """)
    # a1 jumps b2 to c3, then turns to jump d4 to e5: a bishop zig-zags along its diagonals.
    assert {m for m in texts_from(zag, "a1") if ":" in m} == {"Ba1:c3", "Ba1:c3:e5+"}


def test_later_jumps_need_the_enemy_adjacent():
    fen = fen_from_board("""
        . . . . . . . k
        . . . . . . . .
        p . . . . . . .
        . . . . . . . .
        . . . . . . . .
        p . . . . . . .
        . . . . . . . .
        R . . . . . . K
    """)
    # After a1:a4 over a3, the pawn on a6 is two squares away: no second jump from a4.
    assert {m for m in texts_from(fen, "a1") if ":" in m} == {"Ra1:a4"}


# The rook on e1's file is held by the white rook; the chain's second jump leaves the file.
PIN_BY_CHAIN_PREFIX = fen_from_board("""
    . . . . r . . k
    . . . . . . . .
    . . . p . . . .
    . . . . p . . .
    . . . . R . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
""")


def test_prefix_legal_but_longer_chain_illegal():
    moves = texts_from(PIN_BY_CHAIN_PREFIX, "e4")
    assert "Re4:e6" in moves
    assert "Re4:e6:c6" not in moves


# White is in check from e8; only the third jump of the chain removes the checking rook.
CHECK_REMOVED_AT_THIRD_JUMP = fen_from_board("""
    . . . . r . . k
    . . . p . . . .
    . R p . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . K . . .
""")


def test_prefix_illegal_but_longer_chain_legal():
    moves = texts_from(CHECK_REMOVED_AT_THIRD_JUMP, "b6")
    assert moves == {"Rb6:d6:d8:f8+"}


def test_legality_is_judged_on_the_final_position_of_a_king_chain():
    fen = fen_from_board("""
        . . . . . . . k
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . p . . . . .
        . . . . . . . r
        . n . . . . . .
        K . . . . . . .
    """)
    moves = texts_from(fen, "a1")
    assert "Ka1:c3" not in moves  # c3 is attacked by the rook on h3
    assert "Ka1:c3:c5" in moves  # the king passes over c3 and ends safe on c5


def test_promotion_ends_the_chain_and_each_choice_is_a_move():
    fen = fen_from_board("""
        . . . . . . . .
        . . . p p . . .
        . . P . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . k
        . . . . . . . .
        K . . . . . . .
    """)
    assert {m for m in machine_from(fen, "c6") if m.startswith("c6-e8")} == {
        "c6-e8-q", "c6-e8-r", "c6-e8-b", "c6-e8-n",
    }  # fmt: skip
    # No continuation: a queen on e8 could otherwise jump e7 to e6.
    assert not any(m.startswith("c6-e8-e6") for m in machine_from(fen, "c6"))
    assert {t for t in texts_from(fen, "c6") if ":" in t} == {
        "c6:e8=Q", "c6:e8=R", "c6:e8=B", "c6:e8=N",
    }  # fmt: skip


def test_pawn_jumps_only_diagonally_forward():
    fen = fen_from_board("""
        . . . . . . . k
        . . . . . . . .
        . . . . . . . .
        . . . p . . . .
        . . p P p . . .
        . . . p . . . .
        . . . . . . . .
        K . . . . . . .
    """)
    # Enemies beside (c4, e4), behind-diagonal (none) and straight ahead (d5): no jump at all;
    # d3 is behind. Only diagonal-forward enemies with an empty square beyond can be jumped.
    assert texts_from(fen, "d4") == set()
    fen2 = fen.replace("3p4/2pPp3", "2p5/3P4")
    assert {t for t in texts_from(fen2, "d4") if ":" in t} == {"d4:b6"}


SWEEP_MIXED_LEG = fen_from_board("""
    . . . . . . . k
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    p . . . . . . .
    P . . . . . . .
    p . . . . . . .
    N . . . . . . K
""")


def test_sweep_removes_every_enemy_on_the_leg_and_keeps_own():
    # a1-b3: leg a2 (enemy) and a3 (own pawn): only a2 goes; the own pawn stays and doesn't block.
    game = Game(CHESSKERS, SWEEP_MIXED_LEG)
    move = game.parse_move("N~b3")
    assert move.kind is MoveKind.SWEEP
    assert move.captured_names() == ["a2"]
    game.push(move)
    assert game.position.piece_at(16) is not None  # a3 still holds the white pawn


def test_knight_landing_on_an_enemy_captures_only_that_piece():
    fen = fen_from_board("""
        . . . . . . . k
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . p . . . . . .
        p . . . . . . .
        N . . . . . . K
    """)
    move = Game(CHESSKERS, fen).parse_move("Nxb3")
    assert move.kind is MoveKind.REPLACEMENT
    assert move.captured_names() == ["b3"]
    assert "N~b3" not in texts_from(fen, "a1")


def test_knight_never_jumps():
    fen = fen_from_board("""
        . . . . . . . k
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . p . . . . . .
        N . . . . . . K
    """)
    # No Na1:c3 over the pawn on b2; both knight moves have empty legs, so both are quiet.
    assert texts_from(fen, "a1") == {"Nb3", "Nc2"}


def test_castling_refused_when_the_passed_square_can_be_jumped_by_a_chain():
    # §2 and §7. A single (first) jump over the passed square needs the same clear line
    # or adjacency as a replacement capture onto it, and a knight whose leg covers it also
    # covers the king's square; so "attacked only by a jump" means by a later jump of a chain.
    fen = fen_from_board(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . q . . . . .
        . . . . . . . .
        . . . . . . . .
        P P P P . P . P
        R . . . K . . R
    """,
        castling="K",
    )
    # With the king on f1, the queen jumps f2 landing on g1, then jumps f1 to e1.
    assert "O-O" not in texts(fen)
    assert not Position.from_fen(fen).is_check()
    # Counter-case: without the queen, castling is legal.
    assert "O-O" in texts(fen.replace("2q5", "8"))


def test_castling_refused_when_the_passed_square_can_be_jumped_by_a_rook_chain():
    fen = fen_from_board(
        """
        . . . . k . r .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . P .
        . . . . K . . R
    """,
        castling="K",
    )
    # With the king on f1 (e1 empty) the rook jumps g2 to g1, then f1 to e1: refused. Before
    # and after castling the king is safe, so only the passed square decides.
    assert "O-O" not in texts(fen)
    before = Position.from_fen(fen)
    assert not before.is_check()
    assert "Kf1" not in texts(fen)
    # Counter-case: with the pawn on g3 instead, the rook lands on g2, not next to f1 on a rank.
    assert "O-O" in texts(fen.replace("/8/6P1/4K2R", "/6P1/8/4K2R"))


def test_castling_refused_when_in_check_and_allowed_when_safe():
    fen = fen_from_board(
        """
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        R . . . K . . R
    """,
        castling="KQ",
    )
    assert {"O-O", "O-O-O"} <= texts(fen)
    checked = fen.replace("4k3/", "4k3/4r3/", 1).replace("/8/8/8/8/8/8/R", "/8/8/8/8/8/R")
    assert "O-O" not in texts(checked) and "O-O-O" not in texts(checked)


def test_en_passant_is_a_replacement_and_never_a_jump():
    game = Game(
        CHESSKERS,
        fen_from_board(
            """
            . . . . k . . .
            . . p p . . . .
            . . . . . . . .
            . . . . P . . .
            . . . . . . . .
            . . . . . . . .
            . . . . . . . .
            . . . . K . . .
        """,
            side="b",
        ),
    )
    game.push(game.parse_move("d5"))
    assert game.fen().split()[3] == "d6"
    move = game.parse_move("exd6")
    assert move.kind is MoveKind.EN_PASSANT
    assert move.captured_names() == ["d5"]
    # No chain continues from d6 over c7 to b8, though a jump from d6 would find it.
    assert not any(t.startswith("e5:") for _, t in game.describe_legal_moves())
    with pytest.raises(IllegalMoveError):
        game.parse_move("e5-d6-b8")


def test_piece_pinned_along_a_jump_line_cannot_leave_the_landing_square():
    fen = fen_from_board("""
        . . . . . . . k
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . N . . . .
        . . . K . . . .
        r . P . . . . .
        . . . . . . . .
    """)
    # The rook jumps c2 to d2; the knight on d4 is all that stops d2 jumping the king to d4.
    assert texts_from(fen, "d4") == set()
    free = fen.replace("r1P5", "r7")
    assert texts_from(free, "d4")


def test_king_move_that_lets_a_pawn_chain_jump_it_is_illegal():
    # §8: after 1.d4 e5, 2.Kd2 would let Black's pawn jump d4 to c3, then the king on
    # d2 to the square e1 it has just left (e5:c3:e1).
    game = Game(CHESSKERS, STARTING_FEN)
    game.push(game.parse_move("d4"))
    game.push(game.parse_move("e5"))
    assert "Kd2" not in {t for _, t in game.describe_legal_moves()}
    with pytest.raises(IllegalMoveError, match="illegal move Kd2"):
        game.parse_move("Kd2")


def test_check_by_sweep_replacement_and_jump_are_all_check():
    sweep = fen_from_board(
        """
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        n . . . . . . k
        K . . . . . . .
        . . . . . . . .
    """,
        side="w",
    )
    # a3-b1 (leg a2, a1): the king on a2 lies on the knight's leg.
    assert Position.from_fen(sweep).is_check()
    jump_only = fen_from_board(
        """
        . . . . . . . k
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        K r . . . . . .
    """,
        side="w",
    )
    assert Position.from_fen(jump_only).is_check()


def test_castling_right_is_lost_when_the_rook_is_captured_by_any_capture():
    # A corner rook can't be jumped (nothing lies beyond a corner), but it can be replaced or
    # swept: h6-g8 has the leg h7, h8.
    swept = Game(CHESSKERS, "4k2r/8/7N/8/8/8/8/4K3 w k - 0 1")
    move = swept.parse_move("N~g8")
    assert move.captured_names() == ["h8"]
    swept.push(move)
    assert swept.fen().split()[2] == "-"
    replaced = Game(CHESSKERS, "4k2r/8/8/8/8/8/8/4K2R w Kk - 0 1")
    replaced.push(replaced.parse_move("Rxh8"))
    assert replaced.fen().split()[2] == "-"
    # Counter-case: a sweep of the pawn beside the rook leaves the right.
    kept = Game(CHESSKERS, "4k2r/7p/8/7N/8/8/8/4K3 w k - 0 1")
    kept.push(kept.parse_move("N~g7"))
    assert kept.fen().split()[2] == "k"
