"""The greedy policy: a card's immediate value, for the greedy bot and the strong bot's playouts.

Leading, it plays the cheapest card: no points, no trump, a low card. Following, it scores each card as if
the trick ended with it: the points of the trick (its own card included) for the side that would take it,
against it otherwise, minus what spending a trump (or a strong card) costs for later tricks. When players
are still to come after it, a trick it would take counts a little less (they may still take it).
"""

from __future__ import annotations

from collections.abc import Sequence

from scopa.domain.games.briscola.cards import POINTS, STRENGTH, SUIT

TRUMP_COST = 4.0
TRUMP_STRENGTH_COST = 0.6
KEEP_STRONG = 0.15
NOT_LAST_FACTOR = 0.6


def lead_cost(c: int, trump: int) -> float:
    if SUIT[c] == trump:
        return 8.0 + POINTS[c] + STRENGTH[c]
    return 1.2 * POINTS[c] + 0.3 * STRENGTH[c]


def greedy_pick(
    hand: Sequence[int], trick: Sequence[int], seat: int, leader: int, trump: int, side: Sequence[int], n: int
) -> int:
    """The card greedy plays from ``hand`` (first of equals), given the trick so far from ``leader``."""
    if not trick:
        best = hand[0]
        best_cost = lead_cost(best, trump)
        for c in hand[1:]:
            cost = lead_cost(c, trump)
            if cost < best_cost:
                best, best_cost = c, cost
        return best
    w = 0
    wc = trick[0]
    pts = POINTS[wc]
    for i in range(1, len(trick)):
        c = trick[i]
        pts += POINTS[c]
        if SUIT[c] == SUIT[wc]:
            if STRENGTH[c] > STRENGTH[wc]:
                w, wc = i, c
        elif SUIT[c] == trump:
            w, wc = i, c
    mine = side[seat]
    winner_side = side[(leader + w) % n]
    last = len(trick) == n - 1
    best = hand[0]
    best_value = -1e9
    for c in hand:
        beats = STRENGTH[c] > STRENGTH[wc] if SUIT[c] == SUIT[wc] else SUIT[c] == trump
        total = pts + POINTS[c]
        if beats or winner_side == mine:
            value = float(total) if last else total * NOT_LAST_FACTOR
        else:
            value = -float(total)
        if SUIT[c] == trump:
            value -= TRUMP_COST + TRUMP_STRENGTH_COST * STRENGTH[c]
        else:
            value -= KEEP_STRONG * STRENGTH[c]
        if value > best_value:
            best, best_value = c, value
    return best
