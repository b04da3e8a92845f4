"""The champion bot: the strong bot's paired search, sharpened where it was measured to pay.

Per decision it guesses the hidden cards many times, weighed by what the other players did in the tricks
seen last (a card played is scored by the greedy judgement against the other cards the player may have
held, :func:`.inference.follow_value`; a guess under which the card played was ``d`` worse than their
best option is kept with chance ``exp(-beta * d)``: no play proves anything, as nobody must follow
suit). Every candidate card is played on the same guesses (paired, as :mod:`.strong` does) and the game
is played out greedily for five tricks; the cards then still held are valued by a **fitted leaf**
(:data:`TRUMP_LEAF`, :data:`PLAIN_LEAF`: what a card in hand is worth, by rank, for trumps and the other
suits, fitted by ``bench/briscola_leaf.py`` to exactly solved positions) where the strong bot counts
only a bonus per trump. With two players and at most :data:`EXACT_STOCK_CHAMPION` cards to draw, each
guess is instead solved to the game's end (:class:`.solver.Solver`: alpha-beta with a transposition
table) until a node budget is spent.

Options kept for the bench (docs/briscola.md lists what each measured against the strong bot): the
information-set tree search of the first champion (``flat=False``, :mod:`scopa.domain.games.common.ismcts`),
a depth-limited exact search with the leaf at its horizon (``deep``), per-card inference
(``follow_beta``, :mod:`.inference`), guesses weighed by the other seat's lead under a miniature of the
strong bot's search (``lead_model``). Budgets are counted work (card plays, solver nodes), so a choice
depends only on the view and the seed.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from scopa.domain.games.briscola.bots.auction import auction_move
from scopa.domain.games.briscola.bots.inference import (
    card_weights,
    follow_value,
    lead_likelihoods,
    weighted_guess,
)
from scopa.domain.games.briscola.bots.knowledge import Knowledge, read_view
from scopa.domain.games.briscola.bots.playout import HELD_VALUE, _winner, playout, solve_values
from scopa.domain.games.briscola.bots.policy import (
    greedy_pick,
    lead_cost,
)
from scopa.domain.games.briscola.bots.solver import Solver, mask_of
from scopa.domain.games.briscola.bots.strong import EXACT_CARDS, EXACT_STOCK, Guess, StrongBot, guess_position
from scopa.domain.games.briscola.cards import CODES, FACE, POINTS, STRENGTH, SUIT
from scopa.domain.games.briscola.cards import parse_card as card_of
from scopa.domain.games.common.bot import Bot
from scopa.domain.games.common.ismcts import search

#: Work per decision, in simulated card plays (the strong bot's default is 8000).
DEFAULT_BUDGET = 8000
#: Tricks searched and played out past the current one before the cards held are valued.
DEFAULT_HORIZON = 5
#: Sharpness of the inference, per card point of regret (0: none).
DEFAULT_BETA = 0.15
#: Card points a reward of 1 stands for (the tree's exploration constant is on that scale).
REWARD_SCALE = 30.0
EXPLORATION = 0.6
MAX_DRAW_ATTEMPTS = 6
#: Two players with at most this many cards to draw: sampled guesses are solved exactly instead...
SOLVE_STOCK = 4
#: ... and at most this many cards left in all (three-card hands: nine-card hands would take too long).
SOLVE_CARDS = 10
#: ... until this many minimax nodes (about half a microsecond each) have been searched.
SOLVE_NODES = 40_000
MIN_SOLVED = 4
MAX_SOLVED = 200
DRAW_COST = 4.0
#: Two players with at most this many cards to draw: each guess is solved exactly to the game's end...
EXACT_STOCK_CHAMPION = 6
#: ... until this many solver nodes (about 2.5 us each here) are spent (at least MIN_SOLVED guesses).
EXACT_NODES = 25_000
LEAD_MODEL_SAMPLES = 8
#: The leaf value (bench/briscola_leaf.py fits it): a card held, by strength (2 first, ace last).
TRUMP_LEAF = (1.22, 0.51, 0.62, 1.07, 1.59, 2.96, 4.76, 7.50, 12.48, 13.55)
PLAIN_LEAF = (-4.49, -4.21, -4.66, -5.62, -4.32, -5.90, -6.12, -5.43, -4.08, -1.42)
LEAD_LEAF = 0.20
NODE_COST = 1.5


#: An opponent's follow seen: (seat, trick before it, card, cards held then beyond today's, last, weight).
Evidence = tuple[int, tuple[int, ...], int, tuple[int, ...], bool, float]


class Position:
    """A guessed position being searched: mutable lists, points won since the decision, per side."""

    __slots__ = ("hands", "leader", "points", "pos", "side", "stock", "trick", "tricks", "turn")

    def __init__(
        self, hands: list[list[int]], stock: list[int], trick: list[int], leader: int, side: tuple[int, ...]
    ) -> None:
        self.hands = hands
        self.stock = stock
        self.pos = 0
        self.trick = trick
        self.leader = leader
        self.turn = (leader + len(trick)) % len(hands)
        self.side = side
        self.points = [0.0] * (max(side) + 1)
        self.tricks = 0


class BriscolaAdapter:
    """The tree search's view of Briscola from a seat (an :class:`~.ismcts.Adapter`)."""

    def __init__(self, bot: ChampionBot, k: Knowledge, view: dict[str, Any]) -> None:
        self.bot = bot
        self.k = k
        self.n = k.players
        self.horizon = bot.horizon
        self.evidence = _evidence(k, view) if bot.beta > 0 else []
        self.weights: dict[int, float] | None = None
        if k.players == 2 and not k.chiamata and bot.follow_beta > 0 and not view.get("open_hands"):
            self.weights = card_weights(k, view, bot.follow_beta, bot.lead_beta)
        self.pool: list[tuple[list[list[int]], list[int], tuple[int, ...]]] = []
        self.work = 0.0

    # ------------------------------------------------------------------ guesses

    def determinize(self, iteration: int) -> Position:
        while len(self.pool) <= iteration:  # the same guess for the same iteration (paired root moves)
            self.pool.append(self.draw())
        hands, stock, side = self.pool[iteration]
        return Position([list(h) for h in hands], stock, list(self.k.trick), self.k.leader, side)

    def draw(self) -> tuple[list[list[int]], list[int], tuple[int, ...]]:
        """A guess, kept with the likelihood of the follows seen (the likeliest of a few when none is)."""
        rng = self.bot.rng
        if self.weights is not None:
            self.work += DRAW_COST
            return weighted_guess(self.k, self.weights, rng)
        best = None
        best_ll = -math.inf
        for _ in range(MAX_DRAW_ATTEMPTS if self.evidence else 1):
            guess = guess_position(self.k, rng)
            self.work += DRAW_COST
            if not self.evidence:
                return guess
            ll = self._log_likelihood(guess[0], guess[2])
            if ll >= 0 or rng.random() < math.exp(ll):
                return guess
            if ll > best_ll:
                best, best_ll = guess, ll
        assert best is not None
        return best

    def _log_likelihood(self, hands: list[list[int]], side: tuple[int, ...]) -> float:
        beta = self.bot.beta
        trump = self.k.trump_suit
        n = self.n
        total = 0.0
        for seat, before, card, also, last, weight in self.evidence:
            lead_seat = (seat - len(before)) % n
            winner_side = side[(lead_seat + _winner(before, trump)) % n]
            mine = side[seat]
            chosen = follow_value(card, before, mine, winner_side, trump, last)
            best = chosen
            for c in (*hands[seat], *also):
                v = follow_value(c, before, mine, winner_side, trump, last)
                best = max(best, v)
            total -= weight * beta * (best - chosen)
            self.work += len(hands[seat])
        return total

    # ------------------------------------------------------------------ the tree

    def to_move(self, state: Position) -> int:
        if len(state.trick) == self.n:
            self._close_trick(state)
        if state.tricks > self.horizon or not state.hands[state.turn]:
            return -1
        return state.turn

    def _close_trick(self, state: Position) -> None:
        trick = state.trick
        n = self.n
        winner = (state.leader + _winner(trick, self.k.trump_suit)) % n
        state.points[state.side[winner]] += sum(POINTS[x] for x in trick)
        trick.clear()
        stock = state.stock
        if state.pos < len(stock):
            for i in range(n):
                state.hands[(winner + i) % n].append(stock[state.pos])
                state.pos += 1
        state.leader = state.turn = winner
        state.tricks += 1

    def fixed(self, state: Position) -> int | None:
        """Unless the bot searches every seat, the other sides play the greedy policy on their guessed
        hands."""
        if self.bot.search_others or state.side[state.turn] == state.side[self.k.seat]:
            return None
        hand = state.hands[state.turn]
        return greedy_pick(hand, state.trick, state.turn, state.leader, self.k.trump_suit, state.side, self.n)

    def moves(self, state: Position) -> list[int]:
        """The hand's cards (one of each face), the greedy policy's pick first."""
        hand = state.hands[state.turn]
        trump = self.k.trump_suit
        first = greedy_pick(hand, state.trick, state.turn, state.leader, trump, state.side, self.n)
        out = [first]
        faces = {FACE[first]}
        if state.trick:
            rest = sorted(hand, key=lambda c: (SUIT[c] == trump, STRENGTH[c]))
        else:
            rest = sorted(hand, key=lambda c: lead_cost(c, trump))
        for c in rest:
            if FACE[c] not in faces:
                faces.add(FACE[c])
                out.append(c)
        return out

    def play(self, state: Position, move: int) -> None:
        hand = state.hands[state.turn]
        if move not in hand:  # the other deck's twin
            move = next(c for c in hand if FACE[c] == FACE[move])
        hand.remove(move)
        state.trick.append(move)
        state.turn = (state.turn + 1) % self.n

    def rollout(self, state: Position) -> tuple[list[float], float]:
        left = self.horizon + 1 - state.tricks
        n_sides = len(state.points)
        if left <= 0 or not state.hands[state.turn]:
            gained = list(state.points)
            if state.hands[state.turn]:
                trump = self.k.trump_suit
                for seat, hand in enumerate(state.hands):
                    gained[state.side[seat]] += sum(HELD_VALUE[trump == SUIT[c]][c] for c in hand)
            played = 0
        else:
            more, played = playout(
                state.hands,
                state.stock[state.pos :],
                state.trick,
                state.leader,
                self.k.trump_suit,
                state.side,
                n_sides,
                left,
            )
            gained = [a + b for a, b in zip(state.points, more, strict=True)]
        rewards = []
        for seat in range(self.n):
            mine = state.side[seat]
            other = max(p for s, p in enumerate(gained) if s != mine)
            rewards.append((gained[mine] - other) / REWARD_SCALE)
        spent = played + 4.0 + self.work  # guesses and likelihoods are charged to the next playout
        self.work = 0.0
        return rewards, spent


def _evidence(k: Knowledge, view: dict[str, Any]) -> list[Evidence]:
    """The other players' follows in this trick and the last one, as ``(seat, trick before, card, cards
    held then beyond today's hand, last to play, weight)``.

    A follow in this trick was made from today's hand plus the card played. One in the last trick was
    made from that, plus what the seat played since, less a card drawn after it (unknown), so it weighs
    half: the guessed hand may hold a better card that came only with the draw.
    """
    n = k.players
    skip = {seat for seat, _ in k.known} | {k.seat}
    if view.get("open_hands"):  # Briscola scoperta: nothing to infer
        return []
    hand_size = int(view["rules"].get("hand_size", 3))
    out: list[Evidence] = []
    now = [card_of(e["card"]) for e in view["trick"]]
    played_now = {(k.leader + i) % n: c for i, c in enumerate(now)}
    for i in range(1, len(now)):
        seat = (k.leader + i) % n
        if seat not in skip:
            out.append((seat, tuple(now[:i]), now[i], (), i == n - 1, 1.0))
    if view["tricks"]:
        last_trick = view["tricks"][-1]
        cards = [card_of(c) for c in last_trick["cards"]]
        leader = int(last_trick["leader"])
        for i in range(1, len(cards)):
            seat = (leader + i) % n
            if seat in skip:
                continue
            also = (played_now[seat],) if seat in played_now else ()
            held_at_start = k.hand_sizes[seat] + len(also)
            drew = k.stock > 0 or held_at_start == hand_size
            out.append((seat, tuple(cards[:i]), cards[i], also, i == n - 1, 0.5 if drew else 1.0))
    return out


def leaf_values(weights: Sequence[float] | None, trump: int) -> tuple[float, ...]:
    """Per card (and leading, last), what holding it is worth when the exact search stops early."""
    trumps, plain, lead = (
        (TRUMP_LEAF, PLAIN_LEAF, LEAD_LEAF)
        if weights is None
        else (weights[:10], weights[10:20], weights[20])
    )
    return (*(trumps[STRENGTH[c]] if SUIT[c] == trump else plain[STRENGTH[c]] for c in range(80)), lead)


#: The leaf as the playouts' held-card value: ``[is trump][card]`` (plain cards relative to a plain two).
FITTED_HELD: tuple[tuple[float, ...], tuple[float, ...]] = (
    tuple(PLAIN_LEAF[STRENGTH[c]] - PLAIN_LEAF[0] for c in range(80)),
    tuple(TRUMP_LEAF[STRENGTH[c]] - PLAIN_LEAF[0] for c in range(80)),
)


class ChampionBot(Bot):
    """Information-set MCTS over guessed hands weighed by the plays seen, exact in the two-player endgame."""

    name = "champion"

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: int = DEFAULT_BUDGET,
        horizon: int = DEFAULT_HORIZON,
        beta: float = DEFAULT_BETA,
        solve_stock: int = SOLVE_STOCK,
        solve_nodes: int = SOLVE_NODES,
        search_others: bool = True,
        paired_root: bool = True,
        exact_stock: int = EXACT_STOCK_CHAMPION,
        exact_nodes: int = EXACT_NODES,
        flat: bool = True,
        deep: int = 0,
        leaf: Sequence[float] | None = None,
        follow_beta: float = 0.0,
        lead_beta: float = 0.0,
        fitted_held: bool = True,
        lead_model: int = 0,
        lead_model_beta: float = 0.3,
    ) -> None:
        super().__init__(seed)
        self.budget = budget
        self.horizon = horizon
        self.beta = beta
        self.solve_stock = solve_stock
        self.search_others = search_others
        self.paired_root = paired_root
        self.solve_nodes = solve_nodes
        self.exact_stock = exact_stock
        self.exact_nodes = exact_nodes
        self.flat = flat
        self.deep = deep
        self.follow_beta = follow_beta
        #: Following a lead (two players): weigh this many guesses by the strong bot's search in miniature
        #: from the leader's side (:func:`.inference.lead_likelihoods`), then search on them (0: off).
        self.lead_model = lead_model
        self.lead_model_beta = lead_model_beta
        self.last_lead_model_work = 0
        #: Value the cards held at the playout's horizon by the fitted leaf instead of the strong bot's
        #: trump bonus.
        self.held = FITTED_HELD if fitted_held else HELD_VALUE
        self.lead_beta = lead_beta
        self.leaf = leaf
        self.last_iterations = 0

    def _exact_sampled(
        self, k: Knowledge, adapter: BriscolaAdapter, candidates: list[int], stop: int = 1_000
    ) -> int:
        """Two players: guesses (weighed by the plays seen) each solved exactly to the game's end
        (:class:`.solver.Solver`) until the node budget is spent; the best mean margin."""
        totals = dict.fromkeys(candidates, 0.0)
        nodes = 0.0
        samples = 0
        other = 1 - k.seat
        while samples < MIN_SOLVED or (nodes < self.exact_nodes and samples < MAX_SOLVED):
            hands, stock, _ = adapter.draw()
            leaf = leaf_values(self.leaf, k.trump_suit) if stop < len(stock) else None
            solver = Solver(stock, k.trump_suit, stop=stop, leaf=leaf)
            values = solver.values(mask_of(hands[k.seat]), mask_of(hands[other]), k.trick)
            for c in candidates:
                totals[c] += values[c]
            nodes += solver.nodes + adapter.work / 4
            adapter.work = 0.0
            samples += 1
        self.last_iterations = samples
        return max(candidates, key=totals.__getitem__)

    def _flat(self, k: Knowledge, adapter: BriscolaAdapter, candidates: list[int]) -> int:
        """The strong bot's search (every candidate played out on the same guesses), with the guesses
        weighed by the plays seen."""
        totals = [0.0] * len(candidates)
        work = 0.0
        samples = 0
        n_sides = 2 if k.chiamata else max(k.side) + 1
        pool: list[Guess] = []
        likely: list[float] = []
        if (
            self.lead_model
            and k.players == 2
            and not k.chiamata
            and len(k.trick) == 1
            and adapter.weights is None
        ):
            pool = [adapter.draw() for _ in range(self.lead_model)]
            likely, spent = lead_likelihoods(
                k, pool, self.rng, beta=self.lead_model_beta, samples=LEAD_MODEL_SAMPLES, horizon=self.horizon
            )
            adapter.work = 0.0  # the weighing is extra work, on top of the search's budget
            self.last_lead_model_work = spent
        while samples < 4 or (work < self.budget and samples < 400):
            if pool:
                hands, stock, side = self.rng.choices(pool, likely)[0]
                stock = [*self.rng.sample(stock[:-1], len(stock) - 1), *stock[-1:]] if stock else stock
            else:
                hands, stock, side = adapter.draw()
            mine = side[k.seat]
            for i, c in enumerate(candidates):
                trial = [list(h) for h in hands]
                trial[k.seat].remove(c)
                points, played = playout(
                    trial,
                    stock,
                    [*k.trick, c],
                    k.leader,
                    k.trump_suit,
                    side,
                    n_sides,
                    self.horizon,
                    self.held,
                )
                totals[i] += points[mine] - max(p for s, p in enumerate(points) if s != mine)
                work += played + 4
            work += adapter.work
            adapter.work = 0.0
            samples += 1
        self.last_iterations = samples
        return candidates[max(range(len(candidates)), key=totals.__getitem__)]

    def _solve_sampled(self, k: Knowledge, adapter: BriscolaAdapter) -> int:
        """Two players, a short stock: guesses (weighed by the plays seen) each solved exactly by minimax
        (:func:`.playout.solve_values`), until the node budget is spent; the best mean margin."""
        totals: dict[int, float] = {}
        nodes = 0
        samples = 0
        while samples < MIN_SOLVED or (nodes < self.solve_nodes and samples < MAX_SOLVED):
            hands, stock, side = adapter.draw()
            cards, values, searched = solve_values(
                hands, stock, list(k.trick), k.leader, k.trump_suit, side, k.seat
            )
            for c, v in zip(cards, values, strict=True):
                totals[c] = totals.get(c, 0.0) + v
            nodes += searched + int(adapter.work)
            adapter.work = 0.0
            samples += 1
        self.last_iterations = samples
        return max(sorted(totals), key=totals.__getitem__)

    def choose(self, view: dict[str, Any]) -> dict[str, Any]:
        legal: list[dict[str, Any]] = view["legal_moves"]
        if view["phase"] != "play":
            return auction_move(view)
        if len(legal) == 1:
            return legal[0]
        k = read_view(view)
        if len({FACE[c] for c in k.hand}) == 1:
            return {"card": CODES[k.hand[0]]}
        if k.players == 2 and k.stock <= EXACT_STOCK and sum(k.hand_sizes) + k.stock <= EXACT_CARDS:
            candidates = list(dict.fromkeys(k.hand))
            endgame = StrongBot(seed=0)
            return {"card": CODES[endgame._solve(k, candidates)]}
        adapter = BriscolaAdapter(self, k, view)
        one_deck = all(c < 40 for c in (*k.hand, *k.unseen))
        if k.players == 2 and one_deck and k.stock <= self.exact_stock and max(k.hand_sizes) <= 3:
            return {"card": CODES[self._exact_sampled(k, adapter, sorted(set(k.hand)))]}
        if k.players == 2 and one_deck and self.deep > 0 and max(k.hand_sizes) <= 3:
            pick = self._exact_sampled(k, adapter, sorted(set(k.hand)), stop=2 * self.deep)
            return {"card": CODES[pick]}
        if self.flat:
            faces: dict[int, int] = {}
            for c in k.hand:
                faces.setdefault(FACE[c], c)
            return {"card": CODES[self._flat(k, adapter, list(faces.values()))]}
        if k.players == 2 and k.stock <= self.solve_stock and sum(k.hand_sizes) + k.stock <= SOLVE_CARDS:
            return {"card": CODES[self._solve_sampled(k, adapter)]}
        found = search(
            adapter,
            self.budget,
            exploration=EXPLORATION,
            node_cost=NODE_COST,
            min_iterations=4,
            paired_root=self.paired_root,
        )
        self.last_iterations = found.iterations
        return {"card": CODES[found.best]}
