"""Glicko-2, following Glickman's "Example of the Glicko-2 system" (revision of March 22, 2022).

A player has a rating r, a rating deviation RD and a volatility sigma. One rating period (steps 1 to 8):

1. a new player starts at 1500 / 350 / 0.06; the system constant tau is chosen (0.5);
2. to the Glicko-2 scale: ``mu = (r - 1500) / 173.7178``, ``phi = RD / 173.7178``;
3. for every game j against (mu_j, phi_j) with score s_j: ``g(phi) = 1 / sqrt(1 + 3 phi^2 / pi^2)``,
   ``E_j = 1 / (1 + exp(-g(phi_j) (mu - mu_j)))``, and the estimated variance
   ``v = 1 / sum(g(phi_j)^2 E_j (1 - E_j))``;
4. the estimated improvement ``Delta = v sum(g(phi_j) (s_j - E_j))``;
5. the new volatility sigma' = exp(A / 2), where A is the root of
   ``f(x) = e^x (Delta^2 - phi^2 - v - e^x) / (2 (phi^2 + v + e^x)^2) - (x - ln sigma^2) / tau^2``,
   found by the Illinois variant of regula falsi until the bracket is narrower than epsilon (1e-6), with
   the 2022 revision's "f(C) f(B) <= 0" test;
6. the pre-period deviation ``phi* = sqrt(phi^2 + sigma'^2)``;
7. ``phi' = 1 / sqrt(1 / phi*^2 + 1 / v)`` and ``mu' = mu + phi'^2 sum(g(phi_j) (s_j - E_j))``;
8. back to the rating scale: ``r' = 173.7178 mu' + 1500``, ``RD' = 173.7178 phi'``.

A player without games in a period only gets ``phi' = sqrt(phi^2 + sigma^2)``.

This service rates online: **a rating period is one match**. Before a match, every player's deviation
first grows by the empty periods (``period_days``, 7 by default) elapsed since their last match, exactly
as step 6 for a period without games, k times: ``phi = sqrt(phi^2 + k sigma^2)``, never above the
pool's ``max_rd`` (350, the deviation of an unrated player, as in Glicko). A player who comes back after
a long pause is uncertain again, and their next results move their rating more.

Team model (two against two): every partner is rated, on their own mu, phi and sigma, against one
composite opponent whose rating is the mean of the opposing partners' ratings and whose RD is the root
mean square of their RDs (both after their inactivity growth); the partners' own inactivity is applied
the same way. In one against one the composite opponent is simply the opponent.

The volatility iteration is :func:`new_volatility`; the ledger's fast path calls the same function, so
both give the same bits.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from math import exp, log, sqrt

from scopa.domain.ratings.pools import Glicko2Config

SCALE = 173.7178  # Glickman's conversion factor (400 / ln 10, rounded as in the paper)
CENTER = 1500.0
PI2 = math.pi * math.pi
Q3 = 3.0 / PI2  # g(phi) = 1 / sqrt(1 + Q3 phi^2)


@dataclass(frozen=True, slots=True)
class Glicko2Rating:
    """A Glicko-2 rating on the usual (Glicko) scale."""

    rating: float = 1500.0
    rd: float = 350.0
    volatility: float = 0.06


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a rating period: the opponent's rating and RD, and the player's score (1, 0.5, 0)."""

    opponent_rating: float
    opponent_rd: float
    score: float


def to_glicko2(rating: float, rd: float) -> tuple[float, float]:
    """Step 2: (r, RD) to (mu, phi)."""
    return (rating - CENTER) / SCALE, rd / SCALE


def from_glicko2(mu: float, phi: float) -> tuple[float, float]:
    """Step 8: (mu, phi) to (r, RD)."""
    return SCALE * mu + CENTER, SCALE * phi


def g(phi: float) -> float:
    """Glickman's g: how much an opponent's uncertainty damps the information of a game."""
    return 1.0 / sqrt(1.0 + phi * phi * Q3)


def elapsed_periods(last_played: float | None, now: float, period_seconds: float) -> int:
    """Whole rating periods between the player's last game and ``now`` (0 for a new player)."""
    if last_played is None:
        return 0
    elapsed = now - last_played
    if elapsed > 0.0:
        return int(elapsed // period_seconds)
    return 0


def inflate_phi(phi: float, sigma: float, periods: int, phi_max: float) -> float:
    """The deviation after ``periods`` empty rating periods: ``sqrt(phi^2 + periods sigma^2)``, capped."""
    if periods:
        phi = sqrt(phi * phi + periods * (sigma * sigma))
        phi = min(phi, phi_max)
    return phi


def rd_after_inactivity(rating: Glicko2Rating, periods: int, cfg: Glicko2Config) -> float:
    """The RD a player has after ``periods`` empty rating periods (for display between matches)."""
    return SCALE * inflate_phi(rating.rd / SCALE, rating.volatility, periods, cfg.max_rd / SCALE)


def new_volatility(phi2: float, v: float, delta: float, sigma: float, tau: float, epsilon: float) -> float:
    """Step 5: the new volatility, by the Illinois iteration of the paper (``phi2`` is phi squared).

    ``f`` is written out at each use instead of as a closure: this is the hot path of a recompute.
    ``e^a`` is sigma squared itself, so ``f(A)`` costs no exponential, and in the bracketing loop the last
    ``f(a - k tau)`` evaluated is ``f(B)``.
    """
    sigma2 = sigma * sigma
    a = log(sigma2)
    pv = phi2 + v
    dpv = delta * delta - pv  # Delta^2 - phi^2 - v
    tau2 = tau * tau
    den = pv + sigma2
    fa = sigma2 * (dpv - sigma2) / (2.0 * den * den)  # f(a): its (x - a) term is zero
    big_a = a
    if dpv > 0.0:
        big_b = log(dpv)
        ex = exp(big_b)
        den = pv + ex
        fb = ex * (dpv - ex) / (2.0 * den * den) - (big_b - a) / tau2
    else:
        k = 1.0
        big_b = a - tau
        ex = exp(big_b)
        den = pv + ex
        fb = ex * (dpv - ex) / (2.0 * den * den) - (big_b - a) / tau2
        while fb < 0.0:
            k += 1.0
            big_b = a - k * tau
            ex = exp(big_b)
            den = pv + ex
            fb = ex * (dpv - ex) / (2.0 * den * den) - (big_b - a) / tau2
    while abs(big_b - big_a) > epsilon:
        big_c = big_a + (big_a - big_b) * fa / (fb - fa)
        ex = exp(big_c)
        den = pv + ex
        fc = ex * (dpv - ex) / (2.0 * den * den) - (big_c - a) / tau2
        if fc * fb <= 0.0:
            big_a = big_b
            fa = fb
        else:
            fa = fa / 2.0
        big_b = big_c
        fb = fc
    return exp(big_a / 2.0)


def update(
    mu: float,
    phi: float,
    sigma: float,
    games: Sequence[tuple[float, float, float]],
    tau: float,
    epsilon: float,
) -> tuple[float, float, float]:
    """Steps 3 to 7 on the Glicko-2 scale: (mu', phi', sigma') after ``games`` of (mu_j, phi_j, s_j).

    No games (or games carrying no information, when every E_j is exactly 0 or 1): only the deviation
    grows, by one period.
    """
    info = 0.0  # 1 / v
    improvement = 0.0  # sum of g(phi_j) (s_j - E_j)
    for mu_j, phi_j, s_j in games:
        g_j = 1.0 / sqrt(1.0 + phi_j * phi_j * Q3)
        e_j = 1.0 / (1.0 + exp(-g_j * (mu - mu_j)))
        info += g_j * g_j * e_j * (1.0 - e_j)
        improvement += g_j * (s_j - e_j)
    if info == 0.0:
        return mu, sqrt(phi * phi + sigma * sigma), sigma
    v = 1.0 / info
    phi2 = phi * phi
    sigma_new = new_volatility(phi2, v, v * improvement, sigma, tau, epsilon)
    phi_new = 1.0 / sqrt(1.0 / (phi2 + sigma_new * sigma_new) + info)
    return mu + phi_new * phi_new * improvement, phi_new, sigma_new


def rate_period(
    player: Glicko2Rating, results: Sequence[GameResult], tau: float = 0.5, epsilon: float = 1e-6
) -> Glicko2Rating:
    """One full rating period of Glickman's paper: the player's rating after all ``results`` at once."""
    mu, phi = to_glicko2(player.rating, player.rd)
    games = [((r.opponent_rating - CENTER) / SCALE, r.opponent_rd / SCALE, r.score) for r in results]
    mu_new, phi_new, sigma_new = update(mu, phi, player.volatility, games, tau, epsilon)
    rating, rd = from_glicko2(mu_new, phi_new)
    return Glicko2Rating(rating, rd, sigma_new)


def composite_opponent(mus: Sequence[float], phis: Sequence[float]) -> tuple[float, float]:
    """The team model's opponent: mean mu and root-mean-square phi of the opposing partners."""
    if len(mus) == 1:
        return mus[0], phis[0]
    n = len(mus)
    return sum(mus) / n, sqrt(sum(p * p for p in phis) / n)
