"""Scopa's bots. Each chooses a move from a seat view only, so it knows no more than a player at the table.

:data:`BOTS` are the house bots, the levels a person can play against. :data:`TRIAL_BOTS` are bots that
were measured and are not offered (the champion scored level with the strong bot: docs/bots.md); the
arena and the duel bench can still play them.
"""

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
}
TRIAL_BOTS: dict[str, type[Bot]] = {"champion": ChampionBot}


def make_bot(name: str, seed: int | None = None) -> Bot:
    """A bot by name (:data:`BOTS` or :data:`TRIAL_BOTS`), with its own random generator."""
    factory = BOTS.get(name) or TRIAL_BOTS.get(name)
    if factory is None:
        raise ValueError(f"unknown bot '{name}'; bots: {', '.join([*BOTS, *TRIAL_BOTS])}")
    return factory(seed=seed)


__all__ = ["BOTS", "TRIAL_BOTS", "Bot", "ChampionBot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
