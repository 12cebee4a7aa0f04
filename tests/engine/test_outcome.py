"""Endings of docs/rules/chesskers.md §3 and their order (§7): mate, stalemate, threefold,
fifty moves, material."""

import chess
import pytest

from engine import STARTING_FEN, Color, Game, GameOverError, IllegalMoveError, Position, Status
from engine.chesskers import CHESSKERS
from engine.outcome import status_of

from .helpers import fen_from_board

MATE = "7k/5K2/7N/8/8/8/8/8 b - - 0 1"


def test_start_position_is_ongoing():
    game = Game(CHESSKERS)
    assert game.status() is Status.ONGOING
    assert game.winner() is None
    assert not game.is_over()


def test_checkmate_loses_for_the_side_to_move():
    game = Game(CHESSKERS, MATE)
    assert game.status() is Status.CHECKMATE
    assert game.winner() is Color.WHITE
    assert game.is_over()


def test_stalemate_is_a_draw():
    game = Game(CHESSKERS, "k7/2Q5/8/8/8/8/8/7K b - - 0 1")
    assert not game.position.is_check()
    assert game.status() is Status.STALEMATE
    assert game.winner() is None


def test_a_king_that_can_escape_by_jumping_is_not_mated():
    # A back-rank mate in chess (rook f8 guarded by the bishop on a3, king g8 behind its
    # pawns): here the king jumps the rook from g8 to e8 and escapes.
    fen = fen_from_board(
        """
        . . . . . R k .
        . . . . . p p p
        . . . . . . . .
        . . . . . . . .
        . . . . . . . .
        B . . . . . . .
        . . . . . . . .
        . . . . . . K .
    """,
        side="b",
    )
    game = Game(CHESSKERS, fen)
    assert game.position.is_check()
    assert chess.Board(fen).is_checkmate()
    texts = {t for _, t in game.describe_legal_moves()}
    assert "Kg8:e8" in texts
    assert game.status() is Status.ONGOING


def test_threefold_repetition_draws_at_the_third_occurrence():
    game = Game(CHESSKERS)
    for text in ["Nf3", "Nf6", "Ng1", "Ng8"]:
        game.push(game.parse_move(text))
    assert game.repetitions() == 2
    assert game.status() is Status.ONGOING
    for text in ["Nf3", "Nf6", "Ng1"]:
        game.push(game.parse_move(text))
    assert game.status() is Status.ONGOING
    game.push(game.parse_move("Ng8"))
    assert game.status() is Status.THREEFOLD
    assert game.winner() is None


def test_repetition_key_includes_castling_rights():
    game = Game(CHESSKERS, "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    # Ke1-f1-e1 loses White's rights: the position after coming back is a new one.
    for text in ["Kf1", "Kf8", "Ke1", "Ke8", "Kf1", "Kf8", "Ke1", "Ke8"]:
        game.push(game.parse_move(text))
    assert game.repetitions() == 2  # rights gone after the first king moves: 2 occurrences
    assert game.status() is Status.ONGOING


def test_repetition_key_ignores_an_en_passant_square_without_a_legal_capture():
    a = Position.from_fen("4k3/8/8/8/3P4/8/8/4K3 b - d3 0 1")
    b = Position.from_fen("4k3/8/8/8/3P4/8/8/4K3 b - - 0 1")
    assert a.key() == b.key()
    c = Position.from_fen("4k3/8/8/8/2pP4/8/8/4K3 b - d3 0 1")
    d = Position.from_fen("4k3/8/8/8/2pP4/8/8/4K3 b - - 0 1")
    assert c.key() != d.key()


def test_fifty_move_rule_draws_at_one_hundred_half_moves():
    game = Game(CHESSKERS, "4k3/8/8/8/8/8/8/R3K3 w - - 99 80")
    assert game.status() is Status.ONGOING
    game.push(game.parse_move("Ra2"))
    assert game.position.halfmove == 100
    assert game.status() is Status.FIFTY_MOVES


@pytest.mark.parametrize(
    ("fen", "text"),
    [
        ("4k3/8/8/8/8/8/K7/R6r w - - 99 80", "Rxh1"),  # replacement
        ("4k3/8/8/8/8/p7/8/R3K3 w - - 99 80", "Ra1:a4"),  # jump
        ("4k3/8/8/8/8/8/p7/N3K3 w - - 99 80", "N~b3"),  # sweep
        ("4k3/8/8/8/8/8/4P3/4K3 w - - 99 80", "e3"),  # pawn move
    ],
)
def test_every_capture_kind_and_pawn_move_resets_the_fifty_move_count(fen, text):
    game = Game(CHESSKERS, fen)
    game.push(game.parse_move(text))
    assert game.position.halfmove == 0
    assert game.status() is Status.ONGOING


def test_a_fen_whose_clock_is_already_one_hundred_is_drawn():
    assert Game(CHESSKERS, "4k3/8/8/8/8/8/8/R3K3 w - - 100 80").status() is Status.FIFTY_MOVES


def test_mate_takes_precedence_over_the_fifty_move_rule():
    game = Game(CHESSKERS, "7k/5K2/8/8/6N1/8/8/8 w - - 99 80")
    game.push(game.parse_move("Nh6"))
    assert game.position.halfmove == 100
    assert game.status() is Status.CHECKMATE


def test_mate_takes_precedence_over_repetition_and_stalemate_over_the_others():
    mate = Position.from_fen(MATE)
    assert status_of(mate, 3) is Status.CHECKMATE
    stalemate = Position.from_fen("k7/2Q5/8/8/8/8/8/7K b - - 100 80")
    assert status_of(stalemate, 3) is Status.STALEMATE
    ongoing = Position.from_fen("4k3/8/8/8/8/8/8/4K3 w - - 100 80")
    assert status_of(ongoing, 3) is Status.THREEFOLD
    assert status_of(ongoing, 1) is Status.FIFTY_MOVES


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/2b1K3 w - - 0 1",
    ],
)
def test_only_two_kings_or_two_kings_and_a_bishop_are_insufficient(fen):
    assert Game(CHESSKERS, fen).status() is Status.INSUFFICIENT_MATERIAL


@pytest.mark.parametrize(
    "fen",
    [
        "4k3/8/8/8/8/8/8/2N1K3 w - - 0 1",  # K+N v K plays on: it can mate here
        "4k3/8/8/8/8/8/4P3/4K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/1BB1K3 w - - 0 1",
        "2b1k3/8/8/8/8/8/8/2B1K3 w - - 0 1",
        "4k3/8/8/8/8/8/8/R3K3 w - - 0 1",
    ],
)
def test_any_other_material_plays_on(fen):
    assert Game(CHESSKERS, fen).status() is Status.ONGOING


def test_push_refuses_moves_after_the_end_and_illegal_moves():
    game = Game(CHESSKERS, "4k3/8/8/8/8/8/8/4K3 w - - 0 1")
    move = game.legal_moves()[0]  # moves are still listed in a drawn position (§7)
    with pytest.raises(GameOverError):
        game.push(move)
    other = Game(CHESSKERS, STARTING_FEN)
    with pytest.raises(IllegalMoveError):
        other.push(move)


def test_pop_restores_the_previous_position_and_repetition_counts():
    game = Game(CHESSKERS)
    start = game.position
    move = game.parse_move("e4")
    game.push(move)
    assert game.pop() == move
    assert game.position == start
    assert game.repetitions() == 1
    assert game.ply == 0


def test_from_fens_rebuilds_history_and_repetition_without_moves():
    played = Game(CHESSKERS)
    fens = []
    for text in ["Nf3", "Nf6", "Ng1", "Ng8", "Nf3", "Nf6", "Ng1", "Ng8"]:
        played.push(played.parse_move(text))
        fens.append(played.fen())
    rebuilt = Game.from_fens(CHESSKERS, STARTING_FEN, fens)
    assert rebuilt.ply == 8
    assert rebuilt.fen() == played.fen()
    assert rebuilt.status() is Status.THREEFOLD
    assert rebuilt.pop() is None
    assert rebuilt.fen() == fens[-2]
    assert rebuilt.status() is Status.ONGOING
