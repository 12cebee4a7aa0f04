"""The end of a game of the draughts family (docs/rules/draughts.md §1.9, §1.13): no move left,
threefold repetition, no progress, their order, Anti Checkers' inverted win, the move number."""

import pytest

from engine.errors import GameOverError
from engine.pieces import Color

from .helpers import fen_of, variant


def game_of(variant_id: str, fen: str):
    return variant(variant_id).new_game(fen)


def test_the_side_to_move_without_pieces_loses():
    game = game_of("checkers", "W:W:B18")
    outcome = game.outcome()
    assert (outcome.status, outcome.winner, outcome.reason) == (
        "win-black",
        Color.BLACK,
        "no-pieces",
    )
    assert game.status().value == "win-black"
    assert game.is_over() and game.winner() is Color.BLACK


def test_the_side_to_move_without_a_move_loses():
    # White's man on a1 is blocked by Black's men on b2 and (beyond it) c3.
    game = game_of("checkers", fen_of("checkers", "W", "a1", "b2,c3"))
    outcome = game.outcome()
    assert (outcome.status, outcome.winner, outcome.reason) == (
        "win-black",
        Color.BLACK,
        "no-moves",
    )


def test_anti_checkers_the_side_to_move_without_a_move_wins():
    game = game_of("anti-checkers", "W:W:B18")
    assert (game.outcome().status, game.winner()) == ("win-white", Color.WHITE)
    blocked = game_of("anti-checkers", fen_of("anti-checkers", "W", "a1", "b2,c3"))
    assert (blocked.outcome().status, blocked.outcome().reason) == ("win-white", "no-moves")


def test_the_last_capture_wins_the_game():
    game = game_of("russian", fen_of("russian", "W", "c3", "d4"))
    game.push_text("c3xe5")
    assert (game.outcome().status, game.outcome().reason) == ("win-white", "no-pieces")
    assert game.legal_moves() == []


def test_threefold_repetition_is_a_draw_at_once_counting_the_first_position():
    game = game_of("checkers", fen_of("checkers", "W", "Ka1", "Kh8"))
    for machine in ["a1-b2", "h8-g7", "b2-a1", "g7-h8"] * 2:
        assert game.outcome().status == "ongoing"
        game.push_text(machine)
    assert game.repetitions() == 3
    assert (game.outcome().status, game.outcome().reason) == ("draw-threefold", "threefold")


def test_no_progress_counts_plies_without_a_capture_or_a_mans_advance():
    # §1.9: king moves and a man's sideways step count; a man's step forward resets it.
    game = game_of("turkish", fen_of("turkish", "W", "Kh1,a2", "Kh8,b7"))
    game.push_text("h1-g1")
    game.push_text("h8-g8")
    assert game.position.halfmove == 2
    game.push_text("a2-b2")  # sideways: no progress
    assert game.position.halfmove == 3
    game.push_text("b7-b6")  # forward: progress
    assert game.position.halfmove == 0


def test_a_capture_resets_the_no_progress_count():
    game = game_of("russian", "W:WKc3,a1:BKe5,h8:H12")
    game.push_text("c3-f6")
    assert game.position.halfmove == 0


def test_no_progress_ends_the_game_at_the_games_limit():
    # Russian: 30 plies. At 29, one more king move draws.
    fen = "W:WKa1:BKh8,c7:H29:F40"
    game = game_of("russian", fen)
    assert game.outcome().status == "ongoing"
    game.push_text("a1-b2")
    assert game.position.halfmove == 30
    assert (game.outcome().status, game.outcome().reason) == ("draw-no-progress", "no-progress")
    with pytest.raises(GameOverError):
        game.push(game.legal_moves()[0])


KINGS = {"checkers": ("K29", "K4"), "international": ("K46", "K5"), "russian": ("Ka1", "Kh8")}


@pytest.mark.parametrize(
    ("variant_id", "limit"), [("checkers", 80), ("international", 50), ("russian", 30)]
)
def test_each_game_has_its_no_progress_limit(variant_id, limit):
    white, black = KINGS[variant_id]
    below = game_of(variant_id, f"W:W{white}:B{black}:H{limit - 1}")
    at = game_of(variant_id, f"W:W{white}:B{black}:H{limit}")
    assert below.outcome().status == "ongoing"
    assert at.outcome().status == "draw-no-progress"


def test_having_no_move_comes_before_no_progress():
    # §1.9's order: a blocked side with the count at the limit has lost, not drawn.
    game = game_of("checkers", "W:W29:B25,22:H80")
    assert game.outcome().status == "win-black"


def test_the_move_number_goes_up_after_the_second_movers_move():
    # Black moves first in Checkers: F goes up after White's move; elsewhere after Black's.
    checkers = variant("checkers").new_game()
    checkers.push_text("11-15")
    assert checkers.fen().endswith(":F1")
    checkers.push_text("22-18")
    assert checkers.fen().endswith(":F2")
    russian = variant("russian").new_game()
    russian.push_text("c3-d4")
    assert russian.fen().endswith(":F1")
    russian.push_text("f6-e5")
    assert russian.fen().endswith(":F2")


def test_moves_are_listed_even_when_the_game_is_drawn_by_rule():
    # §1.13: moves and perft look at the position only.
    game = game_of("russian", "W:WKa1:BKh8:H30")
    assert game.is_over()
    assert len(game.legal_moves()) == 6


LIMITS = {
    "checkers": 80, "anti-checkers": 80, "czech": 80, "corner": 80, "one-way": 80,
    "parachute": 80, "gothic": 80, "turkish": 80, "alquerque": 80, "hawaiian": 80,
    "international": 50, "russian": 30, "canadian": 50, "thai": 80, "brazilian": 50,
    "portuguese": 80, "italian": 80, "dameo": 80,
}  # fmt: skip


@pytest.mark.parametrize(("variant_id", "limit"), sorted(LIMITS.items()))
def test_every_game_is_drawn_when_its_no_progress_count_reaches_its_limit(variant_id, limit):
    start = variant(variant_id).start_fen
    below = game_of(variant_id, start.replace(":H0:", f":H{limit - 1}:"))
    at = game_of(variant_id, start.replace(":H0:", f":H{limit}:"))
    assert below.outcome().status == "ongoing"
    assert (at.outcome().status, at.outcome().reason) == ("draw-no-progress", "no-progress")


@pytest.mark.parametrize("variant_id", sorted(LIMITS))
def test_in_every_game_the_side_to_move_without_pieces_has_lost_but_in_anti_checkers(variant_id):
    side, white, black, _, _ = variant(variant_id).start_fen.split(":")
    fen = f"{side}:W:{black}" if side == "W" else f"{side}:{white}:B"
    game = game_of(variant_id, fen)
    mover = Color.WHITE if side == "W" else Color.BLACK
    expected = mover if variant_id == "anti-checkers" else mover.opponent
    assert game.legal_moves() == []
    assert (game.winner(), game.outcome().reason) == (expected, "no-pieces")
