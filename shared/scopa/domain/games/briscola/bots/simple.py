"""The random and greedy Briscola bots."""

from __future__ import annotations

from typing import Any

from scopa.domain.games.briscola.bots.auction import auction_move
from scopa.domain.games.briscola.bots.knowledge import read_view
from scopa.domain.games.briscola.bots.policy import greedy_pick
from scopa.domain.games.briscola.cards import CODES
from scopa.domain.games.common.bot import Bot


class RandomBot(Bot):
    """Plays a uniformly random legal move (bids and calls included)."""

    name = "random"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        move: dict[str, Any] = self.rng.choice(view["legal_moves"])
        return move


class GreedyBot(Bot):
    """Leads its cheapest card; following, takes the trick when the points are worth what it spends
    (:mod:`.policy`). Bids in chiamata on its strongest suit. Deterministic."""

    name = "greedy"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        if view["phase"] != "play":
            return auction_move(view)
        k = read_view(view)
        side = tuple(1 if x < 0 else x for x in k.side)  # chiamata: an unknown seat counts as a defender
        card = greedy_pick(list(k.hand), list(k.trick), k.seat, k.leader, k.trump_suit, side, k.players)
        return {"card": CODES[card]}
