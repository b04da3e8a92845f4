"""Scopa's random bot: the baseline the other bots are measured against."""

from __future__ import annotations

from typing import Any

from scopa.domain.games.common.bot import Bot


class RandomBot(Bot):
    """Plays a uniformly random legal move."""

    name = "random"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        move = self.rng.choice(view["legal_moves"])
        return {"card": move["card"], "take": move["take"]}
