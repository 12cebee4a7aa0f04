"""Canonical move text and its parser (docs/rules/chesskers.md §4, §7 machine form)."""

import dataclasses
import re

import pytest

from engine import (
    STARTING_FEN,
    AmbiguousMoveError,
    Game,
    IllegalMoveError,
    InvalidMoveTextError,
    MoveKind,
    PieceType,
)
from engine.chesskers import CHESSKERS

from .helpers import fen_from_board, texts

TWO_KNIGHTS = fen_from_board("""
    . . . . k . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . . . .
    . . . . . N . .
    . . . . . . . .
    . N . . K . . .
""")


def test_knights_to_the_same_square_add_the_origin_file():
    moves = texts(TWO_KNIGHTS)
    assert {"Nbd2", "Nfd2"} <= moves
    assert "Nd2" not in moves


def test_ambiguous_text_names_the_candidates():
    with pytest.raises(AmbiguousMoveError, match=r"ambiguous move Nd2: Nbd2 or Nfd2"):
        Game(CHESSKERS, TWO_KNIGHTS).parse_move("Nd2")


def test_rooks_on_one_file_add_the_origin_rank():
    fen = fen_from_board("""
        . . . . k . . .
        . . . . . . . .
        . . . . . . . .
        R . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        R . . . K . . .
    """)
    assert {"R1a3", "R5a3"} <= texts(fen)


def test_three_queens_may_need_file_and_rank():
    fen = fen_from_board("""
        . . k . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . Q . . Q
        . . . . . . . .
        K . . . . . . .
        . . . . r . . Q
    """)
    moves = texts(fen)
    assert {"Qh4xe1", "Qexe1", "Q1xe1"} <= moves


def test_sweeps_to_the_same_square_are_disambiguated_like_san():
    fen = TWO_KNIGHTS.replace("8/5N2/8/1N2K3", "8/4pN2/8/1Nb1K3")
    moves = texts(fen)
    assert {"Nb~d2", "Nf~d2"} <= moves


def test_a_sweep_and_a_quiet_move_to_one_square_are_not_written_the_same_way():
    fen = TWO_KNIGHTS.replace("/1N2K3", "/1Nb1K3")
    moves = texts(fen)
    assert {"N~d2", "Nd2"} <= moves


def test_canonical_texts_of_each_kind():
    game = Game(CHESSKERS, STARTING_FEN)
    for text in ["e4", "d5"]:
        game.push(game.parse_move(text))
    moves = {t for _, t in game.describe_legal_moves()}
    assert {"exd5", "e4:c6", "Nf3"} <= moves
    assert game.move_text(game.parse_move("e4:c6")) == "e4:c6"


def test_promotions_are_written_with_equals_and_check_suffix_after_it():
    fen = "7k/P7/8/8/8/8/8/K7 w - - 0 1"
    moves = texts(fen)
    assert {"a8=Q+", "a8=R+", "a8=B", "a8=N"} <= moves


def test_check_suffixes_of_castling_and_of_discovered_checks():
    # The rook castles onto the open f-file; any knight move opens the rook's e-file.
    assert texts("5k2/8/8/8/8/8/8/4K2R w K - 0 1") == {
        *("Kd1", "Kd2", "Ke2", "Kf1", "Kf2", "O-O+", "Rf1+", "Rg1", "Rh8+"),
        *(f"Rh{rank}" for rank in range(2, 8)),
    }
    assert texts("4k3/8/8/8/4N3/8/8/K3R3 w - - 0 1") == {
        *("Ka2", "Kb1", "Kb2", "Re2", "Re3"),
        *(f"R{file}1" for file in "bcdfgh"),
        *(f"N{square}+" for square in ("c3", "c5", "d2", "d6", "f2", "f6", "g3", "g5")),
    }


def test_parser_accepts_suffixes_machine_form_and_castling():
    game = Game(CHESSKERS, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert game.parse_move("O-O").kind is MoveKind.CASTLE
    assert game.parse_move("e1-g1") == game.parse_move("O-O")
    assert game.parse_move("e1-c1") == game.parse_move("O-O-O")
    assert game.parse_move("Rxa8+") == game.parse_move("a1-a8")
    assert game.parse_move("Rxa8") == game.parse_move("Rxa8+")


def test_machine_form_of_a_promoting_move_needs_the_letter():
    fen = fen_from_board("""
        . . . . . . . .
        . . . p . . . .
        . . P . . . . .
        . . . . . . . .
        . . . . . . . .
        . . . . . . . k
        . . . . . . . .
        K . . . . . . .
    """)
    game = Game(CHESSKERS, fen)
    with pytest.raises(AmbiguousMoveError):
        game.parse_move("c6-e8")
    for text in ["c6-e8-q", "c6-e8q", "c6-e8-Q", "c6-e8Q", "c6:e8=Q"]:
        move = game.parse_move(text)
        assert move.promotion is PieceType.QUEEN
        assert move.kind is MoveKind.JUMP
    assert game.parse_move("c6-e8-n").promotion is PieceType.KNIGHT
    with pytest.raises(AmbiguousMoveError):
        game.parse_move("c6:e8")


@pytest.mark.parametrize("text", ["", "hello", "Zf3", "e9", "Nf3:", "O-O-O-O", "e2-e", "N-f3"])
def test_unparsable_text_is_refused_as_such(text):
    with pytest.raises(InvalidMoveTextError):
        Game(CHESSKERS).parse_move(text)


@pytest.mark.parametrize("text", ["e5", "Nf4", "e2-e5", "Ke2", "O-O", "exd3", "Ra1:a3", "e4=Q"])
def test_well_written_but_illegal_text_is_refused_as_illegal(text):
    with pytest.raises(IllegalMoveError, match=r"^illegal move "):
        Game(CHESSKERS).parse_move(text)


def test_every_error_is_a_value_error():
    for error in (InvalidMoveTextError, IllegalMoveError, AmbiguousMoveError):
        assert issubclass(error, ValueError)


def test_move_machine_path_and_captured_names():
    game = Game(CHESSKERS, STARTING_FEN)
    for text in ["e4", "d5"]:
        game.push(game.parse_move(text))
    move = game.parse_move("e4:c6")
    assert move.machine() == "e4-c6"
    assert move.path_names() == ["e4", "c6"]
    assert move.captured_names() == ["d5"]


def test_a_move_is_a_frozen_slotted_value():
    move = Game(CHESSKERS).parse_move("e4")
    with pytest.raises(dataclasses.FrozenInstanceError):
        move.kind = MoveKind.JUMP
    assert not hasattr(move, "__dict__")
    assert move == Game(CHESSKERS).parse_move("e2-e4")
    assert hash(move) == hash(Game(CHESSKERS).parse_move("e2-e4"))
    assert (move.kind, move.piece, move.path, move.captured, move.promotion) == (
        MoveKind.QUIET,
        PieceType.PAWN,
        (12, 28),
        (),
        None,
    )


# The rook on a1 has three chains over a3, b4 and c5; no other piece jumps.
ROOK_CHAINS = "7k/8/8/2p5/1p6/p7/8/R6K w - - 0 1"


def test_a_rooks_chains_are_read_with_the_rooks_letter():
    game = Game(CHESSKERS, ROOK_CHAINS)
    assert {t for t in texts(ROOK_CHAINS) if ":" in t} == {"Ra1:a4", "Ra1:a4:c4", "Ra1:a4:c4:c6"}
    assert game.parse_move("Ra1:a4:c4:c6").path == (0, 24, 26, 42)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("a1:a4:c4:c6", "no such legal chain"),  # a pawn's chain: there is none
        ("Ba1:a4", "no such legal chain"),
        ("Qa1:a4:c4", "no such legal chain"),
        ("Ra1:a4=Q", "this chain does not promote"),
    ],
)
def test_a_chain_with_the_wrong_letter_or_promotion_is_illegal_not_ambiguous(text, reason):
    with pytest.raises(IllegalMoveError, match=rf"^illegal move {re.escape(text)}: {reason}$"):
        Game(CHESSKERS, ROOK_CHAINS).parse_move(text)


def test_a_promoting_chain_with_a_wrong_letter_is_illegal():
    # The pawn's c6:e8 promotes; a bishop's chain on that path does not exist.
    game = Game(CHESSKERS, "8/3p4/2P5/8/8/7k/8/K7 w - - 0 1")
    with pytest.raises(AmbiguousMoveError, match=r"^ambiguous move c6:e8: it promotes"):
        game.parse_move("c6:e8")
    with pytest.raises(IllegalMoveError, match=r"^illegal move Bc6:e8: no such legal chain$"):
        game.parse_move("Bc6:e8")
    with pytest.raises(IllegalMoveError, match=r"^illegal move Bc6:e8=Q: no such legal chain$"):
        game.parse_move("Bc6:e8=Q")
