"""Each family's evaluation (engine.bot.families): material from the game's piece values,
advancement for men, mobility, king safety where there is check, Game Mix's connection goal,
the hunt of a side's last pieces in Gothic and Game Mix, and Anti Checkers turned around — each
checked on positions that differ in that one thing."""

from engine import variants
from engine.bot.families import (
    ADVANCE_STEP,
    CONNECTION,
    CONNECTION_MARGIN,
    DRAUGHTS_FLYING_KING,
    IN_CHECK,
    KING_SHELTER,
    MOP_UP_EDGE,
    MOP_UP_NEAR,
    STUCK,
    TEMPO,
    evaluator_for,
    opponent_mobility,
)


def score(variant_id: str, fen: str, mobility: int = 0, in_check: bool = False) -> int:
    variant = variants.get(variant_id)
    position = variant.position(fen)
    return evaluator_for(variant).evaluate(position.board, position.side, mobility, in_check)


def test_material_counts_the_games_own_piece_values():
    # A short king is three men in English checkers, a flying one more in Russian draughts.
    man = score("checkers", "W:W22,K30:B11:H0:F1") - score("checkers", "W:W22:B11:H0:F1")
    assert man == 300
    flying = score("russian", "W:Wc3,Ka1:Bf6:H0:F1") - score("russian", "W:Wc3:Bf6:H0:F1")
    assert flying == DRAUGHTS_FLYING_KING
    # The side to move sees it from its side (and has the move).
    black = score("checkers", "B:W22,K30:B11:H0:F1")
    assert black - TEMPO == -(score("checkers", "W:W22,K30:B11:H0:F1") - TEMPO)


def test_a_man_nearer_its_crowning_row_is_worth_more():
    # International draughts: White's man on 28 (the fifth row) against on 33 (the fourth).
    near = score("international", "W:W28:B1:H0:F1")
    far = score("international", "W:W33:B1:H0:F1")
    assert near - far == ADVANCE_STEP
    # Black's men advance downwards.
    assert score("international", "W:W38:B22:H0:F1") < score("international", "W:W38:B12:H0:F1")


def test_a_corner_checkers_man_advances_only_towards_its_crowning_squares():
    # White is crowned on a7 and b8 only. A man on c5 can still reach b8: a row up is worth
    # more. A man on g5 cannot reach either (one file aside per row): each row up spends one of
    # its moves in reserve, and on its last row away from the corner, where it can never move
    # again, it is worth less than anywhere else.
    black = "Ba3"
    reach_up, reach = (score("corner", f"W:W{s}:{black}:H0:F1") for s in ("b6", "c5"))
    assert reach_up - reach == ADVANCE_STEP
    dead_up, dead = (score("corner", f"W:W{s}:{black}:H0:F1") for s in ("h6", "g5"))
    assert dead - dead_up == ADVANCE_STEP
    stuck = score("corner", f"W:Wf8:{black}:H0:F1")
    assert stuck == dead - 3 * ADVANCE_STEP - STUCK
    # Black's men mirror White's: towards g1 and h2.
    assert score("corner", "W:Wc1:Bf2:H0:F1") < score("corner", "W:Wc1:Bf4:H0:F1")


def test_a_man_of_a_game_without_kings_gains_nothing_by_coming_forward():
    # Alquerque never crowns: a White man on c3 is worth what it is on c2.
    assert score("alquerque", "W:Wc3:Be5:H0:F1") == score("alquerque", "W:Wc2:Be5:H0:F1")


def test_mobility_counts_for_the_side_to_move():
    fen = "W:W22:B11:H0:F1"
    assert score("checkers", fen, mobility=5) - score("checkers", fen, mobility=2) == 3


def test_anti_checkers_counts_material_and_mobility_against_their_owner():
    more = score("anti-checkers", "W:W22,30:B11:H0:F1", mobility=2)
    fewer = score("anti-checkers", "W:W22:B11:H0:F1", mobility=2)
    assert more - fewer == -100
    fen = "W:W22:B11:H0:F1"
    assert score("anti-checkers", fen, mobility=5) < score("anti-checkers", fen, mobility=2)


def test_a_king_that_can_be_checked_is_safer_among_its_own_pieces():
    # Mix Chess: White's king on e1 with a silver beside it on f2, or far away on h8 side.
    sheltered = score("mix-chess", "3k4/8/8/8/8/8/5S2/4K3 w - - 0 1")
    alone = score("mix-chess", "3k4/8/8/8/8/5S2/8/4K3 w - - 0 1")
    assert sheltered - alone == KING_SHELTER
    fen = "3k4/8/8/8/8/8/5S2/4K3 w - - 0 1"
    assert score("mix-chess", fen) - score("mix-chess", fen, in_check=True) == IN_CHECK
    # Cheskers has no check: nothing is added for its kings' neighbours.
    assert evaluator_for(variants.get("cheskers")).king_code == 0


def test_game_mix_draws_the_side_with_more_pieces_together():
    # White has three pieces to Black's one: touching pieces help White, only in Game Mix.
    apart = "3k4/8/8/8/S1S5/8/8/7K w - - 0 1"
    together = "3k4/8/8/8/SS6/8/8/7K w - - 0 1"
    gain = score("game-mix", together) - score("game-mix", apart)
    assert gain == CONNECTION  # one more touching pair
    assert score("mix-chess", together) == score("mix-chess", apart)
    # The side with fewer pieces (Black, to move) is hurt by the same pair.
    assert (
        score("game-mix", together.replace(" w ", " b "))
        - score("game-mix", apart.replace(" w ", " b "))
        == -CONNECTION
    )


def test_game_mix_with_as_many_pieces_each_keeps_the_side_ahead_apart():
    # Two pieces each, so a connection only draws. White's dama against Black's silver puts
    # White ahead: a touching pair now hurts White, to move or not, and helps Black.
    apart = "3k4/8/8/8/D1s5/8/8/7K w - - 0 1"
    together = "3k4/8/8/8/Ds6/8/8/7K w - - 0 1"
    assert score("game-mix", apart) >= CONNECTION_MARGIN
    assert score("game-mix", together) - score("game-mix", apart) == -CONNECTION
    black = (together.replace(" w ", " b "), apart.replace(" w ", " b "))
    assert score("game-mix", black[0]) - score("game-mix", black[1]) == CONNECTION
    # Level (a silver each, the kings alike): neither side is served, the pair counts nothing.
    even = ("3k4/8/8/8/S1s5/8/8/7K w - - 0 1", "3k4/8/8/8/Ss6/8/8/7K w - - 0 1")
    assert abs(score("game-mix", even[0])) < CONNECTION_MARGIN
    assert score("game-mix", even[1]) == score("game-mix", even[0])


def test_gothic_hunts_the_last_pieces_of_a_side_far_behind():
    # Three kings against one: Black's king nearer the edge, and White's kings nearer it, are
    # worth more to White, the side far ahead. Nothing of the kind in English checkers.
    centre = score("gothic", "W:WKa1,Kb1,Kc1:BKd4:H0:F1")
    edge = score("gothic", "W:WKa1,Kb1,Kc1:BKa4:H0:F1")
    assert edge - centre == 3 * MOP_UP_EDGE  # d4 is a centre square, a4 on the edge
    # White's king on c1 comes from three squares away (c1 to d4) to one (c3 to d4).
    closer = score("gothic", "W:WKa1,Kb1,Kc3:BKd4:H0:F1")
    assert closer - centre == 2 * MOP_UP_NEAR
    # Black to move sees the same from its side.
    black = score("gothic", "B:WKa1,Kb1,Kc3:BKd4:H0:F1")
    assert black - score("gothic", "B:WKa1,Kb1,Kc1:BKd4:H0:F1") == -2 * MOP_UP_NEAR
    # With the material level, or against more than three pieces, nothing is hunted.
    level = ("W:WKa1:BKd4:H0:F1", "W:WKa1:BKa4:H0:F1")
    assert score("gothic", level[0]) == score("gothic", level[1])
    many = "W:WKa1,Kb1,Kc1,Kd1,Ke1:B{}:H0:F1"
    assert score("gothic", many.format("Kd4,Kh8,Kg8,Kf8")) == score(
        "gothic", many.format("Ka4,Kh8,Kg8,Kf8")
    )
    checkers = ("W:WK1,K2,K3:BK14:H0:F1", "W:WK1,K2,K3:BK13:H0:F1")  # 13 is on the edge
    assert score("checkers", checkers[0]) == score("checkers", checkers[1])


def test_game_mix_hunts_a_lone_king_only():
    # A king alone has twenty plies before the no-progress draw: the side far ahead drives it
    # to the edge. White's pieces on the eighth rank are four squares from d4 and from a4, so
    # only the edge differs, as in Gothic. Nothing touches, so the connection goal is silent.
    hunted = "K1D1L3/8/8/8/{}/8/8/8 w - - 0 1"
    centre, edge = (score("game-mix", hunted.format(king)) for king in ("3k4", "k7"))
    assert edge - centre == 3 * MOP_UP_EDGE
    black = (score("game-mix", hunted.format(king).replace(" w ", " b ")) for king in ("3k4", "k7"))
    assert next(black) - next(black) == 3 * MOP_UP_EDGE
    # With a silver left besides its king, Black is not hunted: it has forty plies.
    guarded = "K1D1L3/8/8/8/{}/8/8/6s1 w - - 0 1"
    assert score("game-mix", guarded.format("3k4")) == score("game-mix", guarded.format("k7"))


def test_hawaiian_counts_both_sides_moves_and_no_material():
    # Konane: every move takes, and the last side able to move wins.
    white_to_move = "W:Wa1,c1,c3:Bb1,b3,d3:H0:F10"
    black_to_move = white_to_move.replace("W:W", "B:W", 1)
    variant = variants.get("hawaiian")
    theirs = len(variant.position(black_to_move).legal_moves())
    assert theirs >= 1
    assert opponent_mobility(variant.position(white_to_move)) == theirs
    assert score("hawaiian", white_to_move) == score("hawaiian", "W:Wa1:Bb1:H0:F10")
