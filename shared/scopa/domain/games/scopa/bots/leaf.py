"""A learned correction to the value of a hand's end, for searches that stop there.

The strong bot and the champion stop a playout when the hand ends and score the deal as if the cards still
out (the table and the stock) fell to the sides at random (:meth:`.simulator.Simulator.complete`). That
ignores what the table left does to the next hands: an empty table makes the leader lay a card into the
other side's reach, one low card is a sweep waiting, a settebello lying there is fought for. This module
corrects that estimate by a linear model over a few features of the table, one per number of hands left
to deal, fitted offline on greedy play to the end of many random deals (``python -m bench.scopa_leaf``,
which writes :mod:`.leaf_weights`): the target is the leader's final deal margin minus the random-share
estimate. Trained on the classic rules with two players; other rule sets get no correction.
"""

from __future__ import annotations

from scopa.domain.games.common.cards import RANK, RANK_MASK, SUIT_MASK
from scopa.domain.games.scopa.bots.heuristics import RulesOracle, sweep_chance
from scopa.domain.games.scopa.bots.leaf_weights import HAND_CARDS, WEIGHTS
from scopa.domain.games.scopa.cards import SETTEBELLO
from scopa.domain.games.scopa.rules import make_rules

FEATURES = (
    "constant",
    "table empty",
    "one card",
    "two cards",
    "three cards",
    "five or more",
    "table worth",
    "settebello",
    "sevens",
    "coins",
    "leader may sweep",
    "rank sum at most 10",
)
_SEVENS = RANK_MASK[7]
_COINS = SUIT_MASK[0]
_SETTEBELLO = 1 << SETTEBELLO
_CACHE_LIMIT = 100_000


def features(oracle: RulesOracle, table: int, stock: int, hand_size: int) -> tuple[float, ...]:
    """The features of a hand's end: the table left and the stock the next hands come from (masks)."""
    n = table.bit_count()
    ranks = 0
    t = table
    while t:
        low = t & -t
        ranks += RANK[low.bit_length() - 1]
        t ^= low
    chance = 0.0
    if table:
        sweepers, _ = oracle.threat_facts(table)
        if sweepers:
            chance = sweep_chance(stock.bit_count(), (stock & sweepers).bit_count(), hand_size)
    return (
        1.0,
        float(n == 0),
        float(n == 1),
        float(n == 2),
        float(n == 3),
        float(n >= 5),
        oracle.worth(table),
        float(table & _SETTEBELLO != 0),
        float((table & _SEVENS).bit_count()),
        float((table & _COINS).bit_count()),
        chance,
        float(0 < ranks <= 10),
    )


class LeafModel:
    """The fitted correction, in deal points for the side that leads the next hand (memoised)."""

    __slots__ = ("cache", "oracle", "round_cards", "weights")

    def __init__(self, oracle: RulesOracle, weights: tuple[tuple[float, ...], ...] = WEIGHTS) -> None:
        self.oracle = oracle
        self.weights = weights
        self.round_cards = oracle.rules.players * oracle.rules.hand_size
        self.cache: dict[tuple[int, int, int], float] = {}

    def correction(self, table: int, stock: int) -> float:
        """What to add to the leader's side: ``stock`` is the mask of the cards still to be dealt."""
        n_stock = stock.bit_count()
        rounds = min(len(self.weights), n_stock // self.round_cards)
        if not rounds:
            return 0.0
        sweepers = self.oracle.threat_facts(table)[0] if table else 0
        key = (table, rounds, (stock & sweepers).bit_count() << 6 | n_stock)
        found = self.cache.get(key)
        if found is None:
            if len(self.cache) > _CACHE_LIMIT:
                self.cache.clear()
            f = features(self.oracle, table, stock, self.oracle.rules.hand_size)
            w = self.weights[rounds - 1]
            found = self.cache[key] = sum(a * b for a, b in zip(w, f, strict=True))
        return found


_MODELS: dict[RulesOracle, LeafModel | None] = {}


def leaf_model_for(oracle: RulesOracle) -> LeafModel | None:
    """The shared model for these rules, if it was fitted on them (classic, two players), else None."""
    if oracle not in _MODELS:
        fits = oracle.rules == make_rules("classic") and oracle.rules.hand_size == HAND_CARDS and WEIGHTS
        _MODELS[oracle] = LeafModel(oracle) if fits else None
    return _MODELS[oracle]
