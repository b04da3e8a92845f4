"""A peeking Scopa player for the duel bench only: the strong bot's search, fed the truth.

:class:`PeekingStrongBot` searches exactly as the strong bot does, but its only guess at the hidden cards
is the real one (the other hands, the stock in dealing order and the piles), which the bench harness
hands it from the match state before each decision (:meth:`PeekingStrongBot.peek`). Its margin against
the strong bot is what perfect information is worth to that search: a ceiling for any fair bot built on
it. It lives in ``bench/`` and is never offered as a house bot (``scopa.domain.games.scopa.bots.BOTS``).
"""

from __future__ import annotations

from typing import Any

from scopa.domain.games.scopa.bots.heuristics import RulesOracle
from scopa.domain.games.scopa.bots.knowledge import Knowledge, read_view
from scopa.domain.games.scopa.bots.simulator import Simulator
from scopa.domain.games.scopa.bots.strong import DRAW_COST, Guess, Sampler, StrongBot
from scopa.domain.games.scopa.state import ScopaState


def truth_of(state: ScopaState) -> Guess:
    """Every hand, the stock in dealing order and the piles: what a guess tries to be."""
    return tuple(state.hands), tuple(state.deck[state.dealt :]), tuple(state.piles)


class TruthSampler(Sampler):
    """Every draw is the truth (charged as a draw, so the budget buys the same playouts)."""

    def __init__(
        self, bot: StrongBot, k: Knowledge, oracle: RulesOracle, sim: Simulator, truth: Guess
    ) -> None:
        super().__init__(bot, k, oracle, sim)
        self.truth = truth

    def _draw(self) -> Guess:
        self.work += DRAW_COST
        return self.truth


class PeekingStrongBot(StrongBot):
    """The strong bot's search whose guess is the real deal (bench only: it reads the match state)."""

    name = "oracle"

    def __init__(self, seed: int | None = None, **options: Any) -> None:
        super().__init__(seed, **options)
        self.truth: Guess | None = None

    def peek(self, state: ScopaState) -> None:
        """Called by the bench before each decision of this bot: the state it is about to decide in."""
        self.truth = truth_of(state)

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        if self.truth is None:
            raise RuntimeError("the peeking player decides only after the bench has shown it the state")
        k = read_view(view)
        if self.truth[0][k.seat] != k.hand:
            raise RuntimeError("the state shown is not the one this view was taken from")
        try:
            return super().choose(view)
        finally:
            self.truth = None  # one look per decision

    def sampler(self, k: Knowledge, oracle: RulesOracle, sim: Simulator) -> Sampler:
        assert self.truth is not None
        return TruthSampler(self, k, oracle, sim, self.truth)
