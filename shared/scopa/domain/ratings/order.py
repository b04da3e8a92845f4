"""The order of a leaderboard: best rating first, equal ratings by player id, the same on every store."""

from __future__ import annotations


def rank_key(rating: float, player_id: str) -> str:
    """A rating as a key that sorts like the leaderboard (descending keys list best first): the rating in
    hundredths, 8 digits (negative ratings sort as 0), then the player id, so ties always list alike."""
    return f"{max(0, round(rating * 100)):08d}#{player_id}"
