"""The move request a game reads: each game has its own pydantic model of the body a client posts.

The API documents the union of the registered games' models and the match's own game reads the body
with its model (:func:`read_move`), so a field another game has (a Briscola ``bid`` in a Scopa match) is
refused as the game's own input error, after the service's checks of seat, turn and version, where the
engine refused it before the models were the games'.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from scopa.domain.games.common.errors import RecordError
from scopa.domain.json_values import JsonInt

#: A card code as a move names it (the engine parses it).
CARD_FIELD: dict[str, Any] = {"min_length": 1, "max_length": 4, "examples": ["7d"]}


class MoveModel(BaseModel):
    """One game's move body: the game's own fields and the match ``version`` the move answers.

    Strict (``3`` is no card, ``"3"`` no version) and closed to fields it does not name.
    """

    model_config = ConfigDict(extra="forbid", strict=True, defer_build=True)

    #: The input error a body this model does not take answers, in the game's words.
    refusal: ClassVar[str] = "not a move of this game"

    version: JsonInt = Field(ge=1, le=10**9, description="the match version this move answers (from GET)")

    @abstractmethod
    def move(self) -> dict[str, Any]:
        """The move as the game's engine reads it (a game's model without it cannot be made)."""


def read_move(model: type[MoveModel], body: Mapping[str, Any]) -> dict[str, Any]:
    """The engine's move from a posted body, read by the game's ``model``; a body it does not take is the
    game's :class:`RecordError` (``invalid_input``), naming no value of the body."""
    try:
        return model.model_validate(dict(body)).move()
    except ValidationError:
        raise RecordError(model.refusal) from None
