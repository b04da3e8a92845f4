"""House bots. Each chooses a move from a seat view only, so it knows no more than a player at the table."""

from __future__ import annotations

from scopa.domain.games.common.bot import Bot
from scopa.domain.games.scopa.bots.champion import ChampionBot
from scopa.domain.games.scopa.bots.greedy import GreedyBot
from scopa.domain.games.scopa.bots.random_bot import RandomBot
from scopa.domain.games.scopa.bots.strong import StrongBot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
    "champion": ChampionBot,
}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (see :data:`BOTS`), with its own random generator."""
    try:
        factory = BOTS[name]
    except KeyError:
        raise ValueError(f"unknown bot '{name}'; bots: {', '.join(BOTS)}") from None
    return factory(seed=seed)


__all__ = ["BOTS", "Bot", "ChampionBot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
