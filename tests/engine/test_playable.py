"""What the site plays from (``Variant.playable_position``): positions a game can reach (no more
material than the start army and promotion allow) whose legal moves are within the budget, and
whose capture search is within its budget of jumps (``engine.work``)."""

import random

import pytest

from engine.errors import InvalidFenError, UnplayablePositionError
from engine.variant import MOVE_BUDGET
from engine.variants import VARIANTS, get

# The issue's lattice: 16 Black knights, 213,898 legal moves for the queen's chains.
LATTICE = "7K/8/8/1n1n4/nnnnn3/1n1n4/nnnnn3/Qn1n3k w - - 0 1"
# The same lattice as an army a game can reach (8 pawns and the start pieces): 66,988 moves.
REACHABLE_LATTICE = "7K/8/8/1r1r4/pnnbb3/1p1p4/ppppp3/Q2q3k w - - 0 1"
# Issue #35: the worst positions a hill-climb found for the capture search as it was, kings
# around a lattice of enemy pieces (a game can reach each). Listing every capture sequence took
# 227,393 jumps over pieces (0.5 s, 8 legal moves) in Canadian, 424,780 (1.6 s, 591 moves) in
# Turkish and 287,486 (0.9 s, 33 moves) in Dameo.
WORST_CAPTURES = {
    "canadian": (
        "W:WK1,K6,K7,31,K54,K55,K66,K67,K68,K71,K72"
        ":BK8,K9,10,11,12,K19,20,21,22,K23,K24,32,K33,36,K40,44,45,48,52,K56,K57,64,65:H0:F1"
    ),
    "turkish": (
        "W:WKa1,Kb1,Kc1,Ke1,Kf1,Kg1,Kh2,Kh4,Kh5,Kh6,Kh7,Kh8"
        ":Bb2,Kf2,a3,Kc3,e3,g3,b4,d4,Kd5,Kc6,f6,Ka7,e7,Kg7,d8,Kf8:H0:F1"
    ),
    "dameo": "W:WKa1,Kh1:BKe1,Ka2,Kc2,g2,Kb3,e3,h3,Kd4,Kf4,b5,e5,c6,Kg6,h6,a7,e7,b8,e8:H0:F1",
}


def test_the_issues_lattice_is_refused_with_a_sentence() -> None:
    with pytest.raises(UnplayablePositionError) as info:
        get("chesskers").playable_position(LATTICE)
    assert str(info.value) == (
        "Black has 16 knights: more than its start army (8 pawns, 1 queen, 2 rooks, 2 bishops, "
        "2 knights) could become by promotion, so no game reaches this position"
    )
    assert isinstance(info.value, InvalidFenError)  # every caller's "bad FEN" path takes it


def test_a_reachable_lattice_over_the_budget_is_refused_with_its_count() -> None:
    chesskers = get("chesskers")
    chesskers.check_material(chesskers.position(REACHABLE_LATTICE))  # a game can reach it
    with pytest.raises(UnplayablePositionError) as info:
        chesskers.playable_position(REACHABLE_LATTICE)
    assert str(info.value) == (
        f"this position has 66,988 legal moves, more than the {MOVE_BUDGET:,} a game here may have"
    )


@pytest.mark.parametrize("variant_id", sorted(WORST_CAPTURES))
def test_the_worst_capture_searches_found_are_refused_with_a_sentence(variant_id) -> None:
    variant = get(variant_id)
    variant.check_material(variant.position(WORST_CAPTURES[variant_id]))  # a game can reach it
    with pytest.raises(UnplayablePositionError) as info:
        variant.playable_position(WORST_CAPTURES[variant_id])
    assert str(info.value) == (
        "this position's captures take more than 20,000 jumps to search, more than a game here "
        "may have"
    )


def test_the_budget_is_inclusive() -> None:
    chesskers = get("chesskers")
    assert len(chesskers.playable_position(chesskers.start_fen, budget=20).legal_moves()) == 20
    with pytest.raises(UnplayablePositionError, match="has 20 legal moves, more than the 19"):
        chesskers.playable_position(chesskers.start_fen, budget=19)


@pytest.mark.parametrize(
    ("fen", "sentence"),
    [
        # Nine queens and no pawn: every pawn promoted. Ten is one too many.
        ("QQQQQQQQ/Q7/8/8/8/8/8/K6k b - - 0 1", None),
        ("QQQQQQQQ/QQ6/8/8/8/8/8/K6k b - - 0 1", "White has 10 queens:"),
        # Three rooks need a promoted pawn: with all eight pawns on the board they are too many.
        ("RRR4k/8/8/8/8/8/PPPPPPPP/K7 b - - 0 1", "White has 8 pawns, 3 rooks:"),
        ("RRR4k/8/8/8/8/8/PPPPPPP1/K7 b - - 0 1", None),
        ("k7/pppppppp/8/8/8/8/8/bbb4K w - - 0 1", "Black has 8 pawns, 3 bishops:"),
    ],
)
def test_chesskers_material_follows_the_pawns_that_could_have_promoted(fen, sentence) -> None:
    chesskers = get("chesskers")
    if sentence is None:
        chesskers.check_material(chesskers.position(fen))
    else:
        with pytest.raises(UnplayablePositionError, match=f"^{sentence}"):
            chesskers.check_material(chesskers.position(fen))


@pytest.mark.parametrize(
    ("variant", "fen", "sentence"),
    [
        # Cheskers (docs/rules/hybrids.md §1.5): a pawn becomes a king, a bishop or a camel.
        ("cheskers", "k7/8/8/8/8/8/8/KKKBBCC1 w - - 0 1", None),
        ("cheskers", "k7/8/8/8/8/8/P7/KKKBBCC1 w - - 0 1", None),
        (
            "cheskers",
            "k7/8/8/8/8/P1P1P1P1/1P1P1P1P/KKKBBCC1 w - - 0 1",
            "White has 8 pawns, 3 kings",
        ),
        # Byelorussian (§2.2, §2.3): draughtsmen become damkas only, pawns the chess pieces.
        ("byelorussian-cheskers", "4k3/8/8/8/8/8/8/DD2K3 w - - 0 1", None),
        (
            "byelorussian-cheskers",
            "4k3/8/8/8/M1M5/MPMPMPMP/PMPMPMPM/MD2K3 w - - 0 1",
            "White has 11 draughtsmen, 1 damka",
        ),
        # Game Mix (§3.4): checkers become damas; pawns liners, knights or silvers.
        ("game-mix", "3k4/8/8/8/8/8/8/DDDDDK2 w - - 0 1", None),
        ("game-mix", "3k4/8/8/8/8/8/CCCC4/DD3K2 w - - 0 1", "White has 4 checkers, 2 damas"),
        ("mix-chess", "3k4/8/8/8/8/8/8/LLLLLLK1 w - - 0 1", None),
        ("mix-chess", "3k4/8/8/8/8/8/8/LLLLLLK1 w - - 0 1", None),
    ],
)
def test_the_hybrids_material_follows_their_promotions(variant, fen, sentence) -> None:
    game = get(variant)
    position = game.position(fen)
    if sentence is None:
        game.check_material(position)
    else:
        with pytest.raises(UnplayablePositionError, match=f"^{sentence}"):
            game.check_material(position)


def test_parachute_men_come_from_parachutists_and_kings_from_men() -> None:
    parachute = get("parachute")
    # Eight men, four parachutists landed and became men, one of them crowned: 11 men, 1 king.
    fen = "W:Wa1,c1,e1,g1,b2,d2,f2,h2,a3,c3,e3,Kg3:Bb6,d6:H0:F1"
    parachute.check_material(parachute.position(fen))


@pytest.mark.parametrize("variant_id", list(VARIANTS))
def test_every_position_of_random_games_is_playable_material(variant_id) -> None:
    """Promotion never gives a side more than ``check_material`` allows: random games of every
    variant (long enough for promotions) pass it at every ply."""
    variant = get(variant_id)
    rng = random.Random(variant_id)
    for _ in range(3):
        game = variant.new_game()
        for _ply in range(160):
            if game.is_over():
                break
            variant.check_material(game.position)
            game.push(rng.choice(game.legal_moves()))
