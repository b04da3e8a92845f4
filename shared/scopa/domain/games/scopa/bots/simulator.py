"""A fast, private simulator of the rest of a deal, for the strong bot's playouts.

The engine builds an immutable state per move, which is right for a game service and far too slow for
thousands of playouts a second; here a deal is a handful of mutable masks. It stays faithful to every
variant because it takes no rule decisions of its own: captures come from
:mod:`scopa.domain.games.scopa.captures`
(through the memoising :class:`~scopa.domain.games.scopa.bots.heuristics.RulesOracle`), the deal is scored by
:func:`scopa.domain.games.scopa.scoring.score_deal`, and cirulla hand bonuses by
:func:`scopa.domain.games.scopa.engine.cirulla_hand_bonus`.
Only the bookkeeping (turns, dealing the next hand, the last card, the leftovers) is repeated here.
"""

from __future__ import annotations

from dataclasses import dataclass

from scopa.domain.games.common.cards import BIT, FULL_DECK, RANK
from scopa.domain.games.scopa.bots.heuristics import (
    LAY_FACTOR,
    RANK_COUNT_KEY,
    SCOPA_VALUE,
    SWEEP_CHANCE,
    RulesOracle,
    sweep_chance,
)
from scopa.domain.games.scopa.bots.leaf import LeafModel
from scopa.domain.games.scopa.engine import cirulla_hand_bonus
from scopa.domain.games.scopa.fast import plain_totals
from scopa.domain.games.scopa.fast_tables import fast_rules
from scopa.domain.games.scopa.rules import RuleSet
from scopa.domain.games.scopa.scoring import score_deal


@dataclass(slots=True)
class DealPosition:
    """A complete (determinised) position inside a deal: every hand and the stock order are known."""

    hands: list[int]
    table: int
    piles: list[int]  # per side
    stock: tuple[int, ...] | list[int]  # cards still to deal, in dealing order (never changed)
    turn: int
    last_capturer: int  # seat, or -1
    last_player: int  # seat, or -1
    scope: list[int]  # per side
    bonus: list[int]  # per side

    def copy(self) -> DealPosition:
        return DealPosition(
            list(self.hands),
            self.table,
            list(self.piles),
            self.stock,  # never mutated: a playout reads it through its own index
            self.turn,
            self.last_capturer,
            self.last_player,
            list(self.scope),
            list(self.bonus),
        )


class Simulator:
    """Plays a deal to its end under one rule set, with a cheap greedy policy for every seat."""

    __slots__ = (
        "cirulla",
        "dealer",
        "forced",
        "hand_size",
        "leaf",
        "leftovers",
        "oracle",
        "plain",
        "players",
        "primiera",
        "rules",
        "sides",
    )

    def __init__(self, rules: RuleSet, oracle: RulesOracle, dealer: int) -> None:
        self.rules = rules
        self.oracle = oracle
        self.players = rules.players
        self.sides = rules.sides
        self.hand_size = rules.hand_size
        self.dealer = dealer
        self.forced = rules.forced_capture
        self.cirulla = rules.cirulla_bonuses
        self.leftovers = rules.leftovers_to
        compiled = fast_rules(rules)
        self.plain = compiled.plain_score  # scored by popcounts (the engine's fast path does the same)
        self.primiera = compiled.primiera
        #: A learned correction of a hand's end for the side that leads the next (None: the plain estimate).
        self.leaf: LeafModel | None = None

    # ------------------------------------------------------------------ moves

    def moves(self, hand: int, table: int) -> list[tuple[int, int]]:
        """The legal moves of a hand on a table, as the engine lists them."""
        out: list[tuple[int, int]] = []
        captures = self.oracle.captures
        h = hand
        while h:
            low = h & -h
            c = low.bit_length() - 1
            h ^= low
            options = captures(RANK[c], table)
            if options:
                out.extend((c, o) for o in options)
                if not self.forced:
                    out.append((c, 0))
            else:
                out.append((c, 0))
        return out

    # ------------------------------------------------------------------ playing

    def play(self, pos: DealPosition, played: int, take: int, stock_at: int, deal: bool = True) -> int:
        """Apply a move in place; return the new stock index (a new hand may have been dealt, unless
        ``deal`` is false: the champion's tree ends with the hand)."""
        turn = pos.turn
        bit = BIT[played]
        hands = pos.hands
        hands[turn] &= ~bit
        table = pos.table
        if take:
            side = turn % self.sides
            pos.piles[side] |= take | bit
            pos.last_capturer = turn
            left = table & ~take
            last_card = stock_at == len(pos.stock) and not any(hands)
            if not left and not last_card and not self.oracle.is_ace_sweep(RANK[played], take, table):
                pos.scope[side] += 1
            pos.table = left
        else:
            pos.table = table | bit
        pos.last_player = turn
        pos.turn = (turn + 1) % self.players
        if deal and not any(hands) and stock_at < len(pos.stock):
            stock_at = self._deal(pos, stock_at)
        return stock_at

    def deal(self, pos: DealPosition, stock_at: int) -> int:
        """Deal the next hand from ``stock_at``; return the new stock index."""
        return self._deal(pos, stock_at)

    def _deal(self, pos: DealPosition, stock_at: int) -> int:
        n = self.players
        stock = pos.stock
        hands = pos.hands
        end = min(len(stock), stock_at + n * self.hand_size)  # a real stock is always whole hands
        i = 1
        while stock_at < end:
            hands[(self.dealer + i) % n] |= BIT[stock[stock_at]]
            stock_at += 1
            i = i % n + 1
        if self.cirulla:
            for seat in range(n):
                found = cirulla_hand_bonus(hands[seat])
                if found:
                    pos.bonus[seat % self.sides] += found[1]
        return stock_at

    def finish(self, pos: DealPosition) -> tuple[int, ...]:
        """Give the table to whoever takes the leftovers and score the deal: points per side."""
        if pos.table:
            if self.leftovers == "dealer":
                seat = self.dealer
            elif self.leftovers == "last_player" or pos.last_capturer < 0:
                seat = pos.last_player if pos.last_player >= 0 else self.dealer
            else:
                seat = pos.last_capturer
            pos.piles[seat % self.sides] |= pos.table
            pos.table = 0
        return self.score(pos.piles, pos.scope, pos.bonus)

    def score(self, piles: list[int], scope: list[int], bonus: list[int]) -> tuple[int, ...]:
        """A deal's points per side: :func:`score_deal`, or its plain categories counted on the masks
        when the rules score nothing else (cards, coins, settebello, primiera, scope and bonuses)."""
        if not self.plain:
            return score_deal(self.rules, tuple(piles), scope, bonus).totals
        return plain_totals(piles, scope, bonus, self.primiera)

    def complete(self, pos: DealPosition, stock_at: int, split: int, completions: int) -> tuple[float, ...]:
        """Estimate the deal's points when play stops at the end of a hand, before the next is dealt.

        The cards still out (the table and the stock) are shared between the sides at random by the
        bits of ``split`` (rotated for each completion) and each completion is scored; the mean per side.
        The player who leads the next hand may sweep the table left now: their side is credited with the
        chance that a hand drawn from the stock holds a card that does it, times a scopa.
        """
        stock = pos.stock
        n_stock = len(stock) - stock_at
        rest = 0
        for c in stock[stock_at:]:
            rest |= 1 << c
        out = pos.table | rest
        totals = [0.0] * self.sides
        for i in range(completions):
            piles = list(pos.piles)
            if self.sides == 2:
                bits = (split >> (3 * i) | split << (40 - 3 * i)) & FULL_DECK
                piles[0] |= out & bits
                piles[1] |= out & ~bits
            else:
                state = split + i
                rest = out
                while rest:
                    low = rest & -rest
                    rest ^= low
                    state = (state * 6364136223846793005 + 1442695040888963407) & 0xFFFFFFFFFFFFFFFF
                    piles[(state >> 33) % self.sides] |= low
            for side, t in enumerate(self.score(piles, pos.scope, pos.bonus)):
                totals[side] += t
        result = [t / completions for t in totals]
        if pos.table and n_stock:
            sweepers, bonus = self.oracle.threat_facts(pos.table)
            if sweepers and bonus:
                k = 0
                for c in stock[stock_at:]:
                    k += sweepers >> c & 1
                result[pos.turn % self.sides] += bonus * sweep_chance(n_stock, k, self.hand_size)
        if self.leaf is not None and n_stock:
            result[pos.turn % self.sides] += self.leaf.correction(pos.table, rest)
        return tuple(result)

    def rollout(
        self, pos: DealPosition, stock_at: int, horizon: int = 99, split: int = 0, completions: int = 1
    ) -> tuple[float, ...]:
        """Play on with the greedy policy for every seat (mutates ``pos``): to the end of the deal, or
        until ``horizon`` more hands have been dealt and the next would be, when :meth:`complete`
        estimates the rest. Returns the deal's points per side.

        The policy is the greedy bot's judgement (:meth:`RulesOracle.move_value`), with the mover's
        unseen cards being all but their hand, the table and the piles. It is written out inline with
        :meth:`play` over local variables: this loop is where the strong bot spends its time, and
        attribute look-ups and calls would be most of its cost.
        """
        oracle = self.oracle
        captures_get = oracle.captures_cache.get
        captures = oracle.captures
        threats_get = oracle.threat_cache.get
        chance = SWEEP_CHANCE
        key_of = RANK_COUNT_KEY
        t0, t1, t2, t3 = oracle.suit_values
        values = oracle.values
        ace_rule = oracle.ace_sweep_not_scopa
        forced = self.forced
        players = self.players
        sides = self.sides
        stock = pos.stock
        n_stock = len(stock)
        hands = pos.hands
        table = pos.table
        piles = pos.piles
        gone = 0
        for pile in piles:
            gone |= pile
        in_hands = sum(h.bit_count() for h in hands)
        turn = pos.turn
        while in_hands:
            hand = hands[turn]
            unseen = FULL_DECK & ~(hand | table | gone)
            nxt_hand = hands[(turn + 1) % players].bit_count()
            if not nxt_hand and stock_at < n_stock:
                nxt_hand = self.hand_size
            chance_at = unseen.bit_count() * 41 * 21 + nxt_hand  # SWEEP_CHANCE index, less 21 * k
            last_card = in_hands == 1 and stock_at == n_stock
            best = -1e9
            best_card = -1
            best_take = 0
            h = hand
            while h:
                low = h & -h
                c = low.bit_length() - 1
                h ^= low
                rank = RANK[c]
                options = captures_get(table << 4 | rank)
                if options is None:
                    options = captures(rank, table)
                for take in options:
                    value = (
                        t0[take & 1023]
                        + t1[take >> 10 & 1023]
                        + t2[take >> 20 & 1023]
                        + t3[take >> 30]
                        + values[c]
                    )
                    left = table & ~take
                    if not left:
                        if not last_card and not (ace_rule and oracle.is_ace_sweep(rank, take, table)):
                            value += SCOPA_VALUE
                    elif nxt_hand:
                        sig = key_of[left & 1023] + key_of[left >> 10 & 1023] + key_of[left >> 20 & 1023]
                        found = threats_get(sig + key_of[left >> 30])
                        sweepers, bonus = found if found is not None else oracle.threat_facts(left)
                        if sweepers:
                            value -= chance[chance_at + (unseen & sweepers).bit_count() * 21] * (
                                t0[left & 1023]
                                + t1[left >> 10 & 1023]
                                + t2[left >> 20 & 1023]
                                + t3[left >> 30]
                                + bonus
                            )
                    if value > best:
                        best = value
                        best_card = c
                        best_take = take
                if not options or not forced:
                    value = -LAY_FACTOR * values[c]
                    if nxt_hand:
                        left = table | low
                        sig = key_of[left & 1023] + key_of[left >> 10 & 1023] + key_of[left >> 20 & 1023]
                        found = threats_get(sig + key_of[left >> 30])
                        sweepers, bonus = found if found is not None else oracle.threat_facts(left)
                        if sweepers:
                            value -= chance[chance_at + (unseen & sweepers).bit_count() * 21] * (
                                t0[left & 1023]
                                + t1[left >> 10 & 1023]
                                + t2[left >> 20 & 1023]
                                + t3[left >> 30]
                                + bonus
                            )
                    if value > best:
                        best = value
                        best_card = c
                        best_take = 0
            # play the chosen move
            bit = 1 << best_card
            hands[turn] = hand ^ bit
            in_hands -= 1
            if best_take:
                side = turn % sides
                piles[side] |= best_take | bit
                gone |= best_take | bit
                pos.last_capturer = turn
                left = table & ~best_take
                if (
                    not left
                    and (in_hands or stock_at < n_stock)
                    and not (ace_rule and oracle.is_ace_sweep(RANK[best_card], best_take, table))
                ):
                    pos.scope[side] += 1
                table = left
            else:
                table |= bit
            pos.last_player = turn
            turn = (turn + 1) % players
            if not in_hands and stock_at < n_stock:
                if not horizon:
                    pos.table = table
                    pos.turn = turn
                    return self.complete(pos, stock_at, split, completions)
                horizon -= 1
                pos.table = table
                stock_at = self._deal(pos, stock_at)
                in_hands = sum(h.bit_count() for h in hands)
        pos.table = table
        pos.turn = turn
        return self.finish(pos)
