"""The rules of each game of the draughts family, one small position each, with its exact moves.

Moves are compared as machine forms (the algebraic path, ``c3-e5-g7``) whatever the game's
notation, so that every test reads the same; the notation itself is tested in test_notation.
Section numbers refer to docs/rules/draughts.md. Pieces are listed as in ``helpers.fen_of``:
``Kh6`` a king, ``Pd8`` a parachutist, ``g1`` a man.
"""

from .helpers import fen_of, paths, position, variant


def after(variant_id: str, side: str, white: str, black: str, move: str) -> str:
    """Returns the FEN after the move with machine form ``move``."""
    game = variant(variant_id).new_game(fen_of(variant_id, side, white, black))
    game.push(game.parse_move(move))
    return game.fen()


# --- §1.4-1.5: jumps, removal, landing, promotion mid-capture ---------------------------------


def test_captured_pieces_stay_until_the_end_and_block_a_flying_king():
    # §1.4 removal at the end (Russian): after taking e5 the king cannot come back over it.
    #  . . . . . . . .
    #  . . . . b . . .   e5
    #  . . W . . . . .   c3, king
    #  . b . . . . . .   b2
    assert paths("russian", "W", "Kc3", "e5,b2") == {"c3-f6", "c3-g7", "c3-h8", "c3-a1"}


def test_pieces_removed_at_once_let_a_thai_king_turn_back_over_their_squares():
    # §1.4 removal at once and §15: the king lands just beyond e5, and may turn back over it.
    assert paths("thai", "W", "Kc3", "e5,b2") == {"c3-f6-a1", "c3-a1-f6"}


def test_a_flying_king_must_land_where_it_can_go_on_capturing():
    # §1.5: of d4-h8 beyond c3, only e5 allows the next jump (over f4).
    assert paths("russian", "W", "Ka1", "c3,f4") == {"a1-e5-g3", "a1-e5-h2"}


def test_a_flying_king_lands_anywhere_beyond_when_no_landing_goes_on():
    assert paths("czech", "W", "Ka1", "c3,h8") == {"a1-d4", "a1-e5", "a1-f6", "a1-g7"}


def test_a_capture_must_be_completed():
    # §1.5: no stopping after the first jump when a second is possible.
    assert paths("checkers", "W", "c3", "d4,f6,a7") == {"c3-e5-g7"}


def test_stop_a_man_crowned_by_a_capture_ends_the_move_there():
    # §1.5 stop (Checkers): as a king on d8 it could take e7, but the move ends.
    assert paths("checkers", "W", "b6", "c7,e7") == {"b6-d8"}
    assert "Kd8" not in after("checkers", "W", "b6", "c7,e7", "b6-d8")  # numbered: a king on 2
    assert ":WK2:" in after("checkers", "W", "b6", "c7,e7", "b6-d8")


def test_russian_a_man_crowned_mid_capture_goes_on_as_a_flying_king():
    # §13: crowned on d8, it flies on over e7 to any square beyond.
    assert paths("russian", "W", "b6", "c7,e7") == {"b6-d8-f6", "b6-d8-g5", "b6-d8-h4"}
    assert after("russian", "W", "b6", "c7,e7", "b6-d8-g5").startswith("B:WKg5:")


def test_pass_a_man_crossing_the_last_row_goes_on_as_a_man():
    # §1.5 pass (Brazilian): on d8 it takes e7 backwards as a man, ends on f6 and stays a man.
    assert paths("brazilian", "W", "b6", "c7,e7") == {"b6-d8-f6"}
    assert after("brazilian", "W", "b6", "c7,e7", "b6-d8-f6").startswith("B:Wf6:")


def test_pass_a_man_ending_on_the_last_row_is_crowned():
    assert after("brazilian", "W", "b6", "c7,a5", "b6-d8").startswith("B:WKd8:")


def test_the_same_pieces_to_the_same_square_by_two_paths_are_one_move():
    # §1.7 (International): round the four men and back to 38 either way: one move.
    fen = "W:W38:B22,23,32,33:H0:F1"
    game = variant("international")
    moves = game.position(fen).legal_moves()
    assert len(moves) == 1
    assert game.move_text(game.position(fen), moves[0]) == "38x27x18x29x38"


# --- §1.6: compulsory capture and its priorities --------------------------------------------


def test_capture_is_compulsory():
    # The man on a3 could step, but the one on c3 must take.
    assert paths("checkers", "W", "a3,c3", "d4,h8") == {"c3-e5"}


def test_free_choice_a_short_capture_is_as_legal_as_a_long_one():
    assert paths("checkers", "W", "c3,h2", "d4,f6,g3") == {"c3-e5-g7", "h2-f4"}


def test_max_only_the_captures_taking_the_most_pieces_are_legal():
    assert paths("brazilian", "W", "a1,h2", "b2,d4,g3") == {"a1-c3-e5"}
    assert paths("russian", "W", "a1,h2", "b2,d4,g3") == {"a1-c3-e5", "h2-f4"}


def test_king_first_a_kings_capture_beats_a_mans_longer_one_in_czech():
    # §4: the man on g1 could take two (f2, d4); the king takes one, and must.
    assert paths("czech", "W", "g1,Kh6", "f2,d4,g7") == {"h6-f8"}


def test_most_kings_among_the_longest_captures_portuguese_keeps_those_taking_more_kings():
    # §17: both take two; d3-f5-h7 takes the king on g6.
    assert paths("portuguese", "W", "d3", "e4,Kg6,c4,c6") == {"d3-f5-h7"}


def test_italian_men_never_take_kings():
    # §18: the man cannot take the king on d5; with the king out of reach it simply moves.
    assert paths("italian", "W", "c4", "Kd5") == {"c4-b5"}
    # The same position as Portuguese's above: the man cannot take the king on g6, so the
    # sequence over e4 stops at one piece and the longer one over c4 and c6 is compulsory.
    assert paths("italian", "W", "d3", "e4,Kg6,c4,c6") == {"d3-b5-d7"}


def test_italian_max_comes_before_king_first():
    # §18 (1): the man's two pieces beat the king's one.
    assert paths("italian", "W", "Ka2,h3", "b3,g4,e6") == {"h3-f5-d7"}


def test_italian_among_the_longest_a_kings_capture_comes_first():
    # §18 (2): one piece each: the king's.
    assert paths("italian", "W", "Ka2,h3", "b3,g4") == {"a2-c4"}


def test_italian_then_the_capture_taking_more_kings():
    # §18 (3): two pieces each; over c4 and the king on c6 beats over two men.
    assert paths("italian", "W", "Kd3", "e4,g6,c4,Kc6") == {"d3-b5-d7"}


def test_italian_then_the_capture_meeting_its_king_first():
    # §18 (4): two pieces and one king each; the king on e4 is taken first.
    assert paths("italian", "W", "Kd3", "Ke4,g6,c4,Kc6") == {"d3-f5-h7"}


# --- the games ------------------------------------------------------------------------------


def test_checkers_men_move_and_take_forward_only_and_kings_step_one_square():
    # §2: the man on d4 cannot take c3 behind it; the king steps, never flies.
    assert paths("checkers", "W", "d4", "c3,h8") == {"d4-c5", "d4-e5"}
    assert paths("checkers", "W", "Kd4", "h8") == {"d4-c5", "d4-e5", "d4-c3", "d4-e3"}


def test_corner_men_are_crowned_on_two_corner_squares_only():
    # §5: from c7, b8 crowns; d8, on the same row, does not.
    assert paths("corner", "W", "c7", "e5") == {"c7-b8", "c7-d8"}
    assert after("corner", "W", "c7", "e5", "c7-b8").startswith("B:WKb8:")
    assert after("corner", "W", "c7", "e5", "c7-d8").startswith("B:Wd8:")


def test_one_way_both_sides_men_move_up_and_the_first_moves_are_forced():
    # §6: White must take e5xc7, then Black must take b6xd8, crowned on rank 8.
    game = variant("one-way").new_game()
    assert [text for _, text in game.describe_legal_moves()] == ["e5xc7"]
    game.push_text("e5xc7")
    assert [text for _, text in game.describe_legal_moves()] == ["b6xd8"]
    game.push_text("b6xd8")
    assert "Kd8" in game.fen().split(":B")[1]


def test_parachute_a_parachutist_jumps_once_backwards_and_becomes_a_man():
    # §7: it has no quiet move; its capture is compulsory like any other.
    assert paths("parachute", "W", "b2,Pd8", "c7,h4") == {"d8-b6"}
    assert after("parachute", "W", "b2,Pd8", "c7,h4", "d8-b6").startswith("B:Wb2,b6:")
    assert paths("parachute", "W", "b2,Pd8", "h4") == {"b2-a3", "b2-c3"}


def test_parachute_a_kings_capture_comes_before_a_parachutists():
    assert paths("parachute", "W", "Pd8,Kh4", "c7,g5") == {"h4-f6", "h4-e7"}


def test_gothic_men_take_sideways_but_not_backwards():
    # §8: over e4 to f4; d3, behind, cannot be taken.
    assert paths("gothic", "W", "d4", "e4,d3") == {"d4-f4"}


def test_gothic_kings_step_one_square_in_eight_directions():
    moves = paths("gothic", "W", "Kd4", "h8")
    assert moves == {f"d4-{to}" for to in ("c3", "d3", "e3", "c4", "e4", "c5", "d5", "e5")}


def test_turkish_men_take_forward_and_sideways():
    assert paths("turkish", "W", "d4", "d5,e4,d3,e5") == {"d4-d6", "d4-f4"}


def test_turkish_no_turn_of_180_degrees_between_two_jumps():
    # §9: after c6 the king may not come back down the file over c2, nor up after c2.
    assert paths("turkish", "W", "Kc4", "c6,c2") == {"c4-c7", "c4-c8", "c4-c1"}


def test_turkish_a_king_may_turn_at_a_right_angle():
    assert paths("turkish", "W", "Kc4", "c6,e7") == {"c4-c7-f7", "c4-c7-g7", "c4-c7-h7"}


def test_alquerque_diagonal_lines_run_through_even_points_only():
    # §10: b1 has no diagonal line; c1 has two.
    assert paths("alquerque", "W", "b1", "e5") == {"b1-b2", "b1-a1", "b1-c1"}
    assert paths("alquerque", "W", "c1", "e5") == {"c1-c2", "c1-b2", "c1-d2", "c1-b1", "c1-d1"}


def test_alquerque_a_man_on_its_last_row_makes_no_quiet_move_but_may_take():
    assert paths("alquerque", "W", "c5", "a1") == set()
    assert paths("alquerque", "W", "c5", "d5,a1") == {"c5-e5"}


def test_alquerque_the_first_jump_never_goes_back_but_later_ones_may():
    assert paths("alquerque", "W", "c3", "c2,e5") == {"c3-c4", "c3-b4", "c3-d4", "c3-b3", "c3-d3"}
    assert paths("alquerque", "W", "a1", "b2,d2,e5") == {"a1-c3-e1"}


def test_hawaiian_opens_with_two_removals():
    # §11: Black removes a piece of its own on a8, d5, e4 or h1; then White one next to the gap.
    game = variant("hawaiian").new_game()
    assert {text for _, text in game.describe_legal_moves()} == {"a8", "d5", "e4", "h1"}
    game.push_text("d5")
    assert {text for _, text in game.describe_legal_moves()} == {"d4", "d6", "c5", "e5"}


def test_hawaiian_a_capture_goes_straight_on_and_may_stop_after_any_jump():
    assert paths("hawaiian", "W", "b1", "b2,b4,c3,h8") == {"b1-b3", "b1-b3-b5"}


def test_international_men_take_backwards():
    # §12: the man on 28 (e5) takes 33 (d4) behind it.
    assert paths("international", "W", "e5", "d4,a9") == {"e5-c3"}


def test_canadian_numbers_its_144_squares_from_b12_to_k1():
    tables = variant("canadian").tables
    board = tables.board
    names = {n: board.names[tables.square_of[n]] for n in (1, 6, 7, 67, 72)}
    assert names == {1: "b12", 6: "l12", 7: "a11", 67: "a1", 72: "k1"}


def test_thai_men_move_and_take_forward_only():
    assert paths("thai", "W", "d4", "c3,h8") == {"d4-c5", "d4-e5"}


def test_thai_a_king_flies_when_it_moves():
    assert paths("thai", "W", "Ka1", "h8") == {
        f"a1-{to}" for to in ("b2", "c3", "d4", "e5", "f6", "g7")
    }


def test_dameo_a_line_of_men_moves_one_square_written_as_its_rear_mans_move():
    # §19: the column a1-a3 moves up: a1-a4, a2-a4, a3-a4 (and single diagonal steps).
    assert paths("dameo", "W", "a1,a2,a3", "h8") == {
        "a1-a4", "a1-b2", "a2-a4", "a2-b3", "a3-a4", "a3-b4",
    }  # fmt: skip
    assert after("dameo", "W", "a1,a2,a3", "h8", "a1-a4").startswith("B:Wa2,a3,a4:")


def test_dameo_a_king_breaks_a_line():
    moves = paths("dameo", "W", "a1,Ka2", "h8")
    assert {move for move in moves if move.startswith("a1-")} == {"a1-b2"}


def test_dameo_men_take_orthogonally_only_backwards_too():
    assert paths("dameo", "W", "d4", "d3,e5,h8") == {"d4-d2"}


def test_dameo_kings_move_like_queens_and_take_orthogonally_flying():
    moves = paths("dameo", "W", "Kd4", "d7,f6")
    assert moves == {"d4-d8"}
    assert len(paths("dameo", "W", "Kd4", "h2")) == 27  # every queen move from d4


def test_position_helper_writes_the_games_own_notation():
    # A guard for the helpers: numbered games get numbers, the others names.
    assert fen_of("checkers", "W", "c3", "d4") == "W:W22:B18:H0:F1"
    assert fen_of("russian", "W", "Kc3", "d4") == "W:WKc3:Bd4:H0:F1"
    assert position("checkers", "W", "c3", "d4").fen() == "W:W22:B18:H0:F1"
