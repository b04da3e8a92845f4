"""The bot interface and the random bot."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any


class Bot(ABC):
    """A player program: given a seat view (with ``legal_moves``), return one of those moves as JSON.

    Bots see exactly what :func:`scopa.domain.views.seat_view` shows, never the state itself.
    """

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        """One of ``view["legal_moves"]`` as ``{"card": ..., "take": [...]}``."""


class RandomBot(Bot):
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        move = self.rng.choice(view["legal_moves"])
        return {"card": move["card"], "take": move["take"]}
