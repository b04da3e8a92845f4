"""Elo ratings: the expected score with FIDE's 400-point cap, FIDE-like K factors, and the team model.

Expected score of side A against side B, with ratings ``ra`` and ``rb``::

    E_A = 1 / (1 + 10 ** (d / 400)),   d = rb - ra clamped to [-cap, cap]   (cap = 400 by default)

and the change of a player with factor K after a result S (1 win, 0.5 draw, 0 loss) is ``K * (S - E)``.

K factor (the development coefficient of the FIDE Rating Regulations, as in force since July 2014,
without the junior rule): 40 for the first 30 rated games; 20 after that; 10 once the player's rating has
reached 2400, for good (a stored flag, kept even if the rating falls back below 2400). The 40 of a new
player comes first: a player who reaches 2400 within 30 games keeps K = 40 until the 30th game, then has
K = 10. The K of a match is the one the player has before it.

Team model (scopone, two against two):

* a side's rating is the mean of its partners' ratings;
* the expected score E is computed once, between the two sides' means (with the cap);
* every partner moves by their own K times (S - E); the other side's surprise is exactly ``-(S - E)``.

Partners with different experience therefore move by different amounts but always in the same direction.
In one against one, the side's mean is the player's rating, and with equal K factors the two changes are
exact opposites (``K * x`` and ``K * -x``), so the sum of changes is zero; with different K factors (a
new player against an established one) Elo is not zero-sum, as in FIDE's system.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from scopa.domain.ratings.pools import EloConfig

SCALE = 400.0  # the logistic scale: a 400-point lead is 10:1 odds


class EloState(Protocol):
    """What the Elo update reads of a player (``PlayerRating`` provides it)."""

    @property
    def elo(self) -> float: ...

    @property
    def elo_games(self) -> int: ...

    @property
    def reached_2400(self) -> bool: ...


def expected_score(ra: float, rb: float, cap: float = 400.0) -> float:
    """Expected score of a player rated ``ra`` against one rated ``rb``; the difference is capped."""
    d = rb - ra
    if d > cap:
        d = cap
    elif d < -cap:
        d = -cap
    odds: float = 10.0 ** (d / SCALE)  # the opponent's odds
    return 1.0 / (1.0 + odds)


def k_factor(state: EloState, cfg: EloConfig) -> float:
    """The player's K: ``k_new`` in the first ``new_games`` games, then ``k_top`` once the rating has
    reached ``top_rating`` (2400), else ``k_established``."""
    if state.elo_games < cfg.new_games:
        return cfg.k_new
    if state.reached_2400:
        return cfg.k_top
    return cfg.k_established


def side_rating(ratings: Sequence[float]) -> float:
    """A side's Elo rating: the mean of its partners' ratings (a single player's own rating)."""
    if len(ratings) == 1:
        return ratings[0]
    return sum(ratings) / len(ratings)


def elo_deltas(
    side_a: Sequence[EloState], side_b: Sequence[EloState], score_a: float, cfg: EloConfig
) -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The Elo change of every partner of both sides after side A scored ``score_a`` (1, 0.5, 0)."""
    expected_a = expected_score(
        side_rating([p.elo for p in side_a]), side_rating([p.elo for p in side_b]), cfg.cap
    )
    x = score_a - expected_a
    return (
        tuple(k_factor(p, cfg) * x for p in side_a),
        tuple(k_factor(p, cfg) * -x for p in side_b),
    )
