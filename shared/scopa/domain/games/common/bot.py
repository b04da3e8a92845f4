"""The bot interface every game's house bots implement."""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from typing import Any


class Bot(ABC):
    """A player program: given a seat view (with ``legal_moves``), return one of those moves as JSON.

    Bots see exactly what their game's seat view shows, never the state itself.
    """

    name = "bot"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        """One of ``view["legal_moves"]``, as the game's move JSON."""
