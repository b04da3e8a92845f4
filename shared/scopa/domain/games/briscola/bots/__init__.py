"""Briscola's bots. Each chooses from a seat view only. :data:`BOTS` are the house bots (random, greedy,
strong: the levels offered); :data:`TRIAL_BOTS` were measured and are not offered (the champion scored
level with the strong bot: docs/briscola.md), but the arena and the duel bench can play them.

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
}
TRIAL_BOTS: dict[str, type[Bot]] = {"champion": ChampionBot}


def make_bot(kind: str, seed: int | None = None) -> Bot:
    """A Briscola bot by name (:data:`BOTS` or :data:`TRIAL_BOTS`), with its own random generator."""
    factory = BOTS.get(kind) or TRIAL_BOTS.get(kind)
    if factory is None:
        raise ValueError(f"unknown bot '{kind}'; bots: {', '.join([*BOTS, *TRIAL_BOTS])}")
    return factory(seed=seed)


__all__ = ["BOTS", "TRIAL_BOTS", "ChampionBot", "GreedyBot", "RandomBot", "StrongBot", "make_bot"]
