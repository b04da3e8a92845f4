"""The champion bot: information-set Monte Carlo tree search over the rest of the hand, with inference.

It guesses the hidden cards as the strong bot does (:class:`~.strong.Sampler`: every guess is kept with the
likelihood that the other players, holding it, would have made the plays they made this hand), but where
the strong bot plays each candidate once per guess and the rest greedily, the champion grows a tree over
its information set (:mod:`scopa.domain.games.common.ismcts`): the other seats' replies and its own later
cards in this hand are searched too, each guess allowing only the moves its hands hold. Four players
share nothing but their plays: partners are searched as players of the same side, with no signal.

The tree stops where the hand ends, before the next is dealt (as the strong bot's playouts do); a leaf
inside the hand is played out to that point by the greedy policy, and the deal is then completed at
random and scored (:meth:`.simulator.Simulator.complete`). Children are opened best first by the greedy
judgement, one more as a node's visits grow, so a hand with many captures searches the promising ones.

Fully known endgames are solved exactly (the strong bot's minimax). The budget is counted in the strong
bot's work units, so a choice depends only on the view and the seed.
"""

from __future__ import annotations

from scopa.domain.games.common.cards import FULL_DECK
from scopa.domain.games.common.ismcts import search
from scopa.domain.games.scopa.bots.heuristics import oracle_for
from scopa.domain.games.scopa.bots.knowledge import Knowledge
from scopa.domain.games.scopa.bots.leaf import leaf_model_for
from scopa.domain.games.scopa.bots.simulator import DealPosition, Simulator
from scopa.domain.games.scopa.bots.strong import (
    DEFAULT_BETA,
    DEFAULT_COMPLETIONS,
    EXACT_MAX_PLIES,
    MAX_SAMPLES,
    PLAYOUT_OVERHEAD,
    Sampler,
    StrongBot,
    deal_margin,
)

#: Work per decision, in the strong bot's units (its default is 1600), and the guesses it may draw.
DEFAULT_BUDGET = 8000
CHAMPION_SAMPLES = 1024
#: The budget of the tree search (``tree=True``).
TREE_BUDGET = 5000
#: Deal points a reward of 1 stands for (the exploration constant is on that scale).
REWARD_SCALE = 1.5
EXPLORATION = 0.7
#: What walking one tree level costs, in work units.
NODE_COST = 2.0
_ORDER_LIMIT = 50_000

Move = tuple[int, int]


class ScopaAdapter:
    """The tree search's view of a Scopa hand from a seat (an :class:`~.ismcts.Adapter`)."""

    def __init__(self, bot: ChampionBot, k: Knowledge, sim: Simulator, sampler: Sampler) -> None:
        self.bot = bot
        self.k = k
        self.sim = sim
        self.sampler = sampler
        self.oracle = sim.oracle
        self.players = k.players
        self.sides = k.rules.sides
        self.hand_size = k.rules.hand_size
        self.order: dict[tuple[int, int, int, int, int], list[Move]] = {}
        self.splits: list[int] = []
        self.index = 0
        self.charged = 0.0

    def determinize(self, iteration: int) -> DealPosition:
        self.index = iteration % self.bot.max_samples
        return self.sampler.position(self.index)

    def to_move(self, state: DealPosition) -> int:
        return state.turn if state.hands[state.turn] else -1

    def fixed(self, state: DealPosition) -> Move | None:
        """The other sides play the greedy policy, knowing their guessed hands (as in the strong bot)."""
        if not self.bot.search_others and state.turn % self.sides != self.k.side:
            return self.moves(state)[0]
        return None

    def moves(self, state: DealPosition) -> list[Move]:
        """The legal moves, best first by the greedy judgement of the seat to move (memoised)."""
        hands = state.hands
        turn = state.turn
        hand = hands[turn]
        nxt = hands[(turn + 1) % self.players].bit_count()
        if not nxt and state.stock:
            nxt = self.hand_size
        gone = 0
        for pile in state.piles:
            gone |= pile
        unseen = FULL_DECK & ~(hand | state.table | gone)
        key = (hand, state.table, unseen, nxt, sum(h.bit_count() for h in hands))
        found = self.order.get(key)
        if found is None:
            if len(self.order) > _ORDER_LIMIT:
                self.order.clear()
            last = key[4] == 1 and not state.stock
            value = self.oracle.move_value
            table = state.table
            options = self.sim.moves(hand, table)
            scored = sorted(options, key=lambda m: -value(m[0], m[1], table, unseen, nxt, None, last))
            found = self.order[key] = scored
        return found

    def play(self, state: DealPosition, move: Move) -> None:
        """The simulator's play without dealing the next hand: the tree ends with the hand."""
        self.sim.play(state, move[0], move[1], 0, deal=False)

    def rollout(self, state: DealPosition) -> tuple[list[float], float]:
        sim = self.sim
        completions = self.bot.completions
        split = self.sampler.split(self.index)
        in_hands = sum(h.bit_count() for h in state.hands)
        if in_hands:
            totals = sim.rollout(state, 0, 0, split, completions)
        elif state.stock:
            totals = sim.complete(state, 0, split, completions)
        else:
            totals = sim.finish(state)
        rewards = [deal_margin(totals, seat % self.sides) / REWARD_SCALE for seat in range(self.players)]
        spent = in_hands * self.bot.per_play + PLAYOUT_OVERHEAD * completions
        spent += self.sampler.work - self.charged  # guesses and likelihoods drawn since the last playout
        self.charged = self.sampler.work
        return rewards, spent


class ChampionBot(StrongBot):
    """The strong bot's search with the compute a decision may take, or (``tree=True``) information-set
    MCTS over the rest of the hand, on guesses weighed by the plays seen."""

    name = "champion"

    def __init__(
        self,
        seed: int | None = None,
        *,
        budget: int | None = None,
        max_samples: int | None = None,
        beta: float = DEFAULT_BETA,
        completions: int | None = None,
        exploration: float = EXPLORATION,
        search_others: bool = True,
        paired_root: bool = True,
        leaf: bool = False,
        tree: bool = False,
    ) -> None:
        super().__init__(
            seed,
            budget=budget if budget is not None else TREE_BUDGET if tree else DEFAULT_BUDGET,
            max_samples=max_samples if max_samples is not None else MAX_SAMPLES if tree else CHAMPION_SAMPLES,
            beta=beta,
            completions=completions if completions is not None else 1 if tree else DEFAULT_COMPLETIONS,
            leaf=leaf,
        )
        self.tree = tree
        self.exploration = exploration
        self.search_others = search_others
        self.paired_root = paired_root
        self.per_play = 1.0
        self.last_iterations = 0

    def best_index(self, k: Knowledge) -> int:
        if not self.tree:
            return super().best_index(k)  # the strong bot's search, with the champion's budget
        hidden = [s for s, known in enumerate(k.known_hands) if known is None and k.hand_sizes[s]]
        if (
            k.stock == 0
            and k.hidden_pile_cards == 0
            and len(hidden) <= 1
            and k.cards_to_play <= EXACT_MAX_PLIES
        ):
            return super().best_index(k)  # nothing hidden: the exact endgame
        oracle = oracle_for(k.rules)
        sim = Simulator(k.rules, oracle, k.dealer)
        if self.leaf:
            sim.leaf = leaf_model_for(oracle)
        # A play costs more with more cards in hand to weigh (as the strong bot counts it).
        self.per_play = (3.3 + (max(k.hand_sizes) + 1) / 2) / 5.3
        sampler = Sampler(self, k, oracle, sim)
        adapter = ScopaAdapter(self, k, sim, sampler)
        found = search(
            adapter,
            self.budget,
            exploration=self.exploration,
            node_cost=NODE_COST,
            min_iterations=4,
            max_iterations=self.max_samples,
            paired_root=self.paired_root,
            max_root=self.max_candidates,
        )
        self.last_iterations = found.iterations
        self.last_work = found.work
        return k.moves.index(found.best)
