"""The body of a Scopa move: the card played and the table cards it takes."""

from __future__ import annotations

from typing import Any, ClassVar

from pydantic import ConfigDict, Field

from scopa.domain.games.common.moves import CARD_FIELD, MoveModel


class ScopaMove(MoveModel):
    """A Scopa move: ``card`` and the table cards it ``take``s (``[]`` lays it on the table).

    ``signal``, ``bid`` and ``call`` are there for clients that send one body to every game, as they
    could when the service had one move model: a signal is kept with the move but means nothing in
    Scopa; a bid or a call may only be null.
    """

    model_config = ConfigDict(
        title="ScopaMove",
        json_schema_extra={
            "examples": [
                {"card": "7d", "take": ["3s", "4c"], "version": 4},
                {"card": "Kb", "take": [], "version": 5},
            ]
        },
    )
    refusal: ClassVar[str] = "a move is an object with 'card' and optional 'take', e.g. {'card': '7d'}"

    card: str = Field(description="the card played", **CARD_FIELD)
    take: list[str] = Field(default_factory=list, max_length=20, description="table cards taken; [] to lay")
    signal: str | None = Field(None, max_length=20, description="no meaning in Scopa (kept with the move)")
    bid: None = Field(None, description="no bids in Scopa: null or absent")
    call: None = Field(None, description="no calls in Scopa: null or absent")

    def move(self) -> dict[str, Any]:
        move: dict[str, Any] = {"card": self.card, "take": self.take}
        if self.signal is not None:
            move["signal"] = self.signal
        return move
