"""The greedy bot: the best immediate gain, without handing the next player an easy scopa."""

from __future__ import annotations

from typing import Any

from scopa.domain.games.common.bot import Bot
from scopa.domain.games.scopa.bots.heuristics import RulesOracle, oracle_for
from scopa.domain.games.scopa.bots.knowledge import Knowledge, read_view


def next_player_facts(k: Knowledge) -> tuple[int, int | None]:
    """How many cards the next player will hold when they play, and their hand if it is face up."""
    nxt = (k.seat + 1) % k.players
    size = k.hand_sizes[nxt]
    if size:
        return size, k.known_hands[nxt]
    return (k.rules.hand_size if k.stock else 0), None


def greedy_scores(k: Knowledge, oracle: RulesOracle) -> list[float]:
    """The greedy worth of each legal move, in the view's order."""
    next_hand, next_known = next_player_facts(k)
    last = k.is_last_card
    return [
        oracle.move_value(played, take, k.table, k.unseen, next_hand, next_known, last)
        for played, take in k.moves
    ]


class GreedyBot(Bot):
    """Takes the most valuable capture (settebello, coins, primiera cards, card count, scopa), charges
    each move the expected loss of a table the next player could sweep with a card we have not seen,
    and when it must lay a card lays the least valuable one. Deterministic: ties go to the first move."""

    name = "greedy"

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        k = read_view(view)
        scores = greedy_scores(k, oracle_for(k.rules))
        best = max(range(len(scores)), key=scores.__getitem__)
        move = view["legal_moves"][best]
        return {"card": move["card"], "take": move["take"]}
