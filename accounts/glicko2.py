"""Glicko-2 ratings: Glickman's published algorithm, pure Python, no Django.

Mark E. Glickman, "Example of the Glicko-2 system" (Boston University, 2013),
http://www.glicko.net/glicko/glicko2.pdf. The step numbers in the comments are the paper's.

This module owns the arithmetic only. Who is rated, when, and where the numbers are stored is
``accounts.services``'s business. The site treats every rated game as one rating period for
both players (as lichess does), so ``rate`` is called with one outcome per player per game.
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

SCALE = 173.7178  # step 2: the Glicko-2 scale is the Glicko scale divided by this
BASE = 1500.0
TAU = 0.5  # the system constant: how much volatility may change (the paper's example uses 0.5)
EPSILON = 0.000001  # step 5: convergence tolerance of the volatility iteration
START_RATING = 1500.0
START_DEVIATION = 350.0
START_VOLATILITY = 0.06
MAX_DEVIATION = START_DEVIATION  # nobody is less known than a newcomer


@dataclass(frozen=True, slots=True)
class Rating:
    """A player's rating on the Glicko scale: rating, deviation (RD) and volatility."""

    rating: float = START_RATING
    deviation: float = START_DEVIATION
    volatility: float = START_VOLATILITY


@dataclass(frozen=True, slots=True)
class Outcome:
    """One game of the rating period: the opponent's rating before it and the score (1, ½, 0)."""

    opponent: Rating
    score: float


def g(phi: float) -> float:
    """Returns the weight that an opponent's deviation ``phi`` (Glicko-2 scale) gives a game."""
    return 1.0 / math.sqrt(1.0 + 3.0 * phi * phi / (math.pi * math.pi))


def expected_score(mu: float, mu_j: float, phi_j: float) -> float:
    """Returns the expected score against an opponent (Glicko-2 scale)."""
    return 1.0 / (1.0 + math.exp(-g(phi_j) * (mu - mu_j)))


def new_volatility(sigma: float, phi: float, v: float, delta: float, tau: float) -> float:
    """Returns the new volatility (step 5, the Illinois algorithm of the 2013 paper)."""
    a = math.log(sigma * sigma)

    def f(x: float) -> float:
        ex = math.exp(x)
        return ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) ** 2) - (
            x - a
        ) / (tau * tau)

    big_a = a
    if delta * delta > phi * phi + v:
        big_b = math.log(delta * delta - phi * phi - v)
    else:
        k = 1
        while f(a - k * tau) < 0:
            k += 1
        big_b = a - k * tau
    f_a, f_b = f(big_a), f(big_b)
    while abs(big_b - big_a) > EPSILON:
        big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a)
        f_c = f(big_c)
        if f_c * f_b <= 0:
            big_a, f_a = big_b, f_b
        else:
            f_a /= 2.0
        big_b, f_b = big_c, f_c
    return math.exp(big_a / 2.0)


def rate(player: Rating, outcomes: Sequence[Outcome], *, tau: float = TAU) -> Rating:
    """Returns the player's rating after a rating period with these outcomes.

    Opponents' ratings are their ratings before the period. With no outcomes only the
    deviation grows (step 6 alone), never above ``MAX_DEVIATION``.
    """
    mu = (player.rating - BASE) / SCALE  # step 2
    phi = player.deviation / SCALE
    sigma = player.volatility
    if not outcomes:
        phi_star = math.sqrt(phi * phi + sigma * sigma)
        return Rating(player.rating, min(phi_star * SCALE, MAX_DEVIATION), sigma)

    games = []
    for outcome in outcomes:
        mu_j = (outcome.opponent.rating - BASE) / SCALE
        phi_j = outcome.opponent.deviation / SCALE
        games.append((g(phi_j), expected_score(mu, mu_j, phi_j), outcome.score))
    v = 1.0 / sum(g_j * g_j * e_j * (1.0 - e_j) for g_j, e_j, _ in games)  # step 3
    improvement = sum(g_j * (s_j - e_j) for g_j, e_j, s_j in games)
    delta = v * improvement  # step 4
    sigma_new = new_volatility(sigma, phi, v, delta, tau)  # step 5
    phi_star = math.sqrt(phi * phi + sigma_new * sigma_new)  # step 6
    phi_new = 1.0 / math.sqrt(1.0 / (phi_star * phi_star) + 1.0 / v)  # step 7
    mu_new = mu + phi_new * phi_new * improvement
    deviation = min(phi_new * SCALE, MAX_DEVIATION)  # step 8
    return Rating(SCALE * mu_new + BASE, deviation, sigma_new)


def rate_game(white: Rating, black: Rating, white_score: float) -> tuple[Rating, Rating]:
    """Returns both players' new ratings after one game between them (one period each)."""
    return (
        rate(white, [Outcome(black, white_score)]),
        rate(black, [Outcome(white, 1.0 - white_score)]),
    )
