"""Briscola's house bots: random, greedy, strong and champion. Each chooses from a seat view only.

The match layer gets a bot per game with ``GAMES``' name: ``scopa.domain.games.scopa.bots.make_bot`` for
Scopa,
:func:`make_bot` here for Briscola; both return a :class:`~scopa.domain.games.common.bot.Bot` whose ``choose``
takes that game's seat view and returns one of its ``legal_moves``.
"""

from __future__ import annotations

from scopa.domain.games.briscola.bots.champion import ChampionBot
from scopa.domain.games.briscola.bots.simple import GreedyBot, RandomBot
from scopa.domain.games.briscola.bots.strong import StrongBot
from scopa.domain.games.common.bot import Bot

BOTS: dict[str, type[Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "strong": StrongBot,
    "champion": ChampionBot,
}


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A Briscola bot by name (see :data:`BOTS`), with its own random generator."""
    try:
        factory = BOTS[kind]
    except KeyError:
        raise ValueError(f"unknown bot '{kind}'; bots: {', '.join(BOTS)}") from None
    return factory(seed=seed)


__all__ = ["BOTS", "ChampionBot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
