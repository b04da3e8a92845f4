"""The strong bot: determinised Monte Carlo search over the cards it cannot see.

For each decision it guesses the unseen cards many times: the other players' hands (their sizes are
public) and the stock, each guess a complete position that agrees with everything the view shows, and
kept with the likelihood that the other players would have made the plays they made this hand holding
those cards. Each candidate move is played in every guessed position, the hand is played out by the
greedy policy for every seat, and the deal is then scored as if the cards still out (table and stock)
fell to the sides at random; the move with the best mean of (own side's deal points minus the best
other side's) is chosen. Stopping at the end of the hand keeps the noise of later, unrelated hands out
of the comparison, and all candidates share the same guesses, so comparisons are paired.

When nothing is hidden any more (two players, stock used up: the other hand is the unseen cards), the
rest of the deal is solved exactly by minimax instead.

The budget is counted in units of work (about one simulated card play), not in milliseconds, so a
choice depends only on the view and the seed; the default takes 10-20 ms for a real decision on the
project's two-core machine, and stays under 50 ms at worst (figures in docs/bots.md).
"""

from __future__ import annotations

import math
from typing import Any

from scopa.domain.games.common.bot import Bot
from scopa.domain.games.common.cards import FULL_DECK, cards_in
from scopa.domain.games.scopa.bots.greedy import greedy_scores
from scopa.domain.games.scopa.bots.heuristics import RulesOracle, oracle_for
from scopa.domain.games.scopa.bots.knowledge import Knowledge, read_view
from scopa.domain.games.scopa.bots.leaf import leaf_model_for
from scopa.domain.games.scopa.bots.simulator import DealPosition, Simulator

#: Work per decision, in simulated card plays of a three-card hand (about 10 microseconds each).
DEFAULT_BUDGET = 1600
MIN_SAMPLES = 4
MAX_SAMPLES = 256
MAX_CANDIDATES = 8
#: Hands dealt in a playout before it stops and the rest is shared at random (0: stop at the hand's end).
DEFAULT_HORIZON = 0
#: Random shares of the cards still out scored per playout.
DEFAULT_COMPLETIONS = 2
#: Simulated plays a playout's fixed costs (copying, scoring) are worth, for the budget.
PLAYOUT_OVERHEAD = 3
#: ... what drawing a guess at the hidden cards costs, and weighing it against one play seen.
DRAW_COST = 1.5
LIKELIHOOD_COST = 1.0
#: Sharpness of the inference from the other players' plays (0: no inference).
DEFAULT_BETA = 5.0
#: At most this many recent plays are weighed, and this many draws tried for one position.
MAX_EVIDENCE = 6
MAX_DRAW_ATTEMPTS = 6
#: Exact search only when the rest of the deal is this short (two-player last hand: 6 plays).
EXACT_MAX_PLIES = 6


#: A guessed position: every hand, the stock in dealing order, and the piles.
Guess = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]


def deal_margin(totals: tuple[float, ...], side: int) -> float:
    """Own side's deal points minus the best other side's."""
    best_other = max(t for s, t in enumerate(totals) if s != side)
    return float(totals[side] - best_other)


class StrongBot(Bot):
    """Perfect-information Monte Carlo over sampled hidden hands, exact in the fully known endgame."""

    name = "strong"

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: int = DEFAULT_BUDGET,
        max_samples: int = MAX_SAMPLES,
        max_candidates: int = MAX_CANDIDATES,
        beta: float = DEFAULT_BETA,
        horizon: int = DEFAULT_HORIZON,
        completions: int = DEFAULT_COMPLETIONS,
        leaf: bool = False,
        full_below: int = 0,
    ) -> None:
        super().__init__(seed)
        self.leaf = leaf
        self.full_below = full_below
        self.horizon = horizon
        self.completions = completions
        self.last_work = 0.0  # budget units the last search spent (for measuring the budget's scale)
        self.beta = beta
        self.budget = budget
        self.max_samples = max_samples
        self.max_candidates = max_candidates

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        k = read_view(view)
        best = self.best_index(k) if len(k.moves) > 1 else 0
        move = view["legal_moves"][best]
        return {"card": move["card"], "take": move["take"]}

    # ------------------------------------------------------------------ search

    def best_index(self, k: Knowledge) -> int:
        oracle = oracle_for(k.rules)
        sim = Simulator(k.rules, oracle, k.dealer)
        if self.leaf:
            sim.leaf = leaf_model_for(oracle)
        prior = greedy_scores(k, oracle)
        hidden = [s for s, known in enumerate(k.known_hands) if known is None and k.hand_sizes[s]]
        if (
            k.stock == 0
            and k.hidden_pile_cards == 0
            and len(hidden) <= 1
            and k.cards_to_play <= EXACT_MAX_PLIES
        ):
            hands = [k.unseen if s in hidden else known or 0 for s, known in enumerate(k.known_hands)]
            pos = self._known_position(k, hands)
            values = [self._solve_after(sim, pos, move, k.side) for move in k.moves]
            return max(range(len(values)), key=lambda i: (values[i], prior[i]))
        in_round = sum(k.hand_sizes) - 1
        # Once the stock is short, play the deal to its end: no estimate of the rest is needed.
        horizon = self.horizon if k.stock > self.full_below else k.stock
        later = min(k.stock, horizon * k.players * k.rules.hand_size)
        # A play costs more with more cards in hand to weigh: about 3.3 + cards held (classic: 5.3).
        per_play = (3.3 + (max(k.hand_sizes) + 1) / 2) / 5.3
        cost = (in_round + later) * per_play + PLAYOUT_OVERHEAD * (self.completions if later < k.stock else 1)
        # The best moves by the greedy judgement, no more than half the budget can try MIN_SAMPLES times.
        order = sorted(range(len(k.moves)), key=lambda i: -prior[i])
        affordable = max(2, int(self.budget / (2 * MIN_SAMPLES * cost)))
        candidates = order[: min(self.max_candidates, affordable)]
        sampler = self.sampler(k, oracle, sim)
        sampler.deals_in_playouts = horizon > 0 and k.stock > 0
        sums = [0.0] * len(candidates)
        alive = list(range(len(candidates)))
        rounds = max(1, (len(candidates) - 1).bit_length())
        samples = 0  # positions every candidate still in the race has been played in
        playouts = 0.0
        for r in range(rounds):
            # Sequential halving: each round spends an equal share of the budget on the candidates still
            # in the race, all on the same positions, then the worse half drops out.
            round_end = self.budget * (r + 1) / rounds
            while samples < self.max_samples and (
                samples < MIN_SAMPLES or sampler.work + playouts * cost < round_end
            ):
                sampler.draw_up_to(samples)
                split = sampler.split(samples)
                for j in alive:
                    played, take = k.moves[candidates[j]]
                    trial = sampler.position(samples)
                    stock_at = sim.play(trial, played, take, 0)
                    totals = sim.rollout(trial, stock_at, horizon, split, self.completions)
                    sums[j] += deal_margin(totals, k.side)
                samples += 1
                playouts += len(alive)
            alive.sort(key=lambda j: (-sums[j], -prior[candidates[j]]))
            if r < rounds - 1:
                alive = alive[: (len(alive) + 1) // 2]
        self.last_work = sampler.work + playouts * cost
        return candidates[alive[0]]

    def sampler(self, k: Knowledge, oracle: RulesOracle, sim: Simulator) -> Sampler:
        """The guesses of one decision (a bench player may substitute its own)."""
        return Sampler(self, k, oracle, sim)

    def _known_position(self, k: Knowledge, hands: list[int]) -> DealPosition:
        """The position when every hand is known and the stock is used up."""
        return DealPosition(
            hands=hands,
            table=k.table,
            piles=list(k.piles),
            stock=[],
            turn=k.seat,
            last_capturer=k.last_capturer,
            last_player=k.last_player,
            scope=list(k.scope),
            bonus=list(k.bonus),
        )

    # ------------------------------------------------------------------ exact endgame

    def _solve_after(self, sim: Simulator, pos: DealPosition, move: tuple[int, int], side: int) -> float:
        child = pos.copy()
        sim.play(child, move[0], move[1], len(child.stock))
        return _minimax(sim, child, side, -1e9, 1e9)


def _minimax(sim: Simulator, pos: DealPosition, side: int, alpha: float, beta: float) -> float:
    """Exact value of a fully known position for ``side`` (the other sides play against it)."""
    hand = pos.hands[pos.turn]
    if not hand:
        return deal_margin(sim.finish(pos), side)
    maximizing = pos.turn % sim.sides == side
    best = -1e9 if maximizing else 1e9
    for played, take in sim.moves(hand, pos.table):
        child = pos.copy()
        sim.play(child, played, take, len(child.stock))
        value = _minimax(sim, child, side, alpha, beta)
        if maximizing:
            best = max(best, value)
            alpha = max(alpha, value)
        else:
            best = min(best, value)
            beta = min(beta, value)
        if alpha >= beta:
            break
    return best


class Sampler:
    """Draws the determinised positions of one decision, shared by every candidate move.

    A draw deals the unseen cards at random, then is kept with the likelihood that the other players,
    holding those cards, would have made the plays they made since the hands were dealt (their earlier
    hands are public by now): each play is scored by the greedy judgement, and a play worth ``d`` less
    than their best option is kept with chance ``exp(-beta * d)``. So a player who laid a small card
    rather than take the settebello is unlikely to be holding a seven.
    """

    def __init__(self, bot: StrongBot, k: Knowledge, oracle: RulesOracle, sim: Simulator) -> None:
        self.bot = bot
        self.k = k
        self.oracle = oracle
        self.sim = sim
        self.unseen = cards_in(k.unseen)
        # Guesses are kept as tuples of ints, which the garbage collector stops tracking: a search keeps
        # hundreds of them alive, and tracked survivors would trigger slow full collections mid-search.
        self.drawn: list[Guess] = []
        self.splits: list[int] = []
        self.history = self._history() if bot.beta > 0 else []
        self.likelihoods: dict[tuple[int, ...], float] = {}
        self.n_hand_cards = sum(n for s, n in enumerate(k.hand_sizes) if k.known_hands[s] is None)
        self.n_hidden = self.n_hand_cards + k.hidden_pile_cards
        self.deals_in_playouts = bot.horizon > 0 and k.stock > 0
        self.work = 0.0  # in the budget's units (simulated plays)

    def _history(self) -> list[tuple[int, int, int, int, int, int, int]]:
        """The other players' plays this hand, newest first, with what they saw then:
        (seat, card, take, table before, cards they played from then on, piles before, next hand size)."""
        k = self.k
        n = k.players
        out = []
        table = k.table
        played_from = [0] * n
        moves = k.round_moves
        piles_now = 0
        for p in k.piles:
            piles_now |= p
        gone = piles_now
        for i in range(len(moves) - 1, -1, -1):
            seat, card, take = moves[i]
            if take:
                table |= take
                gone &= ~(take | 1 << card)
            else:
                table &= ~(1 << card)
            played_from[seat] |= 1 << card
            if seat == k.seat or k.known_hands[seat] is not None:
                continue
            nxt = (seat + 1) % n
            before_next = sum(1 for s, _, _ in moves[:i] if s == nxt)
            next_hand = k.rules.hand_size - before_next
            if next_hand == 0:
                next_hand = k.rules.hand_size if k.stock else 0
            out.append((seat, card, take, table, played_from[seat], gone, next_hand))
            if len(out) >= MAX_EVIDENCE:
                break
        return out

    def _log_likelihood(self, hands: list[int]) -> float:
        oracle = self.oracle
        total = 0.0
        for seat, card, take, table, played_from, gone, next_hand in self.history:
            hand = hands[seat] | played_from
            unseen = FULL_DECK & ~(hand | table | gone)
            best = chosen = -1e9
            for c, t in self.sim.moves(hand, table):
                value = oracle.move_value(c, t, table, unseen, next_hand, None, False)
                best = max(best, value)
                if c == card and t == take:
                    chosen = value
            total += self.bot.beta * (chosen - best)
        return total

    def split(self, index: int) -> int:
        """Random bits shared by every candidate's playout from the ``index``-th position."""
        while len(self.splits) <= index:
            self.splits.append(self.bot.rng.getrandbits(40))
        return self.splits[index]

    def draw_up_to(self, index: int) -> None:
        while len(self.drawn) <= index:
            self.drawn.append(self._draw())

    def position(self, index: int) -> DealPosition:
        """A fresh copy of the ``index``-th guessed position of this decision (drawn on first use)."""
        self.draw_up_to(index)
        hands, stock, piles = self.drawn[index]
        k = self.k
        return DealPosition(
            hands=list(hands),
            table=k.table,
            piles=list(piles),
            stock=stock,
            turn=k.seat,
            last_capturer=k.last_capturer,
            last_player=k.last_player,
            scope=list(k.scope),
            bonus=list(k.bonus),
        )

    def _draw(self) -> Guess:
        """Pick the hidden hands (and hidden pile cards) at random, keep them with the likelihood of the
        plays seen; the stock is the rest, shuffled only if a playout will deal from it."""
        rng = self.bot.rng
        best: list[int] | None = None
        best_ll = -math.inf
        for _ in range(MAX_DRAW_ATTEMPTS if self.history else 1):
            picked = rng.sample(self.unseen, self.n_hidden)
            self.work += DRAW_COST
            if not self.history:
                break
            hands = self._hands(picked)
            key = tuple(hands)
            ll = self.likelihoods.get(key)
            if ll is None:
                ll = self.likelihoods[key] = self._log_likelihood(hands)
                self.work += LIKELIHOOD_COST * len(self.history)
            if ll >= 0 or rng.random() < math.exp(ll):
                break
            if ll > best_ll:
                best, best_ll = picked, ll
        else:
            assert best is not None
            picked = best
        chosen = set(picked)
        stock = [c for c in self.unseen if c not in chosen]
        if self.deals_in_playouts:
            rng.shuffle(stock)
        piles = list(self.k.piles)
        for c in picked[self.n_hand_cards :]:  # pile cards no move showed went to the dealer's side
            piles[self.k.dealer % self.k.rules.sides] |= 1 << c
        return tuple(self._hands(picked)), tuple(stock), tuple(piles)

    def _hands(self, picked: list[int]) -> list[int]:
        k = self.k
        hands = [0] * k.players
        at = 0
        for seat, known in enumerate(k.known_hands):
            if known is not None:
                hands[seat] = known
                continue
            for c in picked[at : at + k.hand_sizes[seat]]:
                hands[seat] |= 1 << c
            at += k.hand_sizes[seat]
        return hands
