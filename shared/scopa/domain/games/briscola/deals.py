"""A finished Briscola game (the match's "deal") as answers give it: its tricks, points and winner."""

from __future__ import annotations

from pydantic import Field

from scopa.domain.games.common.deals import DealModel


class BriscolaTrick(DealModel):
    leader: int
    cards: list[str]
    winner: int


class FinishedGame(DealModel):
    """Briscola: a finished game of the match (its "deal"): every trick, the card points per side
    (chiamata: per seat), the winning side (null: a 60-60 draw) and the match score after it."""

    deal: int
    tricks: list[BriscolaTrick]
    points: list[int]
    winner: int | None
    caller_side: list[int] = Field(description="chiamata: the caller's side's seats; [] otherwise")
    scores: list[int]
