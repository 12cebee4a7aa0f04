"""Pairing against worked examples: a Swiss round by score groups (top half against bottom half,
floaters, byes, no pair twice, colours balanced) and an arena's free players (nearest in the
standings, never the last opponent at once)."""

import random

from tournaments.pairing import (
    ArenaPlayer,
    History,
    SwissPlayer,
    arena_pairs,
    swiss_round,
)

A, B, C, D, E, F, G, H = range(1, 9)


def fresh(*ratings: int) -> list[SwissPlayer]:
    """Players 1, 2, … of the ratings given, before any round."""
    return [SwissPlayer(n, 0, rating) for n, rating in enumerate(ratings, 1)]


def test_a_first_round_meets_the_top_half_against_the_bottom_half_colours_alternating() -> None:
    four = swiss_round(fresh(2000, 1900, 1800, 1700))
    assert (four.pairs, four.bye) == ([(A, C), (D, B)], None)
    eight = swiss_round(fresh(2400, 2300, 2200, 2100, 2000, 1900, 1800, 1700))
    assert eight.pairs == [(A, E), (F, B), (C, G), (H, D)]


def test_the_second_round_pairs_each_score_group_and_each_player_changes_colour() -> None:
    # Round 1: A (White) beat C, D (White) beat B.
    players = [
        SwissPlayer(A, 2, 2000, frozenset({C}), History("w")),
        SwissPlayer(B, 0, 1900, frozenset({D}), History("b")),
        SwissPlayer(C, 0, 1800, frozenset({A}), History("b")),
        SwissPlayer(D, 2, 1700, frozenset({B}), History("w")),
    ]
    # The winners meet (A, placed higher, gets the colour other than its last: Black), so do
    # the losers (B, higher, gets White).
    assert swiss_round(players).pairs == [(D, A), (B, C)]


def test_a_lone_leader_floats_down_never_to_meet_again_and_colours_even_out() -> None:
    # Round 2: A beat D, B drew C. A (2 points) is alone in its group and has met C and D: it
    # meets B. D has had White twice and must have Black; C has had Black twice: C has White.
    players = [
        SwissPlayer(A, 4, 2000, frozenset({C, D}), History("wb")),
        SwissPlayer(B, 1, 1900, frozenset({D, C}), History("bw")),
        SwissPlayer(C, 1, 1800, frozenset({A, B}), History("bb")),
        SwissPlayer(D, 2, 1700, frozenset({B, A}), History("ww")),
    ]
    # A and B: equal colour counts, A had Black last: A has White.
    assert swiss_round(players).pairs == [(A, B), (C, D)]


def test_the_search_backtracks_when_the_first_choice_leaves_two_who_have_met() -> None:
    # All level. A's first candidate is C (top half against bottom half), whom it has met; then
    # D, which would leave B and C, who have met too: so A meets B, and C meets D.
    players = [
        SwissPlayer(A, 2, 2000, frozenset({C}), History("w")),
        SwissPlayer(B, 2, 1900, frozenset({C}), History("b")),
        SwissPlayer(C, 2, 1800, frozenset({A, B}), History("bw")),
        SwissPlayer(D, 2, 1700, frozenset(), History("")),
    ]
    pairs = swiss_round(players).pairs
    assert sorted(tuple(sorted(pair)) for pair in pairs) == [(A, B), (C, D)]


def test_the_odd_player_out_has_the_bye_the_lowest_placed_who_has_not_had_one() -> None:
    first = swiss_round(fresh(2000, 1900, 1800, 1700, 1600))
    assert first.bye == E
    assert first.pairs == [(A, C), (D, B)]
    # Round 2: A, B and E (the bye's point) lead, then C and D: D, the lowest placed, has the
    # bye. In the leaders' group of three A meets B and E floats down to meet C.
    players = [
        SwissPlayer(A, 2, 2000, frozenset({C}), History("w")),
        SwissPlayer(B, 2, 1900, frozenset({D}), History("b")),
        SwissPlayer(C, 0, 1800, frozenset({A}), History("b")),
        SwissPlayer(D, 0, 1700, frozenset({B}), History("w")),
        SwissPlayer(E, 2, 1600, frozenset(), History(""), had_bye=True),
    ]
    second = swiss_round(players)
    assert second.bye == D
    assert sorted(tuple(sorted(pair)) for pair in second.pairs) == [(A, B), (C, E)]
    # Once everyone but E has had one, E has the bye wherever it stands.
    had = [SwissPlayer(p.id, p.score, p.rating, p.opponents, p.history, p.id != E) for p in players]
    assert swiss_round(had).bye == E


def test_no_round_is_paired_when_every_pairing_would_repeat_a_game() -> None:
    everyone = {A, B, C, D}
    players = [
        SwissPlayer(n, 2, 2000 - n, frozenset(everyone - {n}), History("wbw")) for n in everyone
    ]
    assert swiss_round(players) is None


def test_a_hundred_players_over_nine_rounds_each_play_once_a_round_and_never_twice() -> None:
    rng = random.Random(40)
    ids = list(range(1, 102))  # odd: a bye every round
    ratings = {n: rng.randrange(1000, 2400) for n in ids}
    score = dict.fromkeys(ids, 0)
    met = {n: set() for n in ids}
    colors = dict.fromkeys(ids, "")
    byes = set()
    for _ in range(9):
        players = [
            SwissPlayer(n, score[n], ratings[n], frozenset(met[n]), History(colors[n]), n in byes)
            for n in ids
        ]
        pairing = swiss_round(players)
        seated = [n for pair in pairing.pairs for n in pair] + [pairing.bye]
        assert sorted(seated) == ids
        assert pairing.bye not in byes
        byes.add(pairing.bye)
        score[pairing.bye] += 2
        for white, black in pairing.pairs:
            assert black not in met[white]
            met[white].add(black)
            met[black].add(white)
            colors[white] += "w"
            colors[black] += "b"
            winner = rng.choice([white, black])
            score[winner] += 2
    # Colours stay balanced: nobody has two more of one colour than of the other.
    assert max(abs(c.count("w") - c.count("b")) for c in colors.values()) <= 2


def test_free_arena_players_meet_the_nearest_player_below_them_in_the_standings() -> None:
    players = [ArenaPlayer(n, place=n - 1) for n in (A, B, C, D, E)]
    pairs = arena_pairs(players)
    assert [tuple(sorted(pair)) for pair in pairs] == [(A, B), (C, D)]  # E waits


def test_an_arena_player_never_meets_the_opponent_of_their_last_game_at_once() -> None:
    players = [
        ArenaPlayer(A, 0, last_opponent=B),
        ArenaPlayer(B, 1, last_opponent=A),
        ArenaPlayer(C, 2),
        ArenaPlayer(D, 3),
    ]
    assert [tuple(sorted(pair)) for pair in arena_pairs(players)] == [(A, C), (B, D)]
    # Two free players who have just met wait for someone else.
    assert arena_pairs(players[:2]) == []


def test_arena_players_in_a_block_are_never_paired_with_each_other() -> None:
    players = [
        ArenaPlayer(A, 0, apart=frozenset({B})),
        ArenaPlayer(B, 1, apart=frozenset({A})),
        ArenaPlayer(C, 2),
        ArenaPlayer(D, 3),
    ]
    assert [tuple(sorted(pair)) for pair in arena_pairs(players)] == [(A, C), (B, D)]
    # Kept apart even when only one side's list names the other.
    assert arena_pairs([ArenaPlayer(A, 0), ArenaPlayer(B, 1, apart=frozenset({A}))]) == []


def test_the_arena_player_who_has_had_white_less_often_gets_it() -> None:
    players = [ArenaPlayer(A, 0, history=History("ww")), ArenaPlayer(B, 1, history=History("wb"))]
    assert arena_pairs(players) == [(B, A)]
    # Equal counts: the one who had Black last has White.
    players = [ArenaPlayer(A, 0, history=History("bw")), ArenaPlayer(B, 1, history=History("wb"))]
    assert arena_pairs(players) == [(B, A)]
