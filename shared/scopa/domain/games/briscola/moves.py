"""The body of a Briscola move: a card (with an optional signal), or in chiamata a bid or a call."""

from __future__ import annotations

from typing import Any, ClassVar, Self

from pydantic import ConfigDict, Field, model_validator

from scopa.domain.games.common.moves import CARD_FIELD, MoveModel
from scopa.domain.json_values import JsonInt


def _one_of(schema: dict[str, Any]) -> None:
    """Exactly one of card, bid and call is given (not null)."""
    schema["oneOf"] = [
        {"required": [name], "properties": {name: {"not": {"type": "null"}}}}
        for name in ("card", "bid", "call")
    ]
    schema["examples"] = [
        {"card": "Ad", "version": 4},
        {"card": "Kb", "signal": "ace", "version": 5},
        {"bid": "pass", "version": 2},
    ]


class BriscolaMove(MoveModel):
    """A Briscola move: a ``card`` (with an optional ``signal``), or in chiamata a ``bid`` or a ``call``;
    exactly one of the three. ``take`` is there for clients that send one body to every game, as they
    could when the service had one move model: it is kept with the move and means nothing in Briscola."""

    model_config = ConfigDict(title="BriscolaMove", json_schema_extra=_one_of)
    refusal: ClassVar[str] = "a move is an object: {'card': 'Ad'}, {'bid': 'K'}, or {'call': 'Kd'}"

    card: str | None = Field(None, description="the card played", **CARD_FIELD)
    take: list[str] = Field(
        default_factory=list, max_length=20, description="no meaning in Briscola (kept with the move)"
    )
    signal: str | None = Field(None, max_length=20, description="with signals: a word sent with the card")
    bid: str | JsonInt | None = Field(
        None, description="chiamata: a rank (A 3 K Q J 7 6 5 4 2), a points target 62-120, or 'pass'"
    )
    call: str | None = Field(None, min_length=1, max_length=4, description="chiamata: the card called")

    @model_validator(mode="after")
    def _one(self) -> Self:
        if sum(x is not None for x in (self.card, self.bid, self.call)) != 1:
            raise ValueError("give exactly one of card, bid and call")
        return self

    def move(self) -> dict[str, Any]:
        if self.bid is not None:
            return {"bid": self.bid}
        if self.call is not None:
            return {"call": self.call}
        move: dict[str, Any] = {"card": self.card, "take": self.take}
        if self.signal is not None:
            move["signal"] = self.signal
        return move
