"""Glicko-2 arithmetic against Glickman's worked example (glicko2.pdf, 2013) and its symmetries."""

import pytest

from accounts.glicko2 import Outcome, Rating, rate, rate_game


def test_glickmans_worked_example_gives_the_published_rating_deviation_and_volatility() -> None:
    player = Rating(1500, 200, 0.06)
    outcomes = [
        Outcome(Rating(1400, 30), 1),
        Outcome(Rating(1550, 100), 0),
        Outcome(Rating(1700, 300), 0),
    ]
    after = rate(player, outcomes, tau=0.5)
    # Step 8 prints mu' = -0.2069 and phi' = 0.8722 on the Glicko-2 scale (4 decimals) ...
    assert round((after.rating - 1500) / 173.7178, 4) == -0.2069
    assert round(after.deviation / 173.7178, 4) == 0.8722
    # ... and from them r' = 1464.06, RD' = 151.52, sigma' = 0.05999. The paper converts the
    # rounded mu', which moves r' by at most 173.7178 * 0.00005 (0.009): unrounded it is 1464.0507.
    assert after.rating == pytest.approx(1464.06, abs=0.01)
    assert round(after.deviation, 2) == 151.52
    # The paper cuts sigma' to 0.05999 (it is 0.0599960): within one unit of the last digit,
    # and below the 0.06 it started from.
    assert after.volatility == pytest.approx(0.05999, abs=0.00001)
    assert after.volatility < 0.06


def test_a_period_without_games_only_widens_the_deviation() -> None:
    after = rate(Rating(1500, 200, 0.06), [])
    assert after.rating == 1500
    assert after.volatility == 0.06
    # Step 6: phi* = sqrt(phi^2 + sigma^2), i.e. RD* = sqrt(200^2 + (0.06 * 173.7178)^2).
    assert after.deviation == pytest.approx(200.2714, abs=1e-4)


def test_the_deviation_never_grows_past_a_newcomers() -> None:
    assert rate(Rating(1500, 350, 0.06), []).deviation == 350


def test_two_newcomers_move_by_the_same_amount_in_opposite_directions() -> None:
    white, black = rate_game(Rating(), Rating(), 1.0)
    assert white.rating > 1500 > black.rating
    assert white.rating - 1500 == pytest.approx(1500 - black.rating)
    assert white.deviation == pytest.approx(black.deviation)
    assert white.deviation < 350


def test_a_draw_between_equals_leaves_both_ratings_where_they_were() -> None:
    white, black = rate_game(Rating(1600, 80), Rating(1600, 80), 0.5)
    assert white.rating == pytest.approx(1600)
    assert black.rating == pytest.approx(1600)


def test_beating_a_stronger_player_gains_more_than_beating_a_weaker_one() -> None:
    me = Rating(1500, 100)
    over_strong = rate(me, [Outcome(Rating(1800, 100), 1)]).rating - 1500
    over_weak = rate(me, [Outcome(Rating(1200, 100), 1)]).rating - 1500
    assert over_strong > over_weak > 0
