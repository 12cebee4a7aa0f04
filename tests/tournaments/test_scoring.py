"""Scoring against worked examples: an arena's points with streaks and berserk, its performance,
and a Swiss cross-table's scores, Buchholz and Sonneborn-Berger, ranked."""

from tournaments.scoring import (
    DRAW,
    LOSS,
    WIN,
    Line,
    Meeting,
    arena_points,
    buchholz,
    on_fire,
    performance,
    ranked,
    sonneborn_berger,
)


def arena_run(outcomes: list[str], berserk: frozenset[int] = frozenset()) -> list[int]:
    """The points of each game of a run of results (``berserk``: the games, from 0, played
    berserk)."""
    streak, points = 0, []
    for n, outcome in enumerate(outcomes):
        worth, streak = arena_points(outcome, streak, n in berserk)
        points.append(worth)
    return points


def test_an_arena_win_is_two_a_draw_one_and_wins_after_two_in_a_row_are_double() -> None:
    assert arena_run([WIN, WIN, WIN, WIN, DRAW, WIN, LOSS, WIN]) == [2, 2, 4, 4, 1, 2, 0, 2]
    assert sum(arena_run([WIN, WIN, WIN, DRAW, WIN])) == 11


def test_a_berserk_win_is_one_point_more_and_a_berserk_loss_nothing() -> None:
    assert arena_run([WIN, WIN, WIN, LOSS, DRAW], berserk=frozenset({0, 2, 3, 4})) == [
        3,
        2,
        5,
        0,
        1,
    ]


def test_two_wins_in_a_row_set_a_player_on_fire_until_a_game_that_is_not_a_win() -> None:
    streak = 0
    fire = []
    for outcome in [WIN, WIN, WIN, DRAW, WIN]:
        _, streak = arena_points(outcome, streak)
        fire.append(on_fire(streak))
    assert fire == [False, True, True, False, False]


def test_performance_is_the_opponents_average_rating_moved_by_the_score() -> None:
    # Three games against 1500, 1600 and 1700: two wins and a loss.
    assert performance(4800, 3, wins=2, losses=1) == 1733
    assert performance(0, 0, wins=0, losses=0) is None


# A four-player round robin (half points): A beat C, D beat B; A drew D, B beat C; A beat B,
# C drew D. Scores: A 2½, D 2, B 1, C ½.
A, B, C, D = 1, 2, 3, 4
MET = {
    A: [Meeting(C, 2), Meeting(D, 1), Meeting(B, 2)],
    B: [Meeting(D, 0), Meeting(C, 2), Meeting(A, 0)],
    C: [Meeting(A, 0), Meeting(B, 0), Meeting(D, 1)],
    D: [Meeting(B, 2), Meeting(A, 1), Meeting(C, 1)],
}
SCORES = {player: sum(m.halves for m in meetings) for player, meetings in MET.items()}


def test_buchholz_sums_the_opponents_scores_and_a_bye_adds_nothing() -> None:
    assert SCORES == {A: 5, B: 2, C: 1, D: 4}
    assert {p: buchholz(MET[p], SCORES) for p in MET} == {A: 7, B: 10, C: 11, D: 8}
    assert buchholz([*MET[A], Meeting(None, 2)], SCORES) == 7


def test_sonneborn_berger_counts_the_beaten_whole_and_the_drawn_half() -> None:
    # A: C's ½ + half of D's 2 + B's 1 = 2½; D: B's 1 + half of A's 2½ + half of C's ½ = 2½.
    found = {p: sonneborn_berger(MET[p], SCORES) / 2 for p in MET}
    assert found == {A: 2.5, B: 0.5, C: 1.0, D: 2.5}


def test_standings_rank_by_score_then_each_tie_break_then_rating() -> None:
    lines = [
        Line(1, "ann", points=4, tiebreaks=(10, 3.0), rating=1500),
        Line(2, "bob", points=4, tiebreaks=(11, 1.0), rating=1400),
        Line(3, "cat", points=4, tiebreaks=(10, 4.0), rating=1300),
        Line(4, "dan", points=6, tiebreaks=(2, 0.0), rating=1200),
        Line(5, "eve", points=4, tiebreaks=(10, 3.0), rating=1600),
        Line(6, "fay", points=4, tiebreaks=(None, None), rating=2000),
    ]
    assert [line.username for line in ranked(lines)] == ["dan", "bob", "cat", "eve", "ann", "fay"]
