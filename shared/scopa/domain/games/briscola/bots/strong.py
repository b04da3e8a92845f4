"""The strong bot: determinised search over the cards it has not seen.

For each decision it guesses the hidden cards many times: the other hands (their sizes are public) and the
stock, each guess agreeing with everything seen (:mod:`.knowledge`: played cards are out, the turned-up
trump is the stock's last card or in the hand that drew it, a revealed chiamata partner holds the called
card). Every candidate card is played in every guess and the rest of the game is played out by the greedy
policy for every seat; the card with the best mean margin (own side's points from now on minus the best
other side's) is chosen. All candidates share the same guesses, so the comparison is paired.

With two players and nothing left to draw the position is fully known (the other hand is exactly the
cards not seen): the rest is then solved exactly by minimax.

The budget is counted in simulated card plays, not in milliseconds, so a choice depends only on the view
and the seed (figures in docs/briscola.md).
"""

from __future__ import annotations

import random
from typing import Any

from scopa.domain.games.briscola.bots.auction import auction_move
from scopa.domain.games.briscola.bots.knowledge import Knowledge, read_view
from scopa.domain.games.briscola.bots.playout import playout, solve_values
from scopa.domain.games.briscola.cards import CODES, FACE
from scopa.domain.games.common.bot import Bot

DEFAULT_BUDGET = 8000  # simulated card plays per decision
MIN_SAMPLES = 4
#: Tricks a playout plays before it stops and values the cards still held (0: to the end).
DEFAULT_HORIZON = 5
MAX_SAMPLES = 200
PLAYOUT_OVERHEAD = 4
#: Two players with at most this many cards to draw: every guess is solved exactly.
EXACT_STOCK = 2
#: ... and at most this many cards left in all (three-card hands; nine-card hands would take too long).
EXACT_CARDS = 8


Guess = tuple[list[list[int]], list[int], tuple[int, ...]]


def guess_position(k: Knowledge, rng: random.Random) -> Guess:
    """Hands, stock (drawing order) and sides consistent with ``k``; own hand as it is."""
    pool = list(k.unseen)
    rng.shuffle(pool)
    hands: list[list[int]] = [[] for _ in range(k.players)]
    hands[k.seat] = list(k.hand)
    for seat, card in k.known:
        hands[seat].append(card)
    pos = 0
    for s in range(k.players):
        if s == k.seat:
            continue
        need = k.hand_sizes[s] - len(hands[s])
        hands[s].extend(pool[pos : pos + need])
        pos += need
    stock = pool[pos:]
    if k.stock and k.trump_card >= 0:
        stock.append(k.trump_card)
    return hands, stock, _sides(k, hands)


def _sides(k: Knowledge, hands: list[list[int]]) -> tuple[int, ...]:
    if not k.chiamata:
        return k.side
    if k.caller < 0:  # not reached: the play starts after the call
        return tuple(range(k.players))
    partner = k.partner
    if partner < 0:
        partner = next((s for s, h in enumerate(hands) if k.called in h), k.caller)
    return tuple(0 if s in (k.caller, partner) else 1 for s in range(k.players))


def margin(points: list[float], mine: int) -> float:
    return points[mine] - max(p for s, p in enumerate(points) if s != mine)


class StrongBot(Bot):
    """Perfect-information Monte Carlo over guessed hands, exact in the two-player endgame."""

    name = "strong"

    def __init__(
        self, seed: int | None = None, *, budget: int = DEFAULT_BUDGET, horizon: int = DEFAULT_HORIZON
    ) -> None:
        super().__init__(seed)
        self.budget = budget
        self.horizon = horizon

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        legal: list[dict[str, Any]] = view["legal_moves"]
        if view["phase"] != "play":
            return auction_move(view)
        if len(legal) == 1:
            return legal[0]
        k = read_view(view)
        # Twins (two decks) are the same card for the choice: keep one of each face.
        candidates: list[int] = []
        faces: set[int] = set()
        for c in k.hand:
            if FACE[c] not in faces:
                faces.add(FACE[c])
                candidates.append(c)
        if len(candidates) == 1:
            return {"card": CODES[candidates[0]]}
        if k.players == 2 and k.stock <= EXACT_STOCK and sum(k.hand_sizes) + k.stock <= EXACT_CARDS:
            return {"card": CODES[self._solve(k, candidates)]}
        return {"card": CODES[self._search(k, candidates)]}

    def endgame_guesses(self, k: Knowledge) -> list[tuple[list[list[int]], list[int]]]:
        """Every position the two-player endgame may be in: each unseen card as the (at most one) hidden
        stock card, the rest the other hand."""
        other = 1 - k.seat
        known = [card for seat, card in k.known if seat == other]
        guesses: list[tuple[list[list[int]], list[int]]] = []
        splits: list[tuple[list[int], list[int]]] = [(list(k.unseen), [])] if k.stock == 0 else []
        for hidden in k.unseen if k.stock else ():
            splits.append(([c for c in k.unseen if c != hidden], [hidden, k.trump_card]))
        for other_hand, stock in splits:
            hands: list[list[int]] = [[], []]
            hands[k.seat] = list(k.hand)
            hands[other] = other_hand + known
            guesses.append((hands, stock))
        return guesses

    def guess(self, k: Knowledge) -> Guess:
        """One guess at the hidden cards for the search (a bench oracle overrides it with the truth)."""
        return guess_position(k, self.rng)

    def _solve(self, k: Knowledge, candidates: list[int]) -> int:
        """Every guess of the (at most one) unknown stock card, each solved exactly; the best mean."""
        totals = dict.fromkeys(candidates, 0)
        for hands, stock in self.endgame_guesses(k):
            found = solve_values(hands, stock, list(k.trick), k.leader, k.trump_suit, k.side, k.seat)
            cards, values, _ = found
            for c, v in zip(cards, values, strict=True):
                if c in totals:
                    totals[c] += v
        return max(candidates, key=totals.__getitem__)

    def _search(self, k: Knowledge, candidates: list[int]) -> int:
        totals = [0.0] * len(candidates)
        work = 0
        samples = 0
        n_sides = 2 if k.chiamata else max(k.side) + 1
        while samples < MIN_SAMPLES or (work < self.budget and samples < MAX_SAMPLES):
            hands, stock, side = self.guess(k)
            mine = side[k.seat]
            for i, c in enumerate(candidates):
                trial = [list(h) for h in hands]
                trial[k.seat].remove(c)
                points, played = playout(
                    trial, stock, [*k.trick, c], k.leader, k.trump_suit, side, n_sides, self.horizon
                )
                totals[i] += margin(points, mine)
                work += played + PLAYOUT_OVERHEAD
            samples += 1
        best = max(range(len(candidates)), key=totals.__getitem__)
        return candidates[best]
