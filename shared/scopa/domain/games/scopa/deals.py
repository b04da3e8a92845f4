"""A finished Scopa deal as answers give it: every card played, the leftovers, the count, the scores."""

from __future__ import annotations

from scopa.domain.games.common.deals import DealModel


class PlayedCard(DealModel):
    seat: int
    card: str
    take: list[str]
    scopa: bool


class Leftovers(DealModel):
    """Who took the cards left on the table at the end of the deal (null: the table was empty)."""

    seat: int | None
    side: int | None
    cards: list[str]


class DealCount(DealModel):
    """The deal's count per side: points by category and the counts they came from."""

    points: list[dict[str, int]]
    totals: list[int]
    cards: list[int]
    coins: list[int]
    primiera: list[int]
    settebello: int | None
    scope: list[int]


class FinishedDeal(DealModel):
    """A finished deal: every card played, the leftovers, the count and the game scores after it (also
    ``view.finished_deal`` in a match answer)."""

    deal: int
    moves: list[PlayedCard]
    leftovers: Leftovers
    count: DealCount
    scores: list[int]
